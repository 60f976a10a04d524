// The sandbox's HogQL engine: PostHog's parser, a resolver/printer following posthog/hogql, and
// ClickHouse (chDB) to run the printed SQL. One instance per process (see clickhouse.ts).
import type { Json, JsonObject } from "../types";
import { type ClickHouseResult, runSql } from "./clickhouse";
import { TABLES, type Field, modifierFields } from "./database";
import { ExposedClickHouseError, HogQLError, InternalClickHouseError } from "./errors";
import { type HogQLFilters, replaceFilters } from "./filters";
import { type AstNode, loadParser, parseSelect } from "./parser";
import { type InsightVariable, type RequestVariable, replacePlaceholders } from "./placeholders";
import { DEFAULT_RETURNED_ROWS, MAX_SELECT_RETURNED_ROWS, Printer } from "./printer";
import { type QueryLogTag, writeQueryLog } from "./queryLog";
import { DATABASE_SCHEMA } from "./schemaTables";
import { type SystemRows } from "./systemTables";
import { checkOffsets } from "./userQueryValidator";

export { HogQLError, ExposedClickHouseError };

export interface HogQLResult {
    columns: string[];
    types: [string, string][];
    results: Json[][];
    hasMore: boolean | null;
    limit: number | null;
    offset: number | null;
    clickhouse: string;
    /** Bytes ClickHouse read for it (its statistics' bytes_read). */
    bytesRead: number;
}

export interface RunOptions {
    teamId: number;
    variables?: RequestVariable[];
    savedVariables?: InsightVariable[];
    /** placeholder values the server fills in itself */
    values?: Record<string, unknown>;
    /** queries made with a personal API key: OFFSET refused (user_query_validator.py) */
    personalApiKey?: boolean;
    /** HogQLQuery.filters with the request's filters_override applied */
    filters?: HogQLFilters | null;
    /** when set, the run is written to query_log under this query id */
    log?: QueryLogTag;
    /** ClickHouse's max_rows_to_read for the run */
    maxRowsToRead?: number;
    /** the sandbox's state behind system.experiments and system.feature_flags */
    systemRows?: SystemRows;
}

let instance: Promise<HogQLEngine> | null = null;

export class HogQLEngine {
    private constructor() {}

    /** The process-wide engine: parser loaded and ClickHouse seeded once. */
    static create(): Promise<HogQLEngine> {
        if (!instance) {
            instance = (async () => {
                await Promise.all([loadParser(), runSql("SELECT 1")]);
                return new HogQLEngine();
            })();
        }
        return instance;
    }

    /** Shared by every sandbox of the process: nothing to close per sandbox. */
    close(): void {}

    /** Prints HogQL as ClickHouse SQL with the row limits of posthog/hogql/query.py. */
    print(
        text: string,
        opts: RunOptions,
    ): { sql: string; columns: string[]; defaultLimit: boolean } {
        const ast = parseSelect(text);
        if (opts.personalApiKey) checkOffsets(ast);
        const replaced = replacePlaceholders(replaceFilters(ast, opts.filters ?? null), {
            values: opts.values,
            variables: opts.variables ?? [],
            savedVariables: opts.savedVariables ?? [],
        });
        const defaultLimit = replaced.node === "SelectQuery" && !replaced.limit;
        const printer = new Printer(opts.teamId, text);
        printer.systemRows = opts.systemRows ?? {};
        const printed = printer.printTop(replaced, {
            // One more row than shown tells whether there are more (hasMore).
            default: DEFAULT_RETURNED_ROWS + 1,
            max: MAX_SELECT_RETURNED_ROWS,
        });
        return { ...printed, defaultLimit };
    }

    async run(text: string, opts: RunOptions): Promise<HogQLResult> {
        const printed = this.print(text, opts);
        const startedAt = new Date();
        let r: ClickHouseResult;
        try {
            r = await runSql(printed.sql, opts.maxRowsToRead);
        } catch (e) {
            const code =
                e instanceof ExposedClickHouseError || e instanceof InternalClickHouseError
                    ? e.code || 1
                    : 1;
            await this.log(opts, text, startedAt, code, null);
            throw e;
        }
        await this.log(opts, text, startedAt, 0, r);
        let rows = r.rows;
        let hasMore: boolean | null = null;
        if (printed.defaultLimit) {
            hasMore = rows.length > DEFAULT_RETURNED_ROWS;
            rows = rows.slice(0, DEFAULT_RETURNED_ROWS);
        }
        return {
            columns: printed.columns.length === r.columns.length ? printed.columns : r.columns,
            types: r.types,
            results: rows,
            hasMore,
            limit: printed.defaultLimit ? DEFAULT_RETURNED_ROWS : null,
            offset: printed.defaultLimit ? 0 : null,
            clickhouse: printed.sql,
            bytesRead: r.stats.bytesRead,
        };
    }

    /** query_log: one row per query that reached ClickHouse; a failed write never fails it. */
    private async log(
        opts: RunOptions,
        text: string,
        startedAt: Date,
        exceptionCode: number,
        r: ClickHouseResult | null,
    ): Promise<void> {
        if (!opts.log) return;
        const rows = r?.rows.length ?? 0;
        await writeQueryLog({
            ...opts.log,
            teamId: opts.teamId,
            query: text,
            startedAt,
            durationMs: Math.max(1, Date.now() - startedAt.getTime()),
            readRows: r?.stats.rowsRead ?? 0,
            readBytes: r?.stats.bytesRead ?? 0,
            resultRows: rows,
            resultBytes: r?.stats.resultBytes ?? 0,
            exceptionCode,
        }).catch(() => undefined);
    }

    /**
     * HogQLMetadata: parse and resolve without running; placeholders count as filled in.
     * Returns the error, if any, and the HogQL tables the query reads.
     */
    validate(text: string, teamId: number): { error: HogQLError | null; tableNames: string[] } {
        const printer = new Printer(teamId, text);
        try {
            const ast = parseSelect(text);
            printer.printTop(fillPlaceholders(replaceFilters(ast, null)), {
                default: DEFAULT_RETURNED_ROWS,
                max: MAX_SELECT_RETURNED_ROWS,
            });
            return { error: null, tableNames: [...printer.tableNames] };
        } catch (e) {
            if (e instanceof HogQLError) return { error: e, tableNames: [...printer.tableNames] };
            throw e;
        }
    }

    /**
     * DatabaseSchemaQuery: the tables database.py Database.serialize lists (generated from the
     * reading: schemaTables.ts DATABASE_SCHEMA), with the fields the team's modifiers add
     * (database.ts modifierFields).
     */
    schema(): JsonObject {
        const tables: JsonObject = {};
        for (const [name, entry] of Object.entries(DATABASE_SCHEMA)) {
            let fields: JsonObject = entry.fields;
            for (const [key, f] of Object.entries(modifierFields(name))) {
                const serialized = schemaField(key, f);
                if (serialized) fields = { ...fields, [key]: serialized };
            }
            tables[name] = { type: entry.type, id: name, name, fields };
        }
        return { tables, joins: [] };
    }
}

/** database.py serialize_fields: names holding one of these are written in backticks. */
const WRAPPED = ["@", "-", "!", "$", "+"];

/**
 * One of the team's added fields as serialize_fields writes it: they are hidden only from
 * `SELECT *`, so listed.
 */
function schemaField(name: string, f: Field): JsonObject | null {
    const base = {
        name,
        hogql_value: WRAPPED.some((c) => name.includes(c)) ? `\`${name}\`` : name,
        schema_valid: true,
    };
    // serialize_fields leaves out team_id of PostHog's tables.
    if (name === "team_id") return null;
    switch (f.kind) {
        case "column":
            if (f.schemaType !== undefined)
                return f.schemaType === null ? null : { ...base, type: f.schemaType };
            return { ...base, type: f.type === "uuid" ? "string" : f.type };
        case "lazy_join":
            return {
                ...base,
                type: "lazy_table",
                table: f.table,
                fields: Object.keys(TABLES[f.table].fields),
                id: name,
            };
        case "virtual":
            return { ...base, type: "virtual_table", table: name, fields: Object.keys(f.fields) };
        case "traverser":
            return { ...base, type: "field_traverser", chain: f.chain };
    }
}

/** For validation only: every placeholder left stands for a value. */
function fillPlaceholders(ast: AstNode): AstNode {
    return JSON.parse(JSON.stringify(ast), (_k, v: unknown) => {
        const n = v as AstNode | null;
        if (n && typeof n === "object" && n.node === "Placeholder") {
            return { node: "Constant", value: null, start: n.start, end: n.end };
        }
        return v;
    }) as AstNode;
}
