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

/**
 * Why a tool does nothing while `posthog-workbench.ai.tools` is off. VS Code keeps
 * a tool that its `when` clause hides callable through vscode.lm.invokeTool, so each checks.
 */
export function toolsOffMessage(): string {
    return vscode.l10n.t(
        "PostHog's tools for language models are turned off; turn on the posthog-workbench.ai.tools setting to use them.",
    );
}

/** Runs `work` with an AbortSignal tied to the tool's cancellation token, and wraps its text. */
async function answer(
    ctx: Ctx,
    token: vscode.CancellationToken,
    work: (signal: AbortSignal) => Promise<string>,
): Promise<vscode.LanguageModelToolResult> {
    if (!ctx.config.aiTools) throw new Error(toolsOffMessage());
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
        invoke: (options, token) => answer(ctx, token, (signal) => run(ctx, options.input, signal)),
    };
}

const client = (ctx: Ctx) => ctx.auth.session.client();

/** What VS Code shows before the run tool runs; nothing while the tools are off (they refuse). */
function runConfirmation(
    ctx: Ctx,
    query: string,
): vscode.LanguageModelToolConfirmationMessages | undefined {
    if (!ctx.config.aiTools) return undefined;
    return {
        title: "Run this HogQL query in PostHog?",
        // The sentence first: VS Code's modal (outside a chat) shows this Markdown as plain
        // text, where a code block ends without a line break.
        message: new vscode.MarkdownString(
            `The model sees at most 50 rows of the result.\n\n${fence(query)}`,
        ),
    };
}

/** The run tool: PostHog queries are read-only, but the user still sees and confirms the query. */
export function runQueryTool(ctx: Ctx): vscode.LanguageModelTool<RunQueryInput> {
    return {
        prepareInvocation: (options) => ({
            invocationMessage: "Running a HogQL query in PostHog",
            confirmationMessages: runConfirmation(ctx, options.input.query),
        }),
        invoke: (options, token) =>
            answer(ctx, token, async (signal) => {
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
        ctx.push(vscode.lm.registerTool(name, tool));
    }
}
