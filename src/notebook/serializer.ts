// Turns `.hogqlnb` files into VS Code notebooks and back (see fileFormat.ts for the file).
import { randomUUID } from "node:crypto";
import * as vscode from "vscode";
import {
    parseNotebookFile,
    writeNotebookFile,
    type DroppedPart,
    type StoredCell,
    type StoredOutput,
} from "./fileFormat";
import {
    markdownPreview,
    plainPreview,
    RESULT_MIME,
    resultBytes,
    resultFromBytes,
} from "./resultOutput";

export { NOTEBOOK_TYPE } from "./notebookType";
/** The language of a variables cell: `name = value` lines read like a .properties file. */
export const VARIABLES_LANGUAGE = "properties";
const ERROR_MIME = "application/vnd.code.notebook.error";

/** Whether outputs and execution summaries are written into the file (a setting). */
export type SaveOutputs = () => boolean;

/** Told what of a file was left out as it was read (fileFormat.ts parseNotebookFile). */
export type OnDropped = (dropped: DroppedPart[]) => void;

export class HogqlNotebookSerializer implements vscode.NotebookSerializer {
    constructor(
        private readonly saveOutputs: SaveOutputs,
        private readonly onDropped: OnDropped = () => undefined,
    ) {}

    deserializeNotebook(content: Uint8Array): vscode.NotebookData {
        const stored = parseNotebookFile(new TextDecoder().decode(content));
        if (stored.dropped.length > 0) this.onDropped(stored.dropped);
        const data = new vscode.NotebookData(stored.cells.map(toCellData));
        data.metadata = stored.variables ? { variables: stored.variables } : {};
        return data;
    }

    serializeNotebook(data: vscode.NotebookData): Uint8Array {
        const keep = this.saveOutputs();
        const variables = (data.metadata as { variables?: Record<string, string> } | undefined)
            ?.variables;
        const text = writeNotebookFile({
            cells: data.cells.map((cell) => storedCellOf(cell, keep)),
            variables,
        });
        return new TextEncoder().encode(text);
    }
}

/**
 * What the user is told when outputs of a file were left out (undefined when none were): which
 * cells, and that running them again brings their outputs back.
 */
export function droppedOutputsMessage(dropped: DroppedPart[]): string | undefined {
    const cells = [...new Set(dropped.filter((d) => d.part !== "chart").map((d) => d.cell + 1))];
    if (cells.length === 0) return undefined;
    return cells.length === 1
        ? vscode.l10n.t(
              "An output of cell {0} in this notebook could not be read, so it was left out. Run the cell again to get it back.",
              cells[0],
          )
        : vscode.l10n.t(
              "Outputs of cells {0} in this notebook could not be read, so they were left out. Run those cells again to get them back.",
              cells.join(", "),
          );
}

/** One log line per part of a file that was left out. */
export function droppedLogLines(dropped: DroppedPart[]): string[] {
    return dropped.map(
        (d) =>
            `notebook: left out ${d.part === "chart" ? "the chart choice" : `output ${d.part + 1}`} ` +
            `of cell ${d.cell + 1}: ${d.problem}`,
    );
}

/** Output items for a stored output: ours first, then the fallbacks other renderers can show. */
export function outputOf(stored: StoredOutput): vscode.NotebookCellOutput {
    const items: vscode.NotebookCellOutputItem[] = [];
    if (stored.result) {
        items.push(new vscode.NotebookCellOutputItem(resultBytes(stored.result), RESULT_MIME));
        items.push(
            vscode.NotebookCellOutputItem.text(
                (stored.markdown ?? markdownPreview(stored.result)).join("\n"),
                "text/markdown",
            ),
        );
        items.push(vscode.NotebookCellOutputItem.text(plainPreview(stored.result)));
    }
    if (stored.error) {
        const error = new Error(stored.error.message);
        error.name = stored.error.name;
        error.stack = "";
        items.push(vscode.NotebookCellOutputItem.error(error));
    }
    if (stored.text) items.push(vscode.NotebookCellOutputItem.text(stored.text.join("\n")));
    // A key of our own that the renderer sees as the item's metadata and names in its messages
    // (the output's id is not in the API VS Code 1.99 offers).
    return new vscode.NotebookCellOutput(items, { key: randomUUID() });
}

/** The key `outputOf` gave an output ("" for outputs made elsewhere). */
export function outputKey(output: vscode.NotebookCellOutput): string {
    const key = (output.metadata as { key?: unknown } | undefined)?.key;
    return typeof key === "string" ? key : "";
}

function toCellData(cell: StoredCell): vscode.NotebookCellData {
    const data =
        cell.kind === "markdown"
            ? new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, cell.source, "markdown")
            : new vscode.NotebookCellData(
                  vscode.NotebookCellKind.Code,
                  cell.source,
                  cell.kind === "variables" ? VARIABLES_LANGUAGE : "hogql",
              );
    // The grid/chart choice lives in the cell's metadata (the renderer sets it there).
    const chart = cell.metadata?.chart;
    if (cell.outputs)
        data.outputs = cell.outputs.map((o) =>
            outputOf(o.result && chart ? { ...o, result: { ...o.result, chart } } : o),
        );
    if (cell.metadata) data.metadata = cell.metadata;
    const run = cell.execution;
    if (run && (run.order !== undefined || run.success !== undefined)) {
        const ended = run.endedAt ? Date.parse(run.endedAt) : NaN;
        data.executionSummary = {
            executionOrder: run.order,
            success: run.success,
            timing:
                Number.isFinite(ended) && typeof run.durationMs === "number"
                    ? { startTime: ended - run.durationMs, endTime: ended }
                    : undefined,
        };
    }
    return data;
}

/** One cell as the file keeps it; without outputs and execution when `keepOutputs` is false. */
export function storedCellOf(cell: vscode.NotebookCellData, keepOutputs: boolean): StoredCell {
    const kind =
        cell.kind === vscode.NotebookCellKind.Markup
            ? "markdown"
            : cell.languageId === VARIABLES_LANGUAGE
              ? "variables"
              : "hogql";
    const stored: StoredCell = { kind, source: cell.value };
    const metadata = cell.metadata && Object.keys(cell.metadata).length ? cell.metadata : undefined;
    if (metadata) stored.metadata = { ...metadata };
    if (!keepOutputs || kind === "markdown") return stored;
    const chart = metadata?.chart;
    const outputs = (cell.outputs ?? [])
        .map(storedOutput)
        .filter((o) => Object.keys(o).length)
        .map((o) => (o.result && chart ? { ...o, result: { ...o.result, chart } } : o));
    if (outputs.length) stored.outputs = outputs;
    const summary = cell.executionSummary;
    if (summary) {
        const execution: NonNullable<StoredCell["execution"]> = {};
        if (summary.executionOrder !== undefined) execution.order = summary.executionOrder;
        if (summary.success !== undefined) execution.success = summary.success;
        if (summary.timing) {
            execution.durationMs = Math.round(summary.timing.endTime - summary.timing.startTime);
            execution.endedAt = new Date(summary.timing.endTime).toISOString();
        }
        if (Object.keys(execution).length) stored.execution = execution;
    }
    return stored;
}

function storedOutput(output: vscode.NotebookCellOutput): StoredOutput {
    const stored: StoredOutput = {};
    const decoder = new TextDecoder();
    for (const item of output.items) {
        if (item.mime === RESULT_MIME) stored.result = resultFromBytes(item.data);
        else if (item.mime === "text/markdown")
            stored.markdown = decoder.decode(item.data).split("\n");
        else if (item.mime === ERROR_MIME) {
            const error = JSON.parse(decoder.decode(item.data)) as {
                name?: string;
                message?: string;
            };
            stored.error = { name: error.name ?? "Error", message: error.message ?? "" };
        } else if (item.mime === "text/plain" && !stored.result)
            stored.text = decoder.decode(item.data).split("\n");
    }
    return stored;
}
