// Results in VS Code's bottom panel: one webview view (the same page as a tab's, page.ts) that
// shows the result of the active editor. Each `.hogql` editor and notebook keeps its own result
// here, in memory and keyed by its document's URI: switching editors switches the view to that
// result, with its sort, filter, selection and scroll, and runs nothing again. After a window
// reload the view shows the active editor's last result again, read from the result store
// (panelRecord.ts records whose result is stored under which key).
import * as vscode from "vscode";
import type { WebviewState } from "../shared/resultsProtocol";
import { ResultsPage, type PageSurface, type PanelDeps, type ShownResults } from "./page";
import { PanelRecord } from "./panelRecord";
import type { QueryResult } from "./resultSet";

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

/** Where the view finds its results again after a window reload. */
export interface PanelRestore {
    /** `context.workspaceState`: which stored result each editor's is. */
    memento: vscode.Memento;
    /** Reads the results stored under a key (store.ts), or undefined when they are gone. */
    load(storeKey: string): Promise<QueryResult[] | undefined>;
}

export class ResultsPanelView implements vscode.WebviewViewProvider, vscode.Disposable {
    /** Each editor's result, by {@link ownerOf} its document (or {@link noOwner}). */
    private readonly entries = new Map<string, ShownResults>();
    /** Whose result the view shows. */
    private current: string | undefined;
    private page: ResultsPage | undefined;
    private view: vscode.WebviewView | undefined;
    private readonly subscriptions: vscode.Disposable[];
    private readonly record: PanelRecord;
    /** Owners whose stored result was looked for already (found or not): once each. */
    private readonly restored = new Set<string>();
    /**
     * The view state VS Code kept for the view's page across the reload (its `setState`): it
     * belongs to the result stored under its `storeKey`.
     */
    private keptState: WebviewState | undefined;

    /**
     * @param pageDeps what the page needs (the manager's, shared with its tabs)
     * @param moveOut moves the view's result to an editor tab (the page's Move button)
     * @param restore where the results shown before a window reload are found again
     */
    constructor(
        private readonly pageDeps: PanelDeps,
        private readonly moveOut: () => Promise<void>,
        private readonly restore: PanelRestore,
    ) {
        this.record = new PanelRecord(restore.memento);
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
    resolveWebviewView(
        view: vscode.WebviewView,
        context?: vscode.WebviewViewResolveContext<unknown>,
    ): void {
        this.view = view;
        this.keptState = isWebviewState(context?.state) ? context.state : undefined;
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
        // A new window (a reload): the active editor's result, else the one shown last.
        else if (this.current === undefined) {
            const active = vscode.window.activeTextEditor;
            const owner = active ? ownerOf(active.document) : undefined;
            const recorded =
                owner !== undefined && this.record.keyOf(owner) ? owner : this.record.current;
            if (recorded !== undefined) void this.restoreOf(recorded);
        }
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
        if (results.storeKey) void this.record.shown(key, results.storeKey);
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
        void this.record.removed(this.current);
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

    /** The view VS Code resolved, while it is not disposed. */
    get webviewView(): vscode.WebviewView | undefined {
        return this.view;
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
        if (!entry) {
            // An editor whose result was here before a window reload.
            if (this.record.keyOf(owner)) void this.restoreOf(owner);
            return;
        }
        this.keepState();
        this.current = owner;
        void this.record.switched(owner);
        if (this.page) this.showEntry(entry);
    }

    /**
     * Shows `owner`'s result as stored before a window reload (once: a result run since, or
     * gone from the store, is left alone), with the view state VS Code kept if it is that
     * result's.
     */
    private async restoreOf(owner: string): Promise<void> {
        if (this.restored.has(owner)) return;
        this.restored.add(owner);
        const storeKey = this.record.keyOf(owner);
        const sets = storeKey ? await this.restore.load(storeKey) : undefined;
        // A run while the store was read shows its own result.
        if (!storeKey || !sets || sets.length === 0 || this.entries.has(owner)) return;
        const kept = this.keptState?.storeKey === storeKey ? this.keptState : undefined;
        const entry: ShownResults = { sets, storeKey, state: kept, owner: owner || undefined };
        // Older than anything shown in this window: first in the most-recent-last order.
        const newer = [...this.entries];
        this.entries.clear();
        this.entries.set(owner, entry);
        for (const [k, v] of newer) this.entries.set(k, v);
        // Shown if its editor is the active one, or if the view shows nothing yet and the active
        // editor has no result of its own to come.
        const active = vscode.window.activeTextEditor;
        const activeOwner = active ? ownerOf(active.document) : undefined;
        const idle =
            this.current === undefined &&
            (activeOwner === undefined || !this.record.keyOf(activeOwner));
        if (activeOwner !== owner && !idle) return;
        this.keepState();
        this.current = owner;
        void this.record.switched(owner);
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

/** Whether VS Code's kept state for the view is the page's (its `setState`). */
function isWebviewState(value: unknown): value is WebviewState {
    if (typeof value !== "object" || value === null) return false;
    const { storeKey, active, views } = value as Partial<WebviewState>;
    return (
        (storeKey === null || typeof storeKey === "string") &&
        typeof active === "number" &&
        typeof views === "object" &&
        views !== null
    );
}
