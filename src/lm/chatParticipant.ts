// `@posthog` in VS Code's chat: /query drafts HogQL with the chat's model, checks it with
// PostHog's parser and shows it with a Run button (the full result opens in our grid once the user
// runs it); /explain explains the HogQL under the cursor and its error; /experiment summarises an
// experiment's results. In Restricted Mode no prompt holds text from a workspace document. Server
// strings in what we write here are plain text (src/shared/plainText.ts); the model's own prose is
// VS Code's to render (chat Markdown is untrusted there).
import * as vscode from "vscode";
import { withAbortSignal } from "../cancellation";
import type { DisposablesDep, LogDep, SessionDep } from "../deps";
import { inMarkdown } from "../shared/plainText";
import { statementAt } from "../hogql/statementSplitter";
import { mayUseText } from "../trust";
import { chatDraftsOf } from "./chatDrafts";
import { draftContext } from "./draftContext";
import { HOGQL_RULES, draftWithModel } from "./draftWithModel";
import { draftModelOf } from "./editorModel";
import { draftParserOf, type HogQLParserDep } from "./hogqlParse";
import { fence } from "./tools";

/** What the chat participant uses. */
export interface ChatParticipantDeps extends LogDep, SessionDep, DisposablesDep, HogQLParserDep {
    readonly extensionUri: vscode.Uri;
}

/** What `/query` leaves in its result's metadata (a test reads it as VS Code returns it). */
export interface QueryResultMetadata {
    /** The id the Run button carries (see chatDrafts.ts). */
    draftId: string;
}

type Handler = (
    deps: ChatParticipantDeps,
    request: vscode.ChatRequest,
    stream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
    /** Aborts with `token`. */
    signal: AbortSignal,
) => Promise<vscode.ChatResult | void>;

/**
 * The HogQL document in the active editor when its text may go into a prompt: in Restricted Mode
 * only an untitled one's (src/trust.ts).
 */
function promptableHogqlEditor(): vscode.TextEditor | undefined {
    const editor = vscode.window.activeTextEditor;
    return editor?.document.languageId === "hogql" && mayUseText(editor.document)
        ? editor
        : undefined;
}

async function ask(
    request: vscode.ChatRequest,
    prompt: string,
    stream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
): Promise<void> {
    const response = await request.model.sendRequest(
        [vscode.LanguageModelChatMessage.User(prompt)],
        {},
        token,
    );
    for await (const part of response.text) stream.markdown(part);
}

const query: Handler = async (deps, request, stream, token, signal) => {
    const client = await deps.auth.session.client();
    const current = promptableHogqlEditor()?.document.getText() ?? "";
    stream.progress("Reading the schema and event names...");
    const context = await draftContext(client, current, signal);
    stream.progress("Drafting HogQL...");
    const outcome = await draftWithModel(
        draftModelOf(request.model, token),
        request.prompt,
        context,
        draftParserOf(deps),
        signal,
    );
    stream.markdown(`${fence(outcome.sql)}\n\n`);
    if (!outcome.ok) {
        stream.markdown(
            `PostHog's parser rejects this query even after one retry: ${inMarkdown(outcome.error.message)}`,
        );
        return;
    }
    // The model wrote this query from a prompt that holds names anyone can send to PostHog: it
    // runs only when the user, having read it, presses Run.
    const draftId = chatDraftsOf(deps).add(outcome.sql);
    stream.markdown(
        vscode.l10n.t(
            "Check the query above: Run in PostHog runs it and opens the result in the PostHog results grid.",
        ),
    );
    stream.button({
        command: "posthog-workbench.runDraftedQuery",
        title: vscode.l10n.t("Run in PostHog"),
        arguments: [draftId],
    });
    return { metadata: { draftId } satisfies QueryResultMetadata };
};

const explain: Handler = async (_ctx, request, stream, token) => {
    const editor = promptableHogqlEditor();
    let sql = "";
    let errors = "";
    if (editor) {
        const document = editor.document;
        sql = editor.selection.isEmpty
            ? (statementAt(document.getText(), document.offsetAt(editor.selection.active))?.text ??
              document.getText())
            : document.getText(editor.selection);
        errors = vscode.languages
            .getDiagnostics(document.uri)
            .map((d) => `- line ${d.range.start.line + 1}: ${d.message}`)
            .join("\n");
    }
    if (!sql.trim() && !request.prompt.trim()) {
        stream.markdown(
            vscode.workspace.isTrusted
                ? "Open a .hogql file and put the cursor in a query, or paste one after /explain."
                : vscode.l10n.t(
                      "In Restricted Mode @posthog does not read the editor's files: paste the query after /explain, or trust this workspace.",
                  ),
        );
        return;
    }
    await ask(
        request,
        [
            HOGQL_RULES,
            "Explain, briefly and concretely, what this HogQL does and, if there are errors, why and how to fix them.",
            sql.trim() ? `Query:\n${sql.trim()}` : "",
            errors ? `Errors reported by PostHog:\n${errors}` : "",
            request.prompt.trim() ? `The user adds: ${request.prompt.trim()}` : "",
        ]
            .filter(Boolean)
            .join("\n\n"),
        stream,
        token,
    );
};

const experiment: Handler = async (deps, request, stream, token, signal) => {
    // The tools' text builders, loaded on first use (as ./tools.ts loads them).
    const { experimentResultsText, experimentsText, toolResultText } = await import("./toolText");
    const client = await deps.auth.session.client();
    const wanted = request.prompt.trim();
    const page = await client.listExperimentsPage(
        { search: /^\d+$/.test(wanted) ? undefined : wanted, limit: 20 },
        { signal },
    );
    const found = /^\d+$/.test(wanted)
        ? { id: Number(wanted) }
        : (page.results.find((e) => e.name.toLowerCase() === wanted.toLowerCase()) ??
          page.results[0]);
    if (!wanted || !found) {
        stream.markdown(
            `Name an experiment (or its id) after /experiment.\n\n${await experimentsText(client, signal, "chat")}`,
        );
        return;
    }
    stream.progress("Reading the experiment's results...");
    const results = await experimentResultsText(client, found.id, signal);
    await ask(
        request,
        `Summarise these PostHog experiment results for a product team in a few sentences: which variant leads, whether it is significant, and what to do next. Say if results are missing.\n\n${toolResultText(results)}`,
        stream,
        token,
    );
    stream.button({
        command: "posthog-workbench.refreshExperiments",
        title: "Refresh Experiments",
    });
};

const general: Handler = (_ctx, request, stream, token) =>
    ask(
        request,
        `${HOGQL_RULES}\n\nAnswer the user's question about PostHog and HogQL. Use /query to draft and run a query.\n\n${request.prompt}`,
        stream,
        token,
    );

const HANDLERS: Record<string, Handler> = { query, explain, experiment };

/** Answers one `@posthog` request (src/lm/chatRegistration.ts loads this on the first one). */
export async function answerChatRequest(
    deps: ChatParticipantDeps,
    request: vscode.ChatRequest,
    stream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
    const handler = (request.command && HANDLERS[request.command]) || general;
    try {
        return (
            (await withAbortSignal(token, (signal) =>
                handler(deps, request, stream, token, signal),
            )) ?? {}
        );
    } catch (error) {
        const redact = (text: string) => deps.auth.session.redact(text);
        deps.log.error(`@posthog /${request.command ?? ""} failed: ${redact(String(error))}`);
        const message = error instanceof Error ? error.message : String(error);
        // VS Code renders the error's message as Markdown; a server's text is plain.
        return { errorDetails: { message: inMarkdown(redact(message)) } };
    }
}
