// system.experiments and system.feature_flags, served from the sandbox's own state. PostHog reads
// them from its Postgres (PostgresTable, posthog/hogql/database/schema/system.py
// @017b38e07c18171355248d7d39bedbd6467dea59: `experiments` on posthog_experiment, `feature_flags`
// on posthog_featureflag); the fields below are theirs, in their order. The sandbox's experiments
// and flags change request by request, and several sandboxes of a process share one chDB session,
// so the rows are not copied into a shared chDB table: each query that names one of these tables
// reads the state of its own sandbox, taken when the query is printed, as an inline JSONEachRow
// source (ClickHouse's format() table function).
import type { ColumnField, FieldType, TableDef } from "./database";
import { escapeString } from "./escape";
import type { Json, JsonObject, SandboxState } from "../types";

/** Rows of the served system tables, keyed by HogQL table name, in PostgresTable's field names. */
export type SystemRows = Record<string, JsonObject[]>;

interface SystemColumn {
    /** HogQL field name */
    name: string;
    /** the row's key this column is made from, when not `name` */
    from?: string;
    /** how the JSON value is read (format() structure) */
    input: string;
    /** the ClickHouse expression over the input column, when not the column itself */
    expr?: (raw: string) => string;
    type: FieldType;
    nullable?: boolean;
    hidden?: boolean;
}

const dateTime = (name: string, nullable = false): SystemColumn => ({
    name,
    input: "Nullable(String)",
    expr: (raw) => `parseDateTime64BestEffort${nullable ? "OrNull" : ""}(${raw}, 6, 'UTC')`,
    type: "datetime",
    nullable,
});

/**
 * `_x` BooleanDatabaseField(name="x", hidden=True) with the ExpressionField `x` =
 * toInt(_x), which HogQL prints as accurateCastOrNull(..., 'Int64') (functions/mapping.py).
 */
const flag = (name: string): SystemColumn[] => [
    { name: `_${name}`, input: "Bool", type: "boolean", hidden: true },
    {
        name,
        from: `_${name}`,
        input: "Bool",
        expr: (raw) => `accurateCastOrNull(${raw}, 'Int64')`,
        type: "integer",
        nullable: true,
    },
];

const TABLES: Record<string, SystemColumn[]> = {
    "system.experiments": [
        { name: "id", input: "Int64", type: "integer" },
        { name: "team_id", input: "Int64", type: "integer" },
        { name: "name", input: "String", type: "string" },
        { name: "description", input: "Nullable(String)", type: "string", nullable: true },
        dateTime("created_at"),
        dateTime("updated_at"),
        { name: "filters", input: "String", type: "json" },
        { name: "parameters", input: "String", type: "json" },
        dateTime("start_date", true),
        dateTime("end_date", true),
        ...flag("archived"),
        { name: "feature_flag_id", input: "Nullable(Int64)", type: "integer", nullable: true },
    ],
    "system.feature_flags": [
        { name: "id", input: "Int64", type: "integer" },
        { name: "team_id", input: "Int64", type: "integer" },
        { name: "key", input: "String", type: "string" },
        { name: "name", input: "String", type: "string" },
        { name: "filters", input: "String", type: "json" },
        // The legacy column: flags made through the API keep their rollout in filters, so NULL.
        {
            name: "rollout_percentage",
            input: "Nullable(Int64)",
            type: "integer",
            nullable: true,
        },
        dateTime("created_at"),
        ...flag("deleted"),
    ],
};

/**
 * format()'s columns are named apart from the table's (raw_x), so that no output alias shadows
 * a column its expression reads; a row key read by two columns is read once.
 */
const raw = (c: SystemColumn) => `raw_${c.from ?? c.name}`;

/** The system table `name` as the sandbox serves it, or undefined for one it does not. */
export function systemTable(name: string, rows: SystemRows): TableDef | undefined {
    const columns = Object.hasOwn(TABLES, name) ? TABLES[name] : undefined;
    if (!columns) return undefined;
    const data = rows[name] ?? [];
    const inputs = columns.filter((c) => !c.from);
    const structure = inputs.map((c) => `${raw(c)} ${c.input}`).join(", ");
    // format() needs one row to know its columns; an empty table reads a default row and keeps none.
    const lines = data.length ? data.map((r) => JSON.stringify(pick(r, inputs))).join("\n") : "{}";
    const select = columns
        .map((c) => `${c.expr ? c.expr(raw(c)) : raw(c)} AS ${c.name}`)
        .join(", ");
    const fields: Record<string, ColumnField> = {};
    for (const c of columns)
        fields[c.name] = {
            kind: "column",
            column: c.name,
            type: c.type,
            ...(c.nullable ? { nullable: true } : {}),
            ...(c.hidden ? { hidden: true } : {}),
        };
    return {
        name,
        clickhouse:
            `(SELECT ${select} FROM format(JSONEachRow, ${escapeString(structure)}, ` +
            `${escapeString(lines)})${data.length ? "" : " WHERE 0"})`,
        fields,
        teamColumn: "team_id",
    };
}

function pick(row: JsonObject, columns: SystemColumn[]): JsonObject {
    return Object.fromEntries(columns.map((c) => [raw(c), row[c.name] ?? null]));
}

const json = (v: Json | undefined): string => JSON.stringify(v ?? {});
const text = (v: Json | undefined): string | null => (typeof v === "string" ? v : null);

/**
 * The sandbox's experiments and flags as posthog_experiment and posthog_featureflag rows, every
 * team's (the printer adds the team guard, as PostHog's does).
 */
export function systemRowsOf(state: SandboxState): SystemRows {
    return {
        "system.experiments": state.experiments.map((e) => ({
            id: e.id,
            team_id: e.team_id,
            name: e.name,
            description: text(e.description),
            created_at: text(e.created_at),
            updated_at: text(e.updated_at) ?? text(e.created_at),
            filters: json(e.filters),
            parameters: json(e.parameters),
            start_date: text(e.start_date),
            end_date: text(e.end_date),
            _archived: e.archived === true,
            feature_flag_id:
                state.featureFlags.find(
                    (f) => f.key === e.feature_flag_key && f.team_id === e.team_id,
                )?.id ?? null,
        })),
        "system.feature_flags": state.featureFlags.map((f) => ({
            id: f.id,
            team_id: f.team_id,
            key: f.key,
            name: f.name,
            filters: json(f.filters),
            rollout_percentage: null,
            created_at: f.created_at,
            _deleted: f.deleted,
        })),
    };
}
