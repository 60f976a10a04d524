// Compact Markdown for the language model and the chat: tables with their counts and truncation
// said, cells cut short, so a tool's answer stays small and the model knows what it did not see.
// Numbers are written with every digit (a model told a rounded id would look up the wrong row).
// Every value is the server's (anyone can name an event): for the model, tables are fenced text
// and names code spans, so nothing reads as markup or as our words; in the chat, table cells are
// escaped (src/shared/plainText.ts).
import { valueText } from "../shared/json/lossless";
import { codeBlock, codeSpan, inMarkdown, oneLine, withoutControls } from "../shared/plainText";

/** Longest cell the model gets; longer values are cut with "…". */
const CELL_MAX = 120;

/**
 * Where a table goes: `model` (a tool result or a prompt: a fenced text table, values exact but
 * for controls) or `chat` (a chat response: a Markdown table with escaped cells).
 */
export type TableStyle = "model" | "chat";

/**
 * A value as one line of text, at most `CELL_MAX` characters, controls and line breaks gone:
 * every digit of a number, nested values as JSON.
 */
function cellText(value: unknown): string {
    return oneLine(withoutControls(valueText(value)).replace(/\s+/g, " "), CELL_MAX);
}

/** One cell of a table in `style`: pipes escaped in the fenced text, everything in the chat. */
export function cell(value: unknown, style: TableStyle = "model"): string {
    const text = cellText(value);
    return style === "chat" ? inMarkdown(text, { oneLine: true }) : text.replace(/\|/g, "\\|");
}

/** A name or other short server string in a sentence: a code span, exact but for controls. */
export function name(value: unknown): string {
    return codeSpan(cellText(value), CELL_MAX);
}

/** A table of the first `max` rows, followed by a line saying how many were left out. */
export function table(
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
    max: number,
    what = "rows",
    style: TableStyle = "model",
): string {
    if (rows.length === 0) return `No ${what}.`;
    const shown = rows.slice(0, max);
    const line = (values: readonly unknown[]) =>
        `| ${columns.map((_, i) => cell(values[i], style)).join(" | ")} |`;
    const lines = [
        line(columns),
        `|${columns.map(() => "---").join("|")}|`,
        ...shown.map((row) => line(row)),
    ];
    const body = style === "chat" ? lines.join("\n") : codeBlock(lines.join("\n"));
    return shown.length < rows.length
        ? `${body}\n\nShowing ${shown.length} of ${rows.length} ${what}; the rest are left out.`
        : body;
}
