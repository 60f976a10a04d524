// Text of a whole result as CSV, JSON or NDJSON, produced in slices so that a 50,000-row export
// never holds the extension host for long and never builds the whole file as one string. Wide
// numbers (UInt64, Int128, Decimal(38, ...)) are written with every digit, as numbers. CSV text
// cells that a spreadsheet would run as formulas are made inert unless the user turned that off
// (src/shared/json/delimited.ts); JSON and NDJSON are written as they are.
import { delimitedField } from "../shared/json/delimited";
import { stringifyLossless } from "../shared/json/lossless";
import { textOf } from "../shared/json/responseScan";
import type { ExportFormat } from "../shared/resultsProtocol";
import { type Pacer, turnPacer } from "../api/eventLoop";
import { hostTurnMs, layoutOf, nextTurn, type QueryResult } from "./resultSet";

function rowObject(columns: string[], row: unknown[]): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    columns.forEach((c, i) => (obj[c] = row[i] ?? null));
    return obj;
}

/**
 * Yields the file's text slice by slice, one slice per slice of rows. With `neutraliseFormulas`
 * (the default) CSV text cells, column names included, that would start a formula get a `'`.
 */
export async function* exportSlices(
    columns: string[],
    slices: AsyncIterable<unknown[][]>,
    format: ExportFormat,
    neutraliseFormulas = true,
): AsyncGenerator<string> {
    const csvField = (value: unknown) => delimitedField(value, ",", neutraliseFormulas);
    if (format === "csv") yield columns.map(csvField).join(",") + "\r\n";
    if (format === "json") yield "[";
    let first = true;
    for await (const rows of slices) {
        const parts: string[] = [];
        for (const row of rows) {
            if (format === "csv") parts.push(row.map(csvField).join(",") + "\r\n");
            else {
                const line = stringifyLossless(rowObject(columns, row));
                if (format === "ndjson") parts.push(line + "\n");
                else parts.push((first ? "\n" : ",\n") + line);
            }
            first = false;
        }
        if (parts.length) yield parts.join("");
    }
    if (format === "json") yield first ? "]\n" : "\n]\n";
}

/**
 * The result as JSON for an editor: the response's fields, with one row per line so that a large
 * result stays readable and the editor does not face a single 10 MB line. Rows are copied as
 * received (every digit), not re-serialised.
 */
export function editorJson(head: Record<string, unknown>, rowTexts: Iterable<string>): string {
    const body: string[] = [];
    for (const row of rowTexts) body.push("    " + row);
    return editorJsonFromBlocks(head, body.length ? [body.join(",\n")] : []);
}

function editorJsonFromBlocks(head: Record<string, unknown>, blocks: string[]): string {
    // One join over every part: a join per level copied the whole text once for each level,
    // and each copy of a large result's text is a long task of its own.
    const parts: string[] = ["{\n"];
    for (const [key, value] of Object.entries(head)) {
        parts.push(`  ${JSON.stringify(key)}: ${stringifyLossless(value)}`, ",\n");
    }
    if (!blocks.length) parts.push(`  "results": []`);
    else {
        parts.push(`  "results": [\n`);
        blocks.forEach((block, i) => parts.push(i ? ",\n" : "", block));
        parts.push("\n  ]");
    }
    parts.push("\n}\n");
    return parts.join("");
}

/** Rows turned into editor lines at a time (Open JSON); the pacer decides when to yield. */
export const editorSliceRows = 100;

/**
 * {@link editorJson} of a whole result, a slice of rows at a time, with `pacer` giving the
 * event loop a turn once a turn has run long, so that opening 50,000 rows as JSON never holds
 * the extension host for long: building it in one go was one long task (see
 * docs/performance.md, "Exports").
 */
export async function editorJsonOf(
    result: QueryResult,
    pacer: Pacer = turnPacer(hostTurnMs),
): Promise<string> {
    const layout = await layoutOf(result, nextTurn);
    const count = layout.rowStarts.length;
    const blocks: string[] = [];
    for (let start = 0; start < count; start += editorSliceRows) {
        const end = Math.min(count, start + editorSliceRows);
        const lines = new Array<string>(end - start);
        for (let r = start; r < end; r++) {
            lines[r - start] =
                "    " +
                textOf(result.bytes, { start: layout.rowStarts[r], end: layout.rowEnds[r] });
        }
        blocks.push(lines.join(",\n"));
        if (end < count) await pacer.pace();
    }
    return editorJsonFromBlocks(layout.head, blocks);
}
