/**
 * Formatting that cannot change a query: each statement is laid out (layout.ts), parsed again
 * with PostHog's parser, and kept only if its AST, without positions, is the one it had, and its
 * tokens are the ones it had (comments included) up to the case of keywords. A statement that
 * does not parse, or that holds HogQLX tag text (where whitespace is content), is left as is.
 * Pure: the parse function is injected.
 */
import type { DocumentParse, ParseFunction } from "../../hogql/parser/documentParse";
import type { AstNode } from "../../hogql/parser/parseResult";
import { layoutStatement } from "./layout";
import { tokenize } from "../../hogql/tokens";

export interface TextEdit {
    start: number;
    end: number;
    text: string;
}

/** Edits for the statements of `parse` that lie within `[from, to)` (default: all). */
export async function formatEdits(
    parse: DocumentParse,
    reparse: ParseFunction,
    from = 0,
    to = Number.POSITIVE_INFINITY,
): Promise<TextEdit[]> {
    const edits: TextEdit[] = [];
    for (const statement of parse.statements) {
        if (statement.start < from || statement.end > to || !statement.parsed.ok) continue;
        if (/<\/|\/>/.test(statement.text)) continue;
        const before = statement.parsed.ast;
        const formatted = layoutStatement(statement.text, namesIn(before));
        if (formatted === statement.text) continue;
        const after = await reparse(formatted);
        if (!after.ok || withoutPositions(after.ast) !== withoutPositions(before)) continue;
        if (!sameTokens(statement.text, formatted)) continue;
        edits.push({ start: statement.start, end: statement.end, text: formatted });
    }
    return edits;
}

/** Fields whose strings are PostHog's enum values (`op: "in"`), not names the user wrote. */
const ENUM_FIELDS = new Set([
    "node",
    "op",
    "join_type",
    "constraint_type",
    "set_operator",
    "cte_type",
    "order",
]);

/** Every string in the AST that may be a name: of fields, aliases, CTEs, functions... */
export function namesIn(ast: AstNode): Set<string> {
    const names = new Set<string>();
    const visit = (value: unknown, key?: string): void => {
        if (typeof value === "string") {
            if (!key || !ENUM_FIELDS.has(key)) names.add(value);
        } else if (Array.isArray(value)) value.forEach((item) => visit(item));
        else if (value && typeof value === "object")
            for (const [k, v] of Object.entries(value)) visit(v, k);
    };
    visit(ast);
    return names;
}

/** The AST as JSON without `start` and `end`, for comparing two parses. */
export function withoutPositions(ast: AstNode): string {
    return JSON.stringify(ast, (key, value: unknown) =>
        key === "start" || key === "end" ? undefined : value,
    );
}

/** The same tokens in the same order, ignoring whitespace and the case of words. */
function sameTokens(a: string, b: string): boolean {
    const significant = (text: string) =>
        tokenize(text)
            .filter((t) => t.kind !== "space")
            .map((t) => (t.kind === "word" ? t.text.toUpperCase() : t.text));
    const left = significant(a);
    const right = significant(b);
    return left.length === right.length && left.every((t, i) => t === right[i]);
}
