// Results in the bottom panel (`results.location` = `panel`): queries run against the sandbox,
// each .hogql editor keeps its own result in the panel's view, switching editors switches it, and
// a result moved panel → tab → panel keeps its sort, filter, selection, scroll and column layout. What the page
// restored is read from the view state it posts back (ResultsPage.pageState): values it read from
// its own grid (the scroll offsets from the DOM), not the ones handed to it. A notebook's full
// result goes to the panel as the notebook's, and switches with the editors like a .hogql one's.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { ownerOf, ResultsPanelView } from "../../src/resultsPanel/panelView";
import { ResultStore } from "../../src/resultsPanel/store";
import type { ResultsPage } from "../../src/resultsPanel/page";
import type { ResultsPanel } from "../../src/resultsPanel/panel";
import type { ViewState, WebviewState } from "../../src/shared/resultsProtocol";
import type { Sandbox } from "../sandbox";
import { restoreResults, signedIn } from "./fixture";
import { waitFor } from "./helpers";

const location = () => vscode.workspace.getConfiguration("posthog-workbench");

describe("results in the bottom panel", function () {
    this.timeout(60_000);
    let api: ExtensionApi;
    let sandbox: Sandbox;

    /** The user's queries sent to the sandbox (the extension's own reads carry its name). */
    const queries = () =>
        sandbox.requests.filter(
            (r) =>
                r.method === "POST" &&
                /\/query\/$/.test(r.path) &&
                !r.body.includes('"name":"PostHog Workbench:'),
        ).length;

    async function run(query: string): Promise<vscode.TextEditor> {
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: query,
        });
        const editor = await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        return editor;
    }

    /** The view's page, once it has loaded and painted the result shown for `editor`. */
    async function panelShows(editor: vscode.TextEditor): Promise<WebviewState> {
        const view = (await api.ctx.panels.manager()).panelView;
        const owner = ownerOf(editor.document);
        return waitFor(`the panel's page showing ${owner}'s result`, () => {
            const shown = view.shown;
            const posted = view.livePage?.pageState;
            const same = view.owner === owner && !!shown?.storeKey;
            return same && posted?.storeKey === shown?.storeKey && posted;
        });
    }

    before(async () => {
        ({ api, sandbox } = await signedIn());
        // The real panels, not a test's recorder.
        restoreResults(api);
        api.ctx.results = api.ctx.panels;
    });

    after(async () => {
        await location().update("results.location", undefined, vscode.ConfigurationTarget.Global);
        // The untitled queries are dirty: reverted, they close without asking to be saved.
        for (const document of vscode.workspace.textDocuments.filter((d) => d.isUntitled)) {
            await vscode.window.showTextDocument(document);
            await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
        }
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    });

    // First of every test that shows the panel (the notebook's below included): once resolved,
    // the view stays for the window's life. The page is checked with a message: without one, a
    // failure has node:assert diff the page's whole object graph, which kept the extension host
    // busy until the run timed out (when the notebook's test, then a file of its own, ran first).
    it("with the setting on editor, the panel's view is never resolved (no page loads)", async () => {
        assert.equal(api.ctx.config.resultsLocation, "editor");
        const page = (await api.ctx.panels.manager()).panelView.livePage;
        assert.ok(page === undefined, "no test before this one should have shown the panel");
    });

    it("keeps one result per editor and switches the panel with the active editor", async () => {
        await location().update("results.location", "panel", vscode.ConfigurationTarget.Global);
        const a = await run("SELECT 1 AS first_editor");
        const stateA = await panelShows(a);
        const view = (await api.ctx.panels.manager()).panelView;
        assert.match(view.shown?.sets[0].queryText ?? "", /first_editor/);
        const b = await run("SELECT 2 AS second_editor");
        const stateB = await panelShows(b);
        assert.match(view.shown?.sets[0].queryText ?? "", /second_editor/);
        assert.notEqual(stateA.storeKey, stateB.storeKey);
        // No tab opened for either: both went to the panel.
        assert.deepEqual(webviewTabLabels(), []);

        const ran = queries();
        // Back to the first editor: its result, loaded again into the page, not run again.
        await vscode.window.showTextDocument(a.document, a.viewColumn);
        const again = await panelShows(a);
        assert.equal(again.storeKey, stateA.storeKey);
        assert.match(view.shown?.sets[0].queryText ?? "", /first_editor/);
        await vscode.window.showTextDocument(b.document, b.viewColumn);
        assert.equal((await panelShows(b)).storeKey, stateB.storeKey);
        assert.equal(queries(), ran, "switching ran no query");
    });

    it("moves a result panel → tab → panel with its sort, filter, selection, scroll and columns", async () => {
        await location().update("results.location", "panel", vscode.ConfigurationTarget.Global);
        const editor = await run(
            "SELECT number AS n, concat('row', toString(number)) AS name FROM numbers(2000) LIMIT 2000",
        );
        const first = await panelShows(editor);
        const view = (await api.ctx.panels.manager()).panelView;
        const key = first.storeKey ?? "";
        const shown = view.shown;
        assert.ok(shown);
        // How a user could leave it: sorted by n descending, filtered, a block selected, scrolled.
        const left: ViewState = {
            sortColumn: 0,
            sortDir: "desc",
            filter: "row1",
            widths: first.views["0"]?.widths ?? [],
            scrollTop: 440,
            scrollLeft: 0,
            // The columns swapped, the first frozen (the column layout travels with the view).
            layout: { names: ["n", "name"], shown: [1, 0], frozen: 1 },
            selection: { anchorRow: 21, anchorCol: 0, focusRow: 23, focusCol: 1, mode: "cells" },
        };
        await view.show({ ...shown, state: { storeKey: key, active: 0, views: { "0": left } } });
        const kept = (page: ResultsPage | undefined) => {
            const v = page?.pageState?.views["0"];
            return page?.pageState?.storeKey === key && v && sameView(v, left) && v;
        };
        /** What `page` shows, once it shows the view as it was left (else says what it shows). */
        const keptIn = (what: string, page: () => ResultsPage | undefined) =>
            waitFor(`${what} showing the result as it was left`, () => kept(page())).catch(
                (e: Error) => {
                    throw new Error(`${e.message}: ${JSON.stringify(page()?.pageState)}`);
                },
            );
        const inPanel = await keptIn("the panel's page", () => view.livePage);

        await api.ctx.panels.moveToEditor();
        const tab = await waitFor("a results tab", () => tabOf(api));
        const inTab = await keptIn("the tab's page", () => tab);
        assert.deepEqual(inTab.widths, inPanel.widths);
        assert.equal(view.shown, undefined, "the panel gave its result away");

        await api.ctx.panels.moveToPanel(tab);
        await waitFor("the tab closed", () => !tabOf(api));
        const back = await keptIn("the panel's page", () => view.livePage);
        assert.deepEqual(back.widths, inPanel.widths);
        assert.equal(view.owner, ownerOf(editor.document));
    });

    it("after a window reload, shows the active editor's result again with the state VS Code kept, and another editor's when it is activated", async () => {
        // A real reload cannot run here: this test runs in the extension host a reload restarts.
        // So it builds what the reloaded extension builds: a new view over the same workspace
        // memento and result store, resolved on the same WebviewView (the first view's page
        // detached), with the state VS Code keeps for the view's page (its setState).
        await location().update("results.location", "panel", vscode.ConfigurationTarget.Global);
        const a = await run(
            "SELECT number AS n, toString(number) AS s FROM numbers(300) LIMIT 300",
        );
        const stateA = await panelShows(a);
        const b = await run("SELECT number AS m FROM numbers(40) LIMIT 40");
        const stateB = await panelShows(b);
        const old = (await api.ctx.panels.manager()).panelView;
        const shownB = old.shown;
        assert.ok(shownB);
        const store = new ResultStore(
            api.ctx.extension.storageUri ?? api.ctx.extension.globalStorageUri,
        );
        for (const state of [stateA, stateB])
            await waitFor(`the result ${state.storeKey} stored for a reload`, async () =>
                state.storeKey ? await store.load(state.storeKey) : undefined,
            );
        const left: ViewState = {
            sortColumn: 0,
            sortDir: "desc",
            filter: "3",
            widths: stateB.views["0"]?.widths ?? [],
            scrollTop: 0,
            scrollLeft: 0,
        };
        const kept: WebviewState = { storeKey: stateB.storeKey, active: 0, views: { "0": left } };
        const webviewView = old.webviewView;
        assert.ok(webviewView, "the view resolved");
        old.livePage?.dispose();
        const fresh = new ResultsPanelView(
            {
                extensionUri: api.ctx.extensionUri,
                log: api.ctx.log,
                prompts: api.ctx,
                neutraliseFormulas: () => true,
            },
            () => Promise.resolve(),
            { memento: api.ctx.extension.workspaceState, load: (key) => store.load(key) },
        );
        try {
            fresh.resolveWebviewView(webviewView, { state: kept });
            const restored = await waitFor(
                "the reloaded view's page showing b's result sorted and filtered as it was left",
                () => {
                    const posted = fresh.livePage?.pageState;
                    const v = posted?.views["0"];
                    return (
                        posted?.storeKey === stateB.storeKey &&
                        v?.sortColumn === 0 &&
                        v.sortDir === "desc" &&
                        v.filter === "3" &&
                        posted
                    );
                },
                30_000,
            );
            assert.equal(restored.storeKey, stateB.storeKey);
            assert.equal(fresh.owner, ownerOf(b.document));
            assert.deepEqual(
                Buffer.from(fresh.shown?.sets[0].bytes ?? []),
                Buffer.from(shownB.sets[0].bytes),
                "b's rows, as they came from the server",
            );
            assert.match(fresh.shown?.sets[0].queryText ?? "", /AS m FROM/);

            // The other editor's result comes back from the store when it is activated.
            await vscode.window.showTextDocument(a.document, a.viewColumn);
            await waitFor(
                "the reloaded view's page showing a's result",
                () =>
                    fresh.owner === ownerOf(a.document) &&
                    fresh.livePage?.pageState?.storeKey === stateA.storeKey,
                30_000,
            );
            assert.match(fresh.shown?.sets[0].queryText ?? "", /AS s FROM/);
        } finally {
            fresh.dispose();
            // The extension's own view takes the WebviewView back.
            old.resolveWebviewView(webviewView);
        }
    });

    // Inside this suite and after its tests: the first of them checks that nothing showed the panel
    // before it (a file of its own, this test sorted first and did).
    describe("a notebook's full result in the bottom panel", function () {
        this.timeout(90_000);
        let file: vscode.Uri;

        /** The view's page, once it shows `owner`'s result (its state posted back for it). */
        async function panelShowsOwner(what: string, owner: string): Promise<string> {
            const view = (await api.ctx.panels.manager()).panelView;
            return waitFor(
                `the panel's page showing ${what}`,
                () => {
                    const key = view.shown?.storeKey;
                    return (
                        view.owner === owner &&
                        !!key &&
                        view.livePage?.pageState?.storeKey === key &&
                        key
                    );
                },
                30_000,
            );
        }

        before(async () => {
            const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
            assert.ok(folder, "the tests run in a workspace folder");
            file = vscode.Uri.joinPath(folder, `in-panel-${Date.now()}.hogqlnb`);
            const source = JSON.stringify({
                cells: [
                    {
                        kind: "hogql",
                        source: ["SELECT number AS from_notebook FROM numbers(30) LIMIT 30"],
                    },
                ],
                version: 1,
            });
            await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(source));
            await location().update("results.location", "panel", vscode.ConfigurationTarget.Global);
        });

        after(async () => {
            // Closed before its file goes: an open notebook whose file is deleted is read again
            // by the workbench, and fails ("Unable to read file"). The untitled queries are left
            // to the suite's own after (closing them all here would ask to save them).
            const tabs = vscode.window.tabGroups.all
                .flatMap((g) => g.tabs)
                .filter(
                    (t) =>
                        t.input instanceof vscode.TabInputNotebook &&
                        t.input.uri.toString() === file.toString(),
                );
            await vscode.window.tabGroups.close(tabs);
            await waitFor(
                "the notebook closed",
                () =>
                    !vscode.workspace.notebookDocuments.some(
                        (n) => n.uri.toString() === file.toString(),
                    ),
            );
            await vscode.workspace.fs.delete(file);
        });

        it("shows a cell's full result in the panel as the notebook's, and switches with the editors", async () => {
            await vscode.commands.executeCommand(
                "vscode.openWith",
                file,
                "posthog-workbench.hogqlnb",
            );
            const notebook = await waitFor("the notebook editor", () => {
                const open = vscode.window.activeNotebookEditor?.notebook;
                return open?.uri.toString() === file.toString() ? open : undefined;
            });
            const opened = await vscode.commands.executeCommand<boolean>(
                "posthog-workbench.openCellResult",
                notebook.cellAt(0),
            );
            assert.equal(opened, true, "the full result was shown");
            const view = (await api.ctx.panels.manager()).panelView;
            const notebookKey = await panelShowsOwner("the notebook's result", file.toString());
            assert.match(view.shown?.sets[0].queryText ?? "", /from_notebook/);
            // Keyed by the notebook, as its cells' documents are (ownerOf).
            assert.equal(ownerOf(notebook.cellAt(0).document), file.toString());
            // In the panel, not in an editor tab.
            assert.deepEqual(webviewTabLabels(), []);

            // A .hogql editor's run: the view shows its result.
            const editor = await run("SELECT 7 AS from_editor");
            const document = editor.document;
            const editorKey = await panelShowsOwner("the editor's result", document.uri.toString());
            assert.match(view.shown?.sets[0].queryText ?? "", /from_editor/);
            assert.notEqual(editorKey, notebookKey);

            // Back to the notebook, then to the editor: each one's result again, nothing run again.
            const ran = queries();
            await vscode.commands.executeCommand(
                "vscode.openWith",
                file,
                "posthog-workbench.hogqlnb",
            );
            assert.equal(
                await panelShowsOwner("the notebook's result again", file.toString()),
                notebookKey,
            );
            assert.match(view.shown?.sets[0].queryText ?? "", /from_notebook/);
            await vscode.window.showTextDocument(document, editor.viewColumn);
            assert.equal(
                await panelShowsOwner("the editor's result again", document.uri.toString()),
                editorKey,
            );
            assert.equal(queries(), ran, "switching ran no query");
        });
    });
});

/** The labels of the webview tabs open (labels, not tabs: a failure prints them, not a graph). */
function webviewTabLabels(): string[] {
    return vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputWebview)
        .map((t) => t.label);
}

/** The results tab open now, if any. */
function tabOf(api: ExtensionApi): ResultsPanel | undefined {
    return api.ctx.panels.tabs.at(-1);
}

/** Whether the page shows `view`'s sort, filter, selection and scroll. */
function sameView(actual: ViewState, view: ViewState): boolean {
    return (
        actual.sortColumn === view.sortColumn &&
        actual.sortDir === view.sortDir &&
        actual.filter === view.filter &&
        actual.scrollTop === view.scrollTop &&
        actual.scrollLeft === view.scrollLeft &&
        JSON.stringify(actual.layout) === JSON.stringify(view.layout) &&
        JSON.stringify(actual.selection) === JSON.stringify(view.selection)
    );
}
