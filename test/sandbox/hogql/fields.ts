// Field resolution (posthog/hogql/resolver.py visit_field, lookup_field_by_name): what a name
// means in a SELECT (lambda argument, select alias, column CTE, table or subquery column, lazy
// join chain) and how a JSON property prints (printer.py visit_property_type).
import { NUMERIC_EVENT_PROPERTIES, NUMERIC_PERSON_PROPERTIES, findField } from "./database";
import { queryError } from "./errors";
import { escapeIdentifier as id, escapeString } from "./escape";
import type { AstNode } from "./parser";
import { type Printed, type Scope, type Source, lazyJoin } from "./scope";

export abstract class FieldPrinter {
    constructor(
        protected readonly teamId: number,
        /** the user's text, for column names of unaliased expressions */
        protected readonly text: string,
    ) {}

    abstract expr(node: AstNode, scope: Scope): Printed;

    protected field(node: AstNode, scope: Scope): Printed {
        const chain = (node.chain as (string | number)[]).map(String);
        const [head, ...rest] = chain;
        if (scope.findLambdaArg(head))
            return this.rest({ sql: id(head), nullable: true }, rest, node);
        for (let s: Scope | null = scope; s; s = s.parent) {
            // Select aliases of this scope first (resolver.py looks in aliases before tables).
            const alias = s.aliases.get(head);
            if (alias && !(rest.length && s.source(head))) return this.rest(alias, rest, node);
            if (rest.length && s.source(head)) return this.inSource(s.source(head)!, rest, node);
            const cte = s.ctes.get(head);
            if (cte?.kind === "column") return this.rest(this.expr(cte.expr, s), rest, node);
            const matches = s.sources.filter((src) => sourceHas(src, head));
            if (matches.length > 1 && !matches.every((m) => m === matches[0]))
                throw queryError(
                    `Ambiguous query. Found multiple sources for field: ${head}`,
                    node,
                );
            if (matches.length === 1) return this.inSource(matches[0], chain, node);
            // Only the innermost scope resolves table fields (no correlated subqueries), but
            // aliases and column CTEs of outer scopes are visible.
            if (s === scope && s.sources.length) {
                for (let p = s.parent; p; p = p.parent) {
                    const a = p.aliases.get(head);
                    if (a) return this.rest(a, rest, node);
                    const c = p.ctes.get(head);
                    if (c?.kind === "column") return this.rest(this.expr(c.expr, p), rest, node);
                }
                break;
            }
        }
        throw queryError(`Unable to resolve field: ${head}`, node);
    }

    /** Further names after a resolved value: property access when it is JSON. */
    protected rest(base: Printed, rest: string[], node: AstNode): Printed {
        if (!rest.length) return base;
        if (base.json)
            return this.jsonAccess(base.json.base, [...base.json.keys, ...rest], base.json.numeric);
        if (node.node !== "Field") throw queryError("Unexpected property access", node);
        // A string column from a subquery or alias: HogQL still reads it as JSON.
        return this.jsonAccess(base.sql, rest);
    }

    protected inSource(src: Source, chain: string[], node: AstNode, joined = false): Printed {
        const [name, ...rest] = chain;
        const qualifier = src.alias ? `${id(src.alias)}.` : "";
        if (!src.table) {
            const col = src.columns?.find((c) => c.name === name);
            if (!col) throw queryError(`Unable to resolve field: ${name}`, node);
            return this.rest(
                { sql: `${qualifier}${id(name)}`, nullable: col.nullable },
                rest,
                node,
            );
        }
        const f = findField(src.table, name);
        // resolver.py: a name after a joined table is looked up on that table ("Field not found").
        if (!f)
            throw queryError(
                joined ? `Field not found: ${name}` : `Unable to resolve field: ${name}`,
                node,
            );
        switch (f.kind) {
            case "column": {
                const sql = `${qualifier}${id(f.column)}`;
                if (f.type === "json") {
                    const numeric = numericProperties(src.table.name, f.column);
                    if (!rest.length)
                        return { sql, nullable: false, json: { base: sql, keys: [], numeric } };
                    return this.jsonAccess(sql, rest, numeric);
                }
                if (rest.length)
                    throw queryError(
                        `Can not access property "${rest[0]}" on field "${name}".`,
                        node,
                    );
                return { sql, nullable: !!f.nullable };
            }
            case "virtual": {
                const [sub, ...more] = rest;
                const v = sub !== undefined ? f.fields[sub] : undefined;
                if (!v)
                    throw queryError(`Unable to resolve field: ${[name, ...rest].join(".")}`, node);
                const sql = `${qualifier}${id(v.column)}`;
                if (v.type === "json") {
                    const numeric = (k: string) => NUMERIC_PERSON_PROPERTIES.has(k);
                    if (!more.length)
                        return { sql, nullable: false, json: { base: sql, keys: [], numeric } };
                    return this.jsonAccess(sql, more, numeric);
                }
                return { sql, nullable: false };
            }
            case "traverser":
                return this.inSource(src, [...f.chain, ...rest], node);
            case "lazy_join": {
                if (!rest.length)
                    throw queryError(
                        `Can't select a table when a column is expected: ${name}`,
                        node,
                    );
                return this.inSource(lazyJoin(src, name, f), rest, node, true);
            }
        }
    }

    /** printer.py visit_property_type: a JSON property as Nullable(String), numeric as Float. */
    protected jsonAccess(base: string, keys: string[], numeric?: (k: string) => boolean): Printed {
        const args = keys.map((k) => escapeString(k)).join(", ");
        const raw = `replaceRegexpAll(nullIf(nullIf(JSONExtractRaw(${base}, ${args}), ''), 'null'), '^"|"$', '')`;
        if (keys.length === 1 && numeric?.(keys[0]))
            return { sql: `accurateCastOrNull(${raw}, 'Float64')`, nullable: true };
        return { sql: raw, nullable: true, json: { base, keys, numeric } };
    }
}

function sourceHas(src: Source, name: string): boolean {
    if (src.table) return !!findField(src.table, name);
    return !!src.columns?.some((c) => c.name === name);
}

function numericProperties(table: string, column: string): (k: string) => boolean {
    if (column === "person_properties" || table === "persons")
        return (k) => NUMERIC_PERSON_PROPERTIES.has(k);
    if (table === "events") return (k) => NUMERIC_EVENT_PROPERTIES.has(k);
    return () => false;
}
