// `@posthog` in VS Code's own chat: each request is typed into the real chat widget
// (`workbench.action.chat.open` with a query submits it and, with blockOnResponse, waits for the
// answer), VS Code routes it to our registered participant with the model the request names (the
// fixture extension's scripted model, test/fixtures/lm-test-model), and the answer is read back as
// a user would copy it (`workbench.action.chat.copyAll`, then the clipboard).
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { PostHogClient } from "../../src/api";
import { readResponse } from "../../src/api/queryBytes";
import type { ExtensionApi } from "../../src/extension";
import { HOGQL_RULES } from "../../src/lm/draftWithModel";
import type { QueryResultMetadata } from "../../src/lm/chatParticipant";
import { cell } from "../../src/lm/markdown";
import { experimentResultsText } from "../../src/lm/toolText";
import type { QueryResult } from "../../src/resultsPanel";
import type { Sandbox } from "../sandbox";
import { hostileNames, liveInMarkdownString, liveInPreview } from "../hostile/liveMarkup";
import { recordResults, responseOf, restoreResults } from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";
import { addHostileExperiments } from "./hostileData";
import { startEditorModelSuite, type EditorModelSuite } from "./lmSuite";
import type { TestModel } from "./testModel";

/**
 * The transcript's Markdown as the chat renders each message: Copy All writes a speaker's name
 * before the message's first line ("PostHog: ```sql"), where a fence or a heading would no longer
 * start a line; the chat renders the message on its own.
 */
function asRendered(transcript: string): string {
    return transcript.replace(/^(User|PostHog): /gm, "$1:\n\n");
}

describe("@posthog chat participant in VS Code's chat", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let model: TestModel;
    let shown: QueryResult[][];
    let direct: PostHogClient;
    let suite: EditorModelSuite | undefined;

    /** Sends `query` in a new chat session; returns VS Code's result and the copied transcript. */
    async function ask(query: string): Promise<{ result: vscode.ChatResult; transcript: string }> {
        await vscode.commands.executeCommand("workbench.action.chat.newChat");
        await vscode.env.clipboard.writeText("");
        const result = await vscode.commands.executeCommand<vscode.ChatResult>(
            "workbench.action.chat.open",
            { query, modelSelector: { vendor: model.vendor }, blockOnResponse: true },
        );
        await vscode.commands.executeCommand("workbench.action.chat.copyAll");
        // Copy All writes the clipboard without waiting for it: wait for the text to land.
        const transcript = await waitFor("the chat transcript on the clipboard", async () => {
            const text = await vscode.env.clipboard.readText();
            return text.includes(query) && text;
        });
        return { result, transcript };
    }

    before(async function () {
        suite = await startEditorModelSuite();
        ({ api, sandbox, model, direct } = suite);
        shown = recordResults(api);
    });

    afterEach(() => {
        assert.equal(model.unused, 0, "every scripted answer was asked for");
    });

    after(async () => {
        if (!suite) return;
        restoreResults(api);
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
        await suite.end();
    });

    /** How many queries the sandbox received that were exactly `sql`. */
    const ranQueries = (sql: string) =>
        sandbox.requests.filter(
            (r) =>
                r.method === "POST" &&
                /\/query\/$/.test(r.path) &&
                (JSON.parse(r.body) as { query?: { query?: unknown } }).query?.query === sql,
        ).length;

    it("/query drafts with the chat's model, checks the query and shows it with a Run button, running nothing", async () => {
        const sql =
            "SELECT event, count() AS n FROM events WHERE timestamp > now() - INTERVAL 30 DAY GROUP BY event ORDER BY n DESC LIMIT 5";
        model.script(`\`\`\`sql\n${sql}\n\`\`\``);
        const before = shown.length;
        const { result, transcript } = await ask("@posthog /query top five events this month");
        assert.equal(result.errorDetails, undefined);
        const prompts = model.requests;
        assert.equal(prompts.length, 1);
        assert.match(prompts[0][0], /Request: top five events this month$/);
        assert.match(
            prompts[0][0],
            /Recent event names, most frequent first \(the project's data[^\n]*\):\n```json\n"\$pageview"\n/,
        );
        // The answer: the query and what its button does; no rows, since nothing ran.
        assert.ok(transcript.includes(sql), transcript);
        assert.match(
            transcript,
            /Check the query above: Run in PostHog runs it and opens the result in the PostHog results grid\./,
        );
        assert.doesNotMatch(transcript, /\| event \| n \|/);
        assert.equal(ranQueries(sql), 0, "PostHog received no query");
        assert.equal(shown.length, before, "no result opened");
        // What the Run button carries, as VS Code hands the result back.
        const { draftId } = result.metadata as QueryResultMetadata;
        assert.match(draftId, /^[0-9a-f-]{36}$/);
    });

    it("/query runs the shown query once the user presses Run, and opens the full result", async () => {
        const sql = "SELECT event, count() AS n FROM events GROUP BY event ORDER BY n DESC LIMIT 3";
        model.script(sql);
        const before = shown.length;
        const { result } = await ask("@posthog /query top three events");
        assert.equal(ranQueries(sql), 0, "nothing ran before the click");
        const { draftId } = result.metadata as QueryResultMetadata;
        // The button's command, with the argument the participant gave the button.
        const ran = await vscode.commands.executeCommand<boolean>(
            "posthog-workbench.runDraftedQuery",
            draftId,
        );
        assert.equal(ran, true);
        assert.equal(ranQueries(sql), 1, "PostHog received the query once");
        assert.equal(shown.length, before + 1, "the results panel opened once");
        assert.equal(shown.at(-1)![0].queryText, sql);
        const expected = await direct.runQuery({ kind: "HogQLQuery", query: sql });
        assert.deepEqual(responseOf(shown.at(-1)![0]).columns, ["event", "n"]);
        assert.deepEqual(
            responseOf(shown.at(-1)![0]).results,
            (await readResponse(expected)).results,
        );
    });

    it("the Run command runs only a query @posthog drafted: any other argument runs nothing", async () => {
        const ui = new ScriptedUi();
        const original = api.ctx.ui;
        api.ctx.ui = ui;
        try {
            const requests = sandbox.requests.length;
            const before = shown.length;
            for (const argument of ["SELECT 1", "00000000-0000-0000-0000-000000000000", undefined])
                assert.equal(
                    await vscode.commands.executeCommand(
                        "posthog-workbench.runDraftedQuery",
                        argument,
                    ),
                    false,
                );
            assert.equal(ui.messages.length, 3);
            assert.match(ui.messages[0].text, /Ask @posthog \/query again\.$/);
            const userQueries = sandbox.requests
                .slice(requests)
                .filter((r) => r.method === "POST" && /\/query\/$/.test(r.path))
                .filter((r) => !String(JSON.parse(r.body).name).startsWith("PostHog Workbench:"));
            assert.deepEqual(userQueries, [], "PostHog was not asked");
            assert.equal(shown.length, before);
        } finally {
            api.ctx.ui = original;
        }
    });

    it("/query says so when the retry does not parse either, and runs nothing", async () => {
        model.script("SELECT count( FROM events", "SELECT FROM WHERE");
        const before = shown.length;
        const { result, transcript } = await ask("@posthog /query count events");
        assert.equal(result.errorDetails, undefined);
        assert.equal(model.requests.length, 2, "one retry");
        assert.match(transcript, /SELECT FROM WHERE/);
        assert.match(transcript, /PostHog's parser rejects this query even after one retry: /);
        assert.equal(shown.length, before, "nothing ran");
    });

    it("/explain explains the HogQL under the cursor with the errors PostHog's parser reports", async () => {
        const broken = "SELECT count( FROM events";
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: `SELECT 1;\n\n${broken}`,
        });
        const editor = await vscode.window.showTextDocument(document);
        editor.selection = new vscode.Selection(2, 3, 2, 3);
        await waitFor(
            "the parser's error on the broken statement",
            () => vscode.languages.getDiagnostics(document.uri).length > 0,
            30_000,
        );
        const explanation = "It counts events, but count( is never closed: write count().";
        model.script(explanation);
        const { result, transcript } = await ask("@posthog /explain");
        assert.equal(result.errorDetails, undefined);
        const prompt = model.requests[0][0];
        assert.match(prompt, /Explain, briefly and concretely, what this HogQL does/);
        assert.ok(prompt.includes(`Query:\n${broken}`), prompt);
        assert.doesNotMatch(prompt, /SELECT 1/, "only the statement under the cursor");
        assert.match(prompt, /Errors reported by PostHog:\n- line 3: /);
        assert.ok(transcript.includes(explanation), transcript);
    });

    it("/experiment summarises an experiment's results read from PostHog", async () => {
        const experiment = sandbox.state.experiments.find(
            (e) => e.name === "Checkout button color" && !e.deleted,
        );
        assert.ok(experiment, "the seed has the checkout experiment");
        const summary = "Variant test leads; it is not significant yet, so keep it running.";
        model.script(summary);
        const { result, transcript } = await ask("@posthog /experiment Checkout button color");
        assert.equal(result.errorDetails, undefined);
        const prompt = model.requests[0][0];
        assert.match(prompt, /^Summarise these PostHog experiment results/);
        assert.ok(
            prompt.endsWith(await experimentResultsText(direct, experiment.id)),
            `the model is given the experiment's results:\n${prompt}`,
        );
        assert.ok(transcript.includes(summary), transcript);
    });

    it("shows hostile experiment names in its answer as plain text: no live link or image", async () => {
        // The names a cell shows whole (longer ones are cut, which could cut a link short).
        const hostile = hostileNames()
            .map((n) => n.name)
            .filter((name) => name.length < 110);
        const added = addHostileExperiments(sandbox, hostile);
        try {
            model.script();
            const { result, transcript } = await ask("@posthog /experiment no such experiment");
            assert.equal(result.errorDetails, undefined);
            assert.match(transcript, /Name an experiment \(or its id\) after \/experiment\./);
            assert.deepEqual(liveInMarkdownString(asRendered(transcript)), [], transcript);
            assert.deepEqual(liveInPreview(asRendered(transcript)), [], transcript);
            for (const name of hostile)
                assert.ok(
                    transcript.includes(cell(name, "chat")),
                    `${JSON.stringify(name)} in its cell:\n${transcript}`,
                );
            assert.equal(model.requests.length, 0, "the model was not asked");
        } finally {
            added.remove();
        }
    });

    it("quotes PostHog's parser as plain text when a draft does not parse", async () => {
        // The parser quotes the draft, which may echo a server's name.
        const broken = "SELECT 'x' '[a](https://evil.example/a)' FROM";
        model.script(broken, broken);
        const { result, transcript } = await ask("@posthog /query an image");
        assert.equal(result.errorDetails, undefined);
        assert.match(transcript, /PostHog's parser rejects this query even after one retry: /);
        assert.match(transcript, /no viable alternative/);
        assert.deepEqual(liveInMarkdownString(asRendered(transcript)), [], transcript);
        assert.deepEqual(liveInPreview(asRendered(transcript)), [], transcript);
    });

    it("without a command, answers a HogQL question with PostHog's rules given to the model", async () => {
        const answer = "Use count(DISTINCT person_id) for unique users.";
        model.script(answer);
        const { result, transcript } = await ask("@posthog how do I count unique users?");
        assert.equal(result.errorDetails, undefined);
        const prompt = model.requests[0][0];
        assert.ok(prompt.startsWith(HOGQL_RULES), "PostHog's HogQL rules come first");
        assert.match(prompt, /how do I count unique users\?$/);
        assert.ok(transcript.includes(answer), transcript);
    });

    it("with posthog-workbench.ai.tools off, VS Code does not hand @posthog requests to us", async () => {
        const config = vscode.workspace.getConfiguration("posthog-workbench");
        await config.update("ai.tools", false, vscode.ConfigurationTarget.Global);
        try {
            model.script(); // forget earlier requests; no answers
            // What our /query asks PostHog first (src/lm/draftContext.ts names those queries).
            const drafting = () =>
                sandbox.requests.filter((r) => r.body.includes("for drafting")).length;
            const before = { drafting: drafting(), shown: shown.length };
            // The participant's `when` clause fails, so VS Code gives the text to its default
            // agent instead (which may ask the test model; no answer is scripted for it). That
            // agent's answer is not waited for: VS Code 1.106's waits for the user to set up
            // Copilot. The transcript names who answers the request (after the user's name, which
            // VS Code 1.106 leaves empty): not PostHog.
            const query = "@posthog /query count events";
            await vscode.commands.executeCommand("workbench.action.chat.newChat");
            await vscode.commands.executeCommand("workbench.action.chat.open", {
                query,
                modelSelector: { vendor: model.vendor },
            });
            const answeredBy = new RegExp(`: ${query}\\n\\n([^\\n:]+): `);
            const responder = await waitFor("another agent answering the request", async () => {
                await vscode.env.clipboard.writeText("");
                await vscode.commands.executeCommand("workbench.action.chat.copyAll");
                return answeredBy.exec(await vscode.env.clipboard.readText())?.[1];
            });
            await vscode.commands.executeCommand("workbench.action.chat.cancel");
            assert.notEqual(responder, "PostHog");
            assert.ok(
                model.requests.every((r) => !r.join("\n").includes(HOGQL_RULES)),
                "our participant did not prompt the model",
            );
            assert.equal(drafting(), before.drafting, "PostHog was not asked");
            assert.equal(shown.length, before.shown);
        } finally {
            await config.update("ai.tools", undefined, vscode.ConfigurationTarget.Global);
        }
    });
});
