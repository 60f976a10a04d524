// A `.hogql` file as notebook cells: one cell per statement, each with the comments above it (so
// a heading comment stays with its query), the `;` dropped. Pure: no `vscode` import.
import { splitStatements } from "../hogql/statementSplitter";

export function cellsOfHogqlFile(text: string): string[] {
    const statements = splitStatements(text);
    if (statements.length === 0) return text.trim() ? [text.trim()] : [];
    const cells: string[] = [];
    let from = 0;
    statements.forEach((s, i) => {
        // The gap before a statement: what follows the previous `;` on its own line belongs to
        // the previous statement; the rest (comments above this one) to this one.
        let start = from;
        const gap = text.slice(from, s.start);
        const newline = gap.search(/\r?\n/);
        if (i > 0 && newline >= 0) {
            const tail = gap.slice(0, newline).replace(/^\s*;/, "").trim();
            if (tail) cells[i - 1] += ` ${tail}`;
            start = from + newline;
        } else if (i > 0) start = s.start;
        cells.push(text.slice(start, s.end).trim());
        from = s.end;
    });
    const rest = text.slice(from).replace(/^\s*;/, "").trim();
    if (rest) cells[cells.length - 1] += `\n${rest}`;
    return cells;
}
