// Name resolution (posthog/hogql/resolver.py): what a field name means in a SELECT: a lambda
// argument, a select alias, a CTE, a column of a table or subquery in FROM, or a chain through
// lazy joins (events.person.properties.email) that adds a LEFT JOIN to the printed query.
import { type LazyJoinField, type TableDef, findField, findTable } from "./database";
import { escapeString } from "./escape";
import type { AstNode } from "./parser";

/** One table, subquery or CTE in a FROM clause (resolver.py TableType / SelectQueryAliasType). */
export interface Source {
    /** the name the printed SQL qualifies its columns with ("" = unqualified subquery) */
    alias: string;
    table?: TableDef;
    /** output columns of a subquery, with whether each may be NULL */
    columns?: { name: string; nullable: boolean }[];
    /**
     * `FROM t AS a (x, y)`: the table's fields by the names given to them, in asterisk order
     * (resolver.py ColumnAliasedTableType alias_to_original); the renamed ones answer only to
     * their new names.
     */
    renames?: Map<string, string>;
    /** lazy joins already added for this source, by field name */
    lazy: Map<string, Source>;
    scope: Scope;
}

export interface Cte {
    kind: "subquery" | "column";
    expr: AstNode;
}

/** A printed expression and whether it may be NULL (ast.py types' `nullable`). */
export interface Printed {
    sql: string;
    nullable: boolean;
    /** for JSON-valued printed fields: the chain that can take property access */
    json?: { base: string; keys: string[]; numeric?: (key: string) => boolean };
}

export class Scope {
    readonly sources: Source[] = [];
    readonly aliases = new Map<string, Printed>();
    readonly ctes = new Map<string, Cte>();
    readonly lambdaArgs = new Set<string>();
    /** LEFT JOIN clauses of lazy joins, printed after the FROM chain */
    readonly lazyJoinSql: string[] = [];

    constructor(
        readonly parent: Scope | null,
        readonly teamId: number,
    ) {}

    findCte(name: string): Cte | undefined {
        return this.ctes.get(name) ?? this.parent?.findCte(name);
    }

    findLambdaArg(name: string): boolean {
        return this.lambdaArgs.has(name) || !!this.parent?.findLambdaArg(name);
    }

    source(alias: string): Source | undefined {
        return this.sources.find((s) => s.alias === alias);
    }

    addSource(src: Omit<Source, "lazy" | "scope">): Source {
        const full: Source = { ...src, lazy: new Map(), scope: this };
        this.sources.push(full);
        return full;
    }
}

/** A lazy join reached through `field` of `src` (database models.py LazyJoin). */
export function lazyJoin(src: Source, field: string, def: LazyJoinField): Source {
    const existing = src.lazy.get(field);
    if (existing) return existing;
    const table = findTable(def.table)!;
    const alias = `${src.alias || src.table!.name}__${field}`;
    const joined: Source = { alias, table, lazy: new Map(), scope: src.scope };
    src.lazy.set(field, joined);
    const fromField = findField(src.table!, def.from);
    const toField = findField(table, def.to);
    const fromCol = fromField?.kind === "column" ? fromField.column : def.from;
    const toCol = toField?.kind === "column" ? toField.column : def.to;
    const q = (s: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(s) ? s : `\`${s}\``);
    const on = [`equals(${q(src.alias || src.table!.name)}.${q(fromCol)}, ${alias}.${q(toCol)})`];
    if (table.teamColumn) on.push(`equals(${alias}.${table.teamColumn}, ${src.scope.teamId})`);
    // a lazy table's own condition (log_entries.py: console_logs are session_replay lines)
    if (table.extraWhere) on.push(table.extraWhere(alias));
    if (def.filter) {
        const f = findField(table, def.filter.field);
        const col = f?.kind === "column" ? f.column : def.filter.field;
        const value =
            typeof def.filter.value === "number"
                ? String(def.filter.value)
                : escapeString(def.filter.value);
        on.push(`equals(${alias}.${q(col)}, ${value})`);
    }
    src.scope.lazyJoinSql.push(
        `LEFT JOIN ${table.clickhouse} AS ${alias} ON ${on.length > 1 ? `and(${on.join(", ")})` : on[0]}`,
    );
    return joined;
}
