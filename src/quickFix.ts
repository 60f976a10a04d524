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

/** A replacement worked out from the text under a diagnostic. */
export interface Replacement {
    title: string;
    text: string;
}

/**
 * Registers quick fixes for `selector`'s documents: one replacement for each diagnostic that
 * `matches` accepts, worked out again from the document's text under it (the diagnostic that
 * comes back is a copy, without our data); `replacementOf` returns undefined where there is none.
 */
export function registerReplacementFixes(
    selector: vscode.DocumentSelector,
    matches: (diagnostic: vscode.Diagnostic) => boolean,
    replacementOf: (text: string) => Replacement | undefined,
): vscode.Disposable {
    const provider: vscode.CodeActionProvider = {
        provideCodeActions(document, _range, context) {
            const actions: vscode.CodeAction[] = [];
            for (const diagnostic of context.diagnostics) {
                if (!matches(diagnostic)) continue;
                const replacement = replacementOf(document.getText(diagnostic.range));
                if (!replacement) continue;
                actions.push(
                    replacementFix(document, diagnostic, replacement.title, replacement.text),
                );
            }
            return actions;
        },
    };
    return vscode.languages.registerCodeActionsProvider(selector, provider, {
        providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
    });
}
