// Results in the bottom panel (`results.location` = `panel`): queries run against the sandbox,
// each .hogql editor keeps its own result in the panel's view, switching editors switches it, and
// a result moved panel → tab → panel keeps its sort, filter, selection, scroll and column layout. What the page
// restored is read from the view state it posts back (ResultsPage.pageState): values it read from
// its own grid (the scroll offsets from the DOM), not the ones handed to it.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { ownerOf } from "../../src/resultsPanel/panelView";
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

    it("with the setting on editor, the panel's view is never resolved (no page loads)", async () => {
        assert.equal(api.ctx.config.resultsLocation, "editor");
        assert.equal((await api.ctx.panels.manager()).panelView.livePage, undefined);
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
        const webviewTabs = vscode.window.tabGroups.all
            .flatMap((g) => g.tabs)
            .filter((t) => t.input instanceof vscode.TabInputWebview);
        assert.deepEqual(webviewTabs, []);

        // The user's queries: completion data is fetched under names starting "PostHog Workbench:".
        const queries = () =>
            sandbox.requests.filter(
                (r) =>
                    r.method === "POST" &&
                    /\/query\/$/.test(r.path) &&
                    !r.body.includes('"name":"PostHog Workbench:'),
            ).length;
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
});

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
