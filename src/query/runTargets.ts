// What "Run Query" runs: the selection, else the statement under the cursor, else the file.
// Pure (no vscode): offsets in, statements out.
import {
    lexicalStateAt,
    splitStatements,
    statementAt,
    type Statement,
} from "../hogql/statementSplitter";

/** Statements to run for Run Query. `selection` is `[start, end)`; empty means none. */
export function queryTargets(
    text: string,
    selection: { start: number; end: number },
    cursor: number,
): Statement[] {
    if (selection.end > selection.start) {
        // A selection may hold several statements: run each, in order.
        const selected = text.slice(selection.start, selection.end);
        return splitStatements(selected).map((s) => ({
            text: s.text,
            start: s.start + selection.start,
            end: s.end + selection.start,
        }));
    }
    const statement = statementAt(text, cursor);
    if (statement) return [statement];
    return [];
}

/** Statements to run for Run File: every statement, in order. */
export function fileTargets(text: string): Statement[] {
    return splitStatements(text);
}

/** `{variables.name}` placeholders in code (not in strings or comments), unique, in order. */
export function findVariables(text: string): string[] {
    const names: string[] = [];
    for (const match of text.matchAll(/\{\s*variables\.([A-Za-z_][A-Za-z0-9_]*)\s*\}/g)) {
        const state = lexicalStateAt(text, match.index ?? 0);
        if (state.kind !== "code") continue;
        if (!names.includes(match[1])) names.push(match[1]);
    }
    return names;
}

/**
 * The `name` sent with a query (shown in PostHog's query log): the file's name and the start of
 * the statement, whitespace collapsed, at most 128 characters as the service allows.
 */
export function queryName(fileName: string, statement: string): string {
    const base = fileName.split(/[\\/]/).pop() || "untitled";
    const text = statement.replace(/\s+/g, " ").trim();
    const name = `${base}: ${text}`;
    return name.length <= 128 ? name : `${name.slice(0, 127)}…`;
}

/** Whether the statement's top level has a LIMIT clause (so the service did not add one). */
export function hasTopLevelLimit(statement: string): boolean {
    let depth = 0;
    const re = /[()]|\blimit\b/gi;
    for (const match of statement.matchAll(re)) {
        const state = lexicalStateAt(statement, match.index ?? 0);
        if (state.kind !== "code") continue;
        if (match[0] === "(") depth++;
        else if (match[0] === ")") depth--;
        else if (depth === 0) return true;
    }
    return false;
}

/** The statement with an explicit LIMIT, for "re-run with a limit" after a truncated result. */
export function withLimit(statement: string, limit: number): string {
    return `${statement.replace(/\s+$/, "")}\nLIMIT ${limit}`;
}

/** The query for the service: `HogQLQuery` with `{variables.x}` values when there are any. */
export function hogqlQueryNode(
    statement: string,
    values: Record<string, string>,
): { kind: "HogQLQuery"; query: string; [key: string]: unknown } {
    const node: { kind: "HogQLQuery"; query: string; [key: string]: unknown } = {
        kind: "HogQLQuery",
        query: statement,
    };
    const names = Object.keys(values);
    if (names.length > 0) node.variables = variablesOverride(values);
    return node;
}

/**
 * `variables_override` as PostHog's `HogQLVariable` records, keyed by code name (a local file has
 * no saved variable ids, so the code name stands in for the id).
 */
export function variablesOverride(
    values: Record<string, string>,
): Record<string, { variableId: string; code_name: string; value: unknown }> {
    const out: Record<string, { variableId: string; code_name: string; value: unknown }> = {};
    for (const [name, raw] of Object.entries(values))
        out[name] = { variableId: name, code_name: name, value: parseVariableValue(raw) };
    return out;
}

/** Numbers and booleans typed into the prompt are sent as such; everything else as text. */
export function parseVariableValue(raw: string): unknown {
    const text = raw.trim();
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    if (text === "true" || text === "false") return text === "true";
    return raw;
}
