// Draft HogQL with the editor's language model: the project's names and our HogQL rules go to
// the model VS Code provides, the draft is checked with PostHog's parser (one retry on a syntax
// error), and a valid draft replaces the selection as one undoable edit.
import * as vscode from "vscode";
import { withAbortSignal } from "../cancellation";
import type { ConfigDep, LogDep, SessionDep, UiDep } from "../deps";
import { mayUseText } from "../trust";
import { inMessage } from "../shared/plainText";
import { draftContext } from "./draftContext";
import { draftWithModel, type DraftModel } from "./draftWithModel";
import { draftModelOf, selectEditorModel } from "./editorModel";
import { draftParserOf, type HogQLParserDep } from "./hogqlParse";

/** What drafting with the editor's model uses. */
export type DraftFlowDeps = UiDep &
    LogDep &
    SessionDep &
    ConfigDep<"aiModelVendor"> &
    HogQLParserDep;

/** Shown when no model is available (none installed, or AI features turned off). */
export const NO_EDITOR_MODEL =
    "VS Code offers no language model to draft with; enable one (e.g. sign in to GitHub Copilot) or write the query yourself.";

/** Shown when the user turned VS Code's AI features off (`chat.disableAIFeatures`). */
export function aiFeaturesOffMessage(): string {
    return vscode.l10n.t(
        "VS Code's AI features are turned off (chat.disableAIFeatures), so nothing is sent to a language model; turn them on to draft with one, or write the query yourself.",
    );
}

/** Whether the user turned VS Code's AI features off: then no text goes to any model. */
function aiFeaturesOff(): boolean {
    return vscode.workspace.getConfiguration("chat").get<boolean>("disableAIFeatures") === true;
}

/**
 * The model VS Code offers to draft with (the setting may name a vendor); undefined when none,
 * or when the user turned VS Code's AI features off (VS Code still lists models then).
 */
export async function draftModel(
    deps: DraftFlowDeps,
    token?: vscode.CancellationToken,
): Promise<DraftModel | undefined> {
    if (aiFeaturesOff()) return undefined;
    const model = await selectEditorModel(deps.config.aiModelVendor);
    return model && draftModelOf(model, token);
}

/**
 * The editor's text for a drafting prompt; nothing in Restricted Mode unless the document is
 * untitled (src/trust.ts): a workspace's file could steer the model.
 */
export function promptText(editor: vscode.TextEditor): string {
    return mayUseText(editor.document) ? editor.document.getText() : "";
}

/**
 * Drafts `request` into `editor`. Returns the inserted query, or the message shown when nothing
 * was inserted.
 */
export async function draftWithEditorModel(
    deps: DraftFlowDeps,
    editor: vscode.TextEditor,
    request: string,
): Promise<string> {
    const model = await draftModel(deps);
    if (!model) {
        const message = aiFeaturesOff() ? aiFeaturesOffMessage() : NO_EDITOR_MODEL;
        void deps.ui.info(message);
        return message;
    }
    const client = await deps.auth.session.client();
    const outcome = await vscode.window.withProgress(
        {
            location: vscode.ProgressLocation.Notification,
            title: "Drafting HogQL with the editor's model...",
            cancellable: true,
        },
        (_p, token) =>
            withAbortSignal(token, async (signal) => {
                const context = await draftContext(client, promptText(editor), signal);
                return draftWithModel(model, request, context, draftParserOf(deps), signal);
            }),
    );
    deps.log.info(`drafted with the editor's model in ${outcome.attempts} attempt(s)`);
    if (!outcome.ok) {
        // The parser quotes the draft, which may echo a server's name: plain text in a message.
        const message = `The drafted query does not parse (${inMessage(outcome.error.message)}) even after one retry; rephrase the request and try again.`;
        void deps.ui.error(message);
        return message;
    }
    // One edit, so a single undo takes the draft out again.
    await editor.edit((edit) => edit.replace(editor.selection, outcome.sql));
    return outcome.sql;
}
