// Text of a whole result as CSV, JSON or NDJSON, produced in slices so that a 50,000-row export
// never holds the extension host for long and never builds the whole file as one string.
import type { ExportFormat } from "../protocol";

/** Rows per slice; each slice is one write and one turn of the event loop. */
const sliceRows = 2000;

function csvField(value: unknown): string {
    if (value === null || value === undefined) return "";
    const text = typeof value === "object" ? JSON.stringify(value) : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function rowObject(columns: string[], row: unknown[]): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    columns.forEach((c, i) => (obj[c] = row[i] ?? null));
    return obj;
}

/** Yields the file's text slice by slice. */
export async function* exportSlices(
    columns: string[],
    rows: unknown[][],
    format: ExportFormat,
): AsyncGenerator<string> {
    if (format === "csv") yield columns.map(csvField).join(",") + "\r\n";
    if (format === "json") yield "[\n";
    for (let start = 0; start < rows.length; start += sliceRows) {
        const end = Math.min(rows.length, start + sliceRows);
        const parts: string[] = [];
        for (let i = start; i < end; i++) {
            const row = rows[i];
            if (format === "csv") parts.push(row.map(csvField).join(",") + "\r\n");
            else {
                const line = JSON.stringify(rowObject(columns, row));
                parts.push(
                    format === "json"
                        ? i === rows.length - 1
                            ? line + "\n"
                            : line + ",\n"
                        : line + "\n",
                );
            }
        }
        yield parts.join("");
        // Let other extension-host work run between slices.
        await new Promise((resolve) => setImmediate(resolve));
    }
    if (format === "json") yield "]\n";
}

/**
 * The result as JSON for an editor: the response's fields, with one row per line so that a large
 * result stays readable and the editor does not face a single 10 MB line.
 */
export function editorJson(response: Record<string, unknown>): string {
    const rows = Array.isArray(response.results) ? (response.results as unknown[]) : [];
    const head: string[] = [];
    for (const [key, value] of Object.entries(response)) {
        if (key === "results") continue;
        head.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
    }
    const body = rows.map((r) => "    " + JSON.stringify(r)).join(",\n");
    head.push(`  "results": [\n${body}\n  ]`);
    return `{\n${head.join(",\n")}\n}\n`;
}
