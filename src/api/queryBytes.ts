// A query response as bytes: kept as received (they go to the webview as they are) and never
// decoded or parsed whole in one task on the extension host's thread, which every other extension
// shares. What the host needs (columns, types, flags, the SQL, where each row is) comes from a
// byte scan done in slices between turns of the event loop, and from parsing only the small
// top-level fields, with every digit of wide numbers kept. A caller that needs the parsed
// response reads it from the same bytes ({@link readResponse}), a slice of rows per turn.
import { parseLossless } from "../shared/json/lossless";
import {
    ObjectScanner,
    finishScan,
    parseFields,
    rowsJson,
    scanObject,
    scanSliceBytes,
} from "../shared/json/responseScan";
import type { ApiCore } from "./core";
import { invalidJsonError } from "./errors";
import { turnPacer, yieldToEventLoop } from "./eventLoop";
import type { QueryResponse } from "./types/query";

const decoder = new TextDecoder();

/** Where the rows are in a response's bytes, and its other top-level fields parsed. */
export interface ResultLayout {
    /** Every top-level field except `results`, parsed (wide numbers kept, src/json/lossless.ts). */
    head: Record<string, unknown>;
    /** Byte offset where each row (element of `results`) starts. */
    rowStarts: number[];
    /** Byte offset where each row ends. */
    rowEnds: number[];
    /**
     * False when the scan saw no number with a run of 16 or more digits: then a plain `JSON.parse`
     * of the rows loses no digit. Absent (a layout not made by a scan) counts as true.
     */
    wide?: boolean;
}

/**
 * Scans a response's body while it arrives (`onBody` of a raw call), so that little is left to
 * scan once the last byte is in: scanned only after its last byte, a large result waited
 * noticeably longer for its rows (see docs/performance.md, "Scanning a response"). The scan
 * runs in ~1 MB slices, one per turn of the event loop, catching up with the bytes received
 * (chunks already buffered are delivered one after another in microtasks: scanning each as it
 * came made one long task of a large local response). A string cut by the end of what arrived
 * is searched on from where it stopped.
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

/** The layout of a scanned object. */
function layoutOfScan(bytes: Uint8Array, scan: ObjectScanner): ResultLayout {
    return {
        head: parseFields(bytes, scan.fields, "results"),
        rowStarts: scan.rowStarts,
        rowEnds: scan.rowEnds,
        wide: scan.wide,
    };
}

/** Scans a response's bytes in slices, yielding with `yieldNow`; parses only the small fields. */
export async function scanLayout(
    bytes: Uint8Array,
    yieldNow: () => Promise<void> = yieldToEventLoop,
): Promise<ResultLayout> {
    return layoutOfScan(bytes, await scanObject(bytes, yieldNow));
}

/** A response body's bytes with the finished scan of them. */
export interface ScannedBody {
    /** The body as received. */
    bytes: Uint8Array;
    /** Where its top-level fields and rows are. */
    scan: ObjectScanner;
}

/**
 * Finishes the scan of a 2xx body (the one begun while it arrived, if any), or fails as the
 * parsed path did: an HTML page (a proxy's or gateway's sign-in page) is named as one, anything
 * else that is not a JSON object is a malformed response.
 */
export async function scanBody(
    core: ApiCore,
    method: "GET" | "POST",
    path: string,
    res: {
        status: number;
        body?: Uint8Array;
        headers: Record<string, string | string[] | undefined>;
    },
    begun?: ObjectScanner,
): Promise<ScannedBody> {
    const bytes = res.body ?? new Uint8Array(0);
    try {
        const scan = begun ?? new ObjectScanner(bytes);
        return { bytes, scan: await finishScan(scan, yieldToEventLoop) };
    } catch (cause) {
        const ctx = core.http.context(method, core.http.resolve(path), { query: true });
        const type = res.headers["content-type"];
        const start = decoder.decode(bytes.subarray(0, 1024));
        throw invalidJsonError(ctx, res.status, cause, start, Array.isArray(type) ? type[0] : type);
    }
}

/** The `query_status` object of a scanned body, its fields parsed; null when absent. */
export async function statusOf(
    body: ScannedBody,
): Promise<{ fields: Record<string, unknown>; results: Uint8Array | null } | null> {
    const { bytes, scan: top } = body;
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

/** The layout of a whole scanned body. */
export function bodyLayout(body: ScannedBody): ResultLayout {
    return layoutOfScan(body.bytes, body.scan);
}

/** Bytes of row text parsed at a time by {@link readResponse}; its pacer decides when to yield. */
export const parseSliceBytes = 1 << 14;

/** Work per turn of the event loop before {@link readResponse} gives the thread back. */
export const readTurnMs = 8;

/**
 * The parsed response of a run, read from its bytes with every digit kept: a number wider than
 * a double (a UInt64 id, an Int128, a wide Decimal) is a `BigNumber`, a String object holding its
 * JSON text (src/json/lossless.ts); render it with `String(value)` or `stringifyLossless`, never
 * `JSON.stringify` (which quotes it). The rows are parsed in small slices, and `pacer` gives the
 * event loop a turn once a turn has run long, so a large result does not hold the extension
 * host's thread whatever a slice costs; the other fields are the layout's, already parsed.
 * `results` comes last among the keys.
 */
export async function readResponse<T = QueryResponse>(
    run: { bytes: Uint8Array; layout: ResultLayout },
    pacer = turnPacer(readTurnMs),
): Promise<T> {
    const { bytes, layout } = run;
    const count = layout.rowStarts.length;
    // No rows: `results` is absent, empty or not an array, and the rest is small fields.
    if (count === 0) return parseLossless(decoder.decode(bytes)) as T;
    // The scan saw every number: with no long digit run among them the plain parse is exact, and
    // it skips parseLossless's search of the text for one (the parsed read was slower than the
    // parse it replaced, see docs/performance.md, "One query path").
    const parse: (text: string) => unknown = layout.wide === false ? JSON.parse : parseLossless;
    const rows: unknown[] = [];
    for (let from = 0; from < count;) {
        let to = from + 1;
        while (to < count && layout.rowEnds[to] - layout.rowStarts[from] < parseSliceBytes) to++;
        for (const row of parse(rowsJson(bytes, layout, from, to)) as unknown[]) rows.push(row);
        from = to;
        if (from < count) await pacer.pace();
    }
    return { ...layout.head, results: rows } as T;
}
