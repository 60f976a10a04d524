// "Open in Results Panel" for a notebook output: an output keeps at most a capped number of rows,
// so its statement runs again (`{cells.x}` expanded, the notebook's variables) and the whole
// result goes to the results panel, with its grid, chart and exports.
import * as vscode from "vscode";
import type { ErrorReportDep, ResultsDep, UiDep } from "../deps";
import type { QueryRunner } from "../query/queryRunner";
import { findVariables } from "../query/runTargets";
import { splitStatements } from "../hogql/statementSplitter";
import { mayUseText } from "../trust";
import { CellRefError, expandCellRefs } from "./cellRefs";
import { askNotebookValues, namedCellSource } from "./notebookModel";
import { outputKey } from "./serializer";

/** What opening a cell's full result uses: the query runner, and where results are shown. */
export interface FullResultDeps extends UiDep, ErrorReportDep, ResultsDep {
    readonly runner: Pick<QueryRunner, "runStatement">;
}

/** The cell holding the output with this key (see `outputOf`), and the output's index in it. */
export function findOutput(
    notebook: vscode.NotebookDocument,
    key: string,
): { cell: vscode.NotebookCell; index: number } | undefined {
    for (const cell of notebook.getCells()) {
        const index = cell.outputs.findIndex((o) => outputKey(o) === key);
        if (index >= 0) return { cell, index };
    }
    return undefined;
}

/**
 * Runs the statement behind output `index` of `cell` (a cell's outputs follow its statements)
 * and shows the whole result in the results panel. Returns whether a result was shown.
 */
export async function openFullResult(
    deps: FullResultDeps,
    cell: vscode.NotebookCell,
    index = 0,
): Promise<boolean> {
    if (!mayUseText(cell.notebook)) {
        void deps.ui.warn(
            vscode.l10n.t(
                "Notebook cells do not run in Restricted Mode. Trust this workspace to run them.",
            ),
        );
        return false;
    }
    const statement = splitStatements(cell.document.getText())[index];
    if (!statement) {
        void deps.ui.info(
            vscode.l10n.t("This cell no longer has the query of that output: run the cell again."),
        );
        return false;
    }
    const notebook = cell.notebook;
    let text: string;
    try {
        text = expandCellRefs(statement.text, (name) =>
            namedCellSource(notebook, cell.index, name),
        ).text;
    } catch (error) {
        if (!(error instanceof CellRefError)) throw error;
        void deps.ui.warn(error.message);
        return false;
    }
    const values = await askNotebookValues(deps, notebook, findVariables(text));
    if (!values) return false;
    const title = vscode.l10n.t("Notebook cell {0}", cell.index + 1);
    const outcome = await vscode.window.withProgress(
        {
            location: vscode.ProgressLocation.Notification,
            title: vscode.l10n.t("Running {0} for the results panel", title),
            cancellable: true,
        },
        (progress, token) =>
            deps.runner.runStatement(
                cell.document,
                { text, start: statement.start, end: statement.end },
                {
                    values,
                    token,
                    title,
                    report: (message) => progress.report({ message }),
                },
            ),
    );
    if (outcome.cancelled) return false;
    if (outcome.error || !outcome.result) {
        await deps.reportError(vscode.l10n.t("Open in Results Panel"), outcome.error);
        return false;
    }
    await deps.results.show([outcome.result], notebook.uri);
    return true;
}
