/**
 * The structure of a HogQL file from PostHog's parse: statements, their CTEs and aliased
 * subqueries (for the outline, breadcrumbs and folding), and where a CTE or alias a name refers
 * to is defined (go to definition). Offsets are into the whole document. Pure: no `vscode`.
 */
import * as l10n from "@vscode/l10n";
import type { DocumentParse, ParsedStatement } from "../hogql/parser/documentParse";
import { walk, type AstNode } from "../hogql/parser/parseResult";

export type OutlineKind = "statement" | "cte" | "subquery";

export interface OutlineNode {
    kind: OutlineKind;
    name: string;
    /** What the node is, shown next to its name: the statement's first words, `CTE`... */
    detail: string;
    /** The whole construct. */
    start: number;
    end: number;
    /** Its name (the CTE or alias), or the statement's first characters. */
    nameStart: number;
    nameEnd: number;
    children: OutlineNode[];
}

/** The outline of every statement; a statement that does not parse has no children. */
export function outline(parse: DocumentParse): OutlineNode[] {
    return parse.statements.map((statement, index) => {
        const firstLine = statement.text.split(/\r?\n/)[0].trim();
        const summary = statement.text.replace(/\s+/g, " ");
        const node: OutlineNode = {
            kind: "statement",
            name: `Statement ${index + 1}`,
            detail: summary.length > 60 ? `${summary.slice(0, 59)}…` : summary,
            start: statement.start,
            end: statement.end,
            nameStart: statement.start,
            nameEnd: statement.start + firstLine.length,
            children: [],
        };
        if (statement.parsed.ok)
            node.children = structure(statement.parsed.ast, statement.start, parse.text);
        return node;
    });
}

/** CTEs and aliased subqueries under `root`, nested as in the query. */
function structure(root: AstNode, base: number, text: string): OutlineNode[] {
    const top: OutlineNode[] = [];
    // Nodes that carry an outline entry, so children find their nearest outlined ancestor.
    const entries = new Map<AstNode, OutlineNode>();
    for (const { node, parents } of walk(root)) {
        const entry = entryFor(node, base, text);
        if (!entry) continue;
        entries.set(node, entry);
        const owner = [...parents].reverse().find((p) => entries.has(p));
        (owner ? entries.get(owner)!.children : top).push(entry);
    }
    return top;
}

function entryFor(node: AstNode, base: number, text: string): OutlineNode | undefined {
    if (node.start === undefined || node.end === undefined) return undefined;
    if (node.node === "CTE" && typeof node.name === "string") {
        const start = base + node.start;
        return namedEntry("cte", node.name, l10n.t("CTE"), start, base + node.end, start);
    }
    const table = node.table as AstNode | undefined;
    if (
        node.node === "JoinExpr" &&
        typeof node.alias === "string" &&
        (table?.node === "SelectQuery" || table?.node === "SelectSetQuery")
    ) {
        const nameStart = aliasStart(text, node.alias, base + node.start, base + node.end);
        return namedEntry(
            "subquery",
            node.alias,
            l10n.t("subquery"),
            base + node.start,
            base + node.end,
            nameStart,
        );
    }
    return undefined;
}

/** Ranges worth folding: multi-line statements, CTEs and subqueries, as document offsets. */
export function foldingRanges(parse: DocumentParse): { start: number; end: number }[] {
    const ranges: { start: number; end: number }[] = [];
    const visit = (nodes: OutlineNode[]) => {
        for (const node of nodes) {
            ranges.push({ start: node.start, end: node.end });
            visit(node.children);
        }
    };
    visit(outline(parse));
    return ranges;
}

export interface Definition {
    kind: "cte" | "alias";
    name: string;
    /** The name at its definition. */
    start: number;
    end: number;
}

/**
 * Where `name`, used at `offset`, is defined: the CTE of that name in scope (the innermost query
 * holding the use that declares it), or a table or subquery alias (`FROM events e`,
 * `JOIN (SELECT ...) AS sq`) in the same statement.
 */
export function definitionAt(
    parse: DocumentParse,
    offset: number,
    name: string,
): Definition | undefined {
    const statement = parse.statements.find((s) => s.start <= offset && offset <= s.end);
    if (!statement?.parsed.ok) return undefined;
    const local = offset - statement.start;
    return cteDefinition(statement, local, name) ?? aliasDefinition(statement, name, parse.text);
}

function cteDefinition(
    statement: ParsedStatement,
    local: number,
    name: string,
): Definition | undefined {
    if (!statement.parsed.ok) return undefined;
    let best: { definition: Definition; scopeSize: number } | undefined;
    for (const { node } of walk(statement.parsed.ast)) {
        if (!Array.isArray(node.ctes) || node.start === undefined || node.end === undefined)
            continue;
        if (local < node.start || local > node.end) continue;
        for (const cte of node.ctes as AstNode[]) {
            if (cte.name !== name || cte.start === undefined) continue;
            const scopeSize = node.end - node.start;
            if (!best || scopeSize < best.scopeSize)
                best = {
                    scopeSize,
                    definition: {
                        kind: "cte",
                        name,
                        start: statement.start + cte.start,
                        end: statement.start + cte.start + name.length,
                    },
                };
        }
    }
    return best?.definition;
}

function aliasDefinition(
    statement: ParsedStatement,
    name: string,
    text: string,
): Definition | undefined {
    if (!statement.parsed.ok) return undefined;
    for (const { node } of walk(statement.parsed.ast)) {
        if (node.node !== "JoinExpr" || node.alias !== name || node.end === undefined) continue;
        const start = aliasStart(
            text,
            name,
            statement.start + (node.start ?? 0),
            statement.start + node.end,
        );
        return { kind: "alias", name, start, end: start + name.length };
    }
    return undefined;
}

/** Where an alias is written: its last occurrence in its join (it may be quoted). */
function aliasStart(text: string, alias: string, start: number, end: number): number {
    const found = text.lastIndexOf(alias, end - alias.length);
    return found >= start ? found : end - alias.length;
}

/** A construct from `start` to `end` whose name stands at `nameStart`; no children yet. */
function namedEntry(
    kind: OutlineKind,
    name: string,
    detail: string,
    start: number,
    end: number,
    nameStart: number,
): OutlineNode {
    return {
        kind,
        name,
        detail,
        start,
        end,
        nameStart,
        nameEnd: nameStart + name.length,
        children: [],
    };
}
