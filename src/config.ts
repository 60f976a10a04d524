import * as vscode from "vscode";
import type { NetworkSettings } from "./api/network";
import type { ResultsLocation } from "./shared/resultsProtocol";

export const SECTION = "posthog-workbench";

/** Refresh modes a user can choose (PostHog's `refresh` values that make sense here). */
export const REFRESH_MODES = [
    "blocking",
    "force_blocking",
    "async",
    "force_async",
    "async_except_on_cache_miss",
    "force_cache",
] as const;
export type RefreshModeSetting = (typeof REFRESH_MODES)[number];

/** Cloud hosts offered by Sign In; anything else is a self-hosted instance. */
export const CLOUD_HOSTS = ["https://us.posthog.com", "https://eu.posthog.com"] as const;

/**
 * Typed access to the extension's settings. Nothing else calls `getConfiguration()`, so every
 * setting has one name, one default and one place that knows where it may come from.
 * The settings package.json lists in `restrictedConfigurations` (host, project, the AI settings,
 * notebook outputs, live validation) need no check here: in Restricted Mode VS Code leaves the
 * workspace's values of those out of `get` and `inspect` alike
 * (test/integration/restricted/settings.test.ts).
 */
export class Config {
    private readonly changed = new vscode.EventEmitter<vscode.ConfigurationChangeEvent>();
    /** Fires when any `posthog-workbench.*` setting changes. */
    readonly onDidChange = this.changed.event;
    private readonly subscription: vscode.Disposable;

    constructor() {
        this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
            if (event.affectsConfiguration(SECTION)) this.changed.fire(event);
        });
    }

    private get section(): vscode.WorkspaceConfiguration {
        return vscode.workspace.getConfiguration(SECTION);
    }

    /** The host from the effective settings (user, workspace or folder), without a trailing slash. */
    get host(): string {
        return (this.section.get<string>("host") ?? CLOUD_HOSTS[0]).trim().replace(/\/+$/, "");
    }

    /**
     * Where the effective host value comes from. A host set by the workspace is not trusted with a
     * key saved for another host (see the auth module).
     */
    get hostSource(): "default" | "user" | "workspace" {
        const inspected = this.section.inspect<string>("host");
        if (
            inspected?.workspaceFolderValue !== undefined ||
            inspected?.workspaceValue !== undefined
        )
            return "workspace";
        if (inspected?.globalValue !== undefined) return "user";
        return "default";
    }

    /** The host from user settings only (what the user chose for themselves). */
    get userHost(): string | undefined {
        return this.section.inspect<string>("host")?.globalValue?.trim().replace(/\/+$/, "");
    }

    /** The selected project id, or undefined before Sign In picked one. */
    get projectId(): string | undefined {
        const value = this.section.get<string | number | null>("projectId");
        return value === null || value === undefined || value === "" ? undefined : String(value);
    }

    /**
     * Deadlines of the API client, in ms: an ordinary call, a blocking query, and how long a
     * background query is polled. Each call answers or fails within its deadline.
     */
    get deadlines(): { requestMs: number; queryDeadlineMs: number; pollDeadlineMs: number } {
        const seconds = (name: string, fallback: number, min: number): number => {
            const value = this.section.get<number>(name);
            return typeof value === "number" && Number.isFinite(value)
                ? Math.max(min, value)
                : fallback;
        };
        return {
            requestMs: seconds("timeouts.requestSeconds", 30, 5) * 1000,
            queryDeadlineMs: seconds("timeouts.querySeconds", 90, 10) * 1000,
            pollDeadlineMs: seconds("timeouts.asyncQueryMinutes", 10, 1) * 60_000,
        };
    }

    /**
     * VS Code's own proxy and certificate settings (`http.*`), which the API client follows as
     * VS Code's built-in requests do. Read on every new client, so a change applies to the next
     * request without a reload. These settings are application- or machine-scoped and restricted
     * in VS Code: a workspace can't set them.
     */
    get network(): NetworkSettings {
        const http = vscode.workspace.getConfiguration("http");
        const noProxy = http.get<unknown>("noProxy");
        const proxyAuthorization = http.get<unknown>("proxyAuthorization");
        return {
            proxy: stringOr(http.get<unknown>("proxy"), ""),
            noProxy: Array.isArray(noProxy)
                ? noProxy.filter((e): e is string => typeof e === "string")
                : [],
            proxyStrictSSL: http.get<unknown>("proxyStrictSSL") !== false,
            proxyAuthorization: typeof proxyAuthorization === "string" ? proxyAuthorization : null,
            proxySupport: stringOr(http.get<unknown>("proxySupport"), "override"),
            systemCertificates: http.get<unknown>("systemCertificates") !== false,
        };
    }

    /** Whether HTTP requests are logged (method, path, status, duration; never keys). */
    get logHttp(): boolean {
        return this.section.get<boolean>("logLevel.http") ?? true;
    }

    /** Experiments fetched per page (the service's default and maximum is 100). */
    get experimentsPageSize(): number {
        return clampPageSize(this.section.get<number>("experiments.pageSize"));
    }

    /** Event definitions fetched per page (1 to 100; the service's default is 100). */
    get eventDefinitionsPageSize(): number {
        return clampPageSize(this.section.get<number>("eventDefinitions.pageSize"));
    }

    /** How queries run unless "Run with..." says otherwise. */
    get refreshMode(): RefreshModeSetting {
        const value = this.section.get<string>("query.refreshMode");
        return (REFRESH_MODES as readonly string[]).includes(value ?? "")
            ? (value as RefreshModeSetting)
            : "blocking";
    }

    /**
     * Whether "Run" code lenses are shown above statements and saved queries in `document`. The
     * setting is language-overridable (`"[json]": {...}`), so it is read for the document.
     */
    codeLensEnabled(document?: vscode.TextDocument): boolean {
        return (
            vscode.workspace.getConfiguration(SECTION, document).get<boolean>("codeLens.enabled") ??
            true
        );
    }

    /** Files Upgrade All Saved Queries looks through for query nodes (a glob). */
    get savedQueriesInclude(): string {
        return this.section.get<string>("savedQueries.include")?.trim() || "**/*.json";
    }

    /** Whether new results reuse the last results panel instead of opening another. */
    get reuseResultsPanel(): boolean {
        return this.section.get<boolean>("results.reusePanel") ?? false;
    }

    /** Where results open: an editor tab (the default) or the bottom panel's view. */
    get resultsLocation(): ResultsLocation {
        return this.section.get<string>("results.location") === "panel" ? "panel" : "editor";
    }

    /**
     * Whether CSV and TSV exports and copies make text values that would start a spreadsheet
     * formula inert. Only the user's own settings count (the setting's scope is `application`):
     * a workspace cannot turn this protection off.
     */
    get neutraliseFormulas(): boolean {
        return this.section.inspect<boolean>("export.neutraliseFormulas")?.globalValue ?? true;
    }

    /** Whether HogQL is checked by the service while typing (HogQLMetadata). */
    get liveValidation(): boolean {
        return this.section.get<boolean>("hogql.liveValidation") ?? false;
    }

    async setHost(host: string): Promise<void> {
        await this.section.update("host", host, vscode.ConfigurationTarget.Global);
    }

    /** Draft HogQL with the editor's language model even when PostHog's drafting would serve. */
    get draftWithEditorModel(): boolean {
        return this.section.get<string>("ai.draftWith") === "editorModel";
    }

    /** Whether the editor's language models may use PostHog's tools and `@posthog`. */
    get aiTools(): boolean {
        return this.section.get<boolean>("ai.tools") ?? true;
    }

    /** The language model vendor to draft with (e.g. "copilot"); "" lets VS Code choose. */
    get aiModelVendor(): string {
        return this.section.get<string>("ai.modelVendor") ?? "";
    }

    /** The most rows a notebook output keeps (and saves). */
    get notebookOutputRows(): number {
        const value = this.section.get<number>("notebook.outputRows");
        return typeof value === "number" && Number.isFinite(value)
            ? Math.min(50_000, Math.max(1, Math.round(value)))
            : 500;
    }

    /**
     * Whether notebook outputs (and execution order and time) are written into the file. Off by
     * default: result rows in a file end up in version control.
     */
    get notebookSaveOutputs(): boolean {
        return this.section.get<boolean>("notebook.saveOutputs") ?? false;
    }

    /** What the editor shows on PostHog calls in application code: each diagnostic, the hints. */
    get codeInsight(): {
        unknownEvent: boolean;
        hiddenEvent: boolean;
        endedExperiment: boolean;
        inlayHints: boolean;
    } {
        return {
            unknownEvent:
                this.section.get<boolean>("codeInsight.diagnostics.unknownEvents") ?? true,
            hiddenEvent: this.section.get<boolean>("codeInsight.diagnostics.hiddenEvents") ?? true,
            endedExperiment:
                this.section.get<boolean>("codeInsight.diagnostics.endedExperiments") ?? true,
            inlayHints: this.section.get<boolean>("codeInsight.inlayHints") ?? false,
        };
    }

    async setProjectId(projectId: string | undefined): Promise<void> {
        await this.section.update(
            "projectId",
            projectId ?? null,
            vscode.ConfigurationTarget.Global,
        );
    }

    dispose(): void {
        this.subscription.dispose();
        this.changed.dispose();
    }
}

function stringOr(value: unknown, fallback: string): string {
    return typeof value === "string" ? value : fallback;
}

function clampPageSize(value: number | undefined): number {
    if (typeof value !== "number" || !Number.isFinite(value)) return 100;
    return Math.min(100, Math.max(1, Math.round(value)));
}
