// A selection as a Markdown table (GitHub-flavoured): a header row, the delimiter row, one line a
// row. The text of the server's values must stay text wherever the table is pasted: a cell's `|`
// would end the cell and its newlines the row, and Markdown's own characters (emphasis, code,
// links, HTML, entities) would turn a value into markup. Each is escaped with a backslash, which
// CommonMark allows before any ASCII punctuation; a line break becomes <br> (the only way a GFM
// table cell holds one); other control characters become spaces.
import { plainText } from "./format";

/** Markdown's characters that can start markup inside a table cell, plus the backslash. */
const active = /[\\`*_[\]<>~&|]/g;
/** Line breaks, each written as <br>. */
const lineBreak = /\r\n|\r|\n|\u2028|\u2029/g;
// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** One value as the text of a Markdown table cell. */
export function markdownCell(value: unknown): string {
    return plainText(value)
        .replace(active, (ch) => `\\${ch}`)
        .replace(controls, " ")
        .replace(lineBreak, "<br>");
}

/** A Markdown table of `names` over `rows` (each row's values in the same order). */
export function markdownTable(
    names: readonly string[],
    rows: Iterable<readonly unknown[]>,
): string {
    const line = (cells: readonly unknown[]) => `| ${cells.map(markdownCell).join(" | ")} |`;
    const lines = [line(names), `|${names.map(() => " --- ").join("|")}|`];
    for (const row of rows) lines.push(line(row));
    return lines.join("\n");
}
