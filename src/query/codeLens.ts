import * as vscode from "vscode";
import type { ConfigDep, SessionDep } from "../deps";
import { mayUseText } from "../trust";
import { splitStatements } from "../hogql/statementSplitter";

/** What the Run lenses read: whether they are on, and whether anyone is signed in. */
export type RunCodeLensDeps = SessionDep & ConfigDep<"onDidChange" | "codeLensEnabled">;

/**
 * Whether `document` is a notebook cell. Lens providers are registered for every scheme (a
 * virtual workspace's documents are not `file:`), and a cell has its notebook's run buttons.
 */
export function isNotebookCell(document: vscode.TextDocument): boolean {
    return document.uri.scheme === "vscode-notebook-cell";
}

/** A lens that runs `command` with `args` (the command's title is the lens's text). */
export function commandLens(
    range: vscode.Range,
    title: string,
    tooltip: string,
    command: string,
    args?: unknown[],
): vscode.CodeLens {
    return new vscode.CodeLens(range, { title, tooltip, command, arguments: args });
}

/**
 * "Run", "Copy as cURL" and "Open in PostHog" above every statement of a HogQL document of any
 * scheme but a notebook cell's (setting `codeLens.enabled`); no "Run" where Restricted Mode
 * forbids running the document.
 */
export class RunCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
    private readonly changed = new vscode.EventEmitter<void>();
    readonly onDidChangeCodeLenses = this.changed.event;
    private readonly subscriptions: vscode.Disposable[];

    constructor(private readonly ctx: RunCodeLensDeps) {
        // Lenses depend on the setting, on being signed in and on trust, not only on the text.
        this.subscriptions = [
            ctx.config.onDidChange(() => this.changed.fire()),
            ctx.auth.session.onDidChange(() => this.changed.fire()),
            vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
        ];
    }

    provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
        // A notebook cell runs into its own output, with the notebook's own run buttons.
        if (isNotebookCell(document)) return [];
        if (!this.ctx.config.codeLensEnabled(document)) return [];
        const statements = splitStatements(document.getText());
        // No Run where Restricted Mode would refuse it.
        const runnable = mayUseText(document);
        const lenses: vscode.CodeLens[] = [];
        for (const [index, statement] of statements.entries()) {
            const range = new vscode.Range(
                document.positionAt(statement.start),
                document.positionAt(statement.start),
            );
            if (runnable)
                lenses.push(
                    commandLens(
                        range,
                        vscode.l10n.t("$(play) Run"),
                        vscode.l10n.t("Run this statement (Ctrl+Enter with the cursor in it)"),
                        "posthog-workbench.runStatement",
                        [document.uri.toString(), statement.start],
                    ),
                );
            if (runnable && index === 0 && statements.length > 1)
                lenses.push(
                    commandLens(
                        range,
                        vscode.l10n.t("Run File"),
                        vscode.l10n.t("Run every statement of this file, each to its own result"),
                        "posthog-workbench.runFile",
                    ),
                );
            // Sharing lenses take the same (document, offset) as Run; they live with saved queries.
            const args = [document.uri.toString(), statement.start];
            lenses.push(
                commandLens(
                    range,
                    vscode.l10n.t("Copy as cURL"),
                    vscode.l10n.t(
                        "Copy a curl command that runs this statement; the key is read from $POSTHOG_API_KEY",
                    ),
                    "posthog-workbench.copyQueryAsCurl",
                    args,
                ),
                commandLens(
                    range,
                    vscode.l10n.t("Open in PostHog"),
                    vscode.l10n.t("Open this statement in PostHog's SQL editor"),
                    "posthog-workbench.openQueryInPostHog",
                    args,
                ),
            );
        }
        return lenses;
    }

    dispose(): void {
        for (const s of this.subscriptions) s.dispose();
        this.changed.dispose();
    }
}
