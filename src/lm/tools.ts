// The PostHog tools the editor's language models may call (agent mode, chat): each small and
// read-only, each using the signed-in session, each answering compact Markdown. Contributed in
// package.json (`languageModelTools`, shown only when signed in and the setting allows them).
import * as vscode from "vscode";
import { withAbortSignal } from "../cancellation";
import type { Ctx } from "../ctx";
import { resultSetFromText } from "../resultsPanel";
import {
    eventDefinitionText,
    eventNamesText,
    experimentResultsText,
    experimentsText,
    propertyNamesText,
    runQueryText,
    schemaText,
} from "./toolText";

export const TOOL = {
    runQuery: "posthog_run_query",
    schema: "posthog_schema",
    eventNames: "posthog_event_names",
    eventProperties: "posthog_event_properties",
    experiments: "posthog_experiments",
    experimentResults: "posthog_experiment_results",
    eventDefinition: "posthog_event_definition",
} as const;

interface RunQueryInput {
    query: string;
    /** Also open the full result in the results grid. */
    showInGrid?: boolean;
}

/** Runs `work` with an AbortSignal tied to the tool's cancellation token, and wraps its text. */
async function answer(
    token: vscode.CancellationToken,
    work: (signal: AbortSignal) => Promise<string>,
): Promise<vscode.LanguageModelToolResult> {
    const text = await withAbortSignal(token, work);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

function simpleTool<T>(
    ctx: Ctx,
    describe: (input: T) => string,
    run: (ctx: Ctx, input: T, signal: AbortSignal) => Promise<string>,
): vscode.LanguageModelTool<T> {
    return {
        prepareInvocation: (options) => ({ invocationMessage: describe(options.input) }),
        invoke: (options, token) => answer(token, (signal) => run(ctx, options.input, signal)),
    };
}

const client = (ctx: Ctx) => ctx.auth.session.client();

/** The run tool: PostHog queries are read-only, but the user still sees and confirms the query. */
export function runQueryTool(ctx: Ctx): vscode.LanguageModelTool<RunQueryInput> {
    return {
        prepareInvocation: (options) => ({
            invocationMessage: "Running a HogQL query in PostHog",
            confirmationMessages: {
                title: "Run this HogQL query in PostHog?",
                message: new vscode.MarkdownString(
                    `${fence(options.input.query)}\n\nThe model sees at most 50 rows of the result.`,
                ),
            },
        }),
        invoke: (options, token) =>
            answer(token, async (signal) => {
                const started = performance.now();
                const { text, result } = await runQueryText(
                    await client(ctx),
                    options.input.query,
                    signal,
                );
                if (options.input.showInGrid)
                    await ctx.results.show([
                        await resultSetFromText(result.rawText, {
                            title: "Language model query",
                            queryText: options.input.query,
                            queryId: result.queryId,
                            durationMs: performance.now() - started,
                        }),
                    ]);
                return options.input.showInGrid
                    ? `${text}\n\nThe full result is open in the PostHog results grid.`
                    : text;
            }),
    };
}

/** A Markdown code fence longer than any backtick run in `sql`. */
export function fence(sql: string): string {
    const ticks = "`".repeat(Math.max(3, ...(sql.match(/`+/g) ?? []).map((r) => r.length + 1)));
    return `${ticks}sql\n${sql}\n${ticks}`;
}

export function registerTools(ctx: Ctx): void {
    const tools: [string, vscode.LanguageModelTool<never>][] = [
        [TOOL.runQuery, runQueryTool(ctx)],
        [
            TOOL.schema,
            simpleTool<{ table?: string }>(
                ctx,
                (i) =>
                    i.table ? `Reading the columns of ${i.table}` : "Reading the PostHog schema",
                async (c, i, signal) => schemaText(await client(c), i.table, signal),
            ),
        ],
        [
            TOOL.eventNames,
            simpleTool<object>(
                ctx,
                () => "Reading event names by volume",
                async (c, _i, signal) => eventNamesText(await client(c), signal),
            ),
        ],
        [
            TOOL.eventProperties,
            simpleTool<{ event: string }>(
                ctx,
                (i) => `Reading the properties of ${i.event}`,
                async (c, i, signal) => propertyNamesText(await client(c), i.event, signal),
            ),
        ],
        [
            TOOL.experiments,
            simpleTool<object>(
                ctx,
                () => "Listing experiments",
                async (c, _i, signal) => experimentsText(await client(c), signal),
            ),
        ],
        [
            TOOL.experimentResults,
            simpleTool<{ id: number }>(
                ctx,
                (i) => `Reading the results of experiment ${i.id}`,
                async (c, i, signal) => experimentResultsText(await client(c), i.id, signal),
            ),
        ],
        [
            TOOL.eventDefinition,
            simpleTool<{ name: string }>(
                ctx,
                (i) => `Looking up the event ${i.name}`,
                async (c, i, signal) => eventDefinitionText(await client(c), i.name, signal),
            ),
        ],
    ];
    for (const [name, tool] of tools) {
        ctx.lm?.tools.set(name, tool);
        ctx.push(vscode.lm.registerTool(name, tool));
    }
}
