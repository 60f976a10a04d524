// Notebook commands: New HogQL Notebook, Open .hogql File as Notebook, Export Notebook as
// Markdown, Show Expanded Query, Set Notebook Variable.
import * as vscode from "vscode";
import type { CommandSpec } from "../commands";
import { CellRefError, expandCellRefs } from "./cellRefs";
import type { StoredNotebook } from "./fileFormat";
import { cellsOfHogqlFile } from "./fromHogqlFile";
import { openFullResult, type FullResultDeps } from "./fullResult";
import { notebookMarkdown } from "./markdownExport";
import { namedCellSource, setNotebookVariables } from "./notebookModel";
import { rendererMessages } from "./rendererMessages";
import { NOTEBOOK_TYPE, outputKey, storedCellOf } from "./serializer";
import { splitStatements } from "../hogql/statementSplitter";

const P = "posthog-workbench";

function activeNotebook(deps: FullResultDeps): vscode.NotebookEditor | undefined {
    const editor = vscode.window.activeNotebookEditor;
    if (editor?.notebook.notebookType === NOTEBOOK_TYPE) return editor;
    void deps.ui.info(vscode.l10n.t("Open a HogQL notebook (.hogqlnb) first."));
    return undefined;
}

async function openCells(cells: vscode.NotebookCellData[]): Promise<vscode.NotebookDocument> {
    const notebook = await vscode.workspace.openNotebookDocument(
        NOTEBOOK_TYPE,
        new vscode.NotebookData(cells),
    );
    await vscode.window.showNotebookDocument(notebook);
    return notebook;
}

const hogqlCell = (text: string) =>
    new vscode.NotebookCellData(vscode.NotebookCellKind.Code, text, "hogql");

/** The notebook as the file keeps it (outputs included), for the Markdown export. */
export function storedNotebookOf(notebook: vscode.NotebookDocument): StoredNotebook {
    const cells = notebook.getCells().map((cell) => {
        const data = new vscode.NotebookCellData(
            cell.kind,
            cell.document.getText(),
            cell.document.languageId,
        );
        data.outputs = [...cell.outputs];
        data.metadata = cell.metadata;
        data.executionSummary = cell.executionSummary;
        return storedCellOf(data, true);
    });
    const variables = (notebook.metadata as { variables?: Record<string, string> }).variables;
    return variables ? { cells, variables } : { cells };
}

/**
 * The query a cell sends, `{cells.x}` expanded (statement by statement), at most
 * MAX_EXPANDED_CHARS long all together (a CellRefError past that).
 */
export function expandedQuery(
    notebook: vscode.NotebookDocument,
    cell: vscode.NotebookCell,
): string {
    let before = 0;
    return splitStatements(cell.document.getText())
        .map((s) => {
            const queryOf = (name: string) => namedCellSource(notebook, cell.index, name);
            const { text } = expandCellRefs(s.text, queryOf, { before });
            before += text.length;
            return text;
        })
        .join(";\n\n");
}

/**
 * The HogQL notebook and cell a command acts on: the cell it was given (cell toolbar) or the
 * selected one (palette) of the active HogQL notebook; anything else gets an info message (no
 * notebook, or `notSelected`) and undefined.
 */
function targetHogqlCell(
    deps: FullResultDeps,
    arg: unknown,
    notSelected: string,
): { editor: vscode.NotebookEditor; cell: vscode.NotebookCell } | undefined {
    const editor = activeNotebook(deps);
    if (!editor) return undefined;
    const cell =
        arg && typeof arg === "object" && "document" in arg && "notebook" in arg
            ? (arg as vscode.NotebookCell)
            : editor.notebook.cellAt(editor.selection.start);
    if (cell.kind === vscode.NotebookCellKind.Code && cell.document.languageId === "hogql")
        return { editor, cell };
    void deps.ui.info(notSelected);
    return undefined;
}

export const notebookCommands: readonly CommandSpec<FullResultDeps>[] = [
    {
        id: `${P}.newNotebook`,
        title: vscode.l10n.t("New HogQL Notebook"),
        run: () =>
            openCells([
                new vscode.NotebookCellData(
                    vscode.NotebookCellKind.Markup,
                    vscode.l10n.t(
                        "# Notebook\n\nA question in prose, then the query that answers it. Name a query cell with `-- name: x` and use it below as `{cells.x}`.",
                    ),
                    "markdown",
                ),
                hogqlCell(
                    "-- name: recent\nSELECT event, timestamp\nFROM events\nORDER BY timestamp DESC\nLIMIT 100",
                ),
                hogqlCell(
                    "SELECT event, count() AS c\nFROM {cells.recent}\nGROUP BY event\nORDER BY c DESC",
                ),
            ]),
    },
    {
        id: `${P}.openAsNotebook`,
        returnsValue: true,
        title: vscode.l10n.t("Open .hogql File as Notebook"),
        run: async (deps, uri) => {
            const document =
                uri instanceof vscode.Uri
                    ? await vscode.workspace.openTextDocument(uri)
                    : vscode.window.activeTextEditor?.document;
            if (!document || document.languageId !== "hogql") {
                void deps.ui.info(vscode.l10n.t("Open a .hogql file to turn it into a notebook."));
                return undefined;
            }
            return openCells(cellsOfHogqlFile(document.getText()).map(hogqlCell));
        },
    },
    {
        id: `${P}.exportNotebookMarkdown`,
        returnsValue: true,
        title: vscode.l10n.t("Export Notebook as Markdown"),
        run: async (deps) => {
            const editor = activeNotebook(deps);
            if (!editor) return undefined;
            const name = editor.notebook.uri.path
                .split("/")
                .pop()
                ?.replace(/\.hogqlnb$/, "");
            const stored = storedNotebookOf(editor.notebook);
            // Charts as the renderer drew them: ask for the outputs shown as a chart.
            const wanted = new Map<string, string>();
            editor.notebook.getCells().forEach((cell, i) =>
                cell.outputs.forEach((output, j) => {
                    const chart = stored.cells[i]?.outputs?.[j]?.result?.chart as
                        { view?: string } | undefined;
                    if (chart?.view === "chart") wanted.set(outputKey(output), `${i}:${j}`);
                }),
            );
            const drawn =
                (await rendererMessages?.chartImages(editor, [...wanted.keys()])) ?? new Map();
            const images = new Map([...drawn].map(([id, png]) => [wanted.get(id) ?? "", png]));
            const text = notebookMarkdown(stored, name || "Notebook", images);
            const document = await vscode.workspace.openTextDocument({
                language: "markdown",
                content: text,
            });
            await vscode.window.showTextDocument(document, { preview: false });
            return document;
        },
    },
    {
        id: `${P}.showExpandedQuery`,
        returnsValue: true,
        title: vscode.l10n.t("Show Expanded Query"),
        run: async (deps, arg) => {
            const target = targetHogqlCell(
                deps,
                arg,
                vscode.l10n.t("Select a HogQL cell to see the query it sends."),
            );
            if (!target) return undefined;
            const { editor, cell } = target;
            let text: string;
            try {
                text = expandedQuery(editor.notebook, cell);
            } catch (error) {
                if (!(error instanceof CellRefError)) throw error;
                void deps.ui.warn(error.message);
                return undefined;
            }
            const document = await vscode.workspace.openTextDocument({
                language: "hogql",
                content: text,
            });
            await vscode.window.showTextDocument(document, {
                viewColumn: vscode.ViewColumn.Beside,
                preview: true,
            });
            return document;
        },
    },
    {
        id: `${P}.openCellResult`,
        returnsValue: true,
        title: vscode.l10n.t("Open Full Result in Results Panel"),
        // From the cell's toolbar (the cell) or the palette (the selected cell); `output` picks
        // one statement's output of a cell with several (the renderer's button names it).
        run: async (deps, arg, output) => {
            const target = targetHogqlCell(
                deps,
                arg,
                vscode.l10n.t("Select a HogQL cell to open its full result."),
            );
            if (!target) return false;
            return openFullResult(deps, target.cell, typeof output === "number" ? output : 0);
        },
    },
    {
        id: `${P}.setNotebookVariable`,
        title: vscode.l10n.t("Set Notebook Variable"),
        run: async (deps) => {
            const editor = activeNotebook(deps);
            if (!editor) return undefined;
            const name = await deps.ui.input({
                title: vscode.l10n.t("Variable name (used as {variables.name})"),
                validate: (v) =>
                    /^[A-Za-z_][A-Za-z0-9_]*$/.test(v.trim())
                        ? undefined
                        : vscode.l10n.t("Use letters, digits and _, starting with a letter."),
            });
            if (!name) return undefined;
            const current = (editor.notebook.metadata as { variables?: Record<string, string> })
                .variables?.[name.trim()];
            const value = await deps.ui.input({
                title: vscode.l10n.t("Value of {variables.{0}}", name.trim()),
                value: current,
            });
            if (value === undefined) return undefined;
            return setNotebookVariables(editor.notebook, { [name.trim()]: value });
        },
    },
];
