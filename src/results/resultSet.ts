// What the results panel is given, and the small summary it sends ahead of the bytes. No `vscode`
// import: the bench and unit tests use it too.
import type { ResultMeta } from "../protocol";

/** The fields of a HogQL query response the panel reads (the rest travels untouched). */
export interface HogQLResponseLike {
    /** Rows as arrays. */
    results?: unknown[][] | null;
    /** Column names. */
    columns?: string[] | null;
    /** `[name, ClickHouseType]` pairs (older deployments: type names only). */
    types?: (readonly [string, string] | string[] | string)[] | null;
    /** True when HogQL's default LIMIT cut the result. */
    hasMore?: boolean | null;
    /** The LIMIT the service applied, when the query had none. */
    limit?: number | null;
    /** Whether the answer came from the service's cache. */
    is_cached?: boolean | null;
    /** When the cached or fresh result was computed (ISO). */
    last_refresh?: string | null;
    /** The HogQL the service ran, printed back. */
    hogql?: string | null;
    /** The ClickHouse SQL the service generated. */
    clickhouse?: string | null;
}

/** One statement's result, as the query runner hands it over. */
export interface ResultSet {
    /** Tab and panel title, e.g. "query.hogql #2". */
    title: string;
    /** The query text that ran (tooltip, and the title of exported files). */
    queryText: string;
    /** The response JSON text exactly as received; it goes to the webview as bytes. */
    rawText: string;
    /** Wall time of the run in milliseconds. */
    durationMs: number;
    /** The parsed response, when the caller has it (saves parsing `rawText` again). */
    response?: HogQLResponseLike;
    /** The service's query id, if known. */
    queryId?: string;
    /** Metadata and first rows, when already known (a stored result); saves parsing `rawText`. */
    summary?: ResultSummary;
}

/** What the webview gets ahead of the bytes. */
export interface ResultSummary {
    /** Columns, types and flags. */
    meta: ResultMeta;
    /** The first rows, for the first paint. */
    firstRows: unknown[][];
}

/** Rows sent with the first message so the grid paints before the bytes are parsed. */
export const firstScreenRows = 200;

/** The parsed response of a result set (parsing `rawText` only when the caller did not). */
export function responseOf(set: ResultSet): HogQLResponseLike {
    if (set.response) return set.response;
    const parsed = JSON.parse(set.rawText) as HogQLResponseLike;
    set.response = parsed;
    return parsed;
}

/** Column types as plain names, whatever shape `types` has. */
export function typeNames(response: HogQLResponseLike): string[] {
    const columns = response.columns ?? [];
    const types = response.types ?? [];
    return columns.map((_, i) => {
        const t = types[i];
        if (typeof t === "string") return t;
        if (Array.isArray(t)) return String(t[1] ?? "");
        return "";
    });
}

/** The metadata and first rows the webview needs before it has parsed the bytes. */
export function summarize(response: HogQLResponseLike): ResultSummary {
    const rows = Array.isArray(response.results) ? response.results : [];
    const columns = response.columns ?? (rows[0] ? rows[0].map((_, i) => `column ${i + 1}`) : []);
    const meta: ResultMeta = {
        columns,
        types: typeNames({ ...response, columns }),
        rowCount: rows.length,
        hasMore: response.hasMore === true,
        limit: typeof response.limit === "number" ? response.limit : null,
        isCached: response.is_cached === true,
        lastRefresh: typeof response.last_refresh === "string" ? response.last_refresh : null,
        hasHogql: typeof response.hogql === "string" && response.hogql.length > 0,
        hasClickhouse: typeof response.clickhouse === "string" && response.clickhouse.length > 0,
    };
    return { meta, firstRows: rows.slice(0, firstScreenRows) };
}

/** The summary of a result set, computing it (and parsing if need be) only once. */
export function summaryOf(set: ResultSet): ResultSummary {
    set.summary ??= summarize(responseOf(set));
    return set.summary;
}
