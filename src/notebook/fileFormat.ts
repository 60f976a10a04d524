// The `.hogqlnb` file: JSON written so that git diffs it line by line. Keys are sorted, every
// cell is its own block, a cell's source is an array of its lines, a result's rows are one line
// each, and nothing in it depends on when or where it was written (no timestamps of saving, no
// machine paths). A file comes from anyone (a cloned repository): what it holds is checked as it
// is read, and an output that does not fit is left out. Pure: no `vscode` import, so plain-Node
// unit tests read and write it.
import { parseLossless, stringifyLossless } from "../shared/json/lossless";
import { chartPrefsSchema } from "../resultsPanel/messageSchema";
import { lazyCheck } from "../validatorLoader";
import { resultArraysProblem, storedOutputSchema } from "./outputSchema";
import type {
    StoredCell,
    StoredNotebook,
    StoredOutput,
    StoredResult,
} from "../shared/storedNotebook";

export type {
    CellKind,
    StoredCell,
    StoredNotebook,
    StoredOutput,
    StoredResult,
} from "../shared/storedNotebook";

export const FILE_VERSION = 1;

/** Something of the file that did not fit its shape and was left out. */
export interface DroppedPart {
    /** Index of the cell in the file. */
    cell: number;
    /** Index of the output in the cell, or "chart" for the cell's grid-or-chart choice. */
    part: number | "chart";
    /** What did not fit, in a few words (no content of the file beyond a short name). */
    problem: string;
}

/** A notebook as read from a file, and what of it was left out. */
export interface ParsedNotebook extends StoredNotebook {
    dropped: DroppedPart[];
}

const checkOutput = lazyCheck(storedOutputSchema);
const checkChart = lazyCheck(chartPrefsSchema);

const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads a `.hogqlnb` file; an empty file is an empty notebook. Throws when it is not a notebook
 * at all (not JSON, no cells array); an output, or a cell's chart choice, that does not fit its
 * shape is left out and listed in `dropped`.
 */
export function parseNotebookFile(text: string): ParsedNotebook {
    if (text.trim() === "") return { cells: [], dropped: [] };
    const raw = parseLossless(text) as {
        cells?: unknown;
        variables?: unknown;
    };
    if (!raw || typeof raw !== "object" || !Array.isArray(raw.cells))
        throw new Error("not a HogQL notebook: no cells array");
    const dropped: DroppedPart[] = [];
    const cells = raw.cells.map((c: unknown, index): StoredCell => {
        const cell = isObject(c) ? c : {};
        const kind = (["hogql", "markdown", "variables"] as const).find((k) => k === cell.kind);
        const source = Array.isArray(cell.source)
            ? cell.source.map(String).join("\n")
            : String(cell.source ?? "");
        const out: StoredCell = { kind: kind ?? "hogql", source };
        if (Array.isArray(cell.outputs)) {
            const outputs: StoredOutput[] = [];
            cell.outputs.forEach((o: unknown, part) => {
                const problem = checkOutput(o) ?? resultArraysProblem(o);
                if (problem === undefined) outputs.push(readOutput(o as Record<string, unknown>));
                else dropped.push({ cell: index, part, problem });
            });
            out.outputs = outputs;
        }
        const execution = readExecution(cell.execution);
        if (execution) out.execution = execution;
        if (isObject(cell.metadata)) {
            const { chart, ...rest } = cell.metadata;
            // The choice the cell's outputs are shown with: the renderer reads it as given.
            const problem = chart === undefined ? undefined : checkChart(chart);
            if (problem !== undefined) dropped.push({ cell: index, part: "chart", problem });
            out.metadata = problem === undefined ? cell.metadata : rest;
        }
        return out;
    });
    const variables =
        raw.variables && typeof raw.variables === "object"
            ? Object.fromEntries(
                  Object.entries(raw.variables as Record<string, unknown>).map(([k, v]) => [
                      k,
                      String(v),
                  ]),
              )
            : undefined;
    return variables ? { cells, variables, dropped } : { cells, dropped };
}

/** An output that fits its schema (outputSchema.ts), with only the fields this version knows. */
function readOutput(out: Record<string, unknown>): StoredOutput {
    const stored: StoredOutput = {};
    if (out.result) stored.result = out.result as StoredResult;
    if (out.markdown) stored.markdown = out.markdown as string[];
    if (out.text) stored.text = out.text as string[];
    if (out.error) {
        const { name, message } = out.error as { name: string; message: string };
        stored.error = { name, message };
    }
    return stored;
}

/** The fields of a cell's last run that have the right types (the rest is left out). */
function readExecution(value: unknown): StoredCell["execution"] | undefined {
    if (!isObject(value)) return undefined;
    const execution: NonNullable<StoredCell["execution"]> = {};
    if (Number.isSafeInteger(value.order) && (value.order as number) >= 0)
        execution.order = value.order as number;
    if (typeof value.success === "boolean") execution.success = value.success;
    if (typeof value.durationMs === "number" && Number.isFinite(value.durationMs))
        execution.durationMs = value.durationMs;
    if (typeof value.endedAt === "string") execution.endedAt = value.endedAt;
    return Object.keys(execution).length ? execution : undefined;
}

/** Writes a notebook as stable, line-diffable JSON (ends with a newline). */
export function writeNotebookFile(notebook: StoredNotebook): string {
    const doc: Record<string, unknown> = {
        cells: notebook.cells.map((cell) => {
            const c: Record<string, unknown> = {
                kind: cell.kind,
                source: cell.source.split(/\r?\n/),
            };
            if (cell.outputs && cell.outputs.length > 0) c.outputs = cell.outputs;
            if (cell.execution && Object.keys(cell.execution).length > 0)
                c.execution = cell.execution;
            if (cell.metadata && Object.keys(cell.metadata).length > 0) c.metadata = cell.metadata;
            return c;
        }),
        version: FILE_VERSION,
    };
    if (notebook.variables && Object.keys(notebook.variables).length > 0)
        doc.variables = notebook.variables;
    return `${write(doc, "", "")}\n`;
}

const indentUnit = "  ";

/**
 * One value as JSON. Objects: one key per line, sorted. Arrays of scalars (a source's lines, column
 * names): one element per line. The rows of a result (key `results`): one compact row per line,
 * so a changed row is a changed line.
 */
function write(value: unknown, indent: string, key: string): string {
    if (value === null || value === undefined) return "null";
    if (typeof value !== "object" || value instanceof String) return stringifyLossless(value);
    const inner = indent + indentUnit;
    if (Array.isArray(value)) {
        if (value.length === 0) return "[]";
        const compact = key === "results" || key === "types" || key === "columns";
        const items = value.map((v) =>
            compact || key === "source" || key === "markdown" || key === "text"
                ? stringifyLossless(v)
                : write(v, inner, ""),
        );
        if (compact && key !== "results") return `[${items.join(", ")}]`;
        return `[\n${items.map((i) => inner + i).join(",\n")}\n${indent}]`;
    }
    const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length === 0) return "{}";
    const lines = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${write(v, inner, k)}`);
    return `{\n${lines.join(",\n")}\n${indent}}`;
}
