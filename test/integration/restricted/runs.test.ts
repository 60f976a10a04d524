// Restricted Mode covers every document but an untitled one, whatever its scheme: a workspace
// file and a virtual document (a file system of its own scheme, as a virtual workspace's
// `vscode-vfs`) get no Run lens, and running them is refused with the Restricted Mode message and
// sends nothing; an untitled document, which the user typed, still runs.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../../src/extension";
import type { QueryResult } from "../../../src/resultsPanel";
import { restrictedRunMessage } from "../../../src/trust";
import type { Sandbox } from "../../sandbox";
import {
    endScriptedTest,
    responseOf,
    restoreResults,
    signedIn,
    startScriptedTest,
} from "../fixture";
import { waitFor } from "../helpers";
import { memoryUri, registerMemoryFs } from "../memoryFs";
import type { ScriptedUi } from "../scriptedUi";

const P = "posthog-workbench";
const VIRTUAL_SQL = "SELECT 'from a virtual document' AS origin";
const VIRTUAL_NODE = JSON.stringify({
    kind: "TrendsQuery",
    series: [{ event: "$pageview", custom_name: "virtual trend" }],
    interval: "day",
});

describe("Restricted Mode: what runs from which document", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let shown: QueryResult[][];
    let memoryFs: vscode.Disposable;

    /** Every query the sandbox received whose body holds `text`. */
    const queriesWith = (text: string) =>
        sandbox.requests.filter(
            (r) => r.method === "POST" && /\/query\/$/.test(r.path) && r.body.includes(text),
        );

    /** The lenses VS Code shows on `uri` once our providers have answered (they always do). */
    async function lensesOf(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
        const document = await vscode.workspace.openTextDocument(uri);
        await vscode.window.showTextDocument(document);
        return waitFor("the document's code lenses", async () => {
            const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
                "vscode.executeCodeLensProvider",
                uri,
            );
            return lenses.length > 0 && lenses;
        });
    }

    const commandsOf = (lenses: vscode.CodeLens[]) => lenses.map((l) => l.command?.command);

    before(async () => {
        assert.equal(vscode.workspace.isTrusted, false, "this run's workspace is untrusted");
        ({ api, sandbox } = await signedIn());
        memoryFs = registerMemoryFs({
            "/repo/virtual.hogql": VIRTUAL_SQL,
            "/repo/virtual.query.json": VIRTUAL_NODE,
        });
    });

    beforeEach(() => ({ ui, shown } = startScriptedTest(api, sandbox)));

    afterEach(() => endScriptedTest(ui));

    after(() => {
        memoryFs?.dispose();
        restoreResults(api);
    });

    it("a virtual .hogql document: no Run lens; Run Statement and Run Query are refused and send nothing", async () => {
        const uri = memoryUri("/repo/virtual.hogql");
        const lenses = await lensesOf(uri);
        assert.equal(uri.scheme, "posthog-test-vfs");
        assert.ok(
            commandsOf(lenses).includes(`${P}.copyQueryAsCurl`),
            `our provider answered for the virtual document: ${commandsOf(lenses).join(", ")}`,
        );
        assert.ok(!commandsOf(lenses).includes(`${P}.runStatement`), "no Run lens");
        assert.ok(!commandsOf(lenses).includes(`${P}.runFile`), "no Run File lens");

        await vscode.commands.executeCommand(`${P}.runStatement`, uri.toString(), 0);
        // Ctrl+Enter with the virtual document in front.
        assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
        await vscode.commands.executeCommand(`${P}.runQuery`);
        assert.deepEqual(ui.messages, [
            { level: "warn", text: restrictedRunMessage() },
            { level: "warn", text: restrictedRunMessage() },
        ]);
        assert.deepEqual(queriesWith("from a virtual document"), [], "nothing reached PostHog");
        assert.deepEqual(shown, []);
    });

    it("a virtual saved query: no Run lens; Run is refused and sends nothing", async () => {
        const uri = memoryUri("/repo/virtual.query.json");
        const lenses = await lensesOf(uri);
        assert.ok(commandsOf(lenses).includes(`${P}.copyQueryAsCurl`), "our provider answered");
        assert.ok(!commandsOf(lenses).includes(`${P}.runSavedQuery`), "no Run lens");
        await vscode.commands.executeCommand(`${P}.runSavedQuery`, uri.toString(), 0);
        assert.deepEqual(ui.messages, [{ level: "warn", text: restrictedRunMessage() }]);
        assert.deepEqual(queriesWith("virtual trend"), [], "nothing reached PostHog");
        assert.deepEqual(shown, []);
    });

    it("a workspace .hogql file: no Run lens, and Run Statement is refused", async () => {
        const uri = vscode.Uri.joinPath(
            vscode.workspace.workspaceFolders![0].uri,
            "queries",
            "pageviews.hogql",
        );
        const lenses = await lensesOf(uri);
        assert.ok(commandsOf(lenses).includes(`${P}.copyQueryAsCurl`), "our provider answered");
        assert.ok(!commandsOf(lenses).includes(`${P}.runStatement`), "no Run lens");
        const before = sandbox.requests.length;
        await vscode.commands.executeCommand(`${P}.runStatement`, uri.toString(), 0);
        assert.deepEqual(ui.messages, [{ level: "warn", text: restrictedRunMessage() }]);
        assert.deepEqual(
            sandbox.requests.slice(before).filter((r) => r.body.includes("pageviews")),
            [],
            "nothing reached PostHog",
        );
    });

    it("an untitled document, typed by the user, still has its Run lens and runs", async () => {
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: "SELECT 'typed by the user' AS origin",
        });
        const lenses = await lensesOf(document.uri);
        const run = lenses.find((l) => l.command?.command === `${P}.runStatement`);
        assert.ok(run?.command, `a Run lens: ${commandsOf(lenses).join(", ")}`);
        await vscode.commands.executeCommand(run.command.command, ...(run.command.arguments ?? []));
        assert.deepEqual(ui.messages, []);
        assert.equal(queriesWith("typed by the user").length, 1, "the query reached PostHog");
        assert.deepEqual(responseOf(shown[0][0]).results, [["typed by the user"]]);
    });

    it("live validation, turned on by the user, checks an untitled document and never a workspace file", async () => {
        const section = vscode.workspace.getConfiguration(P);
        await section.update("hogql.liveValidation", true, vscode.ConfigurationTarget.Global);
        /** The statements PostHog was asked to check (HogQLMetadata), in order. */
        const checked = () =>
            sandbox.requests
                .filter((r) => r.method === "POST" && /\/query\/$/.test(r.path))
                .map((r) => JSON.parse(r.body) as { query: { kind: string; query?: string } })
                .filter((b) => b.query.kind === "HogQLMetadata")
                .map((b) => b.query.query ?? "");
        const before = checked().length;
        try {
            const typeAtEnd = async (document: vscode.TextDocument) => {
                const editor = await vscode.window.showTextDocument(document);
                const end = document.positionAt(document.getText().length);
                await editor.edit((edit) => edit.insert(end, " "));
            };
            // The workspace file first: with the same pause before each check, its check would
            // reach PostHog before the untitled document's.
            const file = await vscode.workspace.openTextDocument(
                vscode.Uri.joinPath(
                    vscode.workspace.workspaceFolders![0].uri,
                    "queries",
                    "pageviews.hogql",
                ),
            );
            await typeAtEnd(file);
            const untitled = await vscode.workspace.openTextDocument({
                language: "hogql",
                content: "SELECT 'typed and checked' AS origin",
            });
            await typeAtEnd(untitled);
            await waitFor("the untitled document's check", () =>
                checked()
                    .slice(before)
                    .some((q) => q.includes("typed and checked")),
            );
            assert.deepEqual(
                checked()
                    .slice(before)
                    .filter((q) => !q.includes("typed and checked")),
                [],
                "the workspace file was not sent",
            );
            await vscode.commands.executeCommand("workbench.action.files.revert");
            await vscode.window.showTextDocument(file);
            await vscode.commands.executeCommand("workbench.action.files.revert");
        } finally {
            await section.update(
                "hogql.liveValidation",
                undefined,
                vscode.ConfigurationTarget.Global,
            );
        }
    });
});
