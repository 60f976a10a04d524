import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import type { QueryResult } from "../../src/resultsPanel";
import type { Sandbox } from "../sandbox";
import { responseOf, restoreResults, signedIn, startScriptedTest } from "./fixture";
import { openHogql, waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

const TWO_STATEMENTS = [
    "-- events by name",
    "SELECT event, count() AS c FROM events GROUP BY event ORDER BY c DESC LIMIT 5;",
    "",
    "SELECT properties.$browser AS browser, count() AS c",
    "FROM events",
    "WHERE event = '$pageview'",
    "GROUP BY browser ORDER BY c DESC LIMIT 3;",
].join("\n");

describe("running queries", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let ui: ScriptedUi;
    let shown: QueryResult[][];

    // The user's queries only: completion data is fetched in the background, under names that
    // start with "PostHog Workbench:", whenever a .hogql document opens.
    const queryBodies = () =>
        sandbox.requests
            .filter((r) => r.method === "POST" && /\/query\/$/.test(r.path))
            .map(
                (r) =>
                    JSON.parse(r.body) as Record<string, unknown> & {
                        query: { kind: string; query: string };
                    },
            )
            .filter((body) => !String(body.name).startsWith("PostHog Workbench:"));

    before(async () => {
        ({ api, sandbox } = await signedIn());
    });

    beforeEach(() => ({ ui, shown } = startScriptedTest(api, sandbox)));

    after(async () => {
        restoreResults(api);
        await vscode.workspace
            .getConfiguration("posthog-workbench")
            .update("query.refreshMode", undefined, vscode.ConfigurationTarget.Global);
    });

    it("runs the statement under the cursor with a name and a fresh client_query_id", async () => {
        const editor = await openHogql(TWO_STATEMENTS);
        const offset = TWO_STATEMENTS.indexOf("$browser");
        editor.selection = new vscode.Selection(
            editor.document.positionAt(offset),
            editor.document.positionAt(offset),
        );
        const before = queryBodies().length;
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        assert.equal(shown.length, 1);
        const [outcome] = shown[0];
        assert.deepEqual(responseOf(outcome).columns, ["browser", "c"]);
        assert.ok((responseOf(outcome).results?.length ?? 0) > 0);
        const bodies = queryBodies().slice(before);
        assert.equal(bodies.length, 1);
        assert.equal(bodies[0].query.kind, "HogQLQuery");
        assert.match(bodies[0].query.query, /^SELECT properties\.\$browser/);
        assert.match(
            String(bodies[0].name),
            /^Untitled-\d+: SELECT properties|^untitled: SELECT properties/,
        );
        assert.ok(String(bodies[0].name).length <= 128);
        assert.equal(bodies[0].client_query_id, outcome.queryId);
    });

    it("runs the selection", async () => {
        const editor = await openHogql(TWO_STATEMENTS);
        const start = TWO_STATEMENTS.indexOf("SELECT event");
        const end = TWO_STATEMENTS.indexOf(";");
        editor.selection = new vscode.Selection(
            editor.document.positionAt(start),
            editor.document.positionAt(end),
        );
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        assert.equal(shown.length, 1);
        assert.deepEqual(responseOf(shown[0][0]).columns, ["event", "c"]);
    });

    it("runs every statement of the file, each to its own result", async () => {
        await openHogql(TWO_STATEMENTS);
        await vscode.commands.executeCommand("posthog-workbench.runFile");
        assert.equal(shown.length, 1);
        assert.equal(shown[0].length, 2);
        assert.deepEqual(
            shown[0].map((o) => responseOf(o).columns?.[0]),
            ["event", "browser"],
        );
        const ids = new Set(shown[0].map((o) => o.queryId));
        assert.equal(ids.size, 2, "each run has its own client_query_id");
    });

    it("Run Query and Run File give nothing back to their caller", async () => {
        // A key press, menu or the palette hands a command's value to the workbench as JSON:
        // outcomes with a result's bytes became a 2 s serialization on this thread and a long
        // parse on the workbench's (see CommandSpec.returnsValue).
        await openHogql("SELECT event FROM events LIMIT 3");
        const count = shown.length;
        const fromQuery: unknown = await vscode.commands.executeCommand(
            "posthog-workbench.runQuery",
        );
        const fromFile: unknown = await vscode.commands.executeCommand("posthog-workbench.runFile");
        assert.equal(shown.length, count + 2, "both ran and showed a result");
        assert.equal(fromQuery, undefined);
        assert.equal(fromFile, undefined);
    });

    it("async mode polls until the query completes", async () => {
        await vscode.workspace
            .getConfiguration("posthog-workbench")
            .update("query.refreshMode", "force_async", vscode.ConfigurationTarget.Global);
        await openHogql("SELECT count() AS total FROM events");
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        const [outcome] = shown[0];
        const polls = sandbox.requests.filter(
            (r) => r.method === "GET" && r.path.endsWith(`/query/${outcome.queryId}/`),
        );
        assert.ok(polls.length >= 3, `polled several times (${polls.length})`);
        assert.equal(typeof responseOf(outcome).results?.[0][0], "number");
        await vscode.workspace
            .getConfiguration("posthog-workbench")
            .update("query.refreshMode", undefined, vscode.ConfigurationTarget.Global);
    });

    it("cancel aborts the run and deletes the query on the server", async () => {
        sandbox.faults.add({ method: "POST", path: "/query/", kind: "slow", delayMs: 5000 });
        await openHogql("SELECT count() FROM events");
        const before = queryBodies().length;
        const running = vscode.commands.executeCommand("posthog-workbench.runQuery");
        await waitFor("the query to start", () => api.ctx.runner.isRunning);
        // Cancel once the service holds the query, so there is something to delete there.
        await waitFor("the query to reach the sandbox", () => queryBodies().length > before);
        await vscode.commands.executeCommand("posthog-workbench.cancelQuery");
        await running;
        const entry = api.ctx.history.entries()[0];
        assert.equal(entry.status, "cancelled");
        await waitFor("the DELETE to reach the sandbox", () =>
            sandbox.state.cancelledQueryIds.includes(entry.queryId),
        );
        assert.equal(shown.length, 0, "no result for a cancelled run");
        assert.deepEqual(
            ui.messages.filter((m) => m.level === "error"),
            [],
        );
    });

    it("prompts for {variables.x}, remembers the value and sends it as variables_override", async () => {
        await openHogql(
            "SELECT count() AS c FROM events WHERE properties.$browser = {variables.browser}",
        );
        ui.answer("Chrome");
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        const body = queryBodies().at(-1) as {
            variables_override?: Record<string, { value: unknown }>;
        };
        assert.equal(body.variables_override?.browser.value, "Chrome");
        assert.ok(shown[0][0], "the query ran");
        let offered: string | undefined;
        api.ctx.ui.input = async (options) => (offered = options.value);
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        assert.equal(offered, "Chrome", "the last value is offered again");
    });

    it("keeps a searchable history, newest first, without result data", async () => {
        const earlier = api.ctx.history.entries().length;
        await openHogql("SELECT 41 AS question");
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        await openHogql("SELECT 42 AS answer");
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        const entries = api.ctx.history.entries();
        assert.equal(entries.length, earlier + 2, "one entry per run");
        assert.deepEqual(
            entries.slice(0, 2).map((e) => e.text),
            ["SELECT 42 AS answer", "SELECT 41 AS question"],
        );
        assert.equal(entries[0].status, "ok");
        assert.equal(entries[0].rows, 1);
        assert.ok(!("results" in entries[0]));
        let offered: string[] = [];
        ui.answer((choices) => {
            offered = choices.map((c) => c.label);
            return choices[0].value;
        }, "$(play) Run again");
        await vscode.commands.executeCommand("posthog-workbench.showQueryHistory");
        assert.equal(offered[0], "SELECT 42 AS answer");
        assert.equal(api.ctx.history.entries()[0].text, "SELECT 42 AS answer");
        assert.equal(api.ctx.history.entries().length, entries.length + 1, "run again added a run");
    });

    it("shows the service's query log of a recent run", async () => {
        await openHogql("SELECT 7 AS seven");
        await vscode.commands.executeCommand("posthog-workbench.runQuery");
        const id = shown[0][0].queryId;
        ui.answer(
            (choices) =>
                choices.find((c) => (c.value as { queryId: string }).queryId === id)?.value,
        );
        await vscode.commands.executeCommand("posthog-workbench.showQueryLog");
        assert.equal(shown.length, 2);
        // Read with get_query_log's HogQL through the query endpoint: the log endpoint itself
        // refuses every scoped key, such as this suite's.
        const response = responseOf(shown[1][0]);
        const column = response.columns!.indexOf("query_id");
        assert.ok(response.results!.some((row) => row[column] === id));
        assert.ok(!sandbox.requests.some((r) => r.path.endsWith(`/query/${id}/log/`)));
    });

    it("offers Run code lenses above each statement", async () => {
        const editor = await openHogql(TWO_STATEMENTS);
        const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
            "vscode.executeCodeLensProvider",
            editor.document.uri,
        );
        const runs = lenses.filter((l) => l.command?.command === "posthog-workbench.runStatement");
        assert.equal(runs.length, 2);
        await vscode.commands.executeCommand(
            runs[1].command!.command,
            ...(runs[1].command!.arguments ?? []),
        );
        assert.deepEqual(responseOf(shown[0][0]).columns, ["browser", "c"]);
    });
});
