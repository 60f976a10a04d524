// The HogQL database of the sandbox: which tables HogQL can read, their fields under PostHog's
// names, and where each lives in the sandbox's ClickHouse (chDB) tables. The tables all come from
// PostHog's source (schemaTables.ts, from schemaTable.json: events, persons, person_distinct_ids,
// query_log, groups, cohort_people, cohort_membership, exchange_rate, session_replay_events,
// log_entries with its console-log and batch-export views, groups_revenue_analytics, the
// per-model document embeddings, sessions as sessions_v2.py gives them, numbers and the raw
// tables; document_embeddings itself is documentEmbeddings.ts, system.experiments and
// system.feature_flags are systemTables.ts); what database.py changes per team (MODIFIER_FIELDS)
// is by hand.
import { closeMatches } from "./closeMatches";
import {
    DATABASE_SCHEMA,
    GENERATED_TABLE_NAMES,
    REGISTERED_TABLES,
    generatedTables,
} from "./schemaTables";

/** Field types as DatabaseSchemaQuery names them (posthog/hogql/database/models.py). */
export type FieldType =
    | "string"
    | "integer"
    | "float"
    | "decimal"
    | "boolean"
    | "datetime"
    | "date"
    | "json"
    | "array"
    | "uuid";

export interface ColumnField {
    kind: "column";
    /** column of the ClickHouse table */
    column: string;
    type: FieldType;
    nullable?: boolean;
    /** left out of `SELECT *` (PostHog: hidden fields, avoid_asterisk_fields) */
    hidden?: boolean;
    /**
     * DatabaseSchemaQuery's type when it differs from `type` (generated tables): null where
     * serialize_fields lists no such field (a plain DatabaseField holding an aggregate state).
     */
    schemaType?: string | null;
}

/** A join PostHog adds only when a field reaches through it (models.py LazyJoin). */
export interface LazyJoinField {
    kind: "lazy_join";
    table: string;
    /** field of this table joined on ... */
    from: string;
    /** ... this field of the joined table */
    to: string;
    /** a condition on the joined table: `field` equals `value` (events.group_N: index = N) */
    filter?: { field: string; value: number | string };
}

/** Fields stored on this table but shown as a sub-table (models.py VirtualTable, e.g. events.poe). */
export interface VirtualField {
    kind: "virtual";
    fields: Record<string, ColumnField>;
}

/** A field that is another chain of this table (models.py FieldTraverser, e.g. events.person). */
export interface TraverserField {
    kind: "traverser";
    chain: string[];
}

export type Field = ColumnField | LazyJoinField | VirtualField | TraverserField;

export interface TableDef {
    /** HogQL name */
    name: string;
    /** ClickHouse table (or table function when `tableFunction`) */
    clickhouse: string;
    fields: Record<string, Field>;
    /** filtered by team_id like every PostHog table (printer.py adds `equals(x.team_id, N)`) */
    teamColumn?: string;
    /** a table function with arguments, like numbers(n) */
    tableFunction?: { minArgs: number; maxArgs: number };
    /** extra condition PostHog's lazy table applies (query_log: only HogQL queries) */
    extraWhere?: (alias: string) => string;
    /** the table's avoid_asterisk_fields(): left out of `SELECT *` */
    asteriskExclude?: string[];
}

const col = (
    column: string,
    type: FieldType,
    extra: Partial<Omit<ColumnField, "kind" | "column" | "type">> = {},
): ColumnField => ({ kind: "column", column, type, ...extra });

/**
 * What database.py Database.create_for changes for the team (newest database.py the code index
 * holds, id 54574309229), which the reading does not evaluate: it runs per team, on the team's
 * modifiers. The sandbox follows the default modifiers of its seeded project:
 * - personsOnEventsMode PERSON_ID_OVERRIDE_PROPERTIES_JOINED: person_id is the event's person_id
 *   with overrides applied (the sandbox stores the final person_id on the event, so no override
 *   join), and `person` joins the persons table on it;
 * - _use_error_tracking_issue_id_from_error_tracking_issue_overrides: issue_id (the sandbox stores
 *   the final issue id on the event);
 * - _use_virtual_fields: persons.$virt_initial_channel_type (stored on the person).
 * Hidden: they are left out of `SELECT *` as fields that are not database fields are.
 */
const MODIFIER_FIELDS: Record<string, Record<string, Field>> = {
    events: {
        person_id: col("person_id", "uuid", { hidden: true, schemaType: "string" }),
        person: { kind: "lazy_join", table: "persons", from: "person_id", to: "id" },
        issue_id: col("issue_id", "string", { hidden: true, nullable: true }),
    },
    persons: {
        $virt_initial_channel_type: col("initial_channel_type", "string", { hidden: true }),
    },
};

/** Fields create_for sets on `table` for the sandbox's team (see MODIFIER_FIELDS). */
export function modifierFields(table: string): Record<string, Field> {
    return MODIFIER_FIELDS[table] ?? {};
}

export const TABLES: Record<string, TableDef> = Object.fromEntries(
    generatedTables(new Set(GENERATED_TABLE_NAMES)).map((t) => [t.name, t]),
);
for (const [table, fields] of Object.entries(MODIFIER_FIELDS))
    Object.assign(TABLES[table].fields, fields);

/**
 * get_posthog_table_names() of database.py (the newest the code index holds, id 54574309229):
 * what `Unknown table` suggests from: five tables, then get_system_table_names() (query_log and
 * the visible system.* tables, DatabaseSchemaQuery's "system" tables).
 */
const SUGGESTED_TABLES = [
    "events",
    "groups",
    "persons",
    "sessions",
    "logs",
    ...Object.entries(DATABASE_SCHEMA)
        .filter(([, t]) => t.type === "system")
        .map(([name]) => name),
];

/**
 * PostHog's message for a table it lacks: database.py get_table (newest, id 54574309229)
 * "Unknown table `x`." with " Did you mean: a, b?" from difflib.get_close_matches(name,
 * sorted(candidates), n=3, cutoff=0.7), the name itself (case-folded) left out.
 */
export function unknownTableMessage(name: string): string {
    const lowered = name.toLowerCase();
    const candidates = SUGGESTED_TABLES.filter((c) => c.toLowerCase() !== lowered).sort();
    const suggestions = closeMatches(name, candidates, 3, 0.7);
    const suffix = suggestions.length ? ` Did you mean: ${suggestions.join(", ")}?` : "";
    return `Unknown table \`${name}\`.${suffix}`;
}

/** Whether PostHog registers `name` (the sandbox may still not serve it). */
export function isRegisteredTable(name: string): boolean {
    return REGISTERED_TABLES.has(name);
}

export function findTable(name: string): TableDef | undefined {
    return Object.prototype.hasOwnProperty.call(TABLES, name) ? TABLES[name] : undefined;
}

export function findField(table: TableDef, name: string): Field | undefined {
    return Object.prototype.hasOwnProperty.call(table.fields, name)
        ? table.fields[name]
        : undefined;
}

/**
 * Fields `SELECT *` expands to: models.py Table.get_asterisk (code index id 54647781084) leaves
 * out avoid_asterisk_fields(), team_id (not for table functions) and hidden fields.
 */
export function asteriskFields(table: TableDef): string[] {
    const avoid = new Set(table.asteriskExclude ?? []);
    if (!table.tableFunction) avoid.add("team_id");
    return Object.entries(table.fields)
        .filter(([name, f]) => f.kind === "column" && !f.hidden && !avoid.has(name))
        .map(([name]) => name);
}

/**
 * Event properties PostHog's property definitions mark numeric in the seeded project: the
 * property swapper (posthog/hogql/transforms/property_types.py) wraps them in toFloat(...).
 */
export const NUMERIC_EVENT_PROPERTIES = new Set([
    "$screen_width",
    "$screen_height",
    "$viewport_width",
    "$viewport_height",
    "amount",
    "$browser_version",
    "index",
]);
export const NUMERIC_PERSON_PROPERTIES = new Set(["age", "ltv"]);
