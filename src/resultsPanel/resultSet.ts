// Makes and reads the one result type (src/shared/resultsProtocol.ts QueryResult): a response's
// bytes as received, and the small part sent ahead of them. Nothing here decodes or parses a
// whole result on the extension host: the rows are located by a sliced byte scan and parsed only
// a slice at a time (export), with every digit of wide numbers kept. No `vscode` import: the
// bench and unit tests use it too.
import { type Pacer, turnPacer, yieldToEventLoop as nextTurn } from "../api/eventLoop";
import { scanLayout, type ResultLayout } from "../api/queryBytes";
import { parseLossless } from "../shared/json/lossless";
import { rowsJson } from "../shared/json/responseScan";
import type {
    BytesMessage,
    ChartPrefs,
    PageResult,
    QueryResult,
    ResultMeta,
} from "../shared/resultsProtocol";

export type { QueryResult } from "../shared/resultsProtocol";
// A query run's layout (src/api/queryRun.ts) is the result's: one type from the API to here.
export { scanLayout, type ResultLayout };

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

/** What the runner knows of a result besides its response: the fields not read from the bytes. */
export type RunFacts = Omit<QueryResult, "meta" | "firstRowsJson" | "bytes" | "sql">;

/** Every field of `T`, optional ones included, so a literal must name each (`undefined` allowed). */
export type EveryField<T> = { [K in keyof Required<T>]: T[K] };

/** What every copy of a result carries (the page's, the stored one): all but its bytes and SQL. */
export type ResultHead = Omit<QueryResult, "bytes" | "sql">;

/**
 * The {@link ResultHead} of a result, each field named: one added to {@link QueryResult} fails to
 * compile here until every copy carries it (or, as `bytes` and `sql`, decides for itself).
 */
export function resultHeadOf(result: QueryResult): EveryField<ResultHead> {
    return {
        title: result.title,
        queryText: result.queryText,
        durationMs: result.durationMs,
        queryId: result.queryId,
        bytesRead: result.bytesRead,
        budgetRemainingBytes: result.budgetRemainingBytes,
        meta: result.meta,
        firstRowsJson: result.firstRowsJson,
    };
}

/**
 * Row positions of results already scanned, by result. Host-only and not part of the result: the
 * page and the stored copy never carry it (a result restored from disk is scanned on first
 * export).
 */
const layouts = new WeakMap<QueryResult, ResultLayout>();

/** The layout of a result if it was scanned (the runner's results are), without scanning. */
export function knownLayout(result: QueryResult): ResultLayout | undefined {
    return layouts.get(result);
}

/**
 * The entry of a load message for one result: its head, with `sql` held back. The bytes follow
 * in their own messages: the first screen paints without waiting for them.
 */
export function pageResultOf(
    result: QueryResult,
    id: string,
    chart: ChartPrefs | null,
): PageResult {
    // `encoding` is set by the page when the bytes come (BytesMessage.encoding).
    const page: EveryField<Omit<PageResult, "sql" | "encoding">> = {
        ...resultHeadOf(result),
        bytes: new Uint8Array(0),
        id,
        bytesFollow: true,
        chart,
    };
    return page;
}

/** Rows sent with the first message so the grid paints before the bytes are parsed. */
export const firstScreenRows = 200;

/**
 * Rows parsed per slice when a whole result is read on the host (export): a small slice, so that
 * a turn ends soon after its time is used.
 */
export const rowSliceSize = 100;

/** How long a turn of the event loop may run slices of a whole result before it gives it back. */
export const hostTurnMs = 8;

/**
 * One turn of the extension host's event loop, between slices of work on a large result: the
 * API layer's own (a small module with no dependencies; the extension bundle includes it).
 */
export { nextTurn };

/** Column types as plain names, whatever shape `types` has. */
export function typeNames(columns: string[], types: unknown): string[] {
    const list = Array.isArray(types) ? (types as unknown[]) : [];
    return columns.map((_, i) => {
        const t = list[i];
        if (typeof t === "string") return t;
        if (Array.isArray(t)) return String(t[1] ?? "");
        return "";
    });
}

/** The result of a scanned response: its meta, first rows and SQL texts read from the head. */
export function resultOf(bytes: Uint8Array, layout: ResultLayout, facts: RunFacts): QueryResult {
    const head = layout.head as HogQLResponseLike & Record<string, unknown>;
    const firstRowsJson = rowsJson(
        bytes,
        { rowStarts: layout.rowStarts, rowEnds: layout.rowEnds },
        0,
        firstScreenRows,
    );
    let columns = Array.isArray(head.columns) ? head.columns.map(String) : null;
    if (!columns) {
        const first = layout.rowStarts.length ? (parseLossless(firstRowsJson) as unknown[][]) : [];
        columns = Array.isArray(first[0]) ? first[0].map((_, i) => `column ${i + 1}`) : [];
    }
    const meta: ResultMeta = {
        columns,
        types: typeNames(columns, head.types),
        rowCount: layout.rowStarts.length,
        hasMore: head.hasMore === true,
        limit: typeof head.limit === "number" ? head.limit : null,
        isCached: head.is_cached === true,
        lastRefresh: typeof head.last_refresh === "string" ? head.last_refresh : null,
        hasHogql: typeof head.hogql === "string" && head.hogql.length > 0,
        hasClickhouse: typeof head.clickhouse === "string" && head.clickhouse.length > 0,
    };
    const sql = {
        hogql: typeof head.hogql === "string" ? head.hogql : null,
        clickhouse: typeof head.clickhouse === "string" ? head.clickhouse : null,
    };
    const result: QueryResult = { ...facts, meta, firstRowsJson, bytes, sql };
    layouts.set(result, layout);
    return result;
}

/**
 * A result from JSON text of the same shape (`columns`, `results`, ...): the tables the host
 * builds once for non-HogQL saved queries.
 */
export async function resultFromText(
    text: string,
    facts: RunFacts,
    yieldNow: () => Promise<void> = nextTurn,
): Promise<QueryResult> {
    const bytes = new TextEncoder().encode(text.trim() === "" ? "{}" : text);
    return resultOf(bytes, await scanLayout(bytes, yieldNow), facts);
}

/** The layout of a result, scanning its bytes (in slices) the first time. */
export async function layoutOf(
    result: QueryResult,
    yieldNow: () => Promise<void>,
): Promise<ResultLayout> {
    let layout = layouts.get(result);
    if (!layout) {
        layout = await scanLayout(result.bytes, yieldNow);
        layouts.set(result, layout);
    }
    return layout;
}

/**
 * The rows of a result, parsed a slice at a time. `pacer` gives the event loop a turn once a
 * turn has run long, counting the caller's work on each slice too: a fixed count of rows per
 * turn made long tasks when a slice cost more than usual (see docs/performance.md, "Exporting a
 * large result from the extension host").
 */
export async function* rowSlices(
    result: QueryResult,
    pacer: Pacer = turnPacer(hostTurnMs),
): AsyncGenerator<unknown[][]> {
    const layout = await layoutOf(result, nextTurn);
    const count = layout.rowStarts.length;
    // With no long digit run seen by the scan, the plain parse is exact (queryBytes.ts readResponse).
    const parse: (text: string) => unknown = layout.wide === false ? JSON.parse : parseLossless;
    for (let start = 0; start < count; start += rowSliceSize) {
        yield parse(rowsJson(result.bytes, layout, start, start + rowSliceSize)) as unknown[][];
        if (start + rowSliceSize < count) await pacer.pace();
    }
}

/**
 * The bytes as a plain Uint8Array that owns its whole buffer, for posting to the webview. VS Code
 * sends a typed array's whole underlying buffer, and only plain typed arrays as such (a Node
 * Buffer would be serialised as JSON). A small Buffer is a slice of a shared pool that may hold
 * anything the process touched, request headers included: such a view is copied. A large
 * response owns its buffer and goes without a copy.
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    // `new Uint8Array(typedArray)` copies; Buffer#slice would return another view.
    return whole ? new Uint8Array(bytes.buffer, 0, bytes.byteLength) : new Uint8Array(bytes);
}

/** Size of each part of a result's bytes posted to the page (see `BytesMessage`). */
export const bytesPartSize = 1 << 20;

/**
 * The messages that carry a result's bytes to the page: one for a result of up to a megabyte
 * ({@link ownBytes}), else one per megabyte, each part a copy that owns its buffer (VS Code
 * sends a typed array's whole buffer, so a view would send the whole result each time), made as
 * it is taken (the panel posts one part per event-loop turn).
 */
export function* bytesMessages(
    id: string,
    bytes: Uint8Array,
    partSize = bytesPartSize,
    encoding?: "gzip",
): Generator<BytesMessage> {
    const total = bytes.byteLength;
    const of = (offset: number, part: Uint8Array): BytesMessage =>
        encoding
            ? { type: "bytes", id, offset, total, part, encoding }
            : { type: "bytes", id, offset, total, part };
    if (total <= partSize) {
        yield of(0, ownBytes(bytes));
        return;
    }
    for (let offset = 0; offset < total; offset += partSize)
        yield of(
            offset,
            new Uint8Array(bytes.subarray(offset, Math.min(total, offset + partSize))),
        );
}
