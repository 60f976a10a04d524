// Compact Markdown for the language model: tables with their counts and truncation said, cells
// cut short, so a tool's answer stays small and the model knows what it did not see. Numbers are
// written with every digit (a model told a rounded id would look up the wrong row).
import { valueText } from "../json/lossless";

/** Longest cell the model gets; longer values are cut with "…". */
const CELL_MAX = 120;

/** A value as one table cell: every digit of a number, nested values as JSON, cut to size. */
export function cell(value: unknown): string {
    let text = valueText(value);
    text = text.replace(/\s+/g, " ").replace(/\|/g, "\\|");
    return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX - 1)}…` : text;
}

/** A Markdown table of the first `max` rows, followed by a line saying how many were left out. */
export function table(
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
    max: number,
    what = "rows",
): string {
    if (rows.length === 0) return `No ${what}.`;
    const shown = rows.slice(0, max);
    const lines = [
        `| ${columns.map(cell).join(" | ")} |`,
        `|${columns.map(() => "---").join("|")}|`,
        ...shown.map((row) => `| ${columns.map((_, i) => cell(row[i])).join(" | ")} |`),
    ];
    if (rows.length > shown.length)
        lines.push("", `Showing ${shown.length} of ${rows.length} ${what}; the rest are left out.`);
    return lines.join("\n");
}
