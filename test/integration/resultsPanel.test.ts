// The results panel asks and tells through the context's Ui like every other feature, so an
// export's questions and messages run here with scripted answers (the UI suite drives the real
// save dialog once). The page's "export" request is delivered as the webview would send it.
// Also: a panel restored after a reload with no kept result closes instead of faking one.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { resultFromText, resultsViewType } from "../../src/resultsPanel";
import { ResultsPanel, webviewOptions } from "../../src/resultsPanel/panel";
import type { Ui } from "../../src/userPrompts";
import { waitFor } from "../waitFor";
import { activateExtension } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

describe("results panel through the context's Ui", () => {
    let api: ExtensionApi;
    let ui: ScriptedUi;
    let original: Ui;
    let panel: ResultsPanel;
    let dir: string;

    /** A results panel beside the editor; `waiting` as a panel opened when its run starts. */
    const openPanel = (title: string, waiting?: string): ResultsPanel => {
        const extensionUri = api.ctx.extensionUri;
        return new ResultsPanel(
            vscode.window.createWebviewPanel(
                resultsViewType,
                title,
                { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
                webviewOptions(extensionUri),
            ),
            {
                extensionUri,
                log: api.ctx.log,
                prompts: api.ctx,
                neutraliseFormulas: () => api.ctx.config.neutraliseFormulas,
            },
            waiting,
        );
    };

    // One panel for the file: opening and closing a webview per test races the workbench.
    before(async () => {
        api = await activateExtension();
        original = api.ctx.ui;
        panel = openPanel("Results");
        // A number wider than a double: the export keeps every digit from the bytes.
        const text = '{"columns":["name","n"],"results":[["a,b",1],["c",12345678901234567890]]}';
        const set = await resultFromText(text, {
            title: "two rows",
            queryText: "SELECT name, n FROM t",
            durationMs: 1,
        });
        panel.show([set], null);
    });

    after(() => panel.dispose());

    beforeEach(() => {
        ui = new ScriptedUi();
        api.ctx.ui = ui;
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-"));
    });

    afterEach(() => {
        api.ctx.ui = original;
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it("asks where to save, writes every row with every digit, and says where it went", async () => {
        const target = path.join(dir, "out.csv");
        ui.answer(target);
        await panel.receive({ type: "export", resultId: "0", format: "csv" });
        assert.deepEqual(ui.asked, ["save: Export result as CSV (two_rows.csv)"]);
        assert.equal(
            fs.readFileSync(target, "utf8"),
            'name,n\r\n"a,b",1\r\nc,12345678901234567890\r\n',
        );
        assert.equal(ui.messages.length, 1);
        assert.equal(ui.messages[0].level, "info");
        assert.match(ui.messages[0].text, /^Exported to .*out\.csv\.$/);
    });

    it("writes the grid's visible columns in their order when the page names them", async () => {
        // The page hid or moved columns (issue 46): its request names the columns to write.
        const csv = path.join(dir, "layout.csv");
        ui.answer(csv);
        await panel.receive({ type: "export", resultId: "0", format: "csv", columns: [1, 0] });
        assert.equal(
            fs.readFileSync(csv, "utf8"),
            'n,name\r\n1,"a,b"\r\n12345678901234567890,c\r\n',
        );
        const json = path.join(dir, "layout.json");
        ui.answer(json);
        await panel.receive({ type: "export", resultId: "0", format: "json", columns: [1] });
        assert.equal(fs.readFileSync(json, "utf8"), '[\n{"n":1},\n{"n":12345678901234567890}\n]\n');
    });

    it("writes nothing and says nothing when the user cancels the save dialog", async () => {
        ui.answer(undefined);
        await panel.receive({ type: "export", resultId: "0", format: "json" });
        assert.deepEqual(ui.asked, ["save: Export result as JSON (two_rows.json)"]);
        assert.deepEqual(fs.readdirSync(dir), []);
        assert.deepEqual(ui.messages, []);
    });

    it("reports a failed write through the context's error report", async () => {
        ui.answer(path.join(dir, "no such folder", "out.ndjson"));
        await panel.receive({ type: "export", resultId: "0", format: "ndjson" });
        assert.equal(ui.messages.length, 1);
        assert.equal(ui.messages[0].level, "error");
        assert.match(ui.messages[0].text, /^Export failed: .*ENOENT/);
    });

    it("a panel opened as its run starts says so while it loads, until its result came", async () => {
        const running = openPanel(
            "Running: q.hogql",
            "Running q.hogql… Its result will show here.",
        );
        try {
            const html = () => running.panel.webview.html;
            assert.match(html(), /<p class="waiting" role="status">Running q\.hogql…/);
            const set = await resultFromText('{"columns":["n"],"results":[[1]]}', {
                title: "q.hogql",
                queryText: "SELECT 1 AS n",
                durationMs: 1,
            });
            running.show([set], null);
            // Hidden, its page is discarded; shown again it loads the HTML as it is then.
            const doc = await vscode.workspace.openTextDocument({ content: "hide the panel" });
            await vscode.window.showTextDocument(doc, {
                viewColumn: running.panel.viewColumn,
                preserveFocus: true,
            });
            await waitFor("the panel hidden", async () => !running.panel.visible || undefined);
            assert.doesNotMatch(html(), /class="waiting"/);
            assert.match(html(), /<div id="app"><\/div>/);
        } finally {
            running.dispose();
            await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
        }
    });

    it("closes a panel restored without a kept result, and says why", async () => {
        const restored = vscode.window.createWebviewPanel(
            resultsViewType,
            "Results: gone",
            { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
            webviewOptions(api.ctx.extensionUri),
        );
        let closed = false;
        restored.onDidDispose(() => (closed = true));
        await api.ctx.panels.deserializeWebviewPanel(restored, {
            storeKey: "never-stored",
            active: 0,
            views: {},
        });
        assert.ok(closed, "the panel closed");
        assert.equal(ui.messages.length, 1);
        assert.match(ui.messages[0].text, /not kept across the reload; run its query again/);
    });
    it("says nothing when the panel closes while the page's ready is answered", async () => {
        // Closing the editors while a result is posted (a sign-out's closeAllEditors, say) used to
        // show "The results view's request failed: Webview is disposed".
        const closing = openPanel("Closing");
        const set = await resultFromText('{"columns":["one"],"results":[[1]]}', {
            title: "one row",
            queryText: "SELECT 1 AS one",
            durationMs: 1,
        });
        closing.show([set], null);
        const answered = closing.receive({ type: "ready" });
        closing.dispose();
        await answered;
        assert.deepEqual(ui.messages, []);
    });
});
