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

/**
 * One row of a lens table: the command a lens runs with the place's arguments, its text and
 * tooltip, and when it shows. The lens providers list their lenses as such tables.
 */
export interface LensRow<Place> {
    /** The command, run with the place's arguments (document URI, offset). */
    command: string;
    /** The lens's text. */
    title: string;
    /** The lens's tooltip. */
    tooltip: string;
    /** Whether the lens shows at a place; always when absent. */
    shows?: (place: Place) => boolean;
}

/** The lenses of `rows` that show at `place`, each over `range`, running with `args`. */
export function lensesOf<Place>(
    rows: readonly LensRow<Place>[],
    place: Place,
    range: vscode.Range,
    args: unknown[],
): vscode.CodeLens[] {
    return rows
        .filter((row) => row.shows?.(place) ?? true)
        .map(
            (row) =>
                new vscode.CodeLens(range, {
                    title: row.title,
                    tooltip: row.tooltip,
                    command: row.command,
                    arguments: args,
                }),
        );
}

const P = "posthog-workbench";

/** What decides which lenses a statement gets. */
interface StatementPlace {
    /** Restricted Mode allows running the document. */
    runnable: boolean;
    /** The first statement of a file of several. */
    firstOfSeveral: boolean;
}

/**
 * The lenses above a statement. Copy as cURL and Open in PostHog are the saved queries' commands:
 * they take the same (document, offset) as Run.
 */
function statementLenses(): LensRow<StatementPlace>[] {
    return [
        {
            command: `${P}.runStatement`,
            title: vscode.l10n.t("$(play) Run"),
            tooltip: vscode.l10n.t("Run this statement (Ctrl+Enter with the cursor in it)"),
            shows: (p) => p.runnable,
        },
        {
            command: `${P}.runFile`,
            title: vscode.l10n.t("Run File"),
            tooltip: vscode.l10n.t("Run every statement of this file, each to its own result"),
            shows: (p) => p.runnable && p.firstOfSeveral,
        },
        {
            command: `${P}.copyQueryAsCurl`,
            title: vscode.l10n.t("Copy as cURL"),
            tooltip: vscode.l10n.t(
                "Copy a curl command that runs this statement; the key is read from $POSTHOG_API_KEY",
            ),
        },
        {
            command: `${P}.openQueryInPostHog`,
            title: vscode.l10n.t("Open in PostHog"),
            tooltip: vscode.l10n.t("Open this statement in PostHog's SQL editor"),
        },
    ];
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

    constructor(private readonly deps: RunCodeLensDeps) {
        // Lenses depend on the setting, on being signed in and on trust, not only on the text.
        this.subscriptions = [
            deps.config.onDidChange(() => this.changed.fire()),
            deps.auth.session.onDidChange(() => this.changed.fire()),
            vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
        ];
    }

    provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
        // A notebook cell runs into its own output, with the notebook's own run buttons.
        if (isNotebookCell(document)) return [];
        if (!this.deps.config.codeLensEnabled(document)) return [];
        const statements = splitStatements(document.getText());
        // No Run where Restricted Mode would refuse it.
        const runnable = mayUseText(document);
        const rows = statementLenses();
        return statements.flatMap((statement, index) => {
            const at = document.positionAt(statement.start);
            const place = { runnable, firstOfSeveral: index === 0 && statements.length > 1 };
            const args = [document.uri.toString(), statement.start];
            return lensesOf(rows, place, new vscode.Range(at, at), args);
        });
    }

    dispose(): void {
        for (const s of this.subscriptions) s.dispose();
        this.changed.dispose();
    }
}
