// Draft HogQL with the editor's language model: the project's names and our HogQL rules go to
// the model VS Code provides, the draft is checked with PostHog's parser (one retry on a syntax
// error), and a valid draft replaces the selection as one undoable edit.
import * as vscode from "vscode";
import { withAbortSignal } from "../cancellation";
import type { Ctx } from "../ctx";
import { draftContext } from "./draftContext";
import { draftWithModel, type DraftModel } from "./draftWithModel";
import { draftModelOf, selectEditorModel } from "./editorModel";
import { draftParserOf } from "./hogqlParse";

/** Shown when no model is available (none installed, or AI features turned off). */
export const NO_EDITOR_MODEL =
    "VS Code offers no language model to draft with; enable one (e.g. sign in to GitHub Copilot) or write the query yourself.";

/** The model to draft with: a test's, else the one VS Code offers; undefined when there is none. */
export async function draftModel(
    ctx: Ctx,
    token?: vscode.CancellationToken,
): Promise<DraftModel | undefined> {
    if (ctx.lm?.model) return ctx.lm.model;
    const model = await selectEditorModel(ctx.config.aiModelVendor);
    return model && draftModelOf(model, token);
}

/**
 * Drafts `request` into `editor`. Returns the inserted query, or the message shown when nothing
 * was inserted.
 */
export async function draftWithEditorModel(
    ctx: Ctx,
    editor: vscode.TextEditor,
    request: string,
): Promise<string> {
    const model = await draftModel(ctx);
    if (!model) {
        void ctx.ui.info(NO_EDITOR_MODEL);
        return NO_EDITOR_MODEL;
    }
    const client = await ctx.auth.session.client();
    const outcome = await vscode.window.withProgress(
        {
            location: vscode.ProgressLocation.Notification,
            title: "Drafting HogQL with the editor's model...",
            cancellable: true,
        },
        (_p, token) =>
            withAbortSignal(token, async (signal) => {
                const context = await draftContext(client, editor.document.getText(), signal);
                return draftWithModel(model, request, context, draftParserOf(ctx), signal);
            }),
    );
    ctx.log.info(`drafted with the editor's model in ${outcome.attempts} attempt(s)`);
    if (!outcome.ok) {
        const message = `The drafted query does not parse (${outcome.error.message}) even after one retry; rephrase the request and try again.`;
        void ctx.ui.error(message);
        return message;
    }
    // One edit, so a single undo takes the draft out again.
    await editor.edit((edit) => edit.replace(editor.selection, outcome.sql));
    return outcome.sql;
}
