// The PostHog tools for the editor's language models, called through vscode.lm.invokeTool in a
// real editor against the sandbox; the run tool's confirmation; and Draft with the editor's
// model, end to end: PostHog refuses the scoped key, the model drafts, PostHog's parser checks
// the draft (one retry), and the draft lands as one undoable edit.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { PostHogClient } from "../../src/api";
import type { ExtensionApi } from "../../src/extension";
import type { DraftModel } from "../../src/lm/draftWithModel";
import {
    eventDefinitionText,
    eventNamesText,
    experimentResultsText,
    experimentsText,
    propertyNamesText,
    schemaText,
} from "../../src/lm/toolText";
import type { ResultSet } from "../../src/resultsPanel";
import type { Sandbox } from "../sandbox";
import { recordResults, responseOf, restoreResults, signedIn } from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

const P = "posthog-workbench";
const TOOLS = [
    "posthog_run_query",
    "posthog_schema",
    "posthog_event_names",
    "posthog_event_properties",
    "posthog_experiments",
    "posthog_experiment_results",
    "posthog_event_definition",
];

function textOf(result: vscode.LanguageModelToolResult): string {
    return result.content
        .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ""))
        .join("");
}

function invoke(name: string, input: object): Promise<string> {
    return Promise.resolve(
        vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }),
    ).then(textOf);
}

/** A model that answers from a script and records the prompts it was given. */
function scriptedModel(...answers: string[]): DraftModel & { prompts: string[] } {
    const prompts: string[] = [];
    return {
        prompts,
        async complete(prompt: string) {
            prompts.push(prompt);
            const next = answers.shift();
            if (next === undefined)
                throw new Error(`no scripted answer for prompt ${prompts.length}`);
            return next;
        },
    };
}

describe("language model tools and drafting with the editor's model", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let shown: ResultSet[][];
    let direct: PostHogClient;

    before(async () => {
        ({ api, sandbox } = await signedIn());
        direct = new PostHogClient({
            host: sandbox.url,
            apiKey: sandbox.keys.full,
            projectId: sandbox.projectId,
        });
    });

    beforeEach(() => {
        ui = new ScriptedUi();
        api.ctx.ui = ui;
        shown = recordResults(api);
    });

    afterEach(async () => {
        assert.equal(ui.pending, 0, `unanswered script: ${ui.asked.join(" | ")}`);
        api.ctx.lm!.model = undefined;
        await vscode.workspace
            .getConfiguration(P)
            .update("ai.draftWith", undefined, vscode.ConfigurationTarget.Global);
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    });

    after(async () => {
        restoreResults(api);
        await direct.close();
    });

    it("offers its seven tools to the editor's models, with their input schemas", async () => {
        const tools = await waitFor("the PostHog tools in vscode.lm.tools", () => {
            const found = vscode.lm.tools.filter((t) => TOOLS.includes(t.name));
            return found.length === TOOLS.length && found;
        });
        const run = tools.find((t) => t.name === "posthog_run_query");
        assert.deepEqual((run?.inputSchema as { required?: string[] }).required, ["query"]);
    });

    it("each read tool answers through vscode.lm.invokeTool what the sandbox holds", async () => {
        const started = sandbox.state.experiments.find(
            (e) => e.start_date && !e.deleted && Array.isArray(e.metrics) && e.metrics.length > 0,
        );
        assert.ok(started, "the seed has a started experiment with metrics");
        const cases: [string, object, string][] = [
            ["posthog_schema", {}, await schemaText(direct)],
            ["posthog_schema", { table: "events" }, await schemaText(direct, "events")],
            ["posthog_event_names", {}, await eventNamesText(direct)],
            [
                "posthog_event_properties",
                { event: "$pageview" },
                await propertyNamesText(direct, "$pageview"),
            ],
            ["posthog_experiments", {}, await experimentsText(direct)],
            [
                "posthog_experiment_results",
                { id: started.id },
                await experimentResultsText(direct, started.id),
            ],
            [
                "posthog_event_definition",
                { name: "$pageview" },
                await eventDefinitionText(direct, "$pageview"),
            ],
        ];
        for (const [name, input, expected] of cases)
            assert.equal(await invoke(name, input), expected, `${name} ${JSON.stringify(input)}`);
        // And the answers carry the seed's facts, not just the same text twice.
        assert.match(cases[1][2], /^Table events: \d+ columns\./);
        assert.match(cases[3][2], /\| \$current_url \| \d+ \|/);
        assert.match(cases[4][2], /Checkout button color/);
        assert.match(cases[5][2], /\| control \| \d+ \| [\d.]+ \| baseline \|/);
        assert.match(cases[6][2], /Automatically captured when a page is viewed\./);
    });

    it("the run tool asks for confirmation showing the query, and opens the full result on request", async () => {
        const tool = api.ctx.lm!.tools.get("posthog_run_query")!;
        const query = "SELECT event, count() AS n FROM events GROUP BY event ORDER BY n DESC";
        const prepared = await tool.prepareInvocation!(
            { input: { query } as never },
            new vscode.CancellationTokenSource().token,
        );
        assert.equal(prepared?.confirmationMessages?.title, "Run this HogQL query in PostHog?");
        const message = prepared?.confirmationMessages?.message;
        assert.ok(
            (typeof message === "string" ? message : message?.value)?.includes(
                `\`\`\`sql\n${query}\n\`\`\``,
            ),
        );
        const text = textOf(
            (await tool.invoke(
                {
                    input: { query, showInGrid: true } as never,
                    toolInvocationToken: undefined,
                },
                new vscode.CancellationTokenSource().token,
            ))!,
        );
        assert.match(text, /^\d+ rows, 2 columns\./);
        assert.match(text, /\| event \| n \|/);
        assert.match(text, /The full result is open in the PostHog results grid\.$/);
        assert.equal(shown.length, 1);
        assert.equal(shown[0][0].queryText, query);
        assert.deepEqual(responseOf(shown[0][0]).columns, ["event", "n"]);
    });

    async function draftDocument(content: string): Promise<vscode.TextDocument> {
        const document = await vscode.workspace.openTextDocument({ language: "hogql", content });
        await vscode.window.showTextDocument(document);
        await waitFor(
            "the draft document in front",
            () => vscode.window.activeTextEditor?.document === document,
        );
        return document;
    }

    it("Draft: PostHog refuses the scoped key, the editor's model drafts, one undo takes it out", async () => {
        const document = await draftDocument("");
        const model = scriptedModel(
            "```sql\nSELECT toStartOfWeek(timestamp) AS week, count() AS pageviews FROM events WHERE event = '$pageview' GROUP BY week ORDER BY week\n```",
        );
        api.ctx.lm!.model = model;
        const refusedBefore = sandbox.requests.filter((r) =>
            r.path.endsWith("/query/draft_sql/"),
        ).length;
        ui.answer("weekly pageviews");
        const sql = await vscode.commands.executeCommand<string>(`${P}.draftSql`);
        assert.equal(
            sql,
            "SELECT toStartOfWeek(timestamp) AS week, count() AS pageviews FROM events WHERE event = '$pageview' GROUP BY week ORDER BY week",
        );
        assert.equal(document.getText(), sql);
        assert.deepEqual(ui.messages, [], "no refusal shown: the editor's model drafted");
        assert.ok(
            sandbox.requests.filter((r) => r.path.endsWith("/query/draft_sql/")).length >
                refusedBefore,
            "PostHog was asked first",
        );
        assert.equal(model.prompts.length, 1);
        assert.match(model.prompts[0], /Recent event names, most frequent first: .*\$pageview/);
        assert.match(model.prompts[0], /Request: weekly pageviews$/);
        // The drafted query runs in PostHog.
        const run = await direct.runQuery({ kind: "HogQLQuery", query: sql });
        assert.deepEqual(run.response.columns, ["week", "pageviews"]);
        await vscode.commands.executeCommand("undo");
        assert.equal(document.getText(), "");
    });

    it("Draft: a draft PostHog's parser rejects goes back to the model once, and the fix is inserted", async () => {
        const document = await draftDocument("");
        await vscode.workspace
            .getConfiguration(P)
            .update("ai.draftWith", "editorModel", vscode.ConfigurationTarget.Global);
        const model = scriptedModel("SELECT count( FROM events", "SELECT count() AS n FROM events");
        api.ctx.lm!.model = model;
        const asked = sandbox.requests.filter((r) => r.path.endsWith("/query/draft_sql/")).length;
        ui.answer("count events");
        await vscode.commands.executeCommand(`${P}.draftSql`);
        assert.equal(model.prompts.length, 2, "one retry");
        assert.match(model.prompts[1], /Your previous answer was:\nSELECT count\( FROM events/);
        assert.match(model.prompts[1], /PostHog's HogQL parser rejected it/);
        assert.equal(document.getText(), "SELECT count() AS n FROM events");
        assert.equal(
            sandbox.requests.filter((r) => r.path.endsWith("/query/draft_sql/")).length,
            asked,
            "with ai.draftWith = editorModel PostHog's drafting is not asked",
        );
    });

    it("Draft: when the retry does not parse either, the error is shown and nothing changes", async () => {
        const document = await draftDocument("SELECT 1");
        await vscode.workspace
            .getConfiguration(P)
            .update("ai.draftWith", "editorModel", vscode.ConfigurationTarget.Global);
        api.ctx.lm!.model = scriptedModel("SELEC 1", "SELECT FROM WHERE");
        ui.answer("anything");
        await vscode.commands.executeCommand(`${P}.draftSql`);
        assert.equal(ui.messages.length, 1);
        assert.equal(ui.messages[0].level, "error");
        assert.match(
            ui.messages[0].text,
            /^The drafted query does not parse \(.+\) even after one retry; rephrase the request and try again\.$/,
        );
        assert.equal(document.getText(), "SELECT 1");
    });
});
