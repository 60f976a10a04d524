// Turns a selected rectangle into clipboard text. TSV pastes into spreadsheets; values that contain
// a tab, newline or quote are quoted the way Excel and Google Sheets read them back. Text values
// that a spreadsheet would run as formulas are made inert unless the user turned that off, as in
// the extension's CSV exports (the one rule: src/shared/json/delimited.ts).
import type { CopyFormat } from "../../shared/resultsProtocol";
import { delimitedField, singleField } from "../../shared/json/delimited";
import { stringifyLossless } from "../../shared/json/lossless";
import type { GridData } from "./grid";
import type { Range } from "./selection";

function delimited(
    data: GridData,
    range: Range,
    separator: string,
    headers: boolean,
    neutralise: boolean,
): string {
    const lines: string[] = [];
    const cols: number[] = [];
    for (let c = range.c0; c <= range.c1; c++) cols.push(c);
    const field = (value: unknown) => delimitedField(value, separator, neutralise);
    if (headers) lines.push(cols.map((c) => field(data.columns[c])).join(separator));
    for (let r = range.r0; r <= range.r1; r++) {
        const row = data.row(r);
        if (!row) continue;
        lines.push(cols.map((c) => field(row[c])).join(separator));
    }
    return lines.join("\r\n");
}

function json(data: GridData, range: Range): string {
    const out: Record<string, unknown>[] = [];
    for (let r = range.r0; r <= range.r1; r++) {
        const row = data.row(r);
        if (!row) continue;
        const obj: Record<string, unknown> = {};
        for (let c = range.c0; c <= range.c1; c++) obj[data.columns[c]] = row[c] ?? null;
        out.push(obj);
    }
    // Wide numbers stay numbers with every digit (JSON.stringify would write them as strings).
    return stringifyLossless(out, 2);
}

/**
 * Text for the clipboard in the given format; with `neutralise` (the `export.neutraliseFormulas`
 * setting, on unless turned off) text cells that would start a formula get a `'` in CSV and TSV.
 */
export function copyText(
    data: GridData,
    range: Range,
    format: CopyFormat,
    neutralise: boolean,
): string {
    switch (format) {
        case "tsv":
            // One cell: the value itself, so pasting into an editor needs no unquoting (pasted
            // into a spreadsheet it would still run as a formula: neutralised like the rest).
            if (range.r0 === range.r1 && range.c0 === range.c1) {
                return singleField(data.row(range.r0)?.[range.c0], neutralise);
            }
            return delimited(data, range, "\t", false, neutralise);
        case "tsvWithHeaders":
            return delimited(data, range, "\t", true, neutralise);
        case "csv":
            return delimited(data, range, ",", true, neutralise);
        case "json":
            return json(data, range);
    }
}
