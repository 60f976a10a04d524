// One results page: the webview that shows one or more results (tabs), in an editor tab
// (panel.ts) or in the bottom panel's view (panelView.ts) alike: the same HTML, CSP and message
// handling for both. It waits for the page's `ready` before posting, and posts again on every
// `ready` (a hidden webview that is shown again is a new page), so the result survives hide/show
// without keeping the page alive.
import { randomBytes } from "node:crypto";
import * as vscode from "vscode";
import type {
    FromWebview,
    LoadMessage,
    PageResult,
    QueryResult,
    ResultsLocation,
    SettingsMessage,
    ToWebview,
    WebviewState,
} from "../shared/resultsProtocol";
import { editorJsonOf } from "./exportFormats";
import { exportResult } from "./exporter";
import { chartHintOf } from "./chartHint";
import type { ChartPrefsStore } from "./chartPrefs";
import { saveChartImage } from "./chartExport";
import { resultsHtml } from "./html";
import { bytesMessages, bytesPartSize, knownLayout, nextTurn, pageResultOf } from "./resultSet";
import { compressFromBytes, gzipped } from "./bytesCompression";
import type { Ui } from "../userPrompts";
import { displayLanguage } from "../locale";
import { oneLine } from "../shared/plainText";
import { markWalkthroughDone, WALKTHROUGH_DONE } from "../walkthrough/progress";
import { messageGate, pageLog } from "../webviewMessages";
import { fromResultsPageSchema } from "./messageSchema";

/** How the panel asks and tells the user: the context's, so tests script them like any other. */
export interface PanelPrompts {
    /** Read at each use: tests replace the context's `ui`. */
    readonly ui: Ui;
    /** Logs the error and shows one sentence with "Show Log" (`Ctx.reportError`). */
    reportError(action: string, error: unknown): Promise<void>;
}

/** What a panel needs from its manager. */
export interface PanelDeps {
    /** The extension's folder (for the webview bundle). */
    extensionUri: vscode.Uri;
    /** The extension's log. */
    log: vscode.LogOutputChannel;
    prompts: PanelPrompts;
    /**
     * Whether CSV exports and the page's CSV and TSV copies make text cells that would start a
     * spreadsheet formula inert (the `export.neutraliseFormulas` setting), read at each use.
     */
    neutraliseFormulas: () => boolean;
    /** Grid-or-chart per query text. */
    chartPrefs?: ChartPrefsStore;
    /**
     * Whether what is posted to the page crosses a network (a browser workbench such as
     * code-server, or a remote window): large results' bytes then go gzip-compressed. A local
     * window passes them between processes of one machine, where compressing costs more time
     * than it saves.
     */
    compressBytes?: boolean;
}

/**
 * Where a page is shown: an editor tab's `WebviewPanel` or the bottom panel's `WebviewView`,
 * reduced to what the page uses.
 */
export interface PageSurface {
    readonly webview: vscode.Webview;
    readonly visible: boolean;
    /** Which place this is (the page names its Move button after the other). */
    readonly location: ResultsLocation;
    /** Fires when the surface is shown or hidden. */
    readonly onDidChangeVisibility: vscode.Event<unknown>;
    /** Fires when the surface is gone (a tab closed, the view disposed). */
    readonly onDidDispose: vscode.Event<unknown>;
    /** Names what it shows (a tab's title, the view's description). */
    setTitle(title: string): void;
    /** Closes the surface, if the page owns it (a tab); a view stays. */
    close(): void;
}

/** Options for `createWebviewPanel` and for a panel restored by the serializer alike. */
export function webviewOptions(
    extensionUri: vscode.Uri,
): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
        enableScripts: true,
        // Only the webview bundle; the page loads nothing else.
        localResourceRoots: [vscode.Uri.joinPath(extensionUri, "dist", "webview")],
        // Find-in-page would search only the rendered rows: the filter box is the real search.
        enableFindWidget: false,
        retainContextWhenHidden: false,
    };
}

export class ResultsPage implements vscode.Disposable {
    private sets: QueryResult[] = [];
    private storeKey: string | null = null;
    /**
     * The page's view state as it last posted it (`viewState`), or as handed over with the
     * results; sent with every load so the page restores it.
     */
    private state: WebviewState | undefined;
    /** The state the page itself last posted for the results shown now (none since `show`). */
    private posted: WebviewState | undefined;
    /** The document or notebook (URI string) the shown results came from, if known. */
    owner: string | undefined;
    private ready = false;
    private disposed = false;
    /** Number of the last load posted. */
    private loadSeq = 0;
    /** The sets of the last load, until the page asks for their bytes (`bytesWanted`). */
    private bytesDue: { seq: number; sets: QueryResult[] } | null = null;
    private readonly disposables: vscode.Disposable[] = [];
    private readonly onDisposeEmitter = new vscode.EventEmitter<void>();
    /** Fires when the user closes the panel. */
    readonly onDidDispose = this.onDisposeEmitter.event;
    private readonly onMoveEmitter = new vscode.EventEmitter<void>();
    /** Fires when the page's Move button asks to move its result to the other place. */
    readonly onDidAskMove = this.onMoveEmitter.event;

    /**
     * @param waiting what the page says while its script loads (a panel opened as a run starts:
     * manager.ts `prepare`).
     */
    constructor(
        readonly surface: PageSurface,
        private readonly deps: PanelDeps,
        private waiting?: string,
    ) {
        const webview = surface.webview;
        webview.options = webviewOptions(deps.extensionUri);
        webview.html = this.html();
        const fromPage = messageGate("results view", fromResultsPageSchema, deps.log);
        this.disposables.push(
            webview.onDidReceiveMessage((m: unknown) => {
                const msg = fromPage(m);
                if (msg) void this.receive(msg);
            }),
            surface.onDidDispose(() => this.dispose()),
            // A hidden panel's page is discarded; the next `ready` reloads it.
            surface.onDidChangeVisibility(() => {
                if (surface.visible) return;
                this.ready = false;
                // Shown again, the page loads afresh: its result is here, so it says nothing of a
                // run while it loads. (Set while hidden: the new HTML loads only when shown.)
                if (this.waiting && this.sets.length > 0) {
                    this.waiting = undefined;
                    webview.html = this.html();
                }
            }),
        );
    }

    /**
     * Shows these results (replacing the previous ones); `storeKey` names their stored copy,
     * `state` is the view state to restore (a result moved here, or shown again).
     */
    show(sets: QueryResult[], storeKey: string | null, state?: WebviewState): void {
        this.sets = sets;
        this.storeKey = storeKey;
        this.state = state;
        this.posted = undefined;
        const first = sets[0];
        // A tab's title is one line of plain text.
        const title = oneLine(first?.title ?? "");
        this.surface.setTitle(
            sets.length > 1
                ? vscode.l10n.t("Results: {0} +{1}", title, sets.length - 1)
                : vscode.l10n.t("Results: {0}", title),
        );
        if (this.ready) void this.post();
    }

    /** Shows nothing again (its result moved elsewhere): the page reloads and waits. */
    clear(): void {
        this.sets = [];
        this.storeKey = null;
        this.state = this.posted = undefined;
        this.owner = undefined;
        this.bytesDue = null;
        this.loadSeq++;
        this.ready = false;
        this.waiting = undefined;
        this.surface.setTitle("");
        this.surface.webview.html = this.html();
    }

    /**
     * The view state the page posted since its results were shown: it loaded them and shows them
     * so (tests read what the page restored through it).
     */
    get pageState(): WebviewState | undefined {
        return this.posted;
    }

    /** What the page shows now, with its view state as last posted: to move or keep it. */
    get shown(): ShownResults | undefined {
        if (this.sets.length === 0) return undefined;
        return { sets: this.sets, storeKey: this.storeKey, state: this.state, owner: this.owner };
    }

    private html(): string {
        const webview = this.surface.webview;
        const dist = vscode.Uri.joinPath(this.deps.extensionUri, "dist", "webview");
        return resultsHtml({
            language: displayLanguage(),
            l10nBundle: vscode.l10n.bundle,
            cspSource: webview.cspSource,
            // A fresh nonce for every load of the page.
            nonce: randomBytes(18).toString("base64"),
            scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, "results.js")).toString(),
            workerUri: webview
                .asWebviewUri(vscode.Uri.joinPath(dist, "results.parse.worker.js"))
                .toString(),
            waiting: this.waiting,
            location: this.surface.location,
        });
    }

    private async post(): Promise<void> {
        const t0 = performance.now();
        const sets = this.sets;
        const charts = await Promise.all(
            sets.map((s) => this.deps.chartPrefs?.get(s.queryText) ?? null),
        );
        // Another show() replaced the sets while the preferences were read; it posts its own. A
        // panel closed meanwhile has no page to post to.
        if (sets !== this.sets || this.disposed) return;
        // The bytes follow when the page asks (postBytes); the chart is the user's choice for this
        // query, else the one the result asks for.
        const results: PageResult[] = this.sets.map((set, i) =>
            pageResultOf(set, String(i), charts[i] ?? chartHintOf(knownLayout(set)?.head)),
        );
        const seq = ++this.loadSeq;
        const msg: LoadMessage = {
            type: "load",
            results,
            active: 0,
            storeKey: this.storeKey,
            seq,
            neutraliseFormulas: this.deps.neutraliseFormulas(),
        };
        if (this.state) msg.state = this.state;
        void this.surface.webview.postMessage(msg satisfies ToWebview);
        // The bytes go when the page asks, once it has painted the first screen (see
        // BytesWantedMessage).
        this.bytesDue = { seq, sets };
        this.deps.log.debug(
            `results: posted ${results.length} result(s) in ${Math.round(performance.now() - t0)} ms`,
        );
    }

    /** Tells a listening page the settings it applies (one changed); a later load carries them. */
    postSettings(): void {
        if (!this.ready || this.disposed) return;
        const msg: SettingsMessage = {
            type: "settings",
            neutraliseFormulas: this.deps.neutraliseFormulas(),
        };
        void this.surface.webview.postMessage(msg satisfies ToWebview);
    }

    /**
     * The response's bytes of load `seq` as received (no decode, no parse, no re-encode), in parts
     * (see BytesMessage), one part per event-loop turn; once, and only while that load is the
     * last posted; gzip-compressed first when they cross a network (`PanelDeps.compressBytes`).
     * VS Code passes typed arrays through without serializing them, but posting all parts of a
     * large result in one go held the extension host's thread (see docs/performance.md, "Bytes
     * to the page").
     */
    private async postBytes(seq: number): Promise<void> {
        const due = this.bytesDue;
        if (!due || due.seq !== seq) return;
        this.bytesDue = null;
        const t0 = performance.now();
        let sent = 0;
        let total = 0;
        let compressed = false;
        for (const [i, set] of due.sets.entries()) {
            const packed =
                this.deps.compressBytes && set.bytes.byteLength >= compressFromBytes
                    ? await gzipped(set.bytes)
                    : null;
            if (this.loadSeq !== seq || !this.ready || this.disposed) return;
            const bytes = packed ?? set.bytes;
            sent += bytes.byteLength;
            total += set.bytes.byteLength;
            compressed ||= !!packed;
            for (const part of bytesMessages(
                String(i),
                bytes,
                bytesPartSize,
                packed ? "gzip" : undefined,
            )) {
                // A newer load, a hidden page (discarded: it asks again when shown) or a closed
                // panel drops the rest.
                if (this.loadSeq !== seq || !this.ready || this.disposed) return;
                void this.surface.webview.postMessage(part satisfies ToWebview);
                await nextTurn();
            }
        }
        this.deps.log.debug(
            `results: posted ${sent} bytes for ${total}${compressed ? " (gzip)" : ""} in ` +
                `${Math.round(performance.now() - t0)} ms`,
        );
    }

    private set(resultId: string): QueryResult | undefined {
        return this.sets[Number(resultId)];
    }

    /** Handles what the page sends (checked on arrival); a failure is reported, never thrown. */
    async receive(msg: FromWebview): Promise<void> {
        try {
            await this.handle(msg);
        } catch (err) {
            await this.deps.prompts.reportError(actionName(msg.type), err);
        }
    }

    private async handle(msg: FromWebview): Promise<void> {
        switch (msg.type) {
            case "ready":
                this.deps.log.debug("results: page ready");
                this.ready = true;
                if (this.sets.length > 0) await this.post();
                break;
            case "viewState":
                // Only the state of the results shown now (a late one of earlier results is not).
                if (msg.state.storeKey === this.storeKey) this.state = this.posted = msg.state;
                break;
            case "move":
                this.onMoveEmitter.fire();
                break;
            case "bytesWanted":
                await this.postBytes(msg.seq);
                break;
            case "log":
                pageLog(this.deps.log, msg.level, `results view: ${msg.message}`);
                break;
            case "rendered":
                this.deps.log.debug(
                    `results view: ${msg.resultId} first paint ${Math.round(msg.firstPaintMs)} ms, ` +
                        `all rows ${msg.fullyLoadedMs === null ? "pending" : Math.round(msg.fullyLoadedMs) + " ms"}` +
                        ` (${msg.worker ? "worker" : "page"})`,
                );
                break;
            case "copy":
                await copyRows(msg);
                break;
            case "chartPrefs":
                this.deps.chartPrefs?.set(msg.queryText, msg.prefs);
                if (msg.prefs.view === "chart") markWalkthroughDone(WALKTHROUGH_DONE.chartShown);
                break;
            case "saveChart": {
                const file = await saveChartImage(this.deps.prompts.ui, msg);
                if (file)
                    vscode.window.setStatusBarMessage(
                        vscode.l10n.t("Saved {0}", file.path.split("/").pop() ?? ""),
                        3000,
                    );
                break;
            }
            case "copyChart":
                await vscode.env.clipboard.writeText(msg.svg);
                vscode.window.setStatusBarMessage(
                    vscode.l10n.t("Copied the chart as SVG text"),
                    3000,
                );
                break;
            case "export":
                await this.exportSet(msg);
                break;
            case "openJson":
                await this.openJson(msg);
                break;
            case "showSql":
                await this.showSql(msg);
                break;
        }
    }

    /** Writes a result to a file the user picks, then offers to open it. */
    private async exportSet(msg: Extract<FromWebview, { type: "export" }>): Promise<void> {
        const { ui } = this.deps.prompts;
        const set = this.set(msg.resultId);
        if (!set) return;
        const file = await exportResult(ui, set, msg.format, set.title, {
            neutraliseFormulas: this.deps.neutraliseFormulas(),
            columns: msg.columns,
        });
        if (!file) return;
        const open = await ui.info(
            vscode.l10n.t("Exported to {0}.", vscode.workspace.asRelativePath(file)),
            vscode.l10n.t("Open"),
        );
        if (open) await vscode.commands.executeCommand("vscode.open", file);
    }

    /** Opens a result as JSON in an untitled editor. */
    private async openJson(msg: Extract<FromWebview, { type: "openJson" }>): Promise<void> {
        const set = this.set(msg.resultId);
        if (!set) return;
        const content = await editorJsonOf(set);
        const doc = await vscode.workspace.openTextDocument({ language: "json", content });
        await vscode.window.showTextDocument(doc, { preview: false });
    }

    /** Opens the HogQL or the ClickHouse SQL of a result beside the panel. */
    private async showSql(msg: Extract<FromWebview, { type: "showSql" }>): Promise<void> {
        const set = this.set(msg.resultId);
        if (!set) return;
        const text = msg.dialect === "hogql" ? set.sql?.hogql : set.sql?.clickhouse;
        if (!text) return;
        const language = msg.dialect === "hogql" ? "hogql" : "sql";
        const doc = await vscode.workspace.openTextDocument({ language, content: text });
        await vscode.window.showTextDocument(doc, {
            preview: true,
            viewColumn: vscode.ViewColumn.Beside,
        });
    }

    dispose(): void {
        if (this.disposed) return;
        this.disposed = true;
        for (const d of this.disposables.splice(0)) d.dispose();
        this.onDisposeEmitter.fire();
        this.onDisposeEmitter.dispose();
        this.onMoveEmitter.dispose();
        this.surface.close();
    }
}

/** A page's results and view state, as moved between the places results are shown. */
export interface ShownResults {
    sets: QueryResult[];
    storeKey: string | null;
    state: WebviewState | undefined;
    /** The document or notebook (URI string) they came from, if known. */
    owner: string | undefined;
}

/** Puts copied rows on the clipboard (when the page sent text) and says how many. */
async function copyRows(msg: Extract<FromWebview, { type: "copy" }>): Promise<void> {
    if (msg.text !== undefined) await vscode.env.clipboard.writeText(msg.text);
    vscode.window.setStatusBarMessage(
        msg.rows === 1
            ? vscode.l10n.t("Copied 1 row ({0})", msg.format)
            : vscode.l10n.t(
                  "Copied {0} rows ({1})",
                  msg.rows.toLocaleString(displayLanguage()),
                  msg.format,
              ),
        3000,
    );
}

/** The action as `reportError` names it: "<action> failed: <why>". */
function actionName(type: FromWebview["type"]): string {
    switch (type) {
        case "copy":
            return "Copy to the clipboard";
        case "export":
            return "Export";
        case "openJson":
            return "Open as JSON";
        case "showSql":
            return "Show SQL";
        case "saveChart":
            return "Save chart";
        case "copyChart":
            return "Copy chart";
        default:
            return "The results view's request";
    }
}
