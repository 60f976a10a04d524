// Runs the HogQL cells of `.hogqlnb` notebooks through the same query runner as `.hogql` files:
// `{cells.x}` expanded, `{variables.x}` from the notebook, execution order and time, progress while
// the service works, cancel (the runner also cancels the query on the server), HogQL errors in
// the output and underlined in the cell.
import * as vscode from "vscode";
import type { ConfigDep, LogDep, UiDep } from "../deps";
import type { HogQLDiagnostics } from "../language/diagnostics";
import { redact } from "../log";
import type { QueryRunner, RunOutcome } from "../query/queryRunner";
import { findVariables } from "../query/runTargets";
import { splitStatements, type Statement } from "../hogql/statementSplitter";
import { mayUseText } from "../trust";
import { CellRefError, expandCellRefs, type Expansion } from "./cellRefs";
import { askNotebookValues, namedCellSource } from "./notebookModel";
import { storedResult } from "./resultOutput";
import { NOTEBOOK_TYPE, outputOf, VARIABLES_LANGUAGE } from "./serializer";
import { parseVariablesCell } from "./variables";

/** What running notebook cells uses: the query runner, and the error ranges of the language. */
export interface NotebookControllerDeps extends LogDep, UiDep, ConfigDep<"notebookOutputRows"> {
    readonly runner: Pick<QueryRunner, "runStatement">;
    readonly language: { readonly diagnostics: HogQLDiagnostics };
}

export const CONTROLLER_ID = "posthog-workbench.hogqlnb.controller";

interface HogQLError {
    message: string;
    start: number;
    end: number;
    fix?: string | null;
}

export class HogqlNotebookController implements vscode.Disposable {
    private readonly controller: vscode.NotebookController;
    private readonly orders = new WeakMap<vscode.NotebookDocument, number>();

    constructor(private readonly deps: NotebookControllerDeps) {
        this.controller = vscode.notebooks.createNotebookController(
            CONTROLLER_ID,
            NOTEBOOK_TYPE,
            vscode.l10n.t("PostHog HogQL"),
        );
        this.controller.supportedLanguages = ["hogql", VARIABLES_LANGUAGE];
        this.controller.supportsExecutionOrder = true;
        this.controller.description = vscode.l10n.t("Runs HogQL cells on your PostHog project");
        this.controller.executeHandler = (cells, notebook) => this.execute(cells, notebook);
    }

    /** Runs cells one after another, as Run All and Shift+Enter ask. */
    private async execute(
        cells: vscode.NotebookCell[],
        notebook: vscode.NotebookDocument,
    ): Promise<void> {
        for (const cell of cells) {
            try {
                await this.runCell(cell, notebook);
            } catch (error) {
                this.deps.log.error(`notebook cell failed: ${redact(String(error))}`);
            }
        }
    }

    private nextOrder(notebook: vscode.NotebookDocument): number {
        let last = this.orders.get(notebook);
        // A reopened notebook continues after the order its saved cells show.
        last ??= Math.max(
            0,
            ...notebook.getCells().map((c) => c.executionSummary?.executionOrder ?? 0),
        );
        this.orders.set(notebook, last + 1);
        return last + 1;
    }

    private async runCell(
        cell: vscode.NotebookCell,
        notebook: vscode.NotebookDocument,
    ): Promise<void> {
        const execution = this.controller.createNotebookCellExecution(cell);
        execution.executionOrder = this.nextOrder(notebook);
        execution.start(Date.now());
        await execution.clearOutput();
        const fail = async (message: string) => {
            await execution.replaceOutput(outputOf({ error: { name: "HogQL", message } }));
            execution.end(false, Date.now());
        };
        if (!mayUseText(notebook)) {
            await fail(
                vscode.l10n.t(
                    "Notebook cells do not run in Restricted Mode. Trust this workspace to run them.",
                ),
            );
            return;
        }
        if (cell.document.languageId === VARIABLES_LANGUAGE) {
            const values = parseVariablesCell(cell.document.getText());
            const lines = Object.entries(values).map(([k, v]) => `{variables.${k}} = ${v}`);
            await execution.replaceOutput(
                outputOf({
                    text: lines.length
                        ? lines
                        : [vscode.l10n.t("No variables: write name = value lines.")],
                }),
            );
            execution.end(true, Date.now());
            return;
        }
        const source = cell.document.getText();
        const statements = splitStatements(source);
        if (statements.length === 0) {
            await fail(vscode.l10n.t("This cell holds no HogQL statement to run."));
            return;
        }
        this.deps.language.diagnostics.clear(cell.document);
        const outputs: vscode.NotebookCellOutput[] = [];
        let success = true;
        for (const statement of statements) {
            if (execution.token.isCancellationRequested) break;
            const output = await this.runStatement(cell, notebook, statement, execution, outputs);
            outputs.push(output.output);
            await execution.replaceOutput(outputs);
            if (!output.ok) {
                success = false;
                break;
            }
        }
        execution.end(success, Date.now());
    }

    /** One statement of a cell: expanded, sent, and turned into an output. */
    private async runStatement(
        cell: vscode.NotebookCell,
        notebook: vscode.NotebookDocument,
        statement: Statement,
        execution: vscode.NotebookCellExecution,
        before: vscode.NotebookCellOutput[],
    ): Promise<{ ok: boolean; output: vscode.NotebookCellOutput }> {
        const error = (message: string) => ({
            ok: false,
            output: outputOf({ error: { name: "HogQL", message } }),
        });
        let expansion: Expansion;
        try {
            expansion = expandCellRefs(statement.text, (name) =>
                namedCellSource(notebook, cell.index, name),
            );
        } catch (e) {
            if (!(e instanceof CellRefError)) throw e;
            this.underline(cell, statement, [{ message: e.message, start: e.start, end: e.end }]);
            return error(`${e.message} (${position(cell, statement.start + e.start)})`);
        }
        const values = await askNotebookValues(this.deps, notebook, findVariables(expansion.text));
        if (!values) return error(vscode.l10n.t("The run was cancelled: a variable has no value."));
        let lastReport = 0;
        const outcome: RunOutcome = await this.deps.runner.runStatement(
            cell.document,
            { text: expansion.text, start: statement.start, end: statement.end },
            {
                values,
                token: execution.token,
                title: vscode.l10n.t("Notebook cell {0}", cell.index + 1),
                report: (message) => {
                    // Progress of a background run, shown in place of the output until it ends.
                    if (Date.now() - lastReport < 250) return;
                    lastReport = Date.now();
                    void execution.replaceOutput([
                        ...before,
                        new vscode.NotebookCellOutput([
                            vscode.NotebookCellOutputItem.text(
                                vscode.l10n.t("Running: {0}", message),
                            ),
                        ]),
                    ]);
                },
            },
        );
        if (outcome.cancelled) return error(vscode.l10n.t("The query was cancelled."));
        const { result: set, layout } = outcome;
        if (outcome.error || !set || !layout)
            return error(this.failure(cell, statement, expansion, outcome.error));
        const chart = (cell.metadata as { chart?: unknown } | undefined)?.chart;
        const result = storedResult(
            { bytes: set.bytes, layout },
            this.deps.config.notebookOutputRows,
            chart,
        );
        return { ok: true, output: outputOf({ result }) };
    }

    /** The output's message for a failed run; HogQL errors are also underlined in the cell. */
    private failure(
        cell: vscode.NotebookCell,
        statement: Statement,
        expansion: Expansion,
        error: unknown,
    ): string {
        const e = error as { hogqlErrors?: HogQLError[]; userMessage?: string; message?: string };
        if (e?.hogqlErrors && e.hogqlErrors.length > 0) {
            // The service counts from the start of what was sent; map back through the expansion.
            const mapped = e.hogqlErrors.map((h) => ({
                ...h,
                ...expansion.toSource(h.start, h.end),
            }));
            this.underline(cell, statement, mapped);
            return mapped
                .map((h) => `${redact(h.message)} (${position(cell, statement.start + h.start)})`)
                .join("\n");
        }
        return redact(e?.userMessage ?? e?.message ?? String(error));
    }

    private underline(cell: vscode.NotebookCell, statement: Statement, errors: HogQLError[]): void {
        this.deps.language.diagnostics.report(cell.document, statement.start, errors);
    }

    dispose(): void {
        this.controller.dispose();
    }
}

/** "line 2, column 8" of an offset in a cell. */
function position(cell: vscode.NotebookCell, offset: number): string {
    const p = cell.document.positionAt(offset);
    return vscode.l10n.t("line {0}, column {1}", p.line + 1, p.character + 1);
}
