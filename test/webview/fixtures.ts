// Synthetic HogQL responses shaped like the query endpoint's (see posthog-facts.md).
import type { ResultMeta } from "../../src/shared/resultsProtocol";

export interface Fixture {
    /** The response JSON text, as the service would send it. */
    text: string;
    /** What the extension would send alongside the bytes. */
    meta: ResultMeta;
    /** JSON text of the first rows, as the extension would send it. */
    firstRowsJson: string;
}

/** What the extension sends beside a plain table's bytes: no cache, no limit, no SQL texts. */
export function tableMeta(columns: string[], types: string[], rowCount: number): ResultMeta {
    return {
        columns,
        types,
        rowCount,
        hasMore: false,
        limit: null,
        isCached: false,
        lastRefresh: null,
        hasHogql: false,
        hasClickhouse: false,
    };
}

/**
 * A HogQL-shaped response with these columns (`[name, ClickHouse type]`) and rows, as the service
 * sends it, with what the extension sends beside it (the chart tests and the bench's chart row).
 */
export function typedResponse(cols: [string, string][], rows: unknown[][]): Fixture {
    const body = {
        results: rows,
        columns: cols.map((c) => c[0]),
        types: cols,
        hasMore: false,
        limit: null,
        is_cached: false,
        last_refresh: null,
    };
    const meta = tableMeta(
        cols.map((c) => c[0]),
        cols.map((c) => c[1]),
        rows.length,
    );
    return { text: JSON.stringify(body), meta, firstRowsJson: JSON.stringify(rows.slice(0, 100)) };
}

const events = ["$pageview", "$autocapture", "signed_up", "$identify", "purchase"];

/** A response with `rows` rows of ten mixed columns; `extra` rows are appended verbatim. */
export function makeFixture(
    rows: number,
    extra: unknown[][] = [],
    overrides: Partial<ResultMeta> = {},
): Fixture {
    const types: [string, string][] = [
        ["event", "String"],
        ["n", "Int64"],
        ["price", "Float64"],
        ["timestamp", "DateTime64(6, 'UTC')"],
        ["maybe", "Nullable(String)"],
        ["properties", "String"],
        ["tags", "Array(String)"],
        ["ok", "Bool"],
        ["distinct_id", "String"],
        ["day", "Date"],
    ];
    const results: unknown[][] = [];
    const base = Date.UTC(2024, 0, 1);
    for (let i = 0; i < rows; i++) {
        results.push([
            events[i % events.length],
            i,
            Math.round(((i * 7919) % 10007) * 1.37 * 100) / 100,
            new Date(base + i * 60_000).toISOString().replace("Z", "000Z"),
            i % 3 === 0 ? null : i % 3 === 1 ? "" : `v${i}`,
            JSON.stringify({ $browser: i % 2 ? "Chrome" : "Firefox", idx: i }),
            i % 4 === 0 ? [] : ["a", `t${i % 7}`],
            i % 2 === 0,
            `user-${(i * 31) % 997}`,
            new Date(base + Math.floor(i / 1000) * 86_400_000).toISOString().slice(0, 10),
        ]);
    }
    results.push(...extra);
    const response = {
        results,
        columns: types.map((t) => t[0]),
        types,
        hogql: "SELECT event, n FROM events",
        clickhouse: "SELECT events.event AS event FROM events WHERE team_id = 1",
        timings: [{ k: "./total", t: 0.1 }],
        hasMore: overrides.hasMore ?? false,
        limit: overrides.limit ?? null,
        offset: null,
        error: null,
        is_cached: overrides.isCached ?? false,
        last_refresh: overrides.lastRefresh ?? "2024-05-01T10:00:00Z",
    };
    const meta: ResultMeta = {
        columns: response.columns,
        types: types.map((t) => t[1]),
        rowCount: results.length,
        hasMore: response.hasMore,
        limit: response.limit,
        isCached: response.is_cached,
        lastRefresh: response.last_refresh,
        hasHogql: true,
        hasClickhouse: true,
        ...overrides,
    };
    return {
        text: JSON.stringify(response),
        meta,
        firstRowsJson: JSON.stringify(results.slice(0, 100)),
    };
}
