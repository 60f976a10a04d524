// Text of a whole result as CSV, JSON or NDJSON, produced in slices so that a 50,000-row export
// never holds the extension host for long and never builds the whole file as one string. Wide
// numbers (UInt64, Int128, Decimal(38, ...)) are written with every digit, as numbers.
import { isBigNumber, stringifyLossless } from "../json/lossless";
import type { ExportFormat } from "../protocol";

function csvField(value: unknown): string {
    if (value === null || value === undefined) return "";
    const text = isBigNumber(value)
        ? value.valueOf()
        : typeof value === "object"
          ? stringifyLossless(value)
          : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function rowObject(columns: string[], row: unknown[]): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    columns.forEach((c, i) => (obj[c] = row[i] ?? null));
    return obj;
}

/** Yields the file's text slice by slice, one slice per slice of rows. */
export async function* exportSlices(
    columns: string[],
    slices: AsyncIterable<unknown[][]>,
    format: ExportFormat,
): AsyncGenerator<string> {
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
    const lines: string[] = [];
    for (const [key, value] of Object.entries(head)) {
        lines.push(`  ${JSON.stringify(key)}: ${stringifyLossless(value)}`);
    }
    const body: string[] = [];
    for (const row of rowTexts) body.push("    " + row);
    lines.push(body.length ? `  "results": [\n${body.join(",\n")}\n  ]` : `  "results": []`);
    return `{\n${lines.join(",\n")}\n}\n`;
}
