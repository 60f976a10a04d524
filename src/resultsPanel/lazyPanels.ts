// The results panels as activation sees them: the panel serializer and the bottom panel's view
// provider are registered at once (VS Code needs both before it restores a panel or shows the
// view), and the panels' code (the manager, its pages, the result store) loads when one of them,
// or a result, first needs it (docs/performance.md, "Activation").
import * as vscode from "vscode";
import { lazily } from "../lazily";
import type { WebviewState } from "../shared/resultsProtocol";
import type { ResultsPanelDeps, ResultsPanelManager, ResultsPresenter } from "./manager";
import type { ResultsPanel } from "./panel";
import type { QueryResult } from "./resultSet";
import { resultsInPanelKey, resultsPanelViewId, resultsViewType } from "./viewIds";

export class LazyResultsPanels
    implements ResultsPresenter, vscode.Disposable, vscode.WebviewPanelSerializer<WebviewState>
{
    private loaded: ResultsPanelManager | undefined;
    private disposed = false;
    /** The manager, built on first use. */
    readonly manager: () => Promise<ResultsPanelManager>;

    constructor(private readonly deps: ResultsPanelDeps) {
        this.manager = lazily(async () => {
            const { ResultsPanelManager } = await import("./manager");
            if (this.disposed) throw new Error("the results panels were disposed");
            return (this.loaded ??= new ResultsPanelManager(deps));
        });
    }

    /**
     * Registers the serializer and the view provider, each loading the manager when VS Code first
     * calls it; called once from activation.
     */
    register(): vscode.Disposable {
        const showViewIfChosen = () => {
            if (this.deps.location() === "panel")
                void vscode.commands.executeCommand("setContext", resultsInPanelKey, true);
        };
        showViewIfChosen();
        return vscode.Disposable.from(
            // Until the manager loads (it watches the setting itself from then on).
            this.deps.onDidChangeConfiguration((event) => {
                if (
                    !this.loaded &&
                    event.affectsConfiguration("posthog-workbench.results.location")
                )
                    showViewIfChosen();
            }),
            vscode.window.registerWebviewPanelSerializer(resultsViewType, this),
            // VS Code awaits a view provider's resolve.
            vscode.window.registerWebviewViewProvider(resultsPanelViewId, {
                resolveWebviewView: async (view) =>
                    (await this.manager()).panelView.resolveWebviewView(view),
            }),
        );
    }

    async deserializeWebviewPanel(
        panel: vscode.WebviewPanel,
        state: WebviewState | undefined,
    ): Promise<void> {
        await (await this.manager()).deserializeWebviewPanel(panel, state);
    }

    /** The results tabs open now, the last opened last (none before the manager loads). */
    get tabs(): readonly ResultsPanel[] {
        return this.loaded?.tabs ?? [];
    }

    async show(sets: QueryResult[], owner?: vscode.Uri): Promise<void> {
        if (sets.length === 0) return;
        await (await this.manager()).show(sets, owner);
    }

    prepare(title: string): void {
        // `show` waits for the same load, so it runs after this.
        void this.manager().then(
            (m) => m.prepare(title),
            (error: unknown) =>
                this.deps.log.error(`results: the panels failed to load: ${String(error)}`),
        );
    }

    discard(): void {
        // After the `prepare` it follows, whose panel it closes.
        void this.manager().then(
            (m) => m.discard(),
            () => undefined,
        );
    }

    async moveToPanel(panel?: ResultsPanel): Promise<void> {
        await (await this.manager()).moveToPanel(panel);
    }

    async moveToEditor(): Promise<void> {
        await (await this.manager()).moveToEditor();
    }

    async storedCount(host: string): Promise<number> {
        return (await this.manager()).storedCount(host);
    }

    async deleteStored(host: string): Promise<number> {
        return (await this.manager()).deleteStored(host);
    }

    dispose(): void {
        this.disposed = true;
        this.loaded?.dispose();
        this.loaded?.panelView.dispose();
    }
}
