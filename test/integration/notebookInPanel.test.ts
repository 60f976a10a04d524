// A notebook's full result in the bottom panel (`results.location` = `panel`). A cell's output
// renders inline in the notebook; "Open Full Result in Results Panel" runs its statement again
// against the sandbox and shows the whole result: with the setting on `panel`, in the panel's
// view, as the notebook's result. Switching between the notebook and a .hogql editor switches the
// view between their results, and runs nothing again.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { ownerOf } from "../../src/resultsPanel/panelView";
import type { Sandbox } from "../sandbox";
import { restoreResults, signedIn } from "./fixture";
import { waitFor } from "./helpers";

const settings = () => vscode.workspace.getConfiguration("posthog-workbench");

describe("a notebook's full result in the bottom panel", function () {
    this.timeout(90_000);
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let file: vscode.Uri;

    /** The view's page, once it shows `owner`'s result (its state posted back for it). */
    async function panelShows(what: string, owner: string): Promise<string> {
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

    /** The user's queries sent to the sandbox (completion's own reads carry the extension's name). */
    const queries = () =>
        sandbox.requests.filter(
            (r) =>
                r.method === "POST" &&
                /\/query\/$/.test(r.path) &&
                !r.body.includes('"name":"PostHog Workbench:'),
        ).length;

    before(async () => {
        ({ api, sandbox } = await signedIn());
        restoreResults(api);
        api.ctx.results = api.ctx.panels;
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
        await settings().update("results.location", "panel", vscode.ConfigurationTarget.Global);
    });

    after(async () => {
        await settings().update("results.location", undefined, vscode.ConfigurationTarget.Global);
        for (const document of vscode.workspace.textDocuments.filter((d) => d.isUntitled)) {
            await vscode.window.showTextDocument(document);
            await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
        }
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
        await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
    });

    it("shows a cell's full result in the panel as the notebook's, and switches with the editors", async () => {
        await vscode.commands.executeCommand("vscode.openWith", file, "posthog-workbench.hogqlnb");
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
        const notebookKey = await panelShows("the notebook's result", file.toString());
        assert.match(view.shown?.sets[0].queryText ?? "", /from_notebook/);
        // Keyed by the notebook, as its cells' documents are (ownerOf).
        assert.equal(ownerOf(notebook.cellAt(0).document), file.toString());
        // In the panel, not in an editor tab.
        const webviewTabs = vscode.window.tabGroups.all
            .flatMap((g) => g.tabs)
            .filter((t) => t.input instanceof vscode.TabInputWebview);
        assert.deepEqual(webviewTabs, []);

        // A .hogql editor's run: the view shows its result.
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: "SELECT 7 AS from_editor",
        });
        const editor = await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        const editorKey = await panelShows("the editor's result", document.uri.toString());
        assert.match(view.shown?.sets[0].queryText ?? "", /from_editor/);
        assert.notEqual(editorKey, notebookKey);

        // Back to the notebook, then to the editor: each one's result again, nothing run again.
        const ran = queries();
        await vscode.commands.executeCommand("vscode.openWith", file, "posthog-workbench.hogqlnb");
        assert.equal(await panelShows("the notebook's result again", file.toString()), notebookKey);
        assert.match(view.shown?.sets[0].queryText ?? "", /from_notebook/);
        await vscode.window.showTextDocument(document, editor.viewColumn);
        assert.equal(
            await panelShows("the editor's result again", document.uri.toString()),
            editorKey,
        );
        assert.equal(queries(), ran, "switching ran no query");
    });
});
