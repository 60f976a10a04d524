// Owns the results panels: opens one per query or reuses one (a setting), or shows results in the
// bottom panel's view (the `results.location` setting), moves a result between the two, stores
// the last results for a window reload, and restores panels through a WebviewPanelSerializer.
import { randomUUID } from "node:crypto";
import * as vscode from "vscode";
import type { ResultsLocation, WebviewState } from "../shared/resultsProtocol";
import { OpenPanels } from "./openPanels";
import { ChartPrefsStore } from "./chartPrefs";
import type { PanelDeps } from "./page";
import { ResultsPanel, webviewOptions, type PanelPrompts } from "./panel";
import { ResultsPanelView, resultsInPanelKey, resultsPanelViewId } from "./panelView";
import type { QueryResult } from "./resultSet";
import { ResultStore } from "./store";

import { resultsViewType } from "./viewIds";

export { resultsViewType };

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
    /** The `posthog-workbench.results.location` setting, read on every show. */
    location: () => ResultsLocation;
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
 * results built once, as bytes.
 */
export interface ResultsPresenter {
    /**
     * `owner`: the document or notebook the results came from; in the bottom panel each one
     * keeps its own result.
     */
    show(sets: QueryResult[], owner?: vscode.Uri): Promise<void>;
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
    /** The bottom panel's view; VS Code loads its page only when the view is first shown. */
    readonly panelView: ResultsPanelView;

    constructor(private readonly deps: ResultsPanelDeps) {
        this.store = new ResultStore(deps.storageUri);
        this.open = new OpenPanels(deps.workspaceState);
        this.chartPrefs = new ChartPrefsStore(deps.storageUri, deps.log);
        this.panelView = new ResultsPanelView(this.pageDeps(), () => this.moveToEditor(), {
            memento: deps.workspaceState,
            load: (key) => this.store.load(key),
        });
        // Turned back on, the protection must reach the pages already open, not only new loads.
        this.settingsSubscription = deps.onDidChangeConfiguration((event) => {
            if (event.affectsConfiguration("posthog-workbench.export.neutraliseFormulas")) {
                for (const p of this.panels) p.postSettings();
                this.panelView.postSettings();
            }
            if (event.affectsConfiguration("posthog-workbench.results.location"))
                this.showPanelViewIfChosen();
        });
    }

    /**
     * Restores panels after a window reload and provides the bottom panel's view; called once from
     * activation. Neither loads a page: VS Code resolves the view only when it is shown, and its
     * `when` hides it until results go to the panel.
     */
    register(): vscode.Disposable {
        this.showPanelViewIfChosen();
        return vscode.Disposable.from(
            vscode.window.registerWebviewPanelSerializer(resultsViewType, this),
            vscode.window.registerWebviewViewProvider(resultsPanelViewId, this.panelView),
            this.panelView,
        );
    }

    /** With the setting on `panel`, the view is offered (shown in the panel) before any result. */
    private showPanelViewIfChosen(): void {
        if (this.deps.location() === "panel")
            void vscode.commands.executeCommand("setContext", resultsInPanelKey, true);
    }

    /**
     * Opens the panel a run's results will go to, when the run starts: its page then loads while
     * the query runs, instead of after the result arrived. {@link show} uses it; {@link discard}
     * closes it when the run shows nothing (failed or cancelled).
     */
    prepare(title: string): void {
        if (this.deps.location() === "panel") {
            void this.panelView.reveal();
            return;
        }
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
    async show(sets: QueryResult[], owner?: vscode.Uri): Promise<void> {
        if (sets.length === 0) return;
        const key = randomUUID();
        if (this.deps.location() === "panel") {
            await this.panelView.show({
                sets,
                storeKey: key,
                state: undefined,
                owner: owner?.toString(),
            });
            await this.store
                .save(key, sets, this.deps.host())
                .catch((err: unknown) =>
                    this.deps.log.warn(`results: could not store for reload: ${String(err)}`),
                );
            return;
        }
        let target = this.pending ?? (this.deps.reusePanel() ? this.lastActive : undefined);
        this.pending = undefined;
        if (target) target.panel.reveal(undefined, true);
        else target = this.adopt(this.createPanel(vscode.l10n.t("Results")));
        target.owner = owner?.toString();
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

    /** The results tabs open now, the last opened last. */
    get tabs(): readonly ResultsPanel[] {
        return [...this.panels];
    }

    /**
     * Moves a tab's result (the active one's, without `panel`) to the bottom panel, with its sort,
     * filter, selection and scroll; the tab closes.
     */
    async moveToPanel(panel: ResultsPanel | undefined = this.lastActive): Promise<void> {
        const shown = panel?.shown;
        if (!panel || !shown) {
            void this.deps.prompts.ui.info(
                vscode.l10n.t("There is no result in an editor tab to move to the panel."),
            );
            return;
        }
        await this.panelView.show(shown);
        panel.dispose();
    }

    /** Moves the bottom panel's result to an editor tab, with its sort, filter, selection and scroll. */
    async moveToEditor(): Promise<void> {
        const shown = this.panelView.take();
        if (!shown) {
            void this.deps.prompts.ui.info(
                vscode.l10n.t("There is no result in the panel to move to an editor tab."),
            );
            return;
        }
        const tab = this.adopt(this.createPanel(vscode.l10n.t("Results")));
        tab.owner = shown.owner;
        tab.show(shown.sets, shown.storeKey, shown.state);
        tab.panel.reveal(undefined, false);
        if (shown.storeKey)
            await this.open
                .shown(tab, tab.panel.title, shown.storeKey)
                .then(undefined, (err: unknown) =>
                    this.deps.log.warn(`results: could not record a panel: ${String(err)}`),
                );
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

    /** What a page needs, a tab's and the bottom panel's alike. */
    private pageDeps(): PanelDeps {
        return {
            extensionUri: this.deps.extensionUri,
            log: this.deps.log,
            prompts: this.deps.prompts,
            neutraliseFormulas: this.deps.neutraliseFormulas,
            chartPrefs: this.chartPrefs,
            // A browser workbench (code-server, vscode.dev) or a remote window: the extension
            // host and the page are on either side of a network.
            compressBytes:
                vscode.env.uiKind === vscode.UIKind.Web || vscode.env.remoteName !== undefined,
        };
    }

    private adopt(panel: vscode.WebviewPanel, waiting?: string): ResultsPanel {
        const p = new ResultsPanel(panel, this.pageDeps(), waiting);
        p.onDidAskMove(() => void this.moveToPanel(p));
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
