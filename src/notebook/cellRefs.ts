// A named HogQL cell used by later cells as a subquery. The name is a comment at the top of the
// cell, `-- name: daily`; a later cell writes `{cells.daily}` where a table or subquery may stand.
// `{...}` is a placeholder to PostHog's HogQL parser (HogQLParser.g4: `placeholder` is a
// `tableExpr` and a `columnExpr`), so the cell still parses in the editor; before sending, the
// placeholder becomes `(<the named cell's query>)`, with `AS daily` after FROM/JOIN when the cell
// gives no alias. Pure: no `vscode` import (text through @vscode/l10n, see src/l10nSetup.ts).
import * as l10n from "@vscode/l10n";
import { lexicalStateAt, splitStatements } from "../hogql/statementSplitter";

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

/** The longest query (in characters) that expanding `{cells.x}` may make. */
export const MAX_EXPANDED_CHARS = 1_000_000;

/** The most levels of named cells used through named cells. */
export const MAX_EXPANSION_DEPTH = 32;

/** How long an expansion may make the query. */
export interface ExpandLimits {
    /** The most characters of the whole query ({@link MAX_EXPANDED_CHARS} unless given). */
    maxChars?: number;
    /** Characters of the query before this text (earlier statements shown with it). */
    before?: number;
}

/** One expansion's state: the named cells expanded so far (each once), and the size limit. */
interface ExpandContext {
    queryOf: (name: string) => string | undefined;
    maxChars: number;
    before: number;
    /** A named cell used many times is expanded once: its text is the same each time. */
    done: Map<string, { text: string; used: string[] }>;
}

/**
 * Expands `{cells.x}` in `text`. `queryOf(name)` gives a named cell's source (only cells above the
 * one that runs); references inside it are expanded in turn; a cycle, a missing name, more than
 * {@link MAX_EXPANSION_DEPTH} levels, or a query longer than `limits.maxChars` throws a
 * {@link CellRefError} at the placeholder. The length is checked before each piece is added, so a
 * reference that would double the query at every level fails before the query is built.
 */
export function expandCellRefs(
    text: string,
    queryOf: (name: string) => string | undefined,
    limits: ExpandLimits = {},
): Expansion {
    const maxChars = limits.maxChars ?? MAX_EXPANDED_CHARS;
    return expand(text, { queryOf, maxChars, before: limits.before ?? 0, done: new Map() }, []);
}

function expand(text: string, context: ExpandContext, seen: string[]): Expansion {
    const refs = findCellRefs(text);
    const replacements: Replacement[] = [];
    const used: string[] = [];
    let out = "";
    let last = 0;
    for (const ref of refs) {
        const fail = (message: string): never => {
            throw new CellRefError(message, ref.start, ref.end);
        };
        const chain = [...seen, ref.name];
        if (seen.includes(ref.name))
            fail(
                l10n.t(
                    "{0} refers to itself through {1}.",
                    `{cells.${ref.name}}`,
                    chain.join(" → "),
                ),
            );
        const inner = context.done.get(ref.name) ?? expandNamed(ref.name, context, chain, fail);
        for (const name of [...inner.used, ref.name]) if (!used.includes(name)) used.push(name);
        const before = text.slice(0, ref.start);
        const after = text.slice(ref.end);
        const alias =
            /\b(from|join)\s*$/i.test(before) && !hasAliasAfter(after) ? ` AS ${ref.name}` : "";
        const length = out.length + (ref.start - last) + inner.text.length + 2 + alias.length;
        // Counted from the start of the whole query at the top level only: a named cell's own
        // text is measured alone, and again where it is placed.
        if ((seen.length === 0 ? context.before : 0) + length > context.maxChars)
            fail(
                l10n.t(
                    "Expanding {0} makes a query longer than {1} characters (through {2}). Use named cells fewer times, or through fewer levels.",
                    `{cells.${chain[0]}}`,
                    context.maxChars.toLocaleString("en-US"),
                    chain.join(" → "),
                ),
            );
        const replacement = `(${inner.text})${alias}`;
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

/** The named cell `name` expanded (its references in turn), kept for its next use. */
function expandNamed(
    name: string,
    context: ExpandContext,
    chain: string[],
    fail: (message: string) => never,
): { text: string; used: string[] } {
    if (chain.length > MAX_EXPANSION_DEPTH)
        fail(
            l10n.t(
                "{0} uses named cells through more than {1} levels ({2}). Use fewer levels.",
                `{cells.${chain[0]}}`,
                MAX_EXPANSION_DEPTH,
                chain.join(" → "),
            ),
        );
    const source = context.queryOf(name);
    if (source === undefined)
        return fail(
            l10n.t(
                'No cell above is named {0}: add "-- name: {0}" at the top of the cell to use.',
                name,
            ),
        );
    const statements = splitStatements(source);
    if (statements.length !== 1)
        fail(
            l10n.t(
                "The cell named {0} must hold exactly one statement to be used as a subquery.",
                name,
            ),
        );
    let inner: Expansion;
    try {
        inner = expand(statements[0].text, context, chain);
    } catch (error) {
        // Reported at the placeholder in the cell that runs, with the message from where it failed.
        if (error instanceof CellRefError) fail(error.message);
        throw error;
    }
    const done = { text: inner.text, used: inner.used };
    context.done.set(name, done);
    return done;
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
