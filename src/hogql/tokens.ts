/**
 * HogQL tokens for the formatter, by the lexical rules of PostHog's HogQLLexer.common.g4 as the
 * statement splitter follows them: strings, quoted identifiers, comments and f-strings (with
 * their `{...}` parts) are single opaque tokens, so formatting never looks inside them.
 * Pure: no `vscode` import.
 */

export type TokenKind =
    "space" | "lineComment" | "blockComment" | "string" | "quoted" | "word" | "number" | "punct";

export interface Token {
    kind: TokenKind;
    text: string;
}

const OPERATORS = ["::", "->", "!=", "<>", "<=", ">=", "==", "=~", "!~", "??", "?.", "||"];

export function tokenize(text: string): Token[] {
    const tokens: Token[] = [];
    let i = 0;
    const push = (kind: TokenKind, end: number) => {
        tokens.push({ kind, text: text.slice(i, end) });
        i = end;
    };
    while (i < text.length) {
        const ch = text[i];
        const next = text[i + 1];
        if (/\s/.test(ch)) {
            let end = i;
            while (end < text.length && /\s/.test(text[end])) end++;
            push("space", end);
        } else if ((ch === "-" && next === "-") || (ch === "/" && next === "/")) {
            let end = i;
            while (end < text.length && text[end] !== "\n" && text[end] !== "\r") end++;
            push("lineComment", end);
        } else if (ch === "/" && next === "*") {
            const close = text.indexOf("*/", i + 2);
            push("blockComment", close < 0 ? text.length : close + 2);
        } else if (ch === "f" && next === "'" && !/[\w$]/.test(text[i - 1] ?? "")) {
            push("string", templateEnd(text, i + 1));
        } else if (ch === "'") {
            push("string", quotedEnd(text, i, "'"));
        } else if (ch === '"' || ch === "`") {
            push("quoted", quotedEnd(text, i, ch));
        } else if (/[A-Za-z_$]/.test(ch)) {
            let end = i + 1;
            while (end < text.length && /[\w$]/.test(text[end])) end++;
            push("word", end);
        } else if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(next ?? ""))) {
            let end = i + 1;
            // Digits, hex/binary prefixes, decimals and exponents (`1.5e-3`, `0x10`).
            while (
                end < text.length &&
                (/[\w.]/.test(text[end]) ||
                    ((text[end] === "-" || text[end] === "+") && /[eE]/.test(text[end - 1])))
            )
                end++;
            push("number", end);
        } else {
            const op = OPERATORS.find((o) => text.startsWith(o, i));
            push("punct", i + (op ? op.length : 1));
        }
    }
    return tokens;
}

/** Where the quoted text starting at `from` ends: past its closing quote (doubled or escaped quotes inside). */
export function quotedEnd(text: string, from: number, quote: string): number {
    let i = from + 1;
    while (i < text.length) {
        if (text[i] === "\\") i += 2;
        else if (text[i] === quote && text[i + 1] === quote) i += 2;
        else if (text[i] === quote) return i + 1;
        else i++;
    }
    return text.length;
}

/** End of `f'...'` whose `{expr}` parts may hold strings and braces; `from` is at the quote. */
function templateEnd(text: string, from: number): number {
    let i = from + 1;
    while (i < text.length) {
        const ch = text[i];
        if (ch === "\\") i += 2;
        else if (ch === "'" && text[i + 1] === "'") i += 2;
        else if (ch === "'") return i + 1;
        else if (ch === "{") i = codeEnd(text, i + 1);
        else i++;
    }
    return text.length;
}

/** End of the code inside `{...}` of an f-string (just past its `}`). */
function codeEnd(text: string, from: number): number {
    let depth = 1;
    let i = from;
    while (i < text.length && depth > 0) {
        const ch = text[i];
        if (ch === "'") i = quotedEnd(text, i, "'");
        else if (ch === "f" && text[i + 1] === "'") i = templateEnd(text, i + 1);
        else {
            if (ch === "{") depth++;
            else if (ch === "}") depth--;
            i++;
        }
    }
    return i;
}
