// Documents of a virtual workspace (a file system of its own scheme, as `vscode-vfs` is) in a
// trusted workspace: a .hogql file and a saved query get their Run lenses and run, as files do.
// The Restricted Mode run refuses the same documents (restricted/runs.test.ts).
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import type { QueryResult } from "../../src/resultsPanel";
import type { Sandbox } from "../sandbox";
import {
    endScriptedTest,
    responseOf,
    restoreResults,
    signedIn,
    startScriptedTest,
} from "./fixture";
import { waitFor } from "./helpers";
import { memoryUri, registerMemoryFs } from "./memoryFs";
import type { ScriptedUi } from "./scriptedUi";

const P = "posthog-workbench";

describe("virtual documents in a trusted workspace", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let shown: QueryResult[][];
    let memoryFs: vscode.Disposable;

    async function lensOf(uri: vscode.Uri, command: string): Promise<vscode.Command> {
        const document = await vscode.workspace.openTextDocument(uri);
        await vscode.window.showTextDocument(document);
        return waitFor(`the ${command} lens`, async () => {
            const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
                "vscode.executeCodeLensProvider",
                uri,
            );
            return lenses.find((l) => l.command?.command === command)?.command;
        });
    }

    before(async () => {
        ({ api, sandbox } = await signedIn());
        memoryFs = registerMemoryFs({
            "/repo/virtual.hogql": "SELECT 'from a virtual document' AS origin",
            "/repo/virtual.query.json": JSON.stringify({
                kind: "HogQLQuery",
                query: "SELECT 'a virtual saved query' AS origin",
            }),
        });
    });

    beforeEach(() => ({ ui, shown } = startScriptedTest(api, sandbox)));

    afterEach(() => endScriptedTest(ui));

    after(() => {
        memoryFs?.dispose();
        restoreResults(api);
    });

    it("a .hogql document has its Run lens, which runs it", async () => {
        const run = await lensOf(memoryUri("/repo/virtual.hogql"), `${P}.runStatement`);
        await vscode.commands.executeCommand(run.command, ...(run.arguments ?? []));
        assert.deepEqual(ui.messages, []);
        assert.deepEqual(responseOf(shown[0][0]).results, [["from a virtual document"]]);
    });

    it("a saved query has its Run lens, which runs it", async () => {
        const run = await lensOf(memoryUri("/repo/virtual.query.json"), `${P}.runSavedQuery`);
        await vscode.commands.executeCommand(run.command, ...(run.arguments ?? []));
        assert.deepEqual(ui.messages, []);
        assert.deepEqual(responseOf(shown[0][0]).results, [["a virtual saved query"]]);
    });
});
