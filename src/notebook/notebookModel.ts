// What the controller and commands read from an open notebook: named cells, variables.
import * as vscode from "vscode";
import type { UiDep } from "../deps";
import { cellName } from "./cellRefs";
import { VARIABLES_LANGUAGE } from "./serializer";
import { parseVariablesCell } from "./variables";

/** The source of the cell named `name` above `index` (the nearest one), or undefined. */
export function namedCellSource(
    notebook: vscode.NotebookDocument,
    index: number,
    name: string,
): string | undefined {
    const cells = notebook.getCells(new vscode.NotebookRange(0, Math.max(0, index)));
    for (const cell of cells.reverse()) {
        if (cell.kind !== vscode.NotebookCellKind.Code || cell.document.languageId !== "hogql")
            continue;
        const text = cell.document.getText();
        if (cellName(text) === name) return text;
    }
    return undefined;
}

/** The notebook's variables: the toolbar's (metadata), then every variables cell in order. */
export function notebookVariables(notebook: vscode.NotebookDocument): Record<string, string> {
    const fromToolbar =
        (notebook.metadata as { variables?: Record<string, string> } | undefined)?.variables ?? {};
    const values: Record<string, string> = { ...fromToolbar };
    for (const cell of notebook.getCells()) {
        if (
            cell.kind === vscode.NotebookCellKind.Code &&
            cell.document.languageId === VARIABLES_LANGUAGE
        )
            Object.assign(values, parseVariablesCell(cell.document.getText()));
    }
    return values;
}

/** Adds or changes toolbar variables (kept in the notebook's metadata, so in the file). */
export async function setNotebookVariables(
    notebook: vscode.NotebookDocument,
    values: Record<string, string>,
): Promise<boolean> {
    const metadata = { ...(notebook.metadata ?? {}) } as { variables?: Record<string, string> };
    metadata.variables = { ...(metadata.variables ?? {}), ...values };
    const edit = new vscode.WorkspaceEdit();
    edit.set(notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata(metadata)]);
    return vscode.workspace.applyEdit(edit);
}

/**
 * The values of `names`: the notebook's (toolbar and variables cells); a name without one is
 * asked for once and kept in the notebook. Undefined when the user backs out.
 */
export async function askNotebookValues(
    deps: UiDep,
    notebook: vscode.NotebookDocument,
    names: string[],
): Promise<Record<string, string> | undefined> {
    const known = notebookVariables(notebook);
    const values: Record<string, string> = {};
    const added: Record<string, string> = {};
    for (const name of names) {
        if (name in known) {
            values[name] = known[name];
            continue;
        }
        const value = await deps.ui.input({
            title: vscode.l10n.t("Value of {variables.{0}} for this notebook", name),
            prompt: vscode.l10n.t(
                "Kept in the notebook; numbers and true/false are sent as such, anything else as text.",
            ),
        });
        if (value === undefined) return undefined;
        values[name] = value;
        added[name] = value;
    }
    if (Object.keys(added).length) await setNotebookVariables(notebook, added);
    return values;
}
