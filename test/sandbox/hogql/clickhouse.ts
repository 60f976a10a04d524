// The sandbox's ClickHouse: chDB (ClickHouse in-process). libchdb binds one data directory per
// process, so every sandbox of a process (unit tests start many) shares one session, created and
// seeded once. Results are read as JSONCompact with 64-bit integers quoted, then turned into the
// JSON PostHog's API writes (big integers keep every digit, see bigint.ts).
import { BIG_INTEGER, bigInteger } from "./bigint";
import { ExposedClickHouseError, InternalClickHouseError } from "./errors";
import { CREATE_TABLES, type DeferredSeed, deferredSeeds, seedStatements } from "./seedSql";
import type { Json } from "../types";

interface ChdbSession {
    queryAsync(sql: string, options?: { format?: string }): Promise<{ text(): string }>;
}

interface ChdbError extends Error {
    clickhouseCode?: number;
}

export interface ClickHouseResult {
    /**
     * What ClickHouse reports about the run (JSONCompact "statistics"), and `resultBytes` for
     * query_log's result_bytes: ClickHouse's own is the result's in-memory size, which chDB does
     * not report; the length of its JSONCompact output stands in for it (serialising the rows
     * again for it took ~80 ms of the sandbox's one thread for 50,000 x 20 rows).
     */
    stats: { rowsRead: number; bytesRead: number; elapsedMs: number; resultBytes: number };
    columns: string[];
    /** [name, ClickHouse type] as the service reports them */
    types: [string, string][];
    rows: Json[][];
}

/**
 * Error codes posthog/errors.py exposes to the user (user_safe / ExposedCHQueryError), with the
 * code_name the API answers with.
 */
const USER_SAFE: Record<number, string> = {
    43: "illegal_type_of_argument",
    386: "no_common_type",
    215: "not_an_aggregate",
    46: "unknown_function",
    53: "type_mismatch",
    184: "illegal_aggregation",
    42: "number_of_arguments_doesnt_match",
    307: "too_many_bytes",
    376: "cannot_parse_uuid",
    467: "cannot_parse_bool",
    403: "invalid_join_on_expression",
    60: "unknown_table",
    6: "cannot_parse_text",
    27: "cannot_parse_input_assertion_failed",
    38: "cannot_parse_date",
    41: "cannot_parse_datetime",
    69: "argument_out_of_bound",
    70: "cannot_convert_type",
    72: "cannot_parse_number",
    130: "cannot_read_array_from_text",
    153: "illegal_division",
    179: "multiple_expressions_for_alias",
    190: "sizes_of_arrays_do_not_match",
    352: "ambiguous_column_name",
    427: "cannot_compile_regexp",
    457: "illegal_type_of_column_for_filter",
    36: "bad_arguments",
};

let sessionPromise: Promise<ChdbSession> | null = null;

/** The process-wide chDB session, seeded on first use. */
export function clickhouse(): Promise<ChdbSession> {
    if (!sessionPromise) sessionPromise = open();
    return sessionPromise;
}

async function open(): Promise<ChdbSession> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Session } = require("chdb") as { Session: new () => ChdbSession };
    const s = new Session();
    for (const sql of CREATE_TABLES) await s.queryAsync(sql);
    for (const sql of seedStatements()) await s.queryAsync(sql);
    return s;
}

/** Deferred seeds not made yet, and those being made (one run each, shared by every query). */
const deferred = new Map<DeferredSeed, Promise<void> | null>(deferredSeeds().map((d) => [d, null]));

/** Makes the deferred seeds whose table `sql` names, before the query reads it. */
async function seedFor(s: ChdbSession, sql: string): Promise<void> {
    for (const [seed, made] of deferred) {
        if (!new RegExp(`\\b${seed.table}\\b`).test(sql)) continue;
        if (!made) {
            const run = (async () => {
                for (const statement of seed.statements) await s.queryAsync(statement);
            })();
            deferred.set(seed, run);
            await run;
        } else await made;
    }
}

/** HogQLGlobalSettings (posthog/hogql/constants.py) that matter here, plus UTC and quoting. */
const QUERY_SETTINGS = [
    "readonly = 2",
    "max_execution_time = 60",
    "transform_null_in = 1",
    "session_timezone = 'UTC'",
    "date_time_input_format = 'best_effort'",
    "output_format_json_quote_64bit_integers = 1",
    "output_format_json_quote_denormals = 0",
    "max_result_rows = 100000",
].join(", ");

/** Runs printed SQL; `maxRowsToRead` is ClickHouse's limit on rows read (past it: code 158). */
export async function runSql(sql: string, maxRowsToRead?: number): Promise<ClickHouseResult> {
    const s = await clickhouse();
    await seedFor(s, sql);
    const settings =
        maxRowsToRead === undefined
            ? QUERY_SETTINGS
            : `${QUERY_SETTINGS}, max_rows_to_read = ${Math.max(0, Math.floor(maxRowsToRead))}`;
    let text: string;
    try {
        text = (
            await s.queryAsync(`${sql} SETTINGS ${settings}`, { format: "JSONCompact" })
        ).text();
    } catch (e) {
        throw mapError(e as ChdbError);
    }
    const out = JSON.parse(text) as {
        meta: { name: string; type: string }[];
        data: Json[][];
        statistics?: { elapsed?: number; rows_read?: number; bytes_read?: number };
    };
    const types = out.meta.map((m): [string, string] => [m.name, m.type]);
    const converters = types.map(([, t]) => converter(t));
    return {
        stats: {
            rowsRead: Number(out.statistics?.rows_read ?? 0),
            bytesRead: Number(out.statistics?.bytes_read ?? 0),
            elapsedMs: Number(out.statistics?.elapsed ?? 0) * 1000,
            resultBytes: text.length,
        },
        columns: out.meta.map((m) => m.name),
        types,
        rows: out.data.map((row) => row.map((v, i) => converters[i](v))),
    };
}

/** Statements of the sandbox itself (query log inserts), outside HogQL's settings. */
export async function execSql(sql: string): Promise<void> {
    const s = await clickhouse();
    await s.queryAsync(sql);
}

/** posthog/errors.py: user-safe codes pass their message through; others become internal. */
function mapError(e: ChdbError): Error {
    const code = e.clickhouseCode;
    const raw = e.message ?? String(e);
    if (code !== undefined && USER_SAFE[code]) {
        // ExposedCHQueryError.__str__: the text after "DB::Exception:" up to "Stack trace:".
        const at = raw.indexOf("DB::Exception:");
        let msg = at >= 0 ? raw.slice(at + "DB::Exception:".length) : raw;
        const st = msg.indexOf("Stack trace:");
        if (st >= 0) msg = msg.slice(0, st);
        return new ExposedClickHouseError(USER_SAFE[code], msg.trim(), code);
    }
    return new InternalClickHouseError(raw, code ?? 0);
}

// ---- values as PostHog's JSON encoder writes them ----

type Convert = (v: Json) => Json;

/** Splits "A, B(C, D), E" at top-level commas. */
function splitTop(s: string): string[] {
    const out: string[] = [];
    let depth = 0;
    let quote = false;
    let cur = "";
    for (const ch of s) {
        if (ch === "'") quote = !quote;
        if (!quote && ch === "(") depth++;
        if (!quote && ch === ")") depth--;
        if (!quote && depth === 0 && ch === ",") {
            out.push(cur.trim());
            cur = "";
        } else cur += ch;
    }
    if (cur.trim()) out.push(cur.trim());
    return out;
}

function inner(type: string, name: string): string | null {
    return type.startsWith(`${name}(`) && type.endsWith(")")
        ? type.slice(name.length + 1, -1)
        : null;
}

/**
 * DRF's encoder: datetimes in ISO format, microseconds only when not zero, "Z" for UTC and the
 * offset (e.g. +01:00) for other time zones.
 */
function isoDateTime(v: string, timeZone: string): string {
    const [date, time = "00:00:00"] = v.split(" ");
    const [hms, rawFrac = ""] = time.split(".");
    const frac = rawFrac.replace(/0+$/, "");
    return `${date}T${hms}${frac ? `.${frac.padEnd(6, "0")}` : ""}${utcOffset(`${date}T${hms}Z`, timeZone)}`;
}

/** "Z" or "+HH:MM" of a wall-clock time in a time zone. */
function utcOffset(wallAsUtc: string, timeZone: string): string {
    if (timeZone === "UTC" || timeZone === "Etc/UTC") return "Z";
    try {
        const guess = Date.parse(wallAsUtc);
        const offsetAt = (t: number): number => {
            const name =
                new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
                    .formatToParts(new Date(t))
                    .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
            const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
            return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
        };
        const minutes = offsetAt(guess - offsetAt(guess) * 60_000);
        if (minutes === 0) return "+00:00";
        const abs = Math.abs(minutes);
        const hh = String(Math.floor(abs / 60)).padStart(2, "0");
        const mm = String(abs % 60).padStart(2, "0");
        return `${minutes < 0 ? "-" : "+"}${hh}:${mm}`;
    } catch {
        return "Z";
    }
}

export function converter(type: string): Convert {
    let t: string | null;
    if ((t = inner(type, "Nullable")) || (t = inner(type, "LowCardinality"))) {
        const c = converter(t);
        return (v) => (v === null ? null : c(v));
    }
    // SimpleAggregateFunction(f, T) holds plain values of T (raw_sessions' min_timestamp, ...),
    // which PostHog's API writes as it writes T.
    if ((t = inner(type, "SimpleAggregateFunction"))) {
        const parts = splitTop(t);
        return converter(parts[parts.length - 1] ?? "String");
    }
    if ((t = inner(type, "Array"))) {
        const c = converter(t);
        return (v) => (Array.isArray(v) ? v.map(c) : v);
    }
    if ((t = inner(type, "Tuple"))) {
        // Named elements are "name Type"; JSONCompact writes tuples as arrays.
        const cs = splitTop(t).map((e) => {
            const named = /^[A-Za-z_][A-Za-z0-9_]* (.+)$/.exec(e);
            return converter(named && !/^[A-Z]/.test(e) ? named[1] : e);
        });
        return (v) => (Array.isArray(v) ? v.map((x, i) => (cs[i] ? cs[i](x) : x)) : v);
    }
    if ((t = inner(type, "Map"))) {
        const vc = converter(splitTop(t)[1] ?? "String");
        return (v) => {
            if (!v || typeof v !== "object" || Array.isArray(v)) return v;
            return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, vc(x)]));
        };
    }
    if (/^U?Int(64|128|256)$/.test(type)) return (v) => (typeof v === "string" ? bigInteger(v) : v);
    if (/^DateTime/.test(type)) {
        const tz = /'([^']+)'\)$/.exec(type)?.[1] ?? "UTC";
        return (v) => (typeof v === "string" ? isoDateTime(v, tz) : v);
    }
    if (type === "Bool") return (v) => v;
    return (v) => v;
}

export { BIG_INTEGER };
