import * as vscode from "vscode";
import type { QueryNode } from "../api";
import { hogqlQueryNode } from "../query/runTargets";
import { statementAt } from "../hogql/statementSplitter";
import { findSavedQueries, savedQueryAt, type SavedQuery } from "./detect";

/** What a lens or the command palette points at: a JSON query node or a HogQL statement. */
export type QueryTarget =
    | { type: "json"; document: vscode.TextDocument; saved: SavedQuery; node: QueryNode }
    | { type: "hogql"; document: vscode.TextDocument; start: number; node: QueryNode };

/**
 * Resolves `(uri, offset)` as lenses pass them, or the active editor and its cursor when a
 * command runs from the palette. Undefined when there is no query there.
 */
export async function resolveTarget(
    uri?: unknown,
    offset?: unknown,
): Promise<QueryTarget | undefined> {
    let document: vscode.TextDocument | undefined;
    let at: number | undefined = typeof offset === "number" ? offset : undefined;
    if (typeof uri === "string" || uri instanceof vscode.Uri) {
        const parsed = typeof uri === "string" ? vscode.Uri.parse(uri) : uri;
        document = await vscode.workspace.openTextDocument(parsed);
    } else {
        const editor = vscode.window.activeTextEditor;
        document = editor?.document;
        if (editor) at = editor.document.offsetAt(editor.selection.active);
    }
    if (!document) return undefined;
    const text = document.getText();
    if (document.languageId === "hogql") {
        const statement = statementAt(text, at ?? 0);
        return statement
            ? {
                  type: "hogql",
                  document,
                  start: statement.start,
                  node: hogqlQueryNode(statement.text, {}),
              }
            : undefined;
    }
    const saved = savedQueryAt(findSavedQueries(text), at);
    return saved ? { type: "json", document, saved, node: saved.node } : undefined;
}

/** The file name of a document, for titles and query names. */
export function baseName(document: vscode.TextDocument): string {
    return document.isUntitled ? "untitled" : (document.uri.path.split("/").pop() ?? "untitled");
}
