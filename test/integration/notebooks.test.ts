// HogQL notebooks in the editor: a .hogqlnb file opens as a notebook, its cells run through the
// query runner against the sandbox (a named cell used by a later one, a variable from a variables
// cell), a long cell is cancelled (and the sandbox records the server-side cancel), an error
// shows in the output and is underlined at its position, and, with notebook.saveOutputs on, after
// save, close and reopen the outputs and execution order come back from the file (by default
// only the cells are saved).
import * as assert from "node:assert/strict";
import * as os from "node:os";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { CONTROLLER_ID } from "../../src/notebook/controller";
import { RESULT_MIME } from "../../src/notebook/resultOutput";
import type { Sandbox } from "../sandbox";
import { recordResults, responseOf, restoreResults, signedIn } from "./fixture";
import { EXTENSION_ID, waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

const NAMED =
    "-- name: browsers\nSELECT properties.$browser AS browser, count() AS c\nFROM events\nGROUP BY browser";
const USES =
    "SELECT browser, c\nFROM {cells.browsers}\nWHERE c >= {variables.min_count}\nORDER BY c DESC";
const FAILING = "SELECT event,\n       nope\nFROM events";

function notebookFile(): string {
    const cell = (kind: string, source: string) => ({ kind, source: source.split("\n") });
    return JSON.stringify({
        cells: [
            cell("markdown", "# Browsers\nWhich browsers send events?"),
            cell("variables", "min_count = 1"),
            cell("hogql", NAMED),
            cell("hogql", USES),
            cell("hogql", "SELECT count() AS slow FROM events"),
            cell("hogql", FAILING),
        ],
        version: 1,
    });
}

/** Awaits `promise`, failing with `what` when it has not settled within `ms` (a hung command). */
async function within<T>(what: string, promise: Thenable<T>, ms = 30_000): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not finish in ${ms} ms`)), ms);
    });
    try {
        return await Promise.race([Promise.resolve(promise), timeout]);
    } finally {
        clearTimeout(timer);
    }
}

/** Picks our controller for the active notebook, as a user does from the kernel picker. */
async function selectOurKernel(what: string): Promise<void> {
    await within(
        what,
        vscode.commands.executeCommand("notebook.selectKernel", {
            id: CONTROLLER_ID,
            extension: EXTENSION_ID,
        }),
    );
}

/** Opens `uri` in a notebook editor (no extra reference to the document) and returns it. */
async function openInEditor(uri: vscode.Uri): Promise<vscode.NotebookDocument> {
    await within(
        "opening the notebook",
        vscode.commands.executeCommand("vscode.openWith", uri, "posthog-workbench.hogqlnb"),
    );
    return waitFor("the notebook editor", () => {
        const notebook = vscode.window.activeNotebookEditor?.notebook;
        return notebook?.uri.toString() === uri.toString() ? notebook : undefined;
    });
}

function resultOf(
    cell: vscode.NotebookCell,
): { columns: string[]; results: unknown[][] } | undefined {
    const item = cell.outputs.flatMap((o) => o.items).find((i) => i.mime === RESULT_MIME);
    return item ? JSON.parse(new TextDecoder().decode(item.data)) : undefined;
}

function textOf(cell: vscode.NotebookCell): string {
    return cell.outputs
        .flatMap((o) => o.items)
        .map((i) => new TextDecoder().decode(i.data))
        .join("\n");
}

describe("HogQL notebooks", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let uri: vscode.Uri;

    const queryBodies = () =>
        sandbox.requests
            .filter((r) => r.method === "POST" && /\/query\/$/.test(r.path))
            .map(
                (r) =>
                    JSON.parse(r.body) as {
                        client_query_id: string;
                        query: { query: string };
                        variables_override?: Record<string, { value: unknown }>;
                        name?: string;
                    },
            )
            .filter((b) => !String(b.name).startsWith("PostHog Workbench:"));

    async function run(notebook: vscode.NotebookDocument, index: number): Promise<void> {
        const before = notebook.cellAt(index).executionSummary?.executionOrder;
        await within(
            `running cell ${index}`,
            vscode.commands.executeCommand("notebook.cell.execute", {
                ranges: [{ start: index, end: index + 1 }],
                document: notebook.uri,
            }),
        );
        await waitFor(`cell ${index} to finish`, () => {
            const summary = notebook.cellAt(index).executionSummary;
            return (
                summary?.executionOrder !== undefined &&
                summary.executionOrder !== before &&
                summary.success !== undefined
            );
        });
    }

    const settings = () => vscode.workspace.getConfiguration("posthog-workbench");

    before(async () => {
        ({ api, sandbox } = await signedIn());
        // The tests keep outputs across save and reopen: saving them is turned on here, as a
        // user would (it is off by default; one test checks the default).
        await settings().update("notebook.saveOutputs", true, vscode.ConfigurationTarget.Global);
        const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
        assert.ok(folder, "the tests run in a workspace folder");
        uri = vscode.Uri.joinPath(folder, `browsers-${Date.now()}.hogqlnb`);
        await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(notebookFile()));
    });

    beforeEach(() => {
        ui = new ScriptedUi();
        api.ctx.ui = ui;
        sandbox.faults.clear();
    });

    after(async () => {
        sandbox.faults.clear();
        // Saved first: closing a changed notebook would ask whether to save.
        for (const doc of vscode.workspace.notebookDocuments)
            if (doc.isDirty && !doc.isUntitled) await doc.save();
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
        await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
        await settings().update(
            "notebook.saveOutputs",
            undefined,
            vscode.ConfigurationTarget.Global,
        );
    });

    it("runs cells, cancels one, shows an error at its position, and keeps outputs across save and reopen", async function () {
        this.timeout(120_000);
        // Opened in an editor only: `openNotebookDocument` would keep the document alive for
        // minutes after its editor closes, and the reopen below must read the file.
        let notebook = await openInEditor(uri);
        assert.equal(notebook.notebookType, "posthog-workbench.hogqlnb");
        assert.equal(notebook.cellAt(1).document.languageId, "properties");
        assert.equal(notebook.cellAt(2).document.languageId, "hogql");
        await vscode.window.showNotebookDocument(notebook);
        await selectOurKernel("selecting the kernel");

        // The named cell, then the cell that uses it with a variable from the variables cell.
        await run(notebook, 2);
        await run(notebook, 3);
        const named = resultOf(notebook.cellAt(2));
        const used = resultOf(notebook.cellAt(3));
        assert.deepEqual(named?.columns, ["browser", "c"]);
        assert.deepEqual(used?.columns, ["browser", "c"]);
        assert.ok((used?.results.length ?? 0) > 0, "rows came back");
        const sent = queryBodies().at(-1);
        assert.match(
            sent?.query.query ?? "",
            /FROM \(SELECT properties\.\$browser AS browser, count\(\) AS c\nFROM events\nGROUP BY browser\) AS browsers/,
        );
        assert.equal(sent?.variables_override?.min_count?.value, 1);
        assert.equal(notebook.cellAt(2).executionSummary?.success, true);
        const orderNamed = notebook.cellAt(2).executionSummary?.executionOrder ?? 0;
        const orderUsed = notebook.cellAt(3).executionSummary?.executionOrder ?? 0;
        assert.ok(orderUsed > orderNamed, `execution order ${orderNamed} then ${orderUsed}`);
        assert.ok(notebook.cellAt(3).executionSummary?.timing, "execution time is kept");

        // A long cell, cancelled while the sandbox holds it: the runner deletes it on the server.
        sandbox.faults.add({ method: "POST", path: "/query/", kind: "slow", delayMs: 10_000 });
        const before = queryBodies().length;
        const running = vscode.commands.executeCommand("notebook.cell.execute", {
            ranges: [{ start: 4, end: 5 }],
            document: notebook.uri,
        });
        await waitFor("the slow query to reach the sandbox", () => queryBodies().length > before);
        const slowId = queryBodies().at(-1)?.client_query_id ?? "";
        await within(
            "cancelling",
            vscode.commands.executeCommand("notebook.cell.cancelExecution", {
                ranges: [{ start: 4, end: 5 }],
                document: notebook.uri,
            }),
        );
        await within("the cancelled run", running);
        await waitFor("the cancel to reach the sandbox", () =>
            sandbox.state.cancelledQueryIds.includes(slowId),
        );
        await waitFor(
            "the cancelled cell to end",
            () => notebook.cellAt(4).executionSummary?.success === false,
        );
        assert.match(textOf(notebook.cellAt(4)), /cancelled/);
        sandbox.faults.clear();

        // A HogQL error: in the output with its line and column, and underlined in the cell.
        await run(notebook, 5);
        const failing = notebook.cellAt(5);
        assert.equal(failing.executionSummary?.success, false);
        assert.match(textOf(failing), /nope.*\(line 2, column 8\)/);
        const diagnostics = await waitFor("the error underlined in the cell", () => {
            const found = vscode.languages
                .getDiagnostics(failing.document.uri)
                .filter((d) => d.source === "HogQL");
            return found.length > 0 ? found : undefined;
        });
        assert.equal(failing.document.getText(diagnostics[0].range), "nope");
        assert.equal(diagnostics[0].range.start.line, 1);

        // Save, close, reopen: outputs and execution order come back from the file.
        const orders = notebook.getCells().map((c) => c.executionSummary?.executionOrder);
        const closedNotebook = notebook;
        await within("saving", notebook.save());
        const saved = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
        assert.match(saved, /"results": \[/);
        assert.match(saved, /"order": \d+/);
        const closed = new Promise<void>((resolve) => {
            const listener = vscode.workspace.onDidCloseNotebookDocument((doc) => {
                if (doc.uri.toString() !== uri.toString()) return;
                listener.dispose();
                resolve();
            });
        });
        await within("closing", vscode.commands.executeCommand("workbench.action.closeAllEditors"));
        // The document is gone from memory, so reopening reads the saved file itself.
        await within("the notebook document to close", closed);
        assert.ok(
            !vscode.workspace.notebookDocuments.some((d) => d.uri.toString() === uri.toString()),
            "no notebook document for the file is left open",
        );
        notebook = await openInEditor(uri);
        assert.notEqual(notebook, closedNotebook, "a new document, read from the file");
        await selectOurKernel("selecting the kernel again");
        assert.deepEqual(
            notebook.getCells().map((c) => c.executionSummary?.executionOrder),
            orders,
        );
        assert.deepEqual(resultOf(notebook.cellAt(3)), used);
        assert.match(textOf(notebook.cellAt(5)), /nope.*\(line 2, column 8\)/);
        assert.equal(notebook.cellAt(3).executionSummary?.success, true);

        // Running again continues the order after the saved one.
        await run(notebook, 2);
        const next = notebook.cellAt(2).executionSummary?.executionOrder ?? 0;
        assert.ok(next > Math.max(...orders.map((o) => o ?? 0)), `order ${next} continues`);
    });

    it("saves no outputs or execution order by default (notebook.saveOutputs off)", async () => {
        const file = vscode.Uri.joinPath(uri, "..", `no-outputs-${Date.now()}.hogqlnb`);
        const source = JSON.stringify({
            cells: [{ kind: "hogql", source: ["SELECT 1 AS one"] }],
            version: 1,
        });
        await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(source));
        // The default: no user value.
        await settings().update(
            "notebook.saveOutputs",
            undefined,
            vscode.ConfigurationTarget.Global,
        );
        try {
            assert.equal(settings().get("notebook.saveOutputs"), false);
            const notebook = await vscode.workspace.openNotebookDocument(file);
            await vscode.window.showNotebookDocument(notebook);
            await selectOurKernel("selecting the kernel");
            await run(notebook, 0);
            assert.deepEqual(resultOf(notebook.cellAt(0))?.results, [[1]]);
            await within("saving", notebook.save());
            const saved = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
            assert.match(saved, /SELECT 1 AS one/);
            assert.doesNotMatch(saved, /"outputs"|"results"|"order"/);
        } finally {
            await settings().update(
                "notebook.saveOutputs",
                true,
                vscode.ConfigurationTarget.Global,
            );
            await vscode.commands.executeCommand("workbench.action.closeAllEditors");
            await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
        }
    });

    it("opens a file with a malformed output: every cell, the other outputs, one message", async () => {
        const file = vscode.Uri.joinPath(uri, "..", `malformed-${Date.now()}.hogqlnb`);
        const result = (columns: unknown, rows: unknown[][]) => ({
            columns,
            types: [],
            results: rows,
            rowCount: rows.length,
            cap: 500,
        });
        const source = JSON.stringify({
            cells: [
                { kind: "markdown", source: ["# Kept"] },
                {
                    kind: "hogql",
                    source: ["SELECT 1 AS one"],
                    outputs: [{ result: result(["one"], [[1]]) }],
                },
                {
                    kind: "hogql",
                    source: ["SELECT 2 AS two"],
                    // Not a list of names: the preview built from it would throw.
                    outputs: [{ result: result("two", [[2]]) }, { text: ["a note"] }],
                },
            ],
            version: 1,
        });
        await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(source));
        try {
            const notebook = await openInEditor(file);
            assert.deepEqual(
                notebook.getCells().map((c) => c.document.getText()),
                ["# Kept", "SELECT 1 AS one", "SELECT 2 AS two"],
            );
            assert.deepEqual(resultOf(notebook.cellAt(1))?.results, [[1]]);
            assert.equal(notebook.cellAt(2).outputs.length, 1, "the malformed output is left out");
            assert.equal(textOf(notebook.cellAt(2)), "a note");
            const warning = await waitFor("the message about the output left out", () =>
                ui.messages.find((m) => m.level === "warn"),
            );
            assert.match(warning.text, /cell 3 .*could not be read.*Run the cell again/);
            assert.equal(ui.messages.length, 1, ui.messages.map((m) => m.text).join("\n"));
        } finally {
            await vscode.commands.executeCommand("workbench.action.closeAllEditors");
            await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
        }
    });

    it("opens a capped output's whole result in the results panel", async function () {
        this.timeout(60_000);
        const file = vscode.Uri.joinPath(uri, "..", `capped-${Date.now()}.hogqlnb`);
        const source = JSON.stringify({
            cells: [
                { kind: "variables", source: ["n = 1000"] },
                {
                    kind: "hogql",
                    source: ["SELECT event, timestamp FROM events LIMIT {variables.n}"],
                },
            ],
            version: 1,
        });
        await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(source));
        await settings().update("notebook.outputRows", 3, vscode.ConfigurationTarget.Global);
        const shown = recordResults(api);
        try {
            const notebook = await openInEditor(file);
            await selectOurKernel("selecting the kernel");
            await run(notebook, 1);
            const output = resultOf(notebook.cellAt(1)) as
                { results: unknown[][]; rowCount: number } | undefined;
            assert.equal(output?.results.length, 3, "the output keeps 3 rows");
            assert.equal(output?.rowCount, 1000, "and says the query returned 1000");
            const before = queryBodies().length;
            const opened = await within(
                "Open Full Result in Results Panel",
                vscode.commands.executeCommand<boolean>(
                    "posthog-workbench.openCellResult",
                    notebook.cellAt(1),
                ),
            );
            assert.equal(opened, true);
            // The query ran again (with the notebook's variable) and the panel got every row.
            const sent = queryBodies().slice(before);
            assert.equal(sent.length, 1);
            assert.equal(sent[0].variables_override?.n?.value, 1000);
            assert.equal(shown.length, 1);
            assert.equal(shown[0][0].meta.rowCount, 1000);
            assert.equal(responseOf(shown[0][0]).results?.length, 1000);
        } finally {
            restoreResults(api);
            await settings().update(
                "notebook.outputRows",
                undefined,
                vscode.ConfigurationTarget.Global,
            );
            await vscode.commands.executeCommand("workbench.action.closeAllEditors");
            await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
        }
    });

    it("shows the query a cell sends with {cells.x} expanded", async () => {
        const notebook = await vscode.workspace.openNotebookDocument(uri);
        const editor = await vscode.window.showNotebookDocument(notebook);
        editor.selections = [new vscode.NotebookRange(3, 4)];
        const document = await vscode.commands.executeCommand<vscode.TextDocument>(
            "posthog-workbench.showExpandedQuery",
        );
        assert.match(document.getText(), /^SELECT browser, c\nFROM \(SELECT properties\.\$browser/);
        assert.match(document.getText(), /\{variables\.min_count\}/);
        await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    });

    it("Show Expanded Query stops a {cells.x} chain that doubles at each level, naming the cell", async () => {
        // c0 .. c30, each using the one before twice: 2^30 copies of c0 if nothing stopped it.
        const cells = Array.from({ length: 31 }, (_, level) => ({
            kind: "hogql",
            source:
                level === 0
                    ? ["-- name: c0", "SELECT 1 AS n"]
                    : [
                          `-- name: c${level}`,
                          `SELECT n FROM {cells.c${level - 1}} UNION ALL SELECT n FROM {cells.c${level - 1}}`,
                      ],
        }));
        cells.push({ kind: "hogql", source: ["SELECT count() FROM {cells.c30}"] });
        const file = vscode.Uri.joinPath(uri, "..", `doubling-${Date.now()}.hogqlnb`);
        await vscode.workspace.fs.writeFile(
            file,
            new TextEncoder().encode(JSON.stringify({ cells, version: 1 })),
        );
        try {
            const notebook = await openInEditor(file);
            const last = notebook.cellAt(notebook.cellCount - 1);
            const shown = await within(
                "Show Expanded Query",
                vscode.commands.executeCommand("posthog-workbench.showExpandedQuery", last),
            );
            assert.equal(shown, undefined, "no query is shown");
            assert.equal(ui.messages.length, 1);
            assert.match(
                ui.messages[0].text,
                /^Expanding \{cells\.c30\} makes a query longer than 1,000,000 characters/,
            );
        } finally {
            await vscode.commands.executeCommand("workbench.action.closeAllEditors");
            await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
        }
    });

    it("shows no file code lenses (Run, Copy as cURL, Open in PostHog) inside a cell", async () => {
        const notebook = await vscode.workspace.openNotebookDocument(uri);
        await vscode.window.showNotebookDocument(notebook);
        const cell = notebook.cellAt(2).document;
        assert.equal(cell.uri.scheme, "vscode-notebook-cell");
        // The same query in a .hogql file does get the lenses, so the check below can fail.
        const file = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: cell.getText(),
        });
        const fileLenses = await waitFor("the Run lens on a .hogql file", async () => {
            const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
                "vscode.executeCodeLensProvider",
                file.uri,
            );
            return lenses.length > 0 ? lenses : undefined;
        });
        assert.ok(fileLenses.length > 0);
        const cellLenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
            "vscode.executeCodeLensProvider",
            cell.uri,
        );
        assert.deepEqual(
            cellLenses.map((l) => l.command?.title),
            [],
        );
    });

    it("sets a notebook variable from the toolbar, kept in the notebook's metadata", async () => {
        const notebook = await vscode.workspace.openNotebookDocument(uri);
        await vscode.window.showNotebookDocument(notebook);
        ui.answer("days", "7");
        await vscode.commands.executeCommand("posthog-workbench.setNotebookVariable");
        assert.deepEqual((notebook.metadata as { variables?: unknown }).variables, { days: "7" });
        await notebook.save();
        const saved = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
        assert.match(saved, /"variables": \{\n {4}"days": "7"\n {2}\}/);
    });

    it("exports the notebook as Markdown with results as tables", async () => {
        const notebook = await vscode.workspace.openNotebookDocument(uri);
        await vscode.window.showNotebookDocument(notebook);
        const document = await vscode.commands.executeCommand<vscode.TextDocument>(
            "posthog-workbench.exportNotebookMarkdown",
        );
        const text = document.getText();
        assert.match(text, /^# browsers-\d+/);
        assert.match(text, /```hogql\n-- name: browsers/);
        assert.match(text, /\| browser \| c \|/);
        await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    });

    it("opens a .hogql file as a notebook, one cell per statement", async () => {
        // A file of its own, not an untitled document: under load the new untitled document came
        // up holding the text of the Markdown export the test before closed (as in
        // scopedKeys.test.ts), and the command turned that into the notebook.
        const content = "-- one\nSELECT 1;\n-- two\nSELECT 2;";
        const file = vscode.Uri.joinPath(
            vscode.Uri.file(os.tmpdir()),
            `posthog-open-as-notebook-${process.pid}.hogql`,
        );
        await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(content));
        const document = await vscode.workspace.openTextDocument(file);
        assert.equal(document.getText(), content);
        await vscode.window.showTextDocument(document);
        const notebook = await vscode.commands.executeCommand<vscode.NotebookDocument>(
            "posthog-workbench.openAsNotebook",
        );
        assert.equal(notebook.notebookType, "posthog-workbench.hogqlnb");
        assert.deepEqual(
            notebook.getCells().map((c) => c.document.getText()),
            ["-- one\nSELECT 1", "-- two\nSELECT 2"],
        );
        await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
        await vscode.workspace.fs.delete(file);
    });

    it("language features reach notebook cells (completion in a HogQL cell)", async () => {
        const notebook = await vscode.workspace.openNotebookDocument(uri);
        await vscode.window.showNotebookDocument(notebook);
        const cell = notebook.cellAt(2);
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
            "vscode.executeCompletionItemProvider",
            cell.document.uri,
            new vscode.Position(1, 7),
        );
        const labels = list.items.map((i) =>
            typeof i.label === "string" ? i.label : i.label.label,
        );
        assert.ok(labels.includes("count"), `completion offers count (${labels.length} items)`);
    });
});
