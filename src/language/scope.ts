/**
 * What a statement defines that completion can offer: its CTEs and aliased subqueries with the
 * columns their SELECT lists produce, from PostHog's parse; and, while the statement does not
 * parse, the CTE names the scanner can see. Pure: no `vscode` import.
 */
import { walk, type AstNode } from "../hogql/parser/parseResult";

export interface StatementScope {
    /** CTE name -> the names of its columns. */
    ctes: Map<string, string[]>;
    /** Subquery alias -> the names of its columns (`FROM (SELECT ...) AS s`). */
    subqueries: Map<string, string[]>;
}

/** The CTEs and aliased subqueries anywhere in a parsed statement. */
export function scopeOf(ast: AstNode): StatementScope {
    const scope: StatementScope = { ctes: new Map(), subqueries: new Map() };
    for (const { node } of walk(ast)) {
        if (node.node === "CTE" && typeof node.name === "string")
            scope.ctes.set(node.name, columnsOf(node.expr as AstNode | undefined));
        const table = node.table as AstNode | undefined;
        if (node.node === "JoinExpr" && typeof node.alias === "string" && table)
            if (table.node === "SelectQuery" || table.node === "SelectSetQuery")
                scope.subqueries.set(node.alias, columnsOf(table));
    }
    return scope;
}

/** The column names a SELECT produces: aliases, and plain fields by their last name. */
function columnsOf(query: AstNode | undefined): string[] {
    if (!query) return [];
    const select =
        query.node === "SelectSetQuery"
            ? (query.initial_select_query as AstNode | undefined)
            : query;
    const columns: string[] = [];
    for (const expr of (select?.select as AstNode[] | undefined) ?? []) {
        if (expr.node === "Alias" && typeof expr.alias === "string") columns.push(expr.alias);
        else if (expr.node === "Field" && Array.isArray(expr.chain)) {
            const last = expr.chain[expr.chain.length - 1];
            if (typeof last === "string" && last !== "*") columns.push(last);
        }
    }
    return [...new Set(columns)];
}

const CTE_HEAD = /(?:\bwith|,)\s*([A-Za-z_$][\w$]*)\s+as\s*\(/gi;

/** CTE names in statement text that does not parse yet (`WITH name AS (`, `, name AS (`). */
export function scannedCteNames(statement: string): string[] {
    return [...new Set([...statement.matchAll(CTE_HEAD)].map((m) => m[1]))];
}
