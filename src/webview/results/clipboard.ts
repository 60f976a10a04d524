// Turns a selected rectangle into clipboard text. TSV pastes into spreadsheets; values that contain
// a tab, newline or quote are quoted the way Excel and Google Sheets read them back. Text values
// that a spreadsheet would run as formulas are made inert unless the user turned that off, as in
// the extension's CSV exports (the one rule: src/shared/json/delimited.ts).
import type { CopyFormat } from "../../shared/resultsProtocol";
import { delimitedField, singleField } from "../../shared/json/delimited";
import { stringifyLossless } from "../../shared/json/lossless";
import type { GridData } from "./grid/types";
import { markdownTable } from "./markdownTable";
import type { Range } from "./selection";

function delimited(
    data: GridData,
    range: Range,
    cols: readonly number[],
    separator: string,
    headers: boolean,
    neutralise: boolean,
): string {
    const lines: string[] = [];
    const field = (value: unknown) => delimitedField(value, separator, neutralise);
    if (headers) lines.push(cols.map((c) => field(data.columns[c])).join(separator));
    for (let r = range.r0; r <= range.r1; r++) {
        const row = data.row(r);
        if (!row) continue;
        lines.push(cols.map((c) => field(row[c])).join(separator));
    }
    return lines.join("\r\n");
}

function json(data: GridData, range: Range, cols: readonly number[]): string {
    const out: Record<string, unknown>[] = [];
    for (let r = range.r0; r <= range.r1; r++) {
        const row = data.row(r);
        if (!row) continue;
        const obj: Record<string, unknown> = {};
        for (const c of cols) obj[data.columns[c]] = row[c] ?? null;
        out.push(obj);
    }
    // Wide numbers stay numbers with every digit (JSON.stringify would write them as strings).
    return stringifyLossless(out, 2);
}

function markdown(data: GridData, range: Range, cols: readonly number[]): string {
    const rows: unknown[][] = [];
    for (let r = range.r0; r <= range.r1; r++) {
        const row = data.row(r);
        if (row) rows.push(cols.map((c) => row[c]));
    }
    return markdownTable(
        cols.map((c) => data.columns[c]),
        rows,
    );
}

/** Columns `range.c0` to `range.c1`. */
function rangeColumns(range: Range): number[] {
    const cols: number[] = [];
    for (let c = range.c0; c <= range.c1; c++) cols.push(c);
    return cols;
}

/**
 * Text for the clipboard in the given format; with `neutralise` (the `export.neutraliseFormulas`
 * setting, on unless turned off) text cells that would start a formula get a `'` in CSV and TSV.
 * `cols` are the columns to copy, in order (the grid's visible layout, or every column); absent:
 * the range's.
 */
export function copyText(
    data: GridData,
    range: Range,
    format: CopyFormat,
    neutralise: boolean,
    cols: readonly number[] = rangeColumns(range),
): string {
    switch (format) {
        case "tsv":
            // One cell: the value itself, so pasting into an editor needs no unquoting (pasted
            // into a spreadsheet it would still run as a formula: neutralised like the rest).
            if (range.r0 === range.r1 && cols.length === 1) {
                return singleField(data.row(range.r0)?.[cols[0]], neutralise);
            }
            return delimited(data, range, cols, "\t", false, neutralise);
        case "tsvWithHeaders":
            return delimited(data, range, cols, "\t", true, neutralise);
        case "csv":
            return delimited(data, range, cols, ",", true, neutralise);
        case "json":
            return json(data, range, cols);
        case "markdown":
            return markdown(data, range, cols);
    }
}
