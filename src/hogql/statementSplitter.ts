/**
 * Splits HogQL text into statements on `;`, following the lexical rules of PostHog's
 * HogQLLexer.common.g4: `'...'` strings (with `''` and backslash escapes), `"..."` and `` `...` ``
 * quoted identifiers, `--`/`//` line comments, `/* *\/` block comments and `f'...{expr}...'`
 * template strings whose `{expr}` may hold further strings and braces. `#` is not a comment.
 * Pure: no `vscode` import, so it is unit-tested in plain Node.
 */

/** One statement, trimmed, without its `;`. */
export interface Statement {
    /** The statement text: `source.slice(start, end)`. */
    text: string;
    /** Offset of the first character in the original text. */
    start: number;
    /** Offset just past the last character (before the `;`, if any). */
    end: number;
}

/** Where the scanner is when it reaches an offset; completion uses it to stay out of comments. */
export type LexicalState =
    | { kind: "code" }
    | { kind: "string"; start: number }
    | { kind: "templateString"; start: number }
    | { kind: "quotedIdentifier"; start: number; quote: '"' | "`" }
    | { kind: "lineComment"; start: number }
    | { kind: "blockComment"; start: number };

/** Frames of the mode stack: braces nest code inside f-strings and f-strings inside code. */
type Frame = { mode: "code" } | { mode: "template"; start: number };

interface ScanEvents {
    /** A `;` at the top level (not inside braces, strings or comments). */
    onSemicolon?(offset: number): void;
    /** A run `[start, end)` of a statement's code (not whitespace, not a comment). */
    onCode?(start: number, end: number): void;
}

/**
 * Walks `text` up to `limit` and returns the state there. One scanner serves both splitting and
 * completion so the two can never disagree about what is a string or a comment.
 */
function scan(text: string, limit: number, events: ScanEvents = {}): LexicalState {
    const stack: Frame[] = [{ mode: "code" }];
    let i = 0;
    while (i < limit) {
        const frame = stack[stack.length - 1];
        const ch = text[i];
        const next = text[i + 1];
        if (frame.mode === "template") {
            if (ch === "\\") {
                i += 2;
            } else if (ch === "'" && next === "'") {
                i += 2;
            } else if (ch === "'") {
                events.onCode?.(i, i + 1);
                stack.pop();
                i += 1;
            } else if (ch === "{") {
                stack.push({ mode: "code" });
                i += 1;
            } else {
                i += 1;
            }
            if (i > limit) return { kind: "templateString", start: frame.start };
            continue;
        }
        if ((ch === "-" && next === "-") || (ch === "/" && next === "/")) {
            const start = i;
            i = lineEnd(text, i);
            // A cursor at the end of the comment's line is still inside the comment.
            if (i >= limit) return { kind: "lineComment", start };
        } else if (ch === "/" && next === "*") {
            const start = i;
            const close = text.indexOf("*/", i + 2);
            i = close < 0 ? text.length : close + 2;
            if (close < 0 ? i >= limit : i > limit) return { kind: "blockComment", start };
        } else if (ch === "'" || ch === '"' || ch === "`") {
            const start = i;
            const run = quotedEnd(text, i, ch);
            events.onCode?.(start, run.end);
            i = run.end;
            if (i > limit || (i === limit && !run.closed)) {
                return ch === "'"
                    ? { kind: "string", start }
                    : { kind: "quotedIdentifier", start, quote: ch };
            }
        } else if (ch === "f" && next === "'" && !isIdentChar(text[i - 1])) {
            events.onCode?.(i, i + 2);
            stack.push({ mode: "template", start: i });
            i += 2;
            if (i > limit) return { kind: "templateString", start: i - 2 };
        } else {
            if (ch === "{") {
                stack.push({ mode: "code" });
            } else if (ch === "}" && stack.length > 1) {
                stack.pop();
            } else if (ch === ";" && stack.length === 1) {
                events.onSemicolon?.(i);
                i += 1;
                continue;
            }
            if (!/\s/.test(ch)) events.onCode?.(i, i + 1);
            i += 1;
        }
    }
    const top = stack[stack.length - 1];
    return top.mode === "template"
        ? { kind: "templateString", start: top.start }
        : { kind: "code" };
}

function isIdentChar(ch: string | undefined): boolean {
    return ch !== undefined && /[\w$]/.test(ch);
}

/** Offset of the line break that ends a line comment (or the end of text). */
function lineEnd(text: string, from: number): number {
    for (let i = from; i < text.length; i++) {
        if (text[i] === "\n" || text[i] === "\r") return i;
    }
    return text.length;
}

/** End of a quoted run starting at `from`; doubled quotes and backslashes escape. */
function quotedEnd(text: string, from: number, quote: string): { end: number; closed: boolean } {
    let i = from + 1;
    while (i < text.length) {
        const ch = text[i];
        if (ch === "\\") {
            i += 2;
        } else if (ch === quote && text[i + 1] === quote) {
            i += 2;
        } else if (ch === quote) {
            return { end: i + 1, closed: true };
        } else {
            i += 1;
        }
    }
    return { end: text.length, closed: false };
}

/** The lexical state at `offset`: inside a string, a comment, a quoted identifier or code. */
export function lexicalStateAt(text: string, offset: number): LexicalState {
    return scan(text, Math.max(0, Math.min(offset, text.length)));
}

/**
 * Statements in `text`, in order, each without its `;` and trimmed of surrounding whitespace and
 * comments. Segments holding only whitespace and comments are skipped, so `;;` and a trailing
 * comment make no statement.
 */
export function splitStatements(text: string): Statement[] {
    const statements: Statement[] = [];
    let first = -1;
    let last = -1;
    const close = (): void => {
        // From the first to the last code character: comments before and after belong to the
        // gaps, so `select 1; -- note` does not start the next statement with `-- note`.
        if (first >= 0) statements.push({ text: text.slice(first, last), start: first, end: last });
        first = -1;
        last = -1;
    };
    scan(text, text.length, {
        onCode(start, end) {
            if (first < 0) first = start;
            last = Math.max(last, end);
        },
        onSemicolon: close,
    });
    close();
    return statements;
}

/**
 * The statement under the cursor. A cursor inside a statement (ends included) picks it. In the
 * gap between statements, a cursor on the line where one ends (just after its `;`, trailing
 * whitespace or comment) picks that one; on a later line it picks the next statement, so a
 * comment heading a statement runs it; after the last statement it picks the last one.
 */
export function statementAt(text: string, offset: number): Statement | undefined {
    const statements = splitStatements(text);
    let previous: Statement | undefined;
    for (const statement of statements) {
        if (offset < statement.start) {
            if (previous && !/[\r\n]/.test(text.slice(previous.end, offset))) return previous;
            return statement;
        }
        if (offset <= statement.end) return statement;
        previous = statement;
    }
    return previous;
}
