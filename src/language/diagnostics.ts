import * as vscode from "vscode";

/** A HogQL error as the service reports it: character offsets into the statement that ran. */
export interface HogQLErrorRange {
    message: string;
    start: number;
    end: number;
    /** Replacement text the service suggests, if any. */
    fix?: string | null;
}

/**
 * HogQL errors in the editor and in Problems. The service's offsets are into the statement that
 * ran; `report` maps them into the file with the statement's start. A document's diagnostics go
 * when it changes (they describe text that is gone) or when a run of it succeeds.
 */
export class HogQLDiagnostics implements vscode.Disposable, vscode.CodeActionProvider {
    private readonly collection = vscode.languages.createDiagnosticCollection("hogql");
    /** Fixes by diagnostic, for the quick fix. */
    private readonly fixes = new WeakMap<vscode.Diagnostic, string>();
    private readonly subscriptions: vscode.Disposable[];

    constructor() {
        this.subscriptions = [
            vscode.workspace.onDidChangeTextDocument((event) => {
                if (event.contentChanges.length > 0 && this.collection.has(event.document.uri))
                    this.collection.delete(event.document.uri);
            }),
            vscode.workspace.onDidCloseTextDocument((document) =>
                this.collection.delete(document.uri),
            ),
            vscode.languages.registerCodeActionsProvider({ language: "hogql" }, this, {
                providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
            }),
        ];
    }

    report(
        document: vscode.TextDocument,
        statementStart: number,
        errors: HogQLErrorRange[],
        source = "HogQL",
    ): void {
        const length = document.getText().length;
        const diagnostics = errors.map((error) => {
            const start = clamp(statementStart + (error.start ?? 0), length);
            // An empty range would be invisible: underline at least one character.
            const end = clamp(Math.max(statementStart + (error.end ?? 0), start + 1), length);
            const diagnostic = new vscode.Diagnostic(
                new vscode.Range(document.positionAt(start), document.positionAt(end)),
                error.message,
                vscode.DiagnosticSeverity.Error,
            );
            diagnostic.source = source;
            if (error.fix) this.fixes.set(diagnostic, error.fix);
            return diagnostic;
        });
        this.collection.set(document.uri, diagnostics);
    }

    clear(document: vscode.TextDocument): void {
        this.collection.delete(document.uri);
    }

    get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
        return this.collection.get(uri) ?? [];
    }

    provideCodeActions(
        document: vscode.TextDocument,
        _range: vscode.Range,
        context: vscode.CodeActionContext,
    ): vscode.CodeAction[] {
        const actions: vscode.CodeAction[] = [];
        for (const diagnostic of context.diagnostics) {
            const fix = this.fixes.get(diagnostic);
            if (fix === undefined) continue;
            const action = new vscode.CodeAction(
                `Replace with "${fix}"`,
                vscode.CodeActionKind.QuickFix,
            );
            action.edit = new vscode.WorkspaceEdit();
            action.edit.replace(document.uri, diagnostic.range, fix);
            action.diagnostics = [diagnostic];
            action.isPreferred = true;
            actions.push(action);
        }
        return actions;
    }

    dispose(): void {
        for (const subscription of this.subscriptions) subscription.dispose();
        this.collection.dispose();
    }
}

function clamp(offset: number, length: number): number {
    return Math.max(0, Math.min(offset, length));
}
