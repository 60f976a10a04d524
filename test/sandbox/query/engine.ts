// Runs HogQL for real: translated to DuckDB and executed over seeded `events` and `persons`.
import {
    DuckDBConnection,
    DuckDBDateValue,
    DuckDBDecimalValue,
    DuckDBInstance,
    DuckDBListValue,
    DuckDBTimestampTZValue,
    DuckDBTimestampValue,
    DuckDBUUIDValue,
    type DuckDBType,
} from "@duckdb/node-api";
import { rng, seededUuid } from "../seed";
import type { Json, JsonObject } from "../types";
import {
    HogQLSyntaxError,
    type Translation,
    findIdentifier,
    originalSpan,
    translate,
} from "./hogqlToDuckdb";

export const DEFAULT_LIMIT = 100;

/** A HogQL error with the span of the query text it is about. */
export class HogQLError extends Error {
    constructor(
        readonly code: "hogql_query_error" | "hogql_syntax_error",
        message: string,
        readonly start: number,
        readonly end: number,
    ) {
        super(message);
    }
}

export interface HogQLResult {
    columns: string[];
    types: [string, string][];
    results: Json[][];
    hasMore: boolean | null;
    limit: number | null;
    offset: number | null;
    clickhouse: string;
}

// ClickHouse functions HogQL users write, as DuckDB macros (names are case-insensitive there).
const MACROS = [
    "toStartOfDay(x) AS date_trunc('day', x)",
    "toStartOfHour(x) AS date_trunc('hour', x)",
    "toStartOfWeek(x) AS date_trunc('week', x)",
    "toStartOfMonth(x) AS CAST(date_trunc('month', x) AS DATE)",
    "toStartOfYear(x) AS CAST(date_trunc('year', x) AS DATE)",
    "toStartOfMinute(x) AS date_trunc('minute', x)",
    "toDate(x) AS CAST(x AS DATE)",
    "toDateTime(x) AS CAST(x AS TIMESTAMPTZ)",
    "toString(x) AS CAST(x AS VARCHAR)",
    "toInt(x) AS TRY_CAST(x AS BIGINT)",
    "toInt64(x) AS TRY_CAST(x AS BIGINT)",
    "toFloat(x) AS TRY_CAST(x AS DOUBLE)",
    "toFloat64(x) AS TRY_CAST(x AS DOUBLE)",
    "toUnixTimestamp(x) AS CAST(epoch(x) AS BIGINT)",
    "toYear(x) AS year(x)",
    "toMonth(x) AS month(x)",
    "toHour(x) AS hour(x)",
    "toDayOfWeek(x) AS isodow(x)",
    "yesterday() AS current_date - 1",
    "toIntervalDay(n) AS to_days(CAST(n AS INTEGER))",
    "toIntervalHour(n) AS to_hours(CAST(n AS BIGINT))",
    "empty(x) AS (x IS NULL OR length(x) = 0)",
    "notEmpty(x) AS (x IS NOT NULL AND length(x) > 0)",
    "has(arr, x) AS list_contains(arr, x)",
    "replaceAll(s, a, b) AS replace(s, a, b)",
    "JSONExtractString(j, k) AS json_extract_string(j, '$.\"' || k || '\"')",
    "JSONExtractInt(j, k) AS TRY_CAST(json_extract_string(j, '$.\"' || k || '\"') AS BIGINT)",
    "startsWith(s, p) AS starts_with(s, p)",
    "endsWith(s, p) AS ends_with(s, p)",
    "positionCaseInsensitive(s, p) AS instr(lower(s), lower(p))",
    "numbers(n) AS TABLE SELECT CAST(range AS UBIGINT) AS number FROM range(CAST(n AS BIGINT))",
];

const TABLES = ["events", "persons"];

function duckToClickHouse(type: DuckDBType): string {
    const t = type.toString();
    if (t.endsWith("[]")) return `Array(${duckNameToClickHouse(t.slice(0, -2))})`;
    return duckNameToClickHouse(t);
}

function duckNameToClickHouse(t: string): string {
    if (t.endsWith("[]")) return `Array(${duckNameToClickHouse(t.slice(0, -2))})`;
    if (t.startsWith("DECIMAL")) return "Float64";
    const map: Record<string, string> = {
        BOOLEAN: "Bool",
        TINYINT: "Int8",
        SMALLINT: "Int16",
        INTEGER: "Int32",
        BIGINT: "Int64",
        HUGEINT: "Int64",
        UTINYINT: "UInt8",
        USMALLINT: "UInt16",
        UINTEGER: "UInt32",
        UBIGINT: "UInt64",
        FLOAT: "Float32",
        DOUBLE: "Float64",
        VARCHAR: "String",
        JSON: "String",
        UUID: "UUID",
        DATE: "Date",
        TIMESTAMP: "DateTime64(6, 'UTC')",
        "TIMESTAMP WITH TIME ZONE": "DateTime64(6, 'UTC')",
        INTERVAL: "IntervalSecond",
        '"NULL"': "Nothing",
    };
    return map[t] ?? "String";
}

function isoMicros(micros: bigint): string {
    const ms = Number(micros / 1000n);
    const frac = Number(((micros % 1_000_000n) + 1_000_000n) % 1_000_000n);
    const base = new Date(ms - (((ms % 1000) + 1000) % 1000)).toISOString().slice(0, 19);
    // Like DRF: isoformat with microseconds only when non-zero, and "Z" for UTC.
    return frac ? `${base}.${String(frac).padStart(6, "0")}Z` : `${base}Z`;
}

function toJson(value: unknown): Json {
    if (value === null || value === undefined) return null;
    if (typeof value === "bigint") return Number(value);
    if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") {
        return value;
    }
    if (value instanceof DuckDBTimestampTZValue || value instanceof DuckDBTimestampValue) {
        return isoMicros(value.micros);
    }
    if (value instanceof DuckDBDateValue) return value.toString();
    if (value instanceof DuckDBUUIDValue) return value.toString();
    if (value instanceof DuckDBDecimalValue) return Number(value.toString());
    if (value instanceof DuckDBListValue) return value.items.map(toJson);
    return String(value);
}

export class QueryEngine {
    private constructor(private readonly instance: DuckDBInstance) {}

    static async create(): Promise<QueryEngine> {
        const instance = await DuckDBInstance.create(":memory:", { threads: "2" });
        const engine = new QueryEngine(instance);
        const c = await instance.connect();
        try {
            await c.run("SET TimeZone = 'UTC'");
            for (const m of MACROS) await c.run(`CREATE MACRO ${m}`);
            await seedTables(c);
            // HogQL cannot reach files or settings; neither should the sandbox's SQL.
            await c.run("SET enable_external_access = false");
            await c.run("SET lock_configuration = true");
        } finally {
            c.closeSync();
        }
        return engine;
    }

    close(): void {
        this.instance.closeSync();
    }

    /** Translates, applies the limit rules and runs. Throws HogQLError for 400s. */
    async run(
        hogql: string,
        variables: Record<string, unknown> = {},
        register?: (interrupt: () => void) => void,
    ): Promise<HogQLResult> {
        const tr = this.translateOrThrow(hogql, variables);
        if (tr.offsetSpan) {
            throw new HogQLError(
                "hogql_query_error",
                "OFFSET is not supported for queries made with a personal API key. Paginate with a WHERE condition on an ordered column (keyset pagination) instead.",
                tr.offsetSpan[0],
                tr.offsetSpan[1],
            );
        }
        // No top-level LIMIT: the service adds LIMIT 100 and fetches one more row for hasMore.
        const sql = tr.hasTopLevelLimit ? tr.sql : `${tr.sql}\nLIMIT ${DEFAULT_LIMIT + 1}`;
        const c = await this.instance.connect();
        register?.(() => c.interrupt());
        try {
            const reader = await c.runAndReadAll(sql);
            let rows = reader.getRows().map((row) => row.map(toJson));
            const hasMore = tr.hasTopLevelLimit ? null : rows.length > DEFAULT_LIMIT;
            if (!tr.hasTopLevelLimit) rows = rows.slice(0, DEFAULT_LIMIT);
            const columns = reader.columnNames();
            const types = reader.columnTypes().map((type, i): [string, string] => {
                const ch = duckToClickHouse(type);
                const nullable = !ch.startsWith("Array") && rows.some((r) => r[i] === null);
                return [columns[i], nullable ? `Nullable(${ch})` : ch];
            });
            return {
                columns,
                types,
                results: rows,
                hasMore,
                limit: tr.hasTopLevelLimit ? null : DEFAULT_LIMIT,
                offset: tr.hasTopLevelLimit ? null : 0,
                clickhouse: sql,
            };
        } catch (e) {
            throw this.mapError(e, tr);
        } finally {
            c.closeSync();
        }
    }

    /** HogQLMetadata: validates by binding the statement without running it. */
    async validate(hogql: string): Promise<HogQLError | null> {
        try {
            const tr = this.translateOrThrow(hogql, {});
            const c = await this.instance.connect();
            try {
                await c.prepare(tr.sql);
            } catch (e) {
                return this.mapError(e, tr);
            } finally {
                c.closeSync();
            }
            return null;
        } catch (e) {
            if (e instanceof HogQLError) return e;
            throw e;
        }
    }

    private translateOrThrow(hogql: string, variables: Record<string, unknown>): Translation {
        try {
            return translate(hogql, variables);
        } catch (e) {
            if (e instanceof HogQLSyntaxError) {
                throw new HogQLError("hogql_syntax_error", e.message, e.start, e.end);
            }
            throw e;
        }
    }

    /** Turns a DuckDB error into HogQL's message and the span of the offending text. */
    private mapError(e: unknown, tr: Translation): HogQLError {
        const raw = e instanceof Error ? e.message : String(e);
        const firstLine = raw.split("\n")[0];
        const caret = this.caretSpan(raw, tr);
        const whole: [number, number] = [
            0,
            tr.tokens.length ? tr.tokens[tr.tokens.length - 1].end : 0,
        ];
        let m: RegExpExecArray | null;
        const span = (name: string | null) => (name && findIdentifier(tr, name)) || caret || whole;
        if (
            (m = /Referenced column "([^"]+)" not found/.exec(raw)) ||
            (m = /does not have a column named "([^"]+)"/.exec(raw))
        ) {
            const [start, end] = caret ?? span(m[1]);
            return new HogQLError(
                "hogql_query_error",
                `Unable to resolve field: ${m[1]}`,
                start,
                end,
            );
        }
        if ((m = /(?:Scalar|Aggregate|Table) Function with name (\S+) does not exist/.exec(raw))) {
            const [start, end] = span(m[1]);
            return new HogQLError(
                "hogql_query_error",
                `Unsupported function call '${m[1]}(...)'`,
                start,
                end,
            );
        }
        if ((m = /Table with name (\S+) does not exist/.exec(raw))) {
            const [start, end] = span(m[1]);
            return new HogQLError("hogql_query_error", `Unknown table "${m[1]}".`, start, end);
        }
        if (/^Parser Error/.test(raw)) {
            const near = /at or near "([^"]+)"/.exec(raw);
            // "near LIMIT" without a LIMIT in the text means the appended default LIMIT: the
            // query ended too early.
            const atEnd = !near || (near[1].toUpperCase() === "LIMIT" && !tr.hasTopLevelLimit);
            const [start, end] = atEnd ? [whole[1], whole[1]] : (caret ?? span(near[1]));
            const detail = atEnd
                ? "Syntax error: unexpected end of query"
                : `Syntax error at or near '${near[1]}'`;
            return new HogQLError("hogql_syntax_error", detail, start, end);
        }
        const [start, end] = caret ?? whole;
        return new HogQLError(
            "hogql_query_error",
            firstLine.replace(/^[A-Za-z ]+ Error: /, ""),
            start,
            end,
        );
    }

    /** DuckDB points at the error with "LINE n: text" and a caret; map that back to HogQL. */
    private caretSpan(raw: string, tr: Translation): [number, number] | null {
        const m = /LINE (\d+): (.*)\n( *)\^/.exec(raw);
        if (!m) return null;
        const lineNo = Number(m[1]);
        let snippet = m[2];
        let col = m[3].length - `LINE ${m[1]}: `.length;
        if (snippet.startsWith("...")) {
            snippet = snippet.slice(3);
            col -= 3;
        }
        if (snippet.endsWith("...")) snippet = snippet.slice(0, -3);
        const lines = tr.sql.split("\n");
        if (lineNo > lines.length) return null;
        const lineStart = lines.slice(0, lineNo - 1).reduce((n, l) => n + l.length + 1, 0);
        const at = lines[lineNo - 1].indexOf(snippet);
        if (at < 0) return null;
        const span = originalSpan(tr, lineStart + at + col);
        if (!span) return null;
        // Ignore spans of synthetic text (the appended LIMIT).
        return span[1] > span[0] ? span : null;
    }

    /** DatabaseSchemaQuery response: the tables HogQL can read here. */
    schema(): JsonObject {
        const field = (name: string, type: string, extra: JsonObject = {}): JsonObject => ({
            name,
            hogql_value: /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name}\``,
            type,
            schema_valid: true,
            ...extra,
        });
        const fields = (list: JsonObject[]): JsonObject =>
            Object.fromEntries(list.map((f) => [f.name as string, f]));
        return {
            tables: {
                events: {
                    type: "posthog",
                    id: "events",
                    name: "events",
                    row_count: EVENT_COUNT,
                    fields: fields([
                        field("uuid", "string"),
                        field("event", "string"),
                        field("properties", "json"),
                        field("timestamp", "datetime"),
                        field("distinct_id", "string"),
                        field("elements_chain", "string"),
                        field("created_at", "datetime"),
                        field("$session_id", "string"),
                        field("person_id", "string"),
                        field("person", "lazy_table", {
                            table: "persons",
                            fields: ["id", "created_at", "properties", "is_identified"],
                        }),
                    ]),
                },
                persons: {
                    type: "posthog",
                    id: "persons",
                    name: "persons",
                    row_count: PERSON_COUNT,
                    fields: fields([
                        field("id", "string"),
                        field("created_at", "datetime"),
                        field("properties", "json"),
                        field("is_identified", "boolean"),
                    ]),
                },
                numbers: {
                    type: "posthog",
                    id: "numbers",
                    name: "numbers",
                    fields: fields([field("number", "integer")]),
                },
            },
            joins: [],
        };
    }

    static tables(): string[] {
        return TABLES;
    }
}

export const EVENT_COUNT = 3000;
export const PERSON_COUNT = 250;

const PATHS = [
    "/",
    "/pricing",
    "/browse",
    "/title/the-hedgehog",
    "/title/max-and-friends",
    "/signup",
    "/checkout",
    "/account",
    "/search",
];
const BROWSERS: [string, number][] = [
    ["Chrome", 0.6],
    ["Safari", 0.2],
    ["Firefox", 0.12],
    ["Edge", 0.08],
];
const OSES = ["Mac OS X", "Windows", "iOS", "Android", "Linux"];
const EVENTS: [string, number][] = [
    ["$pageview", 0.42],
    ["$autocapture", 0.2],
    ["$pageleave", 0.08],
    ["$feature_flag_called", 0.06],
    ["video_played", 0.05],
    ["$identify", 0.04],
    ["checkout_started", 0.04],
    ["signed_up", 0.03],
    ["search_performed", 0.03],
    ["checkout_completed", 0.02],
    ["$exception", 0.01],
    ["subscription_cancelled", 0.02],
];
const PLANS = ["free", "free", "free", "pro", "pro", "enterprise"];
const COUNTRIES = ["US", "GB", "DE", "FR", "BR", "IN", "NL", "CA"];
const FIRST = [
    "Alex",
    "Sam",
    "Jordan",
    "Taylor",
    "Morgan",
    "Casey",
    "Riley",
    "Jamie",
    "Quinn",
    "Avery",
];

function pick<T>(rand: () => number, weighted: [T, number][]): T {
    let r = rand();
    for (const [v, w] of weighted) {
        if ((r -= w) < 0) return v;
    }
    return weighted[weighted.length - 1][0];
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

async function seedTables(c: DuckDBConnection): Promise<void> {
    const rand = rng(7);
    await c.run(
        `CREATE TABLE persons (id UUID, created_at TIMESTAMPTZ, properties VARCHAR, is_identified BOOLEAN)`,
    );
    await c.run(`CREATE TABLE events (
        uuid UUID, event VARCHAR, properties VARCHAR, timestamp TIMESTAMPTZ, distinct_id VARCHAR,
        elements_chain VARCHAR, created_at TIMESTAMPTZ, "$session_id" VARCHAR, person_id UUID,
        person_properties VARCHAR)`);
    const now = Date.now();
    const people = Array.from({ length: PERSON_COUNT }, (_, i) => {
        const first = FIRST[i % FIRST.length];
        const props = {
            email: `${first.toLowerCase()}.${i}@example.com`,
            name: `${first} ${String.fromCharCode(65 + (i % 26))}.`,
            plan: PLANS[Math.floor(rand() * PLANS.length)],
            $initial_browser: pick(rand, BROWSERS),
            $geoip_country_code: COUNTRIES[Math.floor(rand() * COUNTRIES.length)],
        };
        return {
            id: seededUuid(rand),
            distinctId: `user_${1000 + i}`,
            createdAt: new Date(now - (40 + rand() * 300) * 86_400_000).toISOString(),
            props,
            identified: rand() < 0.7,
        };
    });
    await c.run(
        "INSERT INTO persons VALUES " +
            people
                .map(
                    (p) =>
                        `('${p.id}', '${p.createdAt}', ${sqlString(JSON.stringify(p.props))}, ${p.identified})`,
                )
                .join(","),
    );
    const rows: string[] = [];
    for (let i = 0; i < EVENT_COUNT; i++) {
        const person = people[Math.floor(rand() ** 1.5 * people.length)];
        const event = pick(rand, EVENTS);
        // Slightly more traffic on recent days; strictly inside the last 30 days.
        const ageMs = rand() ** 1.2 * 29.9 * 86_400_000 + 60_000;
        const ts = new Date(now - ageMs).toISOString();
        const path = PATHS[Math.floor(rand() * PATHS.length)];
        const browser = pick(rand, BROWSERS);
        const os =
            browser === "Safari"
                ? rand() < 0.5
                    ? "iOS"
                    : "Mac OS X"
                : OSES[Math.floor(rand() * OSES.length)];
        const session = `0190${Math.floor(rand() * 0xffffffff)
            .toString(16)
            .padStart(8, "0")}-sess`;
        const props: Record<string, unknown> = {
            $browser: browser,
            $browser_version: browser === "Chrome" ? 131 : 18,
            $os: os,
            $device_type: os === "iOS" || os === "Android" ? "Mobile" : "Desktop",
            $current_url: `https://hogflix.example${path}`,
            $pathname: path,
            $host: "hogflix.example",
            $referrer: rand() < 0.5 ? "$direct" : "https://www.google.com/",
            $lib: "web",
            $lib_version: "1.200.0",
            $session_id: session,
            "$feature/checkout-button-color": rand() < 0.5 ? "control" : "test",
            plan: person.props.plan,
        };
        if (event === "checkout_completed") {
            props.amount = Math.round((5 + rand() * 95) * 100) / 100;
            props.currency = "USD";
        }
        if (event === "$feature_flag_called") {
            props.$feature_flag = "checkout-button-color";
            props.$feature_flag_response = props["$feature/checkout-button-color"];
        }
        if (event === "search_performed")
            props.query = ["hedgehog", "max", "comedy", "docs"][i % 4];
        if (event === "$exception")
            props.$exception_message = "TypeError: Cannot read properties of undefined";
        const chain = event === "$autocapture" ? `button.btn:text="Watch now"nth-child="1"` : "";
        rows.push(
            `('${seededUuid(rand)}', ${sqlString(event)}, ${sqlString(JSON.stringify(props))}, '${ts}', ` +
                `'${person.distinctId}', ${sqlString(chain)}, '${ts}', '${session}', '${person.id}', ` +
                `${sqlString(JSON.stringify(person.props))})`,
        );
    }
    for (let i = 0; i < rows.length; i += 500) {
        await c.run("INSERT INTO events VALUES " + rows.slice(i, i + 500).join(","));
    }
}
