// A run's result as a notebook output: the response's fields with at most `cap` rows (so outputs,
// and the file that keeps them, stay small), and its Markdown and plain-text fallbacks. Pure: no
// `vscode` import (text through @vscode/l10n, configured by src/l10nSetup.ts).
import * as l10n from "@vscode/l10n";
import { parseLossless, stringifyLossless } from "../shared/json/lossless";
import { rowsJson } from "../shared/json/responseScan";
import type { StoredResult } from "./fileFormat";

/** Our MIME type: a HogQL result for the notebook renderer (src/webview/notebook). */
export const RESULT_MIME = "application/vnd.posthog-workbench.hogql-result+json";

/** The most bytes of row text one output keeps, whatever the row cap. */
export const OUTPUT_BYTE_CAP = 256 * 1024;

/** Rows shown in the Markdown and plain-text fallbacks. */
export const PREVIEW_ROWS = 10;

/** The part of a raw query result this needs (src/api/rawQuery.ts RawQueryResult). */
export interface RawRows {
    bytes: Uint8Array;
    head: Record<string, unknown>;
    rowStarts: number[];
    rowEnds: number[];
}

/** Keeps the first rows of a result: at most `cap`, and at most {@link OUTPUT_BYTE_CAP} of text. */
export function storedResult(raw: RawRows, cap: number, chart?: unknown): StoredResult {
    const total = raw.rowStarts.length;
    let kept = Math.min(total, Math.max(0, cap));
    let bytes = 0;
    for (let i = 0; i < kept; i++) {
        bytes += raw.rowEnds[i] - raw.rowStarts[i];
        if (bytes > OUTPUT_BYTE_CAP) {
            kept = i;
            break;
        }
    }
    const rows = parseLossless(rowsJson(raw.bytes, raw, 0, kept)) as unknown[][];
    const head = raw.head;
    const columns = Array.isArray(head.columns)
        ? head.columns.map(String)
        : (rows[0] ?? []).map((_, i) => `column ${i + 1}`);
    const result: StoredResult = {
        columns,
        types: Array.isArray(head.types) ? head.types : [],
        results: rows,
        rowCount: total,
        cap,
    };
    if (head.hasMore === true) result.hasMore = true;
    if (typeof head.limit === "number") result.limit = head.limit;
    if (chart) result.chart = chart;
    return result;
}

/** The output's bytes for the renderer: the stored result as JSON (wide numbers kept). */
export function resultBytes(result: StoredResult): Uint8Array {
    return new TextEncoder().encode(stringifyLossless(result));
}

/** Reads an output's bytes back. */
export function resultFromBytes(bytes: Uint8Array): StoredResult {
    return parseLossless(new TextDecoder().decode(bytes)) as StoredResult;
}

/** A cell value as one line of text. */
export function cellText(value: unknown): string {
    if (value === null || value === undefined) return "";
    if (typeof value === "object" && !(value instanceof String)) return stringifyLossless(value);
    return String(value).replace(/\r?\n/g, " ");
}

/** How many rows the output shows, and of how many: "3 rows", "500 of 12,000 rows kept (...)". */
export function rowsSummary(result: StoredResult): string {
    const shown = result.results.length;
    const total = result.rowCount;
    if (shown >= total)
        return total === 1 ? l10n.t("1 row") : l10n.t("{0} rows", total.toLocaleString("en-US"));
    return l10n.t(
        "{0} of {1} rows kept (an output keeps at most {2})",
        shown.toLocaleString("en-US"),
        total.toLocaleString("en-US"),
        result.cap.toLocaleString("en-US"),
    );
}

/** The first rows as a Markdown table, and a line that says how many there are. */
export function markdownPreview(result: StoredResult, rows = PREVIEW_ROWS): string[] {
    const escape = (s: string) => s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|");
    const lines = [
        `| ${result.columns.map(escape).join(" | ")} |`,
        `| ${result.columns.map(() => "---").join(" | ")} |`,
        ...result.results
            .slice(0, rows)
            .map((row) => `| ${row.map((v) => escape(cellText(v))).join(" | ")} |`),
    ];
    const shown = Math.min(rows, result.results.length);
    lines.push(
        "",
        shown < result.rowCount
            ? `_${l10n.t("{0} of {1} rows shown.", shown, result.rowCount.toLocaleString("en-US"))}_`
            : `_${rowsSummary(result)}._`,
    );
    return lines;
}

/** The first rows as an aligned plain-text table. */
export function plainPreview(result: StoredResult, rows = PREVIEW_ROWS): string {
    const body = result.results.slice(0, rows).map((row) => row.map(cellText));
    const widths = result.columns.map((c, i) =>
        Math.min(40, Math.max(c.length, ...body.map((r) => (r[i] ?? "").length))),
    );
    const line = (cells: string[]) =>
        cells
            .map((c, i) =>
                c.length > widths[i] ? `${c.slice(0, widths[i] - 1)}…` : c.padEnd(widths[i]),
            )
            .join("  ")
            .trimEnd();
    const out = [line(result.columns), line(widths.map((w) => "-".repeat(w))), ...body.map(line)];
    out.push(rowsSummary(result));
    return out.join("\n");
}
