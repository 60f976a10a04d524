// Results in VS Code's bottom panel: one webview view (the same page as a tab's, page.ts) that
// shows the result of the active editor. Each `.hogql` editor and notebook keeps its own result
// here, in memory and keyed by its document's URI: switching editors switches the view to that
// result, with its sort, filter, selection and scroll, and runs nothing again.
import * as vscode from "vscode";
import { ResultsPage, type PageSurface, type PanelDeps, type ShownResults } from "./page";

import { resultsInPanelKey, resultsPanelViewId } from "./viewIds";

export { resultsInPanelKey, resultsPanelViewId };

/** Results that came from no document (the query log, a chat tool): kept under this key. */
const noOwner = "";

/** The view's surface for the page: it stays when the page clears; VS Code disposes it. */
function viewSurface(view: vscode.WebviewView): PageSurface {
    return {
        webview: view.webview,
        get visible() {
            return view.visible;
        },
        location: "panel",
        onDidChangeVisibility: view.onDidChangeVisibility,
        onDidDispose: view.onDidDispose,
        // The view's own title stays "Results"; the result's name goes beside it.
        setTitle: (title) => (view.description = title),
        close: () => undefined,
    };
}

/** The document or notebook a text document belongs to, as the key of its result. */
export function ownerOf(document: vscode.TextDocument): string {
    if (document.uri.scheme !== "vscode-notebook-cell") return document.uri.toString();
    const notebook = vscode.workspace.notebookDocuments.find((n) =>
        n.getCells().some((c) => c.document === document),
    );
    return (notebook?.uri ?? document.uri).toString();
}

export class ResultsPanelView implements vscode.WebviewViewProvider, vscode.Disposable {
    /** Each editor's result, by {@link ownerOf} its document (or {@link noOwner}). */
    private readonly entries = new Map<string, ShownResults>();
    /** Whose result the view shows. */
    private current: string | undefined;
    private page: ResultsPage | undefined;
    private view: vscode.WebviewView | undefined;
    private readonly subscriptions: vscode.Disposable[];

    /**
     * @param pageDeps what the page needs (the manager's, shared with its tabs)
     * @param moveOut moves the view's result to an editor tab (the page's Move button)
     */
    constructor(
        private readonly pageDeps: PanelDeps,
        private readonly moveOut: () => Promise<void>,
    ) {
        this.subscriptions = [
            vscode.window.onDidChangeActiveTextEditor((e) => {
                if (e) this.switchTo(ownerOf(e.document));
            }),
            vscode.window.onDidChangeActiveNotebookEditor((e) => {
                if (e) this.switchTo(e.notebook.uri.toString());
            }),
        ];
    }

    /** Called by VS Code when the view is first shown (never while it is hidden by its `when`). */
    resolveWebviewView(view: vscode.WebviewView): void {
        this.view = view;
        const page = new ResultsPage(viewSurface(view), this.pageDeps);
        this.page = page;
        page.onDidAskMove(() => void this.moveOut());
        page.onDidDispose(() => {
            if (this.page !== page) return;
            this.keepState();
            this.page = undefined;
            this.view = undefined;
        });
        const entry = this.current === undefined ? undefined : this.entries.get(this.current);
        if (entry) this.showEntry(entry);
    }

    /** Shows results in the view, as the result of their document, and reveals the view. */
    async show(results: ShownResults): Promise<void> {
        this.keepState();
        const key = results.owner ?? noOwner;
        // Most recent last: the view falls back to it when its result moves away.
        this.entries.delete(key);
        this.entries.set(key, results);
        this.current = key;
        if (this.page) this.showEntry(results);
        await this.reveal();
    }

    /**
     * Shows the view without taking the focus from the editor: its page loads then, while a query
     * runs, and the result that comes is shown at once.
     */
    async reveal(): Promise<void> {
        await vscode.commands.executeCommand("setContext", resultsInPanelKey, true);
        if (this.view) {
            this.view.show(true);
            return;
        }
        // Not resolved yet: only its focus command opens it; the editor gets the focus back.
        const editor = vscode.window.activeTextEditor;
        await vscode.commands.executeCommand(`${resultsPanelViewId}.focus`);
        if (editor)
            await vscode.window.showTextDocument(editor.document, {
                viewColumn: editor.viewColumn,
                selection: editor.selection,
                preserveFocus: false,
            });
    }

    /**
     * The result the view shows, taken out of it (to move it to a tab). The view then shows
     * nothing until another editor with a result here is activated: the active editor's result
     * is in the tab now, and another editor's would not belong to it.
     */
    take(): ShownResults | undefined {
        this.keepState();
        if (this.current === undefined) return undefined;
        const taken = this.entries.get(this.current);
        this.entries.delete(this.current);
        this.current = undefined;
        this.page?.clear();
        return taken;
    }

    /** What the view shows (for tests and the Move command's check). */
    get shown(): ShownResults | undefined {
        this.keepState();
        return this.current === undefined ? undefined : this.entries.get(this.current);
    }

    /** The view's page, once VS Code resolved the view (never while it is hidden). */
    get livePage(): ResultsPage | undefined {
        return this.page;
    }

    /** Whose result the view shows (a document's or notebook's URI string; "" for none's). */
    get owner(): string | undefined {
        return this.current;
    }

    /** Tells the page the settings it applies (one changed). */
    postSettings(): void {
        this.page?.postSettings();
    }

    /** The active editor changed: show its result, if it has one here. */
    private switchTo(owner: string): void {
        if (owner === this.current) return;
        const entry = this.entries.get(owner);
        if (!entry) return;
        this.keepState();
        this.current = owner;
        if (this.page) this.showEntry(entry);
    }

    private showEntry(entry: ShownResults): void {
        if (!this.page) return;
        this.page.owner = entry.owner;
        this.page.show(entry.sets, entry.storeKey, entry.state);
    }

    /** Copies the page's latest view state into the entry it shows, before it shows another. */
    private keepState(): void {
        const now = this.page?.shown;
        const entry = this.current === undefined ? undefined : this.entries.get(this.current);
        if (now && entry && now.storeKey === entry.storeKey) entry.state = now.state;
    }

    dispose(): void {
        for (const s of this.subscriptions.splice(0)) s.dispose();
        this.page?.dispose();
        this.page = undefined;
    }
}
