// The experiment page: a webview showing an experiment's details, its actions as buttons, and each
// metric's results as charts (change over time with its interval as a band, the latest change per
// variant as bars with whiskers). One page per experiment; opening it again reveals and reloads it.
import { randomBytes } from "node:crypto";
import * as vscode from "vscode";
import type { Experiment } from "../api";
import type { ErrorReportDep, LogDep } from "../deps";
import { userMessageOf } from "../errorText";
import { oneLine, quotedInMessage } from "../shared/plainText";
import { withProgress } from "../progress";
import * as actions from "./actions";
import { runLifecycle } from "./lifecycleActions";
import { experimentMetrics, hasStarted, metricFingerprint } from "./model";
import { experimentPageData, pageMarkdown, type MetricResults } from "./pageData";
import { displayLanguage } from "../locale";
import { experimentHtml } from "./pageHtml";
import { messageGate, pageLog } from "../webviewMessages";
import { fromExperimentPageSchema } from "./pageMessageSchema";
import type {
    ExperimentPageData,
    FromExperimentPage,
    PageActionId,
    ToExperimentPage,
} from "../shared/experimentPageProtocol";

/** What the experiment pages use: the actions' pieces, and where "Open as Markdown" goes. */
export interface ExperimentPageDeps extends actions.ExperimentActionDeps, LogDep, ErrorReportDep {
    readonly extensionUri: vscode.Uri;
    readonly documents: actions.ExperimentActionDeps["documents"] & {
        show(path: string, markdown: string): Promise<unknown>;
    };
}

/** What the page reported after drawing (the tests wait on it). */
export interface PageRendered {
    metrics: number;
    charts: number;
    bands: number;
}

/** One open experiment page. */
export class ExperimentPage implements vscode.Disposable {
    private ready = false;
    private experiment: Experiment | undefined;
    private markdown = "";
    /** What the page shows now (also read by tests). */
    data: ExperimentPageData | undefined;
    /** The page's `rendered` report since the last load (the tests wait on it). */
    rendered: PageRendered | undefined;
    private readonly disposables: vscode.Disposable[] = [];

    constructor(
        private readonly deps: ExperimentPageDeps,
        readonly id: number,
        readonly panel: vscode.WebviewPanel,
        private readonly onClose: () => void,
    ) {
        const dist = vscode.Uri.joinPath(deps.extensionUri, "dist", "webview");
        panel.webview.options = { enableScripts: true, localResourceRoots: [dist] };
        panel.webview.html = experimentHtml({
            cspSource: panel.webview.cspSource,
            nonce: randomBytes(18).toString("base64"),
            scriptUri: panel.webview
                .asWebviewUri(vscode.Uri.joinPath(dist, "experiment.js"))
                .toString(),
            language: displayLanguage(),
            l10nBundle: vscode.l10n.bundle,
        });
        const fromPage = messageGate("experiment page", fromExperimentPageSchema, deps.log);
        this.disposables.push(
            panel.webview.onDidReceiveMessage((m: unknown) => {
                const msg = fromPage(m);
                if (msg) void this.onMessage(msg);
            }),
            panel.onDidDispose(() => this.dispose()),
            panel.onDidChangeViewState(() => {
                // A hidden page is discarded; its next `ready` gets the data again.
                if (!panel.visible) this.ready = false;
            }),
        );
    }

    /** Reads the experiment and its metrics' results, then shows them. */
    async load(focusMetric: string | null): Promise<void> {
        const client = await this.deps.auth.session.client();
        const { experiment, results } = await withProgress(
            vscode.l10n.t("Loading the experiment and its results..."),
            async ({ signal, onRetry }) => {
                const experiment = await client.getExperiment(this.id, { signal, onRetry });
                const results = new Map<string, MetricResults>();
                if (hasStarted(experiment)) {
                    await Promise.all(
                        experimentMetrics(experiment).map(async (m) => {
                            try {
                                const data = await client.getTimeseriesResults(
                                    experiment.id,
                                    {
                                        metric_uuid: m.uuid,
                                        fingerprint: metricFingerprint(m.metric),
                                    },
                                    { signal, onRetry },
                                );
                                results.set(m.uuid, { kind: "loaded", data });
                            } catch (error) {
                                if (signal.aborted) throw error;
                                this.deps.log.warn(
                                    `experiment page: results of metric ${m.uuid} failed: ${this.deps.auth.session.redact(String(error))}`,
                                );
                                results.set(m.uuid, {
                                    kind: "failed",
                                    message: this.deps.auth.session.redact(userMessageOf(error)),
                                });
                            }
                        }),
                    );
                }
                return { experiment, results };
            },
        );
        const state = this.deps.auth.session.state;
        this.experiment = experiment;
        this.data = experimentPageData(experiment, results, focusMetric, new Date());
        this.markdown = pageMarkdown(
            experiment,
            this.data,
            client.host,
            state.signedIn ? state.projectId : "",
        );
        this.rendered = undefined;
        // A tab's title is one line of plain text.
        this.panel.title = vscode.l10n.t("Experiment: {0}", oneLine(experiment.name));
        if (this.ready) this.post();
    }

    /** The Markdown text of the page (Copy as Markdown). */
    get markdownText(): string {
        return this.markdown;
    }

    private post(): void {
        if (!this.data) return;
        const msg: ToExperimentPage = { type: "load", data: this.data };
        void this.panel.webview.postMessage(msg);
    }

    private async onMessage(msg: FromExperimentPage): Promise<void> {
        switch (msg.type) {
            case "ready":
                this.ready = true;
                this.post();
                return;
            case "log":
                pageLog(this.deps.log, msg.level, `experiment page: ${msg.message}`);
                return;
            case "rendered":
                this.rendered = { metrics: msg.metrics, charts: msg.charts, bands: msg.bands };
                return;
            case "action":
                await this.act(msg.action);
                return;
        }
    }

    /** Runs one of the page's buttons; failures are reported like the commands' failures. */
    async act(action: PageActionId): Promise<void> {
        const e = this.experiment;
        if (!e) return;
        try {
            await this.runAction(action, e);
        } catch (error) {
            if (error instanceof vscode.CancellationError) return;
            if (error instanceof Error && error.name === "AbortError") return;
            await this.deps.reportError(actionTitle(action), error);
        }
    }

    private async runAction(action: PageActionId, e: Experiment): Promise<void> {
        const reload = () => this.load(this.data?.focusMetric ?? null);
        switch (action) {
            case "refresh":
                return reload();
            case "edit":
                if (await actions.editExperiment(this.deps, e)) await reload();
                return;
            case "launch":
            case "pause":
            case "resume":
            case "end":
            case "reset":
            case "unarchive":
                // The action reads this page again when it succeeds (documents.refreshDetails).
                await runLifecycle(this.deps, e, action);
                return;
            case "shipVariant":
                await runLifecycle(this.deps, e, "ship_variant");
                return;
            case "archive":
                await actions.archiveExperiment(this.deps, e);
                return;
            case "delete":
                if (await actions.deleteExperiment(this.deps, e)) this.panel.dispose();
                return;
            case "duplicate":
                await actions.duplicateExperiment(this.deps, e);
                return;
            case "createExposureCohort":
                await actions.createExposureCohort(this.deps, e);
                return reload();
            case "recalculateTimeseries":
                await actions.recalculateTimeseries(this.deps, e);
                return;
            case "openInPostHog":
                return actions.openInPostHog(this.deps, e);
            case "copyFlagKey":
                return actions.copyFlagKey(this.deps, e);
            case "copyMarkdown":
                await vscode.env.clipboard.writeText(this.markdown);
                void this.deps.ui.info(
                    vscode.l10n.t("Copied {0} as Markdown.", quotedInMessage(e.name)),
                );
                return;
            case "openMarkdown":
                await this.deps.documents.show(
                    `details/${e.id}/${safeName(e.name)}.md`,
                    this.markdown,
                );
                return;
        }
    }

    dispose(): void {
        this.onClose();
        for (const d of this.disposables.splice(0)) d.dispose();
        this.panel.dispose();
    }
}

function safeName(name: string): string {
    return name.replace(/[^\w.-]+/g, "-").slice(0, 60) || "experiment";
}

function actionTitle(action: PageActionId): string {
    const titles: Record<PageActionId, string> = {
        refresh: vscode.l10n.t("Refresh Experiment"),
        launch: vscode.l10n.t("Launch Experiment"),
        pause: vscode.l10n.t("Pause Experiment"),
        resume: vscode.l10n.t("Resume Experiment"),
        end: vscode.l10n.t("End Experiment"),
        shipVariant: vscode.l10n.t("Ship Variant"),
        reset: vscode.l10n.t("Reset Experiment to Draft"),
        edit: vscode.l10n.t("Edit Experiment"),
        archive: vscode.l10n.t("Archive Experiment"),
        unarchive: vscode.l10n.t("Unarchive Experiment"),
        delete: vscode.l10n.t("Delete Experiment"),
        duplicate: vscode.l10n.t("Duplicate Experiment"),
        createExposureCohort: vscode.l10n.t("Create Exposure Cohort"),
        recalculateTimeseries: vscode.l10n.t("Recalculate Timeseries"),
        openInPostHog: vscode.l10n.t("Open in PostHog"),
        copyFlagKey: vscode.l10n.t("Copy Flag Key"),
        copyMarkdown: vscode.l10n.t("Copy as Markdown"),
        openMarkdown: vscode.l10n.t("Open as Markdown"),
    };
    return titles[action];
}
