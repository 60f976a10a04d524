// One context key says whether the AI features are offered: signed in, and the
// posthog-workbench.ai.tools setting on. The tools' and the chat participant's `when` clauses name
// only this key, never `a && b`: VS Code 1.99 sends each tool's parsed `when` to the extension
// host as it is, and an `a && b` clause parses into a circular object (each term caches its
// negation, which points back), so that message fails and vscode.lm.tools never lists the tools
// (VS Code 1.99.3: src/vs/workbench/api/browser/mainThreadLanguageModelTools.ts sends getTools()
// whole; src/vs/platform/contextkey/common/contextkey.ts, ContextKeyAndExpr._normalizeArr, negates
// each term). Later versions send a copy without `when`.
import * as vscode from "vscode";

/** The context key the `languageModelTools` and `chatParticipants` contributions' `when` name. */
export const OFFERED_KEY = "posthog-workbench.aiOffered";

/** What the key is computed from, and when to compute it again. */
export interface OfferedContextDeps {
    /** Whether a session is signed in now. */
    signedIn(): boolean;
    /** Whether the posthog-workbench.ai.tools setting offers the features now. */
    aiTools(): boolean;
    /** Fires when the session may have changed. */
    onDidChangeSession: vscode.Event<unknown>;
    /** Fires when the extension's settings may have changed. */
    onDidChangeConfiguration: vscode.Event<unknown>;
}

/** Sets OFFERED_KEY now and whenever its inputs change, until disposed. */
export function trackOfferedContext(deps: OfferedContextDeps): vscode.Disposable {
    const update = () =>
        void vscode.commands.executeCommand(
            "setContext",
            OFFERED_KEY,
            deps.signedIn() && deps.aiTools(),
        );
    update();
    return vscode.Disposable.from(
        deps.onDidChangeSession(update),
        deps.onDidChangeConfiguration(update),
        // Trust changes which settings apply (ai.tools is a restricted setting).
        vscode.workspace.onDidGrantWorkspaceTrust(update),
    );
}
