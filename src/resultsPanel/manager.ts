// Owns the results panels: opens one per query or reuses one (a setting), stores the last results
// for a window reload, and restores panels through a WebviewPanelSerializer.
import { randomUUID } from "node:crypto";
import * as vscode from "vscode";
import type { WebviewState } from "../shared/resultsProtocol";
import { OpenPanels } from "./openPanels";
import { ChartPrefsStore } from "./chartPrefs";
import { ResultsPanel, webviewOptions, type PanelPrompts } from "./panel";
import type { ResultSet } from "./resultSet";
import { ResultStore } from "./store";

/** The webview type; package.json needs `onWebviewPanel:posthog-workbench.results`. */
export const resultsViewType = "posthog-workbench.results";

/** What the manager needs from the extension. */
export interface ResultsPanelDeps {
    /** `context.extensionUri`. */
    extensionUri: vscode.Uri;
    /** Where to keep the last results: `context.storageUri ?? context.globalStorageUri`. */
    storageUri: vscode.Uri;
    /** The extension's log. */
    log: vscode.LogOutputChannel;
    /** `context.workspaceState`: which stored result each open panel shows. */
    workspaceState: vscode.Memento;
    /** The `posthog-workbench.results.reusePanel` setting, read on every show. */
    reusePanel: () => boolean;
    /** The `posthog-workbench.export.neutraliseFormulas` setting, read on every export and load. */
    neutraliseFormulas: () => boolean;
    /** Fires when a setting changes: open pages are told the ones they apply. */
    onDidChangeConfiguration: vscode.Event<vscode.ConfigurationChangeEvent>;
    /** The context's prompts and error reporting. */
    prompts: PanelPrompts;
    /** Origin of the host results come from now (the session's), noted with stored results. */
    host: () => string | undefined;
}

/**
 * Where results go: the results panel, or a recorder an integration test puts in its place. Every
 * producer (the query runner, saved-query tables, the query log, the LM tools) hands over
 * result sets built once, as bytes.
 */
export interface ResultsPresenter {
    show(sets: ResultSet[]): Promise<void>;
    /** A run starts: get ready to show its result (the panel loads while the query runs). */
    prepare?(title: string): void;
    /** The run that called `prepare` has nothing to show. */
    discard?(): void;
}

export class ResultsPanelManager
    implements ResultsPresenter, vscode.Disposable, vscode.WebviewPanelSerializer<WebviewState>
{
    private readonly panels = new Set<ResultsPanel>();
    private lastActive: ResultsPanel | undefined;
    private pending: ResultsPanel | undefined;
    private readonly store: ResultStore;
    private readonly open: OpenPanels<ResultsPanel>;
    private disposing = false;
    private readonly chartPrefs: ChartPrefsStore;
    private readonly settingsSubscription: vscode.Disposable;

    constructor(private readonly deps: ResultsPanelDeps) {
        this.store = new ResultStore(deps.storageUri);
        this.open = new OpenPanels(deps.workspaceState);
        this.chartPrefs = new ChartPrefsStore(deps.storageUri, deps.log);
        // Turned back on, the protection must reach the pages already open, not only new loads.
        this.settingsSubscription = deps.onDidChangeConfiguration((event) => {
            if (event.affectsConfiguration("posthog-workbench.export.neutraliseFormulas"))
                for (const p of this.panels) p.postSettings();
        });
    }

    /** Restores panels after a window reload; called once from activation. */
    register(): vscode.Disposable {
        return vscode.window.registerWebviewPanelSerializer(resultsViewType, this);
    }

    /**
     * Opens the panel a run's results will go to, when the run starts: its page then loads while
     * the query runs, instead of after the result arrived. {@link show} uses it; {@link discard}
     * closes it when the run shows nothing (failed or cancelled).
     */
    prepare(title: string): void {
        if (this.pending || (this.deps.reusePanel() && this.lastActive)) return;
        const pending = this.adopt(
            this.createPanel(vscode.l10n.t("Running: {0}", title)),
            vscode.l10n.t("Running {0}… Its result will show here.", title),
        );
        pending.onDidDispose(() => {
            if (this.pending === pending) this.pending = undefined;
        });
        this.pending = pending;
    }

    /** Closes the panel {@link prepare} opened, if no result went to it. */
    discard(): void {
        const pending = this.pending;
        this.pending = undefined;
        pending?.dispose();
    }

    /** Shows results: several sets become tabs of one panel. */
    async show(sets: ResultSet[]): Promise<void> {
        if (sets.length === 0) return;
        const key = randomUUID();
        let target = this.pending ?? (this.deps.reusePanel() ? this.lastActive : undefined);
        this.pending = undefined;
        if (target) target.panel.reveal(undefined, true);
        else target = this.adopt(this.createPanel(vscode.l10n.t("Results")));
        target.show(sets, key);
        // Stored after showing: the grid never waits for the disk.
        await Promise.all([
            this.store.save(key, sets, this.deps.host()),
            this.open.shown(target, target.panel.title, key),
        ]).catch((err: unknown) =>
            this.deps.log.warn(`results: could not store for reload: ${String(err)}`),
        );
    }

    /**
     * Restores a panel after a window reload from the results stored under its state's key, or
     * under the key recorded for it when the workbench saved no state or an older one.
     */
    async deserializeWebviewPanel(
        panel: vscode.WebviewPanel,
        state: WebviewState | undefined,
    ): Promise<void> {
        const restored = this.adopt(panel);
        // The workbench may have saved no state or an older one: see OpenPanels.
        const key = this.open.claim(panel.title, state?.storeKey ?? null);
        const sets = key ? await this.store.load(key) : undefined;
        this.deps.log.debug(
            `results: restoring a panel: saved state's key ${state?.storeKey ?? "none"}, ` +
                `recorded key ${key ?? "none"}, ${sets?.length ?? 0} result(s) found`,
        );
        if (key && sets && sets.length > 0) {
            restored.show(sets, key);
            this.open
                .shown(restored, panel.title, key)
                .then(undefined, (err: unknown) =>
                    this.deps.log.warn(`results: could not record a panel: ${String(err)}`),
                );
        } else {
            // Nothing was kept for it: close it rather than show an empty stand-in result.
            restored.dispose();
            void this.deps.prompts.ui.info(
                vscode.l10n.t(
                    "A results panel's result was not kept across the reload; run its query again to see it.",
                ),
            );
        }
    }

    /** How many results from `host` are stored for a window reload. */
    async storedCount(host: string): Promise<number> {
        return (await this.store.keysOf(host)).length;
    }

    /**
     * Deletes the results from `host` stored for a window reload (Sign Out); open panels keep
     * what they show until closed. Returns how many were deleted.
     */
    deleteStored(host: string): Promise<number> {
        return this.store.deleteHost(host);
    }

    private createPanel(title: string): vscode.WebviewPanel {
        return vscode.window.createWebviewPanel(
            resultsViewType,
            title,
            { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
            webviewOptions(this.deps.extensionUri),
        );
    }

    private adopt(panel: vscode.WebviewPanel, waiting?: string): ResultsPanel {
        const p = new ResultsPanel(
            panel,
            {
                extensionUri: this.deps.extensionUri,
                log: this.deps.log,
                prompts: this.deps.prompts,
                neutraliseFormulas: this.deps.neutraliseFormulas,
                chartPrefs: this.chartPrefs,
                // A browser workbench (code-server, vscode.dev) or a remote window: the extension
                // host and the page are on either side of a network.
                compressBytes:
                    vscode.env.uiKind === vscode.UIKind.Web || vscode.env.remoteName !== undefined,
            },
            waiting,
        );
        this.panels.add(p);
        this.lastActive = p;
        panel.onDidChangeViewState((e) => {
            if (e.webviewPanel.active) this.lastActive = p;
        });
        p.onDidDispose(() => {
            this.panels.delete(p);
            if (this.lastActive === p) this.lastActive = [...this.panels].pop();
            // Closing the window disposes every panel too; only a panel the user closed is gone.
            if (!this.disposing) void this.open.closed(p);
        });
        return p;
    }

    dispose(): void {
        this.disposing = true;
        this.settingsSubscription.dispose();
        for (const p of [...this.panels]) p.dispose();
        this.panels.clear();
    }
}
