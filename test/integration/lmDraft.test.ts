// Draft HogQL with the editor's model, end to end in a real editor: the model is a real
// vscode.lm model (the fixture extension's scripted provider, test/fixtures/lm-test-model),
// chosen by the `ai.modelVendor` setting as a user's would be; PostHog refuses the scoped key,
// the model drafts, PostHog's parser checks the draft (one retry), and the draft lands as one
// undoable edit.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { PostHogClient } from "../../src/api";
import { readResponse } from "../../src/api/queryBytes";
import type { ExtensionApi } from "../../src/extension";
import { aiFeaturesOffMessage, NO_EDITOR_MODEL } from "../../src/lm/draftFlow";
import type { Sandbox } from "../sandbox";
import { waitFor } from "./helpers";
import { startEditorModelSuite, type EditorModelSuite } from "./lmSuite";
import { ScriptedUi } from "./scriptedUi";
import type { TestModel } from "./testModel";

const P = "posthog-workbench";

describe("Draft HogQL with the editor's language model", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let model: TestModel;
    let direct: PostHogClient;
    let suite: EditorModelSuite | undefined;

    const chat = () => vscode.workspace.getConfiguration("chat");

    const draftRequests = () =>
        sandbox.requests.filter((r) => r.path.endsWith("/query/draft_sql/")).length;

    async function setting(key: string, value: unknown): Promise<void> {
        await vscode.workspace
            .getConfiguration(P)
            .update(key, value, vscode.ConfigurationTarget.Global);
    }

    async function draftDocument(content: string): Promise<vscode.TextDocument> {
        const document = await vscode.workspace.openTextDocument({ language: "hogql", content });
        await vscode.window.showTextDocument(document);
        await waitFor(
            "the draft document in front",
            () => vscode.window.activeTextEditor?.document === document,
        );
        return document;
    }

    before(async function () {
        suite = await startEditorModelSuite();
        ({ api, sandbox, model, direct } = suite);
        await setting("ai.modelVendor", model.vendor);
    });

    beforeEach(() => {
        ui = new ScriptedUi();
        api.ctx.ui = ui;
    });

    afterEach(async () => {
        assert.equal(ui.pending, 0, `unanswered script: ${ui.asked.join(" | ")}`);
        assert.equal(model.unused, 0, "every scripted answer was asked for");
        await setting("ai.draftWith", undefined);
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    });

    after(async () => {
        if (!suite) return;
        await setting("ai.modelVendor", undefined);
        await suite.end();
    });

    it("offers the test model through vscode.lm, as VS Code offers a user's", async () => {
        const models = await vscode.lm.selectChatModels({ vendor: model.vendor });
        assert.deepEqual(
            models.map((m) => [m.vendor, m.id, m.name]),
            [["posthog-test", "scripted", "PostHog test model"]],
        );
    });

    it("PostHog refuses the scoped key, the editor's model drafts, one undo takes it out", async () => {
        const document = await draftDocument("");
        const drafted =
            "SELECT toStartOfWeek(timestamp) AS week, count() AS pageviews FROM events WHERE event = '$pageview' GROUP BY week ORDER BY week";
        model.script(`Here it is:\n\n\`\`\`sql\n${drafted};\n\`\`\``);
        const refusedBefore = draftRequests();
        ui.answer("weekly pageviews");
        const sql = await vscode.commands.executeCommand<string>(`${P}.draftSql`);
        assert.equal(sql, drafted, "the SQL out of the model's fence, without the semicolon");
        assert.equal(document.getText(), drafted);
        assert.deepEqual(ui.messages, [], "no refusal shown: the editor's model drafted");
        assert.equal(draftRequests(), refusedBefore, "PostHog, which refuses every key, not asked");
        const prompts = model.requests;
        assert.equal(prompts.length, 1, "a draft that parses is not sent back");
        assert.match(
            prompts[0][0],
            /Recent event names, most frequent first \(the project's data[^\n]*\):\n```json\n"\$pageview"\n/,
        );
        assert.match(prompts[0][0], /^\{"table":"events","columns":\[.*"timestamp".*\]\}$/m);
        assert.match(prompts[0][0], /Request: weekly pageviews$/);
        // The drafted query runs in PostHog.
        const run = await direct.runQuery({ kind: "HogQLQuery", query: sql });
        assert.deepEqual((await readResponse(run)).columns, ["week", "pageviews"]);
        // One edit: a single undo restores the empty document.
        await vscode.commands.executeCommand("undo");
        assert.equal(document.getText(), "");
    });

    it("a draft PostHog's parser rejects goes back to the model exactly once, and the fix is inserted", async () => {
        const document = await draftDocument("");
        await setting("ai.draftWith", "editorModel");
        model.script("SELECT count( FROM events", "SELECT count() AS n FROM events");
        const asked = draftRequests();
        ui.answer("count events");
        await vscode.commands.executeCommand(`${P}.draftSql`);
        const prompts = model.requests;
        assert.equal(prompts.length, 2, "one retry");
        assert.match(prompts[1][0], /Your previous answer was:\nSELECT count\( FROM events\n/);
        assert.match(prompts[1][0], /PostHog's HogQL parser rejected it at offset \d+/);
        assert.equal(document.getText(), "SELECT count() AS n FROM events");
        assert.deepEqual(ui.messages, []);
        assert.equal(
            draftRequests(),
            asked,
            "with ai.draftWith = editorModel PostHog is not asked",
        );
    });

    it("when the retry does not parse either, the error is shown and the document is unchanged", async () => {
        const document = await draftDocument("SELECT 1");
        await setting("ai.draftWith", "editorModel");
        model.script("SELEC 1", "SELECT FROM WHERE");
        ui.answer("anything");
        await vscode.commands.executeCommand(`${P}.draftSql`);
        assert.equal(model.requests.length, 2, "one retry, no third attempt");
        assert.equal(ui.messages.length, 1);
        assert.equal(ui.messages[0].level, "error");
        assert.match(
            ui.messages[0].text,
            /^The drafted query does not parse \(.+\) even after one retry; rephrase the request and try again\.$/,
        );
        assert.equal(document.getText(), "SELECT 1");
    });

    it("without a model from VS Code, Draft says so and changes nothing", async () => {
        model.unregister();
        try {
            assert.deepEqual(await vscode.lm.selectChatModels({ vendor: model.vendor }), []);
            const document = await draftDocument("SELECT 2");
            await setting("ai.draftWith", "editorModel");
            ui.answer("anything");
            await vscode.commands.executeCommand(`${P}.draftSql`);
            assert.deepEqual(ui.messages, [{ level: "info", text: NO_EDITOR_MODEL }]);
            assert.equal(document.getText(), "SELECT 2");
        } finally {
            model.register();
        }
    });

    it("with VS Code's AI features off, Draft sends nothing to the model and says why", async () => {
        await chat().update("disableAIFeatures", true, vscode.ConfigurationTarget.Global);
        try {
            const document = await draftDocument("SELECT 3");
            await setting("ai.draftWith", "editorModel");
            model.script();
            ui.answer("anything");
            await vscode.commands.executeCommand(`${P}.draftSql`);
            assert.deepEqual(model.requests, [], "the model was not asked");
            assert.deepEqual(ui.messages, [{ level: "info", text: aiFeaturesOffMessage() }]);
            assert.equal(document.getText(), "SELECT 3");
        } finally {
            await chat().update("disableAIFeatures", false, vscode.ConfigurationTarget.Global);
        }
    });
});
