// A named HogQL cell used by later cells as a subquery. The name is a comment at the top of the
// cell, `-- name: daily`; a later cell writes `{cells.daily}` where a table or subquery may stand.
// `{...}` is a placeholder to PostHog's HogQL parser (HogQLParser.g4: `placeholder` is a
// `tableExpr` and a `columnExpr`), so the cell still parses in the editor; before sending, the
// placeholder becomes `(<the named cell's query>)`, with `AS daily` after FROM/JOIN when the cell
// gives no alias. Pure: no `vscode` import.
import { lexicalStateAt, splitStatements } from "../query/statementSplitter";

const NAME_LINE = /^[ \t]*--[ \t]*name:[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*$/;
const REF = /\{\s*cells\.([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

/** The cell's name from a `-- name: x` line among its leading comment lines, or undefined. */
export function cellName(source: string): string | undefined {
    for (const line of source.split(/\r?\n/)) {
        const match = NAME_LINE.exec(line);
        if (match) return match[1];
        if (line.trim() !== "" && !line.trim().startsWith("--")) return undefined;
    }
    return undefined;
}

/** `{cells.x}` references in code (not strings or comments), with their offsets. */
export function findCellRefs(text: string): { name: string; start: number; end: number }[] {
    const refs: { name: string; start: number; end: number }[] = [];
    for (const match of text.matchAll(REF)) {
        const start = match.index ?? 0;
        if (lexicalStateAt(text, start).kind !== "code") continue;
        refs.push({ name: match[1], start, end: start + match[0].length });
    }
    return refs;
}

/** One replaced placeholder: its range in the cell and in the text sent. */
interface Replacement {
    start: number;
    end: number;
    outStart: number;
    outEnd: number;
}

/** The text to send, and how to map an offset in it back to the cell. */
export interface Expansion {
    text: string;
    /** Names of the cells used, directly or through other cells. */
    used: string[];
    /** Maps a range in `text` to the cell: inside an expansion, the placeholder's range. */
    toSource(start: number, end: number): { start: number; end: number };
}

export class CellRefError extends Error {
    constructor(
        message: string,
        readonly start: number,
        readonly end: number,
    ) {
        super(message);
        this.name = "CellRefError";
    }
}

/**
 * Expands `{cells.x}` in `text`. `queryOf(name)` gives a named cell's source (only cells above the
 * one that runs); references inside it are expanded in turn; a cycle or a missing name throws a
 * {@link CellRefError} at the placeholder.
 */
export function expandCellRefs(
    text: string,
    queryOf: (name: string) => string | undefined,
    seen: string[] = [],
): Expansion {
    const refs = findCellRefs(text);
    const replacements: Replacement[] = [];
    const used: string[] = [];
    let out = "";
    let last = 0;
    for (const ref of refs) {
        if (seen.includes(ref.name))
            throw new CellRefError(
                `{cells.${ref.name}} refers to itself through ${[...seen, ref.name].join(" → ")}.`,
                ref.start,
                ref.end,
            );
        const source = queryOf(ref.name);
        if (source === undefined)
            throw new CellRefError(
                `No cell above is named ${ref.name}: add "-- name: ${ref.name}" at the top of the cell to use.`,
                ref.start,
                ref.end,
            );
        const statements = splitStatements(source);
        if (statements.length !== 1)
            throw new CellRefError(
                `The cell named ${ref.name} must hold exactly one statement to be used as a subquery.`,
                ref.start,
                ref.end,
            );
        let inner: Expansion;
        try {
            inner = expandCellRefs(statements[0].text, queryOf, [...seen, ref.name]);
        } catch (error) {
            if (error instanceof CellRefError)
                throw new CellRefError(error.message, ref.start, ref.end);
            throw error;
        }
        for (const name of [...inner.used, ref.name]) if (!used.includes(name)) used.push(name);
        const before = text.slice(0, ref.start);
        const after = text.slice(ref.end);
        const needsAlias = /\b(from|join)\s*$/i.test(before) && !hasAliasAfter(after);
        const replacement = `(${inner.text})${needsAlias ? ` AS ${ref.name}` : ""}`;
        out += text.slice(last, ref.start);
        replacements.push({
            start: ref.start,
            end: ref.end,
            outStart: out.length,
            outEnd: out.length + replacement.length,
        });
        out += replacement;
        last = ref.end;
    }
    out += text.slice(last);
    const map = (offset: number, isEnd: boolean): number => {
        let delta = 0;
        for (const r of replacements) {
            if (offset < r.outStart || (isEnd && offset === r.outStart)) break;
            if (offset < r.outEnd || (isEnd && offset === r.outEnd)) return isEnd ? r.end : r.start;
            delta = r.end - r.outEnd;
        }
        return offset + delta;
    };
    return {
        text: out,
        used,
        toSource: (start, end) => {
            const s = map(start, false);
            return { start: s, end: Math.max(s, map(end, true)) };
        },
    };
}

/** Words that may follow a table in FROM/JOIN but are not an alias (ClickHouse/HogQL grammar). */
const CLAUSE_WORDS = new Set(
    (
        "where prewhere group order limit offset having settings join inner left right full " +
        "cross outer any all asof semi anti global array on using union except intersect final " +
        "sample window qualify format paste natural into"
    ).split(" "),
);

/** Whether an alias follows the table, with `AS` or without (`FROM {cells.x} t`). */
function hasAliasAfter(after: string): boolean {
    const word = /^\s*([A-Za-z_][A-Za-z0-9_]*|`[^`]*`|"[^"]*")/.exec(after)?.[1];
    if (!word) return false;
    return !CLAUSE_WORDS.has(word.toLowerCase());
}
