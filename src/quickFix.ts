// A quick fix that puts one text in place of a diagnostic's range: the HogQL editor's renamed
// functions and application code's misspelt events both offer one.
import * as vscode from "vscode";

/** The preferred quick fix `title` that writes `replacement` over `diagnostic`'s range. */
export function replacementFix(
    document: vscode.TextDocument,
    diagnostic: vscode.Diagnostic,
    title: string,
    replacement: string,
): vscode.CodeAction {
    const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
    action.edit = new vscode.WorkspaceEdit();
    action.edit.replace(document.uri, diagnostic.range, replacement);
    action.diagnostics = [diagnostic];
    action.isPreferred = true;
    return action;
}
