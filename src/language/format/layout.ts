/**
 * Lays out one HogQL statement: keywords upper case, one clause per line, subqueries indented.
 * It only changes whitespace between tokens and the case of keywords; a word that the statement's
 * AST uses as a name anywhere (a column called `date`, the function `if`) is left as written.
 * The caller checks every result against PostHog's parser (formatDocument.ts).
 * Pure: no `vscode` import.
 */
import { HOGQL_KEYWORDS } from "../hogqlCatalog";
import { tokenize, type Token } from "../../hogql/tokens";

const KEYWORDS = new Set(HOGQL_KEYWORDS);
const INDENT = "    ";
/** Keywords that start a clause of a query: a new line at the query's indentation. */
const CLAUSES = new Set([
    "SELECT",
    "FROM",
    "WHERE",
    "PREWHERE",
    "HAVING",
    "LIMIT",
    "WINDOW",
    "QUALIFY",
    "UNION",
    "SETTINGS",
]);
/** Clause keywords that count only before BY (`GROUP BY`, `ORDER BY`). */
const BY_CLAUSES = new Set(["GROUP", "ORDER"]);
/** Words that may come before JOIN in a join; the line breaks before the first of them. */
const JOIN_MODIFIERS = new Set([
    "LEFT",
    "RIGHT",
    "FULL",
    "INNER",
    "OUTER",
    "CROSS",
    "ANY",
    "ALL",
    "SEMI",
    "ANTI",
    "ASOF",
    "GLOBAL",
    "ARRAY",
]);

export function layoutStatement(text: string, names: ReadonlySet<string>): string {
    const all = tokenize(text);
    // Significant tokens, each with whether whitespace (and a line break) came before it.
    const tokens: { token: Token; space: boolean; newline: boolean }[] = [];
    let space = false;
    let newline = false;
    for (const token of all) {
        if (token.kind === "space") {
            space = true;
            newline ||= /[\r\n]/.test(token.text);
            continue;
        }
        tokens.push({ token, space, newline });
        space = false;
        newline = false;
    }

    const upper = (i: number) => tokens[i]?.token.text.toUpperCase();
    const next = (i: number) => tokens[i + 1]?.token;
    const opensQuery = (i: number) =>
        tokens[i]?.token.text === "(" &&
        isKeyword(i + 1) &&
        (upper(i + 1) === "SELECT" || upper(i + 1) === "WITH");
    const isKeyword = (i: number): boolean => {
        const token = tokens[i]?.token;
        if (!token || token.kind !== "word" || names.has(token.text)) return false;
        if (!KEYWORDS.has(token.text.toUpperCase())) return false;
        // `if(`, `any(`: a call (written without a space); `e.year`: part of a name.
        if (next(i)?.text === "(" && !tokens[i + 1].space) return false;
        return tokens[i - 1]?.token.text !== "." && tokens[i - 1]?.token.text !== "?.";
    };

    // Which tokens start a clause line.
    const breaks = new Set<number>();
    for (let i = 0; i < tokens.length; i++) {
        if (!isKeyword(i)) continue;
        const word = upper(i)!;
        if (CLAUSES.has(word)) breaks.add(i);
        else if (BY_CLAUSES.has(word) && upper(i + 1) === "BY" && isKeyword(i + 1)) breaks.add(i);
        else if (word === "WITH" && (i === 0 || tokens[i - 1].token.text === "(")) breaks.add(i);
        else if (word === "JOIN") {
            let first = i;
            while (first > 0 && isKeyword(first - 1) && JOIN_MODIFIERS.has(upper(first - 1)!))
                first--;
            breaks.add(first);
        }
    }
    // `UNION ALL SELECT`: the SELECT stays with its UNION.
    for (let i = 0; i < tokens.length; i++)
        if (upper(i) === "UNION" && breaks.has(i)) {
            let j = i + 1;
            while (j < tokens.length && (upper(j) === "ALL" || upper(j) === "DISTINCT")) j++;
            breaks.delete(j);
        }

    const stack: ("query" | "expr")[] = [];
    const depth = () => stack.filter((kind) => kind === "query").length;
    /** Expression parentheses open inside the innermost query: continuation lines nest in them. */
    const nesting = () => stack.length - 1 - stack.lastIndexOf("query");
    const continuation = () => `\n${INDENT.repeat(depth() + 1 + nesting())}`;
    // Clause breaks count only at a query's own level, not inside `OVER (... ORDER BY ...)`.
    const atQueryLevel = () => stack.length === 0 || stack[stack.length - 1] === "query";
    let out = "";
    /** Index of the last `)` that closed a query at the top level (`WITH a AS (...),`). */
    let closedTopQuery = -1;
    for (let i = 0; i < tokens.length; i++) {
        const { token, space: hadSpace, newline: hadNewline } = tokens[i];
        const previous = tokens[i - 1]?.token;
        const text = isKeyword(i) ? token.text.toUpperCase() : token.text;
        const closes = token.text === ")" ? stack.pop() : undefined;
        if (closes === "query") {
            out += `\n${INDENT.repeat(depth())}`;
            out += text;
            if (stack.length === 0) closedTopQuery = i;
            continue;
        }
        let separator = "";
        if (i === 0) separator = "";
        else if (breaks.has(i) && atQueryLevel()) separator = `\n${INDENT.repeat(depth())}`;
        // The next CTE of a WITH starts its own line: `),` then `b AS (`.
        else if (closedTopQuery === i - 2 && previous?.text === ",") separator = "\n";
        // A subquery's `(` stays on the line of its FROM, JOIN or AS.
        else if (opensQuery(i)) separator = hadSpace ? " " : "";
        // Already popped, a `)` on its own line lines up with the line that opened it.
        else if (previous?.kind === "lineComment" || hadNewline) separator = continuation();
        else if (hadSpace) separator = " ";
        out += separator + text;
        if (token.text === "(") {
            stack.push(opensQuery(i) ? "query" : "expr");
            if (opensQuery(i)) breaks.add(i + 1);
        }
    }
    return out;
}
