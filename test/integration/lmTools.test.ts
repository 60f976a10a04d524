// The PostHog tools for the editor's language models, called through vscode.lm.invokeTool in a
// real editor against the sandbox (the run tool's confirmation dialog: test/ui/lmConfirm.test.ts).
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { PostHogClient } from "../../src/api";
import type { ExtensionApi } from "../../src/extension";
import { experimentStateText } from "../../src/lm/experimentStateText";
import { cell, name as nameText } from "../../src/lm/markdown";
import {
    DATA_NOTE,
    eventDefinitionText,
    eventNamesText,
    experimentResultsText,
    experimentsText,
    propertyNamesText,
    schemaText,
    toolResultText,
} from "../../src/lm/toolText";
import type { QueryResult } from "../../src/resultsPanel";
import type { Sandbox } from "../sandbox";
import { hostileNames, liveInMarkdownString, liveInPreview } from "../hostile/liveMarkup";
import { directClient, recordResults, responseOf, restoreResults, signedIn } from "./fixture";
import { waitFor } from "./helpers";
import { addHostileDefinitions, addHostileExperiments } from "./hostileData";

const TOOLS = [
    "posthog_run_query",
    "posthog_schema",
    "posthog_event_names",
    "posthog_event_properties",
    "posthog_experiments",
    "posthog_experiment_results",
    "posthog_experiment_state",
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

describe("language model tools through vscode.lm", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let shown: QueryResult[][];
    let direct: PostHogClient;

    before(async () => {
        ({ api, sandbox } = await signedIn());
        direct = directClient(sandbox);
        shown = recordResults(api);
    });

    after(async () => {
        restoreResults(api);
        await direct.close();
    });

    it("offers its eight tools to the editor's models, with their input schemas", async () => {
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
            [
                "posthog_experiment_state",
                { id: started.id },
                await experimentStateText(direct, started.id),
            ],
        ];
        for (const [name, input, expected] of cases)
            assert.equal(
                await invoke(name, input),
                toolResultText(expected),
                `${name} ${JSON.stringify(input)}`,
            );
        // And the answers carry the seed's facts, not just the same text twice.
        assert.match(cases[1][2], /^Table `events`: \d+ columns\./);
        assert.match(cases[3][2], /\| \$current_url \| \d+ \|/);
        assert.match(cases[4][2], /Checkout button color/);
        assert.match(cases[5][2], /\| control \| \d+ \| [\d.]+ \| baseline \|/);
        assert.match(cases[6][2], /Automatically captured when a page is viewed\./);
        // A started experiment is not launched again, with PostHog's reason.
        assert.match(cases[7][2], /^- launch: `Experiment has already been launched\.`/m);
    });

    it("the run tool runs the query through vscode.lm.invokeTool and opens the full result on request", async () => {
        // VS Code asks before the tool runs (prepareInvocation's confirmationMessages) with a
        // modal dialog, but in an extension test run its dialog service answers every
        // confirmation itself ("refused to show confirmation dialog in tests"), so the dialog is
        // proven where VS Code does show it: test/ui/lmConfirm.test.ts, in the workbench.
        const query = "SELECT event, count() AS n FROM events GROUP BY event ORDER BY n DESC";
        const ran = () =>
            sandbox.requests.filter(
                (r) => r.path.endsWith("/query/") && r.body.includes('ORDER BY n DESC"'),
            ).length;
        const before = ran();
        const text = await invoke("posthog_run_query", { query, showInGrid: true });
        assert.equal(ran(), before + 1, "the query ran once");
        assert.ok(text.startsWith(toolResultText("")), "the data note first");
        assert.match(text, /^\d+ rows, 2 columns\./m);
        assert.match(text, /\| event \| n \|/);
        assert.match(text, /The full result is open in the PostHog results grid\.$/);
        assert.equal(shown.length, 1);
        assert.equal(shown[0][0].queryText, query);
        assert.deepEqual(responseOf(shown[0][0]).columns, ["event", "n"]);
    });

    it("gives hostile experiment and event names to the model as inert data", async () => {
        // The names a cell shows whole (longer ones are cut, which could cut a link short).
        const hostile = hostileNames()
            .map((n) => n.name)
            .filter((name) => name.length < 110);
        const experiments = addHostileExperiments(sandbox, hostile);
        const removeDefinitions = addHostileDefinitions(sandbox, hostile);
        const inert = (text: string, what: string) => {
            assert.deepEqual(liveInMarkdownString(text), [], `${what}:\n${text}`);
            assert.deepEqual(liveInPreview(text), [], `${what}:\n${text}`);
            assert.ok(text.startsWith(`${DATA_NOTE}\n\n`), `${what}: the data note first`);
        };
        try {
            const list = await invoke("posthog_experiments", {});
            inert(list, "experiments");
            for (const name of hostile)
                assert.ok(list.includes(`| ${cell(name)} |`), `${JSON.stringify(name)} listed`);
            for (const [i, name] of hostile.entries()) {
                const results = await invoke("posthog_experiment_results", {
                    id: experiments.ids[i],
                });
                inert(results, `results of ${JSON.stringify(name)}`);
                assert.ok(results.includes(`: ${nameText(name)}\n`), "the name, a code span");
                const definition = await invoke("posthog_event_definition", { name });
                inert(definition, `definition ${JSON.stringify(name)}`);
                assert.ok(definition.includes(`# ${nameText(name)}\n`), "the name, a code span");
            }
        } finally {
            experiments.remove();
            removeDefinitions();
        }
    });

    it("with posthog-workbench.ai.tools off, a tool called anyway refuses and asks PostHog nothing", async () => {
        const config = vscode.workspace.getConfiguration("posthog-workbench");
        await config.update("ai.tools", false, vscode.ConfigurationTarget.Global);
        try {
            // The `when` clause hides them from chat's tool picker; vscode.lm.invokeTool still
            // reaches a registered tool, so each refuses by itself.
            const before = sandbox.requests.length;
            await assert.rejects(
                invoke("posthog_schema", {}),
                /posthog-workbench\.ai\.tools setting/,
            );
            await assert.rejects(
                invoke("posthog_run_query", { query: "SELECT 1" }),
                /posthog-workbench\.ai\.tools setting/,
            );
            // Only the tools' own kind of request counts: the views may refresh meanwhile.
            assert.equal(
                sandbox.requests.slice(before).filter((r) => r.path.includes("/query")).length,
                0,
                "PostHog was not asked",
            );
        } finally {
            await config.update("ai.tools", undefined, vscode.ConfigurationTarget.Global);
        }
    });
});
