// The PostHog tools the editor's language models may call (agent mode, chat): each small and
// read-only, each using the signed-in session, each answering compact Markdown whose server
// strings are fenced or code spans, after a line saying they are data (./toolText.ts).
// Contributed in package.json (`languageModelTools`, shown only while ./offeredContext.ts's key
// says signed in and the setting allows them).
import * as vscode from "vscode";
import { withAbortSignal } from "../cancellation";
import type { ConfigDep, DisposablesDep, ResultsDep, SessionDep } from "../deps";
import { codeBlock, codeSpan } from "../shared/plainText";
import { TOOL } from "./toolNames";

/** What the tools answer with: loaded when a tool first runs, not at activation. */
const texts = () => import("./toolText");

/** What the language model tools use. */
export type ToolDeps = SessionDep & ResultsDep & DisposablesDep & ConfigDep<"aiTools">;

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

/**
 * Runs `work` with an AbortSignal tied to the tool's cancellation token, and wraps its text after
 * the line saying it is the project's data.
 */
async function answer(
    deps: ToolDeps,
    token: vscode.CancellationToken,
    work: (signal: AbortSignal) => Promise<string>,
): Promise<vscode.LanguageModelToolResult> {
    if (!deps.config.aiTools) throw new Error(toolsOffMessage());
    const text = await withAbortSignal(token, work);
    return new vscode.LanguageModelToolResult([
        new vscode.LanguageModelTextPart((await texts()).toolResultText(text)),
    ]);
}

/**
 * What the chat shows while a tool runs, as Markdown: the model's input (which may echo a server
 * name) only in code spans.
 */
function invocation(text: string, input: unknown): vscode.MarkdownString {
    return new vscode.MarkdownString(`${text} ${codeSpan(String(input))}`);
}

function simpleTool<T>(
    deps: ToolDeps,
    describe: (input: T) => string | vscode.MarkdownString,
    run: (deps: ToolDeps, input: T, signal: AbortSignal) => Promise<string>,
): vscode.LanguageModelTool<T> {
    return {
        prepareInvocation: (options) => ({ invocationMessage: describe(options.input) }),
        invoke: (options, token) =>
            answer(deps, token, (signal) => run(deps, options.input, signal)),
    };
}

const client = (deps: ToolDeps) => deps.auth.session.client();

/** What VS Code shows before the run tool runs; nothing while the tools are off (they refuse). */
function runConfirmation(
    deps: ToolDeps,
    query: string,
): vscode.LanguageModelToolConfirmationMessages | undefined {
    if (!deps.config.aiTools) return undefined;
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
export function runQueryTool(deps: ToolDeps): vscode.LanguageModelTool<RunQueryInput> {
    return {
        prepareInvocation: (options) => ({
            invocationMessage: "Running a HogQL query in PostHog",
            confirmationMessages: runConfirmation(deps, options.input.query),
        }),
        invoke: (options, token) =>
            answer(deps, token, async (signal) => {
                const started = performance.now();
                const { text, result } = await (
                    await texts()
                ).runQueryText(await client(deps), options.input.query, signal);
                if (options.input.showInGrid) {
                    const { resultOf } = await import("../resultsPanel/resultSet");
                    await deps.results.show([
                        resultOf(result.bytes, result.layout, {
                            title: "Language model query",
                            queryText: options.input.query,
                            queryId: result.queryId,
                            durationMs: performance.now() - started,
                            ...result.cost,
                        }),
                    ]);
                }
                return options.input.showInGrid
                    ? `${text}\n\nThe full result is open in the PostHog results grid.`
                    : text;
            }),
    };
}

/** SQL as a Markdown code block that nothing inside it can close (src/shared/plainText.ts). */
export function fence(sql: string): string {
    return codeBlock(sql, "sql");
}

/** Each tool by its name; src/lm/lazyTools.ts registers the names and loads these on first use. */
export function toolsByName(deps: ToolDeps): ReadonlyMap<string, vscode.LanguageModelTool<never>> {
    const tools: [string, vscode.LanguageModelTool<never>][] = [
        [TOOL.runQuery, runQueryTool(deps)],
        [
            TOOL.schema,
            simpleTool<{ table?: string }>(
                deps,
                (i) =>
                    i.table
                        ? invocation("Reading the columns of", i.table)
                        : "Reading the PostHog schema",
                async (c, i, signal) =>
                    (await texts()).schemaText(await client(c), i.table, signal),
            ),
        ],
        [
            TOOL.eventNames,
            simpleTool<object>(
                deps,
                () => "Reading event names by volume",
                async (c, _i, signal) => (await texts()).eventNamesText(await client(c), signal),
            ),
        ],
        [
            TOOL.eventProperties,
            simpleTool<{ event: string }>(
                deps,
                (i) => invocation("Reading the properties of", i.event),
                async (c, i, signal) =>
                    (await texts()).propertyNamesText(await client(c), i.event, signal),
            ),
        ],
        [
            TOOL.experiments,
            simpleTool<object>(
                deps,
                () => "Listing experiments",
                async (c, _i, signal) => (await texts()).experimentsText(await client(c), signal),
            ),
        ],
        [
            TOOL.experimentResults,
            simpleTool<{ id: number }>(
                deps,
                (i) => invocation("Reading the results of experiment", i.id),
                async (c, i, signal) =>
                    (await texts()).experimentResultsText(await client(c), i.id, signal),
            ),
        ],
        [
            TOOL.experimentState,
            simpleTool<{ id: number }>(
                deps,
                (i) => invocation("Reading the state of experiment", i.id),
                async (c, i, signal) =>
                    (await import("./experimentStateText")).experimentStateText(
                        await client(c),
                        i.id,
                        signal,
                    ),
            ),
        ],
        [
            TOOL.eventDefinition,
            simpleTool<{ name: string }>(
                deps,
                (i) => invocation("Looking up the event", i.name),
                async (c, i, signal) =>
                    (await texts()).eventDefinitionText(await client(c), i.name, signal),
            ),
        ],
    ];
    return new Map(tools);
}
