// Draft HogQL with AI: PostHog's `/query/draft_sql/` writes a query from a prompt into the editor.
import * as vscode from "vscode";
import { loadApi } from "../apiLoader";
import { withAbortSignal } from "../cancellation";
import type { ConfigDep } from "../deps";
import { draftModel, draftWithEditorModel, promptText, type DraftFlowDeps } from "../lm/draftFlow";

/** What the Draft command uses: the draft flows', and which model to draft with. */
export type DraftCommandDeps = DraftFlowDeps & ConfigDep<"draftWithEditorModel">;

/**
 * Shown when PostHog refuses the key: the contract gives draft_sql no PersonalAPIKeyAuth, and
 * PostHog refuses such actions to every personal API key, `*` and none included
 * (posthog/permissions.py@001027ced APIScopePermission); the client knows it without asking. A
 * broader key would not help, so none is suggested. When VS Code offers a language model, the
 * draft is made with it instead (src/lm/draftFlow.ts) and this is not shown.
 */
export const DRAFT_REFUSED =
    "PostHog's AI drafting refuses every personal API key; enable a language model in VS Code (e.g. GitHub Copilot) to draft with it, or draft in PostHog's SQL editor.";

export async function draftSql(
    deps: DraftCommandDeps,
    editor: vscode.TextEditor,
): Promise<string | undefined> {
    const prompt = await deps.ui.input({
        title: vscode.l10n.t("Draft HogQL"),
        prompt: vscode.l10n.t("Describe the query you want (at most 400 characters)"),
        placeHolder: vscode.l10n.t("e.g. weekly active users over the last 3 months"),
        validate: (v) =>
            v.trim().length > 400
                ? `That is ${v.trim().length} characters; PostHog accepts at most 400.`
                : undefined,
    });
    if (!prompt?.trim()) return undefined;
    if (deps.config.draftWithEditorModel) return draftWithEditorModel(deps, editor, prompt.trim());
    const client = await deps.auth.session.client();
    let sql: string;
    try {
        ({ sql } = await vscode.window.withProgress(
            {
                location: vscode.ProgressLocation.Notification,
                title: vscode.l10n.t("Drafting HogQL..."),
                cancellable: true,
            },
            (_p, token) =>
                withAbortSignal(token, (signal) =>
                    client.draftSql(
                        { prompt: prompt.trim(), current_query: promptText(editor) },
                        { signal },
                    ),
                ),
        ));
    } catch (error) {
        if (!loadApi().isScopedKeyRefusal(error)) throw error;
        // PostHog refuses the key: the editor's model drafts instead when VS Code offers one.
        if (await draftModel(deps)) return draftWithEditorModel(deps, editor, prompt.trim());
        void deps.ui.info(DRAFT_REFUSED);
        return DRAFT_REFUSED;
    }
    // One edit, so a single undo takes the draft out again.
    await editor.edit((edit) => edit.replace(editor.selection, sql));
    return sql;
}
