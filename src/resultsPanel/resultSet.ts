// What the results panel is given: a response's bytes as received, and the small summary sent
// ahead of them. Nothing here decodes or parses a whole result on the extension host: the rows
// are located by a sliced byte scan and parsed only a slice at a time (export), with every
// digit of wide numbers kept. No `vscode` import: the bench and unit tests use it too.
import { turnPacer, yieldToEventLoop as nextTurn } from "../api/eventLoop";
import { scanLayout, type ResultLayout } from "../api/queryBytes";
import { parseLossless } from "../shared/json/lossless";
import { rowsJson } from "../shared/json/responseScan";
import type {
    BytesMessage,
    ChartPrefs,
    PageSummary,
    ResultInfo,
    ResultMeta,
    ResultPayload,
    ResultSummary,
} from "../shared/resultsProtocol";

export type { ResultInfo, ResultSummary } from "../shared/resultsProtocol";
// A query run's layout (src/api/queryRun.ts) is the result set's: one type from the API to here.
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

/** One statement's result, as the query runner hands it over: its info, bytes and summary. */
export interface ResultSet extends ResultInfo {
    /** UTF-8 JSON of the response exactly as received; it goes to the webview as it is. */
    bytes: Uint8Array;
    /** Metadata, first rows and the SQL texts. */
    summary: ResultSummary;
    /** Row positions, once scanned (a result restored from disk is scanned on first export). */
    layout?: ResultLayout;
}

/** Every field of `T`, optional ones included, so a literal must name each (`undefined` allowed). */
type EveryField<T> = { [K in keyof Required<T>]: T[K] };

/**
 * A result's info alone. Each field is named: one added to {@link ResultInfo} fails to compile
 * here until it is carried too, so the stored copy and the message cannot drop it.
 */
export function infoOf(set: ResultInfo): ResultInfo {
    const info: EveryField<ResultInfo> = {
        title: set.title,
        queryText: set.queryText,
        durationMs: set.durationMs,
        queryId: set.queryId,
        bytesRead: set.bytesRead,
        budgetRemainingBytes: set.budgetRemainingBytes,
    };
    return info;
}

/** The part of a summary the page is sent (each field named, as in {@link infoOf}). */
export function pageSummaryOf(summary: ResultSummary): PageSummary {
    const page: EveryField<PageSummary> = {
        meta: summary.meta,
        firstRowsJson: summary.firstRowsJson,
    };
    return page;
}

/**
 * The message for one result set: its info and page summary, the bytes to follow in their own
 * message (the first screen paints without waiting for them to cross to the page).
 */
export function payloadOf(set: ResultSet, id: string, chart: ChartPrefs | null): ResultPayload {
    return {
        id,
        ...infoOf(set),
        ...pageSummaryOf(set.summary),
        bytes: new Uint8Array(0),
        bytesFollow: true,
        chart,
    };
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

/** The summary of a scanned result. */
export function summarize(bytes: Uint8Array, layout: ResultLayout): ResultSummary {
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
    return {
        meta,
        firstRowsJson,
        hogql: typeof head.hogql === "string" ? head.hogql : null,
        clickhouse: typeof head.clickhouse === "string" ? head.clickhouse : null,
    };
}

/** A result set from bytes already scanned: a query's response as received (a `QueryRun`). */
export function resultSetOf(bytes: Uint8Array, layout: ResultLayout, info: ResultInfo): ResultSet {
    return { ...info, bytes, layout, summary: summarize(bytes, layout) };
}

/**
 * A result set from JSON text of the same shape (`columns`, `results`, ...): the tables the host
 * builds once for non-HogQL saved queries.
 */
export async function resultSetFromText(
    text: string,
    info: ResultInfo,
    yieldNow: () => Promise<void> = nextTurn,
): Promise<ResultSet> {
    const bytes = new TextEncoder().encode(text.trim() === "" ? "{}" : text);
    return resultSetOf(bytes, await scanLayout(bytes, yieldNow), info);
}

/** The layout of a result set, scanning its bytes (in slices) the first time. */
export async function layoutOf(
    set: ResultSet,
    yieldNow: () => Promise<void>,
): Promise<ResultLayout> {
    set.layout ??= await scanLayout(set.bytes, yieldNow);
    return set.layout;
}

/**
 * The rows of a result set, parsed a slice at a time. `pacer` gives the event loop a turn once a
 * turn has run long, counting the caller's work on each slice too: a fixed count of rows per
 * turn made long tasks when a slice cost more than usual (see docs/performance.md, "Exporting a
 * large result from the extension host").
 */
export async function* rowSlices(
    set: ResultSet,
    pacer: { pace(): Promise<boolean> } = turnPacer(hostTurnMs),
): AsyncGenerator<unknown[][]> {
    const layout = await layoutOf(set, nextTurn);
    const count = layout.rowStarts.length;
    // With no long digit run seen by the scan, the plain parse is exact (queryBytes.ts readResponse).
    const parse: (text: string) => unknown = layout.wide === false ? JSON.parse : parseLossless;
    for (let start = 0; start < count; start += rowSliceSize) {
        yield parse(rowsJson(set.bytes, layout, start, start + rowSliceSize)) as unknown[][];
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
