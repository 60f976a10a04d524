// Prints a resolved HogQL AST as ClickHouse SQL, the way posthog/hogql/printer.py does:
// operators as functions (equals, plus, and, ...), every column qualified by its table, JSON
// property access as replaceRegexpAll(nullIf(nullIf(JSONExtractRaw(...)))), numeric properties
// wrapped in toFloat (transforms/property_types.py), team guards on every table, lazy joins as
// LEFT JOINs, and HogQL-only functions expanded. Resolution (resolver.py) happens while printing,
// scope by scope (scope.ts, fields.ts); expressions are expressions.ts'. This file: queries,
// FROM/JOIN chains, CTEs, * and the row limits.
import {
    type ColumnField,
    type TableDef,
    asteriskFields,
    findField,
    findTable,
    isRegisteredTable,
    unknownTableMessage,
} from "./database";
import { queryError } from "./errors";
import { checkAlias, escapeIdentifier as id } from "./escape";
import { ExprPrinter, type SelectColumn, type SelectResult } from "./expressions";
import { DOCUMENT_EMBEDDINGS, documentEmbeddingsTable } from "./documentEmbeddings";
import { expandQueryTag } from "./hogqlx";
import type { AstNode } from "./parser";
import { Scope, type Source } from "./scope";
import { type SystemRows, systemTable } from "./systemTables";

/** posthog/hogql/constants.py */
export const DEFAULT_RETURNED_ROWS = 100;
export const MAX_SELECT_RETURNED_ROWS = 50_000;

export interface PrintedQuery {
    sql: string;
    /** output column names as HogQL shows them (query.py print_columns) */
    columns: string[];
}

export class Printer extends ExprPrinter {
    /** HogQL tables the query reads (HogQLMetadata table_names) */
    readonly tableNames = new Set<string>();
    /** the WHERE of the SELECT whose FROM is being printed */
    private where: AstNode | null = null;
    /** the sandbox's experiments and flags, for the system tables it serves (systemTables.ts) */
    systemRows: SystemRows = {};

    /** Prints a top-level query with HogQL's row limits applied (posthog/hogql/query.py). */
    printTop(ast: AstNode, limit: { default: number; max: number }): PrintedQuery {
        const r = this.printQuery(ast, null, limit);
        return { sql: r.sql, columns: r.columns.map((c) => c.name) };
    }

    private printQuery(
        node: AstNode,
        parent: Scope | null,
        limit: { default: number; max: number } | null,
    ): SelectResult {
        if (node.node === "SelectSetQuery") return this.printSet(node, parent, limit);
        if (node.node === "SelectQuery") return this.printSelect(node, parent, limit);
        throw queryError(`Unexpected ${node.node} where a query was expected`, node);
    }

    private printSet(
        node: AstNode,
        parent: Scope | null,
        limit: { default: number; max: number } | null,
    ): SelectResult {
        // query.py applies the limit to every SELECT of a top-level set query.
        const first = this.printQuery(node.initial_select_query, parent, limit);
        const parts = [first.sql];
        // The parser hangs a leading WITH on the first SELECT; it names CTEs for the whole set.
        const shared = new Scope(parent, this.teamId);
        for (const cte of ctesOf(node.initial_select_query as AstNode))
            shared.ctes.set(String(cte.name), {
                kind: cte.cte_type === "column" ? "column" : "subquery",
                expr: cte.expr,
            });
        for (const next of (node.subsequent_select_queries ?? []) as AstNode[]) {
            const r = this.printQuery(next.select_query, shared, limit);
            parts.push(`${String(next.set_operator)} ${r.sql}`);
        }
        // printer/base.py visit_select_set_query (@8722f436): the set's own LIMIT and OFFSET
        // (`(SELECT ... UNION ALL SELECT ...) LIMIT n`) are printed after the last SELECT, with
        // no parentheses, so ClickHouse reads them as that SELECT's. At the top, where query.py
        // has given every SELECT its LIMIT, that is a second LIMIT: ClickHouse's syntax error,
        // as on PostHog.
        if (node.limit) {
            let l = node.limit_percent
                ? limitPercentValue(node.limit as AstNode)
                : this.expr(node.limit, shared).sql;
            if (node.limit_with_ties) l += " WITH TIES";
            parts.push(`LIMIT ${l}`);
        }
        if (node.offset) parts.push(`OFFSET ${this.expr(node.offset, shared).sql}`);
        return { sql: parts.join(" "), columns: first.columns };
    }

    protected printSubquery(node: AstNode, parent: Scope): SelectResult {
        const r = this.printQuery(node, parent, null);
        return { sql: `(${r.sql})`, columns: r.columns };
    }

    private printSelect(
        node: AstNode,
        parent: Scope | null,
        limit: { default: number; max: number } | null,
    ): SelectResult {
        const scope = new Scope(parent, this.teamId);
        for (const cte of ctesOf(node)) {
            scope.ctes.set(String(cte.name), {
                kind: cte.cte_type === "column" ? "column" : "subquery",
                expr: cte.expr,
            });
        }
        // FROM first: it defines what names mean; joins' ON is printed once all are known. A lazy
        // table may read this SELECT's WHERE (document_embeddings).
        const outerWhere = this.where;
        this.where = (node.where as AstNode | null) ?? null;
        let from: string | null;
        try {
            from = node.select_from ? this.printJoinChain(node.select_from, scope) : null;
        } finally {
            this.where = outerWhere;
        }

        const arrayJoin: string[] = [];
        if (node.array_join_op) {
            for (const item of (node.array_join_list ?? []) as AstNode[]) {
                if (item.node !== "Alias")
                    throw queryError("ARRAY JOIN arrays must have an alias", item);
                const p = this.expr(item.expr, scope);
                arrayJoin.push(`${p.sql} AS ${id(item.alias)}`);
                scope.aliases.set(String(item.alias), {
                    sql: id(item.alias),
                    nullable: p.nullable,
                });
            }
        }

        const columns: SelectColumn[] = [];
        const selectSql: string[] = [];
        const used = new Set<string>();
        for (const item of (node.select ?? []) as AstNode[]) {
            if (item.node === "Field" && item.chain[item.chain.length - 1] === "*") {
                for (const [name, sql] of this.asterisk(item, scope)) {
                    selectSql.push(sql === id(name) ? sql : `${sql} AS ${id(name)}`);
                    columns.push({ name, nullable: true });
                    used.add(name);
                }
                continue;
            }
            if (item.node === "Alias") {
                const p = this.expr(item.expr, scope);
                const name = String(item.alias);
                checkAlias(name, item);
                // resolver.py visit_alias: the alias is known only after its expression.
                scope.aliases.set(name, { sql: id(name), nullable: p.nullable, json: p.json });
                selectSql.push(`${p.sql} AS ${id(name)}`);
                columns.push({ name, nullable: p.nullable });
                used.add(name);
                continue;
            }
            const p = this.expr(item, scope);
            if (item.node === "Field") {
                // resolver.py visit_field: unaliased fields get a hidden alias, their last name
                // (a property: its keys joined by "__").
                const keys = p.json?.keys ?? [];
                const name = keys.length
                    ? keys.join("__")
                    : String(item.chain[item.chain.length - 1]);
                if (!used.has(name) && p.sql !== id(name)) {
                    selectSql.push(`${p.sql} AS ${id(name)}`);
                    used.add(name);
                } else selectSql.push(p.sql);
                columns.push({ name, nullable: p.nullable });
            } else if (item.node === "Call") {
                // printer/clickhouse.py _print_select_columns (code index id 54502309406): an
                // unaliased call is named by its HogQL text, '%' dropped (escape_sql.py
                // safe_identifier), unless the name is taken; resolver.py visit_select_query
                // (@b8d47d2c) makes it a column of the query under that name. The sandbox takes
                // the query's own text for PostHog's HogQL print of the call.
                const name = this.columnName(item, p.sql);
                const ref = name.replaceAll("%", "");
                if (!used.has(ref)) {
                    selectSql.push(`${p.sql} AS ${id(ref)}`);
                    used.add(ref);
                    columns.push({ name, nullable: p.nullable, ref });
                } else {
                    selectSql.push(p.sql);
                    columns.push({ name, nullable: p.nullable, hidden: true });
                }
            } else {
                // resolver.py visit_select_query (@b8d47d2c): any other unaliased expression
                // (an operator, a constant) is no column of the query: `*` over it leaves it out.
                selectSql.push(p.sql);
                columns.push({
                    name: this.columnName(item, p.sql),
                    nullable: p.nullable,
                    hidden: true,
                });
            }
        }

        const where: string[] = [];
        const guards = this.teamGuards(scope);
        if (node.where) where.push(this.expr(node.where, scope).sql);
        const prewhere = node.prewhere ? this.expr(node.prewhere, scope).sql : null;
        const groupBy = ((node.group_by ?? []) as AstNode[]).map((e) => this.expr(e, scope).sql);
        const having = node.having ? this.expr(node.having, scope).sql : null;
        const qualify = node.qualify ? this.expr(node.qualify, scope).sql : null;
        const windows = Object.entries((node.window_exprs ?? {}) as Record<string, AstNode>).map(
            ([name, w]) => `${id(name)} AS (${this.windowExpr(w, scope)})`,
        );
        const orderBy = ((node.order_by ?? []) as AstNode[]).map((o) => this.orderExpr(o, scope));
        const limitBy = node.limit_by ? this.limitBy(node.limit_by, scope) : null;

        // printer/base.py visit_select_query: a SELECT left with no columns (`*` over a
        // subquery with none) selects 1.
        const selectList = selectSql.length ? selectSql.join(", ") : "1";
        const parts = [`SELECT${node.distinct ? " DISTINCT" : ""} ${selectList}`];
        if (from) parts.push(`FROM ${from}${scope.lazyJoinSql.map((j) => ` ${j}`).join("")}`);
        if (arrayJoin.length) parts.push(`${String(node.array_join_op)} ${arrayJoin.join(", ")}`);
        if (prewhere) parts.push(`PREWHERE ${prewhere}`);
        const allWhere = [...guards, ...where];
        if (allWhere.length)
            parts.push(
                `WHERE ${allWhere.length > 1 ? `and(${allWhere.join(", ")})` : allWhere[0]}`,
            );
        if (groupBy.length) parts.push(`GROUP BY ${groupBy.join(", ")}`);
        if (having) parts.push(`HAVING ${having}`);
        if (windows.length) parts.push(`WINDOW ${windows.join(", ")}`);
        if (qualify) parts.push(`QUALIFY ${qualify}`);
        if (orderBy.length) parts.push(`ORDER BY ${orderBy.join(", ")}`);
        if (limitBy) parts.push(limitBy);
        const limitSql = this.limit(node, scope, limit);
        if (limitSql) parts.push(limitSql);
        return { sql: parts.join(" "), columns };
    }

    /** query.py: no LIMIT -> the default (+1 is added by the caller for hasMore); clamp at max. */
    private limit(
        node: AstNode,
        scope: Scope,
        limit: { default: number; max: number } | null,
    ): string | null {
        let limitSql: string | null = null;
        if (node.limit && node.limit_percent) {
            limitSql = `LIMIT ${limitPercent(node.limit as AstNode)}`;
            if (node.offset) limitSql += ` OFFSET ${this.expr(node.offset, scope).sql}`;
            if (node.limit_with_ties) limitSql += " WITH TIES";
        } else if (node.limit) {
            let l = this.expr(node.limit, scope).sql;
            if (limit && /^\d+$/.test(l) && Number(l) > limit.max) l = String(limit.max);
            else if (limit && !/^\d+$/.test(l)) l = `min2(${limit.max}, ${l})`;
            limitSql = `LIMIT ${l}`;
            if (node.offset) limitSql += ` OFFSET ${this.expr(node.offset, scope).sql}`;
            if (node.limit_with_ties) limitSql += " WITH TIES";
        } else if (limit) {
            limitSql = `LIMIT ${limit.default}`;
            if (node.offset) limitSql += ` OFFSET ${this.expr(node.offset, scope).sql}`;
        } else if (node.offset) {
            limitSql = `OFFSET ${this.expr(node.offset, scope).sql}`;
        }
        return limitSql;
    }

    private limitBy(node: AstNode, scope: Scope): string {
        const n = this.expr(node.n, scope).sql;
        const off = node.offset_value ? ` OFFSET ${this.expr(node.offset_value, scope).sql}` : "";
        const by = ((node.exprs ?? []) as AstNode[]).map((e) => this.expr(e, scope).sql);
        return `LIMIT ${n}${off} BY ${by.join(", ")}`;
    }

    private teamGuards(scope: Scope): string[] {
        // Only the first source of the chain: joined tables carry theirs in the ON clause.
        const first = scope.sources[0];
        if (!first?.table) return [];
        const guards: string[] = [];
        if (first.table.teamColumn)
            guards.push(`equals(${id(first.alias)}.${first.table.teamColumn}, ${this.teamId})`);
        if (first.table.extraWhere) guards.push(first.table.extraWhere(id(first.alias)));
        return guards;
    }

    private printJoinChain(first: AstNode, scope: Scope): string {
        const joins: { node: AstNode; tableSql: string; src: Source | null }[] = [];
        for (let j: AstNode | null = first; j; j = j.next_join as AstNode | null) {
            joins.push(this.joinTable(j, scope));
        }
        return joins
            .map(({ node, tableSql, src }, i) => {
                let sql = tableSql;
                if (node.table_final) sql += " FINAL";
                if (node.sample) sql += ` ${this.sample(node.sample, scope)}`;
                if (i === 0) return sql;
                const type = String(node.join_type ?? "JOIN");
                const c = node.constraint as AstNode | null;
                let on = "";
                if (c?.constraint_type === "USING") {
                    // USING names columns of both sides: printed bare, not resolved to one table.
                    const exprs = (c.expr.node === "Tuple" ? c.expr.exprs : [c.expr]) as AstNode[];
                    const names = exprs.map((e) =>
                        e.node === "Field"
                            ? id(String(e.chain[e.chain.length - 1]))
                            : fail(queryError("USING takes column names", e)),
                    );
                    on = ` USING (${names.join(", ")})`;
                    // USING leaves no ON for the team guard: filter the joined table itself.
                    if (src?.table?.teamColumn && !src.table.tableFunction)
                        sql = `(SELECT * FROM ${src.table.clickhouse} WHERE equals(${src.table.teamColumn}, ${this.teamId})) AS ${id(src.alias)}`;
                } else if (c) {
                    this.inJoinConstraint = true;
                    let printed: string;
                    try {
                        printed = this.expr(c.expr, scope).sql;
                    } finally {
                        this.inJoinConstraint = false;
                    }
                    const conds = [printed];
                    if (src?.table?.teamColumn)
                        conds.push(
                            `equals(${id(src.alias)}.${src.table.teamColumn}, ${this.teamId})`,
                        );
                    on = ` ON ${conds.length > 1 ? `and(${conds.join(", ")})` : conds[0]}`;
                }
                return `${type === "," ? "," : type} ${sql}${on}`.replace(/^, /, ", ");
            })
            .join(" ");
    }

    private sample(node: AstNode, scope: Scope): string {
        const ratio = (r: AstNode) =>
            r.right
                ? `${this.expr(r.left, scope).sql}/${this.expr(r.right, scope).sql}`
                : this.expr(r.left, scope).sql;
        let sql = `SAMPLE ${ratio(node.sample_value)}`;
        if (node.offset_value) sql += ` OFFSET ${ratio(node.offset_value)}`;
        return sql;
    }

    /** One table of a FROM chain, registered in the scope under its alias. */
    private joinTable(
        j: AstNode,
        scope: Scope,
    ): { node: AstNode; tableSql: string; src: Source | null } {
        let table = j.table as AstNode;
        if (table.node === "HogQLXTag") table = expandQueryTag(table);
        if (table.node === "SelectQuery" || table.node === "SelectSetQuery") {
            const r = this.printSubquery(table, scope);
            const alias = j.alias ? String(j.alias) : "";
            const names = j.column_aliases as string[] | null | undefined;
            if (names?.length) {
                // resolver.py visit_join_expr (@b8d47d2c): `AS s (a, b)` names the subquery's
                // columns in order, all of them; PostHog prints them as aliases of the inner
                // SELECT, ClickHouse's own `AS s (a, b)` does the same.
                if (names.length !== r.columns.length)
                    throw queryError(
                        `Subquery has ${r.columns.length} column(s) but ${names.length} column name(s) were provided`,
                        j,
                    );
                names.forEach((n) => checkAlias(n, j));
                const columns = names.map((n, i) => ({ name: n, nullable: r.columns[i].nullable }));
                const src = scope.addSource({ alias, columns });
                const list = names.map((n) => id(n)).join(", ");
                return { node: j, tableSql: `${r.sql} AS ${id(alias)} (${list})`, src };
            }
            const src = scope.addSource({ alias, columns: outerColumns(r.columns) });
            return { node: j, tableSql: alias ? `${r.sql} AS ${id(alias)}` : r.sql, src };
        }
        if (table.node !== "Field") throw queryError(`Unsupported table expression`, table);
        const name = (table.chain as string[]).join(".");
        const cte = scope.findCte(name);
        if (cte && cte.kind === "subquery") {
            // printer.py inlines CTEs as subqueries under their name.
            const r = this.printSubquery(cte.expr, scope);
            const alias = j.alias ? String(j.alias) : name;
            const src = scope.addSource({ alias, columns: outerColumns(r.columns) });
            return { node: j, tableSql: `${r.sql} AS ${id(alias)}`, src };
        }
        // test_printer.py @002b82da test_table_function_not_supported_in_clickhouse: PostHog's
        // range() and generate_series() table functions are for its other dialects.
        if (name === "range" || name === "generate_series")
            throw queryError(`${name}() is not supported in ClickHouse dialect`, table);
        const def =
            findTable(name) ??
            (name === DOCUMENT_EMBEDDINGS || name === `posthog.${DOCUMENT_EMBEDDINGS}`
                ? documentEmbeddingsTable(this.where)
                : systemTable(name, this.systemRows));
        if (!def) {
            // A table PostHog has that the sandbox's ClickHouse does not hold: say so, rather
            // than claim PostHog lacks it.
            if (isRegisteredTable(name))
                throw queryError(
                    `The sandbox does not hold PostHog's table \`${name}\`: query it on a PostHog instance.`,
                    table,
                );
            throw queryError(unknownTableMessage(name), table);
        }
        this.tableNames.add(def.name);
        const alias = j.alias ? String(j.alias) : def.name;
        if (scope.source(alias))
            throw queryError(`Already have joined a table called "${alias}". Can't redefine.`, j);
        const src = scope.addSource({ alias, table: def });
        const names = j.column_aliases as string[] | null | undefined;
        if (names?.length) src.renames = columnRenames(def, names, alias, j);
        let tableSql = def.clickhouse;
        // printer/base.py @8722f436 visit_join_expr: a table function's argument counts, and no
        // arguments for any other table.
        const tableArgs = j.table_args as AstNode[] | null | undefined;
        if (def.tableFunction) {
            const { minArgs, maxArgs } = def.tableFunction;
            const s = (n: number) => (n > 1 ? "s" : "");
            if (!tableArgs)
                throw queryError(`Table function '${def.name}' requires arguments`, table);
            if (tableArgs.length < minArgs)
                throw queryError(
                    `Table function '${def.name}' requires at least ${minArgs} argument${s(minArgs)}`,
                    table,
                );
            if (tableArgs.length > maxArgs)
                throw queryError(
                    `Table function '${def.name}' requires at most ${maxArgs} argument${s(maxArgs)}`,
                    table,
                );
            const args = tableArgs.map((a) => this.expr(a, scope).sql);
            tableSql = `${def.clickhouse}(${args.join(", ")})`;
        } else if (tableArgs) {
            throw queryError(`Table '${def.name}' does not accept arguments`, j);
        }
        // A table function needs an alias for its columns to be qualified.
        const bare = alias === def.clickhouse && !def.tableFunction;
        return { node: j, tableSql: bare ? tableSql : `${tableSql} AS ${id(alias)}`, src };
    }

    /** `*` or `t.*` as the list of columns it stands for (name, printed sql). */
    private asterisk(field: AstNode, scope: Scope): [string, string][] {
        const chain = field.chain as string[];
        const sources =
            chain.length === 2
                ? [
                      scope.source(chain[0]) ??
                          fail(queryError(`Unknown table alias: ${chain[0]}`, field)),
                  ]
                : scope.sources;
        // resolver.py visit_field: a bare * needs exactly one table.
        if (!sources.length)
            throw queryError("Cannot use '*' when there are no tables in the query", field);
        if (sources.length > 1)
            throw queryError(
                "Cannot use '*' without table name when there are multiple tables in the query",
                field,
            );
        const out: [string, string][] = [];
        for (const src of sources) {
            if (src.table && src.renames) {
                for (const [name, original] of src.renames) {
                    const f = findField(src.table, original) as ColumnField;
                    out.push([name, `${id(src.alias)}.${id(f.column)}`]);
                }
            } else if (src.table) {
                for (const name of asteriskFields(src.table)) {
                    const f = findField(src.table, name) as ColumnField;
                    out.push([name, `${id(src.alias)}.${id(f.column)}`]);
                }
            } else {
                for (const c of src.columns ?? [])
                    out.push([c.name, src.alias ? `${id(src.alias)}.${id(c.name)}` : id(c.name)]);
            }
        }
        return out;
    }

    /** Column name of an unaliased expression: its HogQL text (query.py prints it as HogQL). */
    private columnName(node: AstNode, sql: string): string {
        if (node.start && node.end) return this.text.slice(node.start.offset, node.end.offset);
        return sql;
    }
}

/**
 * `LIMIT n %`: resolver.py visit_select_query (@b8d47d2c) takes only a number from 0 to 100 in the
 * ClickHouse dialect; printer/clickhouse.py _limit_percent_constant_value (code index id
 * 54502309406) prints n / 100 as Python prints a float (1.0, not 1), which ClickHouse reads as a
 * fraction of the rows when below 1. base.py skips the top-level row cap for it.
 */
function limitPercent(limit: AstNode): string {
    const value = limit.node === "Constant" ? limit.value : undefined;
    if (typeof value === "number" && (value < 0 || value > 100))
        throw queryError("Limit percent must be between 0 and 100", limit);
    return limitPercentValue(limit);
}

/**
 * printer/clickhouse.py _limit_percent_constant_value: a constant number only, printed as
 * str(value / 100), Python's float text (1.0, 0.5, 1e-05).
 */
function limitPercentValue(limit: AstNode): string {
    const value = limit.node === "Constant" ? limit.value : undefined;
    if (typeof value !== "number")
        throw queryError(
            "LIMIT percent with expressions is not supported in clickhouse dialect",
            limit,
        );
    return pythonFloat(value / 100);
}

/** Python's repr of a float: scientific below 1e-4 and from 1e16, with a two-digit exponent. */
function pythonFloat(x: number): string {
    const abs = Math.abs(x);
    if (abs !== 0 && (abs < 1e-4 || abs >= 1e16))
        return x
            .toExponential()
            .replace(/e([+-])(\d)$/, (_, sign: string, d: string) => `e${sign}0${d}`);
    return Number.isInteger(x) ? `${x}.0` : String(x);
}

/**
 * resolver.py visit_join_expr (@b8d47d2c): `FROM t AS a (x, y)` renames the table's `*` fields
 * in order; the others keep their names unless one of the new names takes it.
 */
function columnRenames(
    table: TableDef,
    names: string[],
    alias: string,
    node: AstNode,
): Map<string, string> {
    const fields = asteriskFields(table);
    if (names.length > fields.length)
        throw queryError(
            `Table has ${fields.length} column(s) available for aliasing but ${names.length} alias(es) were provided`,
            node,
        );
    const renames = new Map<string, string>();
    for (const [i, n] of names.entries()) {
        if (renames.has(n))
            throw queryError(`Duplicate column alias '${n}' in table alias '${alias}'`, node);
        renames.set(n, fields[i]);
    }
    for (const f of fields.slice(names.length)) if (!renames.has(f)) renames.set(f, f);
    return renames;
}

/** The columns of a subquery as an outer query reads them: hidden ones left out. */
function outerColumns(columns: SelectColumn[]): { name: string; nullable: boolean }[] {
    return columns
        .filter((c) => !c.hidden)
        .map((c) => ({ name: c.ref ?? c.name, nullable: c.nullable }));
}

function ctesOf(node: AstNode): AstNode[] {
    const c = node.ctes as AstNode[] | Record<string, AstNode> | null;
    if (!c) return [];
    return Array.isArray(c) ? c : Object.values(c);
}

function fail(e: Error): never {
    throw e;
}
