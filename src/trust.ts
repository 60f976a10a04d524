// Restricted Mode in one place: which documents' text may be run, checked against the server,
// or put into a language model's prompt.
import * as vscode from "vscode";

/** A text document or a notebook: all the decision needs. */
interface Source {
    readonly isUntitled: boolean;
}

/**
 * Whether the text of `source` may be run or sent (to PostHog or a language model). In a trusted
 * workspace, every document's may. In Restricted Mode only an untitled document's, which the user
 * typed: a document with any other scheme (a file, a virtual workspace's `vscode-vfs`, a notebook
 * cell, another extension's provider) may hold text the workspace chose.
 */
export function mayUseText(source: Source): boolean {
    return vscode.workspace.isTrusted || source.isUntitled;
}

/** What a run refused by {@link mayUseText} says. */
export function restrictedRunMessage(): string {
    return vscode.l10n.t(
        "Running queries from workspace files is disabled in Restricted Mode. Trust this workspace to run them.",
    );
}
