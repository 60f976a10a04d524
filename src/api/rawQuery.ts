// Running a query for the results grid: the response's bytes are kept as received (they go to the
// webview as they are) and never decoded or parsed whole on the extension host's thread, which
// every other extension shares. What the host needs (columns, types, flags, the SQL, where each
// row is) comes from a byte scan done in ~1 MB slices between turns of the event loop, and from
// parsing only the small top-level fields, with every digit of wide numbers kept.
import {
    ObjectScanner,
    finishScan,
    parseFields,
    scanObject,
    scanSliceBytes,
} from "../shared/json/responseScan";
import type { ApiCore, CallOptions } from "./core";
import { PostHogApiError, invalidJsonError } from "./errors";
import { yieldToEventLoop } from "./eventLoop";
import {
    failedQueryError,
    pollWaits,
    queryPath,
    queryStartCall,
    runFailed,
    usableId,
    type RunQueryOptions,
} from "./query";
import { queryCostOf, type QueryCost } from "./queryBudget";
import type { QueryNode, QueryStatus } from "./types/query";

/** A finished query run, as bytes plus what the host needs to know about them. */
export interface RawQueryResult {
    /** UTF-8 JSON of the HogQL response object (for a background run: `query_status.results`). */
    bytes: Uint8Array;
    /** Every top-level field except `results`, parsed (wide numbers kept as text). */
    head: Record<string, unknown>;
    /** Number of rows in `results`. */
    rowCount: number;
    /** Byte offsets in `bytes` where each row starts. */
    rowStarts: number[];
    /** Byte offsets in `bytes` where each row ends. */
    rowEnds: number[];
    /** The query id (the client_query_id). */
    queryId: string;
    /** Whether the run went to the background and was polled. */
    polled: boolean;
    /** What the run read and the budget left, from the headers of the request that ran it. */
    cost: QueryCost;
}

/**
 * Scans a response's body while it arrives (`onBody` of a raw call), so that little is left to
 * scan once the last byte is in: a 13.6 MB result took 70-130 ms from its last byte to its
 * scan's end in the workbench, scanned after. The scan runs in ~1 MB slices, one per turn of the
 * event loop, catching up with the bytes received (chunks already buffered are delivered one
 * after another in microtasks: scanning each as it came made one 58 ms task of a local 13.6 MB
 * response). A string cut by the end of what arrived is searched on from where it stopped.
 * Malformed JSON stops the early scan; the scan after the body reports it. It needs the body's
 * Content-Length (http.ts gathers the bytes into one buffer of that size): PostHog's query
 * responses have one (Django's CommonMiddleware, in posthog/settings/web.py, sets it on the
 * non-streaming Response of posthog/api/query.py). A body of unknown length (a gzip body, asked
 * of every host but a loopback one, see http.ts `acceptGzip`; or one sent in chunks) grows in a
 * buffer that is copied to a bigger one as it fills, and the scan moves with it.
 */
export class ScanWhileReceiving {
    private scanner: ObjectScanner | null = null;
    private buffer: Uint8Array | null = null;
    private scheduled = false;

    readonly onBody = (buffer: Uint8Array, received: number, moved = false): void => {
        if (buffer !== this.buffer) {
            // The same body in a grown (or, at its end, exact) buffer: the scan follows it.
            // Otherwise a first or retried request: its own buffer, scanned from its start.
            if (moved) this.scanner?.moveTo(buffer);
            else this.scanner = new ObjectScanner(buffer);
            this.buffer = buffer;
        }
        this.scanner?.arrived(received);
        this.schedule();
    };

    private schedule(): void {
        if (this.scheduled || !this.scanner || this.scanner.caughtUp) return;
        this.scheduled = true;
        setImmediate(this.slice);
    }

    private readonly slice = (): void => {
        this.scheduled = false;
        try {
            this.scanner?.step(scanSliceBytes);
        } catch {
            this.scanner = null;
        }
        this.schedule();
    };

    /** The scan of `bytes` begun while they arrived, if they are that buffer whole. */
    begun(bytes: Uint8Array): ObjectScanner | undefined {
        const buffer = this.buffer;
        const whole =
            buffer !== null &&
            bytes.buffer === buffer.buffer &&
            bytes.byteOffset === buffer.byteOffset &&
            bytes.byteLength === buffer.byteLength;
        return whole ? (this.scanner ?? undefined) : undefined;
    }
}

/** Scans a HogQL response object's bytes into a {@link RawQueryResult}. */
export async function rawResult(
    bytes: Uint8Array,
    queryId: string,
    polled: boolean,
    cost: QueryCost = {},
): Promise<RawQueryResult> {
    const scan = await scanObject(bytes, yieldToEventLoop);
    return {
        bytes,
        head: parseFields(bytes, scan.fields, "results"),
        rowCount: scan.rowStarts.length,
        rowStarts: scan.rowStarts,
        rowEnds: scan.rowEnds,
        queryId,
        polled,
        cost,
    };
}

/** The bytes of `query_status` in a scanned response, scanned in turn; null when absent. */
async function statusOf(
    bytes: Uint8Array,
    top: ObjectScanner,
): Promise<{ fields: Record<string, unknown>; results: Uint8Array | null } | null> {
    const range = top.fields.get("query_status");
    if (!range || bytes[range.start] !== 0x7b) return null;
    const status = bytes.subarray(range.start, range.end);
    const scan = await scanObject(status, yieldToEventLoop, 0, status.length, "");
    const fields = parseFields(status, scan.fields, "results");
    const results = scan.fields.get("results");
    const inner =
        results && status[results.start] === 0x7b
            ? status.subarray(results.start, results.end)
            : null;
    return { fields, results: inner };
}

/**
 * Runs a query like {@link runQuery} (blocking answer, or background run polled until complete;
 * cancelled on the server when `signal` aborts) but returns the result's bytes as received,
 * scanned in slices, never decoded or parsed whole on the calling thread.
 */
export async function runQueryRaw(
    core: ApiCore,
    projectPath: string,
    query: QueryNode,
    opts: RunQueryOptions = {},
): Promise<RawQueryResult> {
    const { queryId, spec } = queryStartCall(core, projectPath, query, opts);
    const callOpts: CallOptions = { signal: opts.signal, onRetry: opts.onRetry };
    const pollDeadlineMs = opts.pollDeadlineMs ?? core.timeouts.pollDeadlineMs;
    const cancelTimeout = opts.cancelTimeoutMs ?? 5000;
    let pollId = queryId;
    try {
        // The same call as runQuery's (retries, deadline, error mapping), keeping the bytes.
        const early = new ScanWhileReceiving();
        const res = await core.call<undefined>(
            { ...spec, raw: true, onBody: early.onBody },
            { ...callOpts, deadlineMs: opts.deadlineMs },
        );
        const bytes = res.body ?? new Uint8Array(0);
        // A background run reads in PostHog's worker, after this request: no cost headers then.
        const cost = queryCostOf(res.headers);
        const top = await scanOrFail(
            core,
            bytes,
            `${projectPath}/query/`,
            res.status,
            early.begun(bytes),
        );
        const status = await statusOf(bytes, top);
        const id = status?.fields["id"];
        if (typeof id === "string" && usableId(id)) pollId = id;
        if (res.status !== 202 && status?.fields["complete"] !== false) {
            if (!top.fields.has("results") && status?.fields["complete"] && status.results) {
                return await rawResult(status.results, queryId, true, cost);
            }
            return {
                bytes,
                head: parseFields(bytes, top.fields, "results"),
                rowCount: top.rowStarts.length,
                rowStarts: top.rowStarts,
                rowEnds: top.rowEnds,
                queryId,
                polled: false,
                cost,
            };
        }
        if (status) opts.onStatus?.(status.fields as unknown as QueryStatus);
        const waitToPoll = pollWaits(opts, projectPath, pollDeadlineMs);
        for (;;) {
            await waitToPoll();
            const path = queryPath(projectPath, pollId);
            const polled = await core.call<undefined>(
                { method: "GET", url: path, context: { query: true }, raw: true },
                callOpts,
            );
            const polledBytes = polled.body ?? new Uint8Array(0);
            const scan = await scanOrFail(core, polledBytes, path, polled.status);
            const st = await statusOf(polledBytes, scan);
            if (!st) {
                throw new PostHogApiError({
                    status: polled.status,
                    method: "GET",
                    path,
                    code: "invalid_response",
                    message: `GET ${path}: the response has no query_status`,
                    userMessage: "The server sent an unexpected query status; try again.",
                });
            }
            const fields = st.fields as unknown as QueryStatus;
            opts.onStatus?.(fields);
            if (fields.error) throw failedQueryError(core, path, fields);
            if (fields.complete) {
                return await rawResult(st.results ?? new TextEncoder().encode("{}"), pollId, true);
            }
        }
    } catch (err) {
        return runFailed(core, projectPath, pollId, cancelTimeout, opts.signal, err);
    }
}

async function scanOrFail(
    core: ApiCore,
    bytes: Uint8Array,
    path: string,
    status: number,
    begun?: ObjectScanner,
): Promise<ObjectScanner> {
    try {
        if (begun) return await finishScan(begun, yieldToEventLoop);
        return await scanObject(bytes, yieldToEventLoop);
    } catch (cause) {
        const ctx = core.http.context("GET", core.http.resolve(path), { query: true });
        throw invalidJsonError(ctx, status, cause);
    }
}
