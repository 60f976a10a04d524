import * as vscode from "vscode";
import type { HogQLError } from "../api";

/** Source of diagnostics from a run; live validation passes its own. */
export const RUN_SOURCE = "HogQL";

interface Fix {
    range: vscode.Range;
    message: string;
    replacement: string;
}

/**
 * HogQL errors in the editor and in Problems. The service's offsets are into the statement that
 * ran; `report` maps them into the file with the statement's start. A document's diagnostics go
 * when it changes (they describe text that is gone) or when a run of it succeeds (the runner
 * calls `clear`). Errors that carry a `fix` get a quick fix that puts it in place.
 */
export class HogQLDiagnostics implements vscode.CodeActionProvider, vscode.Disposable {
    private readonly collection = vscode.languages.createDiagnosticCollection("hogql");
    /**
     * Fixes by document. Looked up by range and message rather than by Diagnostic object: the
     * diagnostics a code action request brings are not guaranteed to be the objects we set.
     */
    private readonly fixes = new Map<string, Fix[]>();
    private readonly subscriptions: vscode.Disposable[];

    constructor() {
        this.subscriptions = [
            vscode.workspace.onDidChangeTextDocument((event) => {
                if (event.contentChanges.length > 0) this.clear(event.document);
            }),
            vscode.workspace.onDidCloseTextDocument((document) => this.clear(document)),
            vscode.languages.registerCodeActionsProvider({ language: "hogql" }, this, {
                providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
            }),
        ];
    }

    /**
     * Shows `errors` on `document`, replacing what it showed before. `statementStart` is the
     * offset in the document of the statement's first character (as the statement splitter
     * gives it), since the service counts from there.
     */
    report(
        document: vscode.TextDocument,
        statementStart: number,
        errors: readonly HogQLError[],
        source = RUN_SOURCE,
    ): void {
        const length = document.getText().length;
        const fixes: Fix[] = [];
        const diagnostics = errors.map((error) => {
            const start = clamp(statementStart + (error.start ?? 0), length);
            const reportedEnd = clamp(statementStart + (error.end ?? 0), length);
            // An empty range would be invisible: underline at least one character.
            const end = clamp(Math.max(reportedEnd, start + 1), length);
            const range = new vscode.Range(document.positionAt(start), document.positionAt(end));
            const diagnostic = new vscode.Diagnostic(
                range,
                error.message,
                vscode.DiagnosticSeverity.Error,
            );
            diagnostic.source = source;
            if (typeof error.fix === "string")
                fixes.push({
                    // The fix replaces what the service named, even when that was empty.
                    range: new vscode.Range(
                        document.positionAt(start),
                        document.positionAt(Math.max(reportedEnd, start)),
                    ),
                    message: error.message,
                    replacement: error.fix,
                });
            return diagnostic;
        });
        this.collection.set(document.uri, diagnostics);
        if (fixes.length > 0) this.fixes.set(document.uri.toString(), fixes);
        else this.fixes.delete(document.uri.toString());
    }

    clear(document: vscode.TextDocument): void {
        this.forget(document.uri);
    }

    /** Removes the diagnostics of one source everywhere (live validation turned off). */
    clearSource(source: string): void {
        this.collection.forEach((uri, diagnostics) => {
            if (diagnostics.some((d) => d.source === source)) this.forget(uri);
        });
    }

    /** The diagnostics shown for `uri` (tests). */
    get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
        return this.collection.get(uri) ?? [];
    }

    provideCodeActions(
        document: vscode.TextDocument,
        _range: vscode.Range,
        context: vscode.CodeActionContext,
    ): vscode.CodeAction[] {
        const fixes = this.fixes.get(document.uri.toString()) ?? [];
        const actions: vscode.CodeAction[] = [];
        for (const diagnostic of context.diagnostics) {
            const fix = fixes.find(
                (f) =>
                    f.message === diagnostic.message &&
                    f.range.start.isEqual(diagnostic.range.start),
            );
            if (!fix) continue;
            const action = new vscode.CodeAction(
                fix.replacement ? `Replace with "${fix.replacement}"` : "Remove",
                vscode.CodeActionKind.QuickFix,
            );
            action.edit = new vscode.WorkspaceEdit();
            action.edit.replace(document.uri, fix.range, fix.replacement);
            action.diagnostics = [diagnostic];
            action.isPreferred = true;
            actions.push(action);
        }
        return actions;
    }

    private forget(uri: vscode.Uri): void {
        this.fixes.delete(uri.toString());
        if (this.collection.has(uri)) this.collection.delete(uri);
    }

    dispose(): void {
        for (const subscription of this.subscriptions) subscription.dispose();
        this.collection.dispose();
        this.fixes.clear();
    }
}

function clamp(offset: number, length: number): number {
    return Math.max(0, Math.min(offset, length));
}
