// Where rows come from: the parse worker when it can start (the page's main thread stays free), or
// the main thread itself when it cannot (a CSP or a webview host without blob workers). Either
// way the page gets the response's bytes back with the position of each row, and parses only the
// rows it draws; sort, filter and large copies run where every row is parsed.
import { ByteRows, type CellLayout } from "../../json/byteRows";
import { scanObject, type ObjectScanner } from "../../json/responseScan";
import type { CopyFormat } from "../../protocol";
import { copyText } from "./clipboard";
import { ColumnKind } from "./format";
import type { Range } from "./selection";
import { RowViews, ViewQuery } from "./view";
import type { FromWorker, ToWorker } from "./workerProtocol";

/** Receives one result as it is parsed. */
export interface RowSink {
    /** The bytes, and where each row is in them: any row can now be drawn. */
    layout(bytes: Uint8Array, cells: CellLayout): void;
    /** Every row is parsed: sort and filter work. */
    done(rowCount: number, parseMs: number, inWorker: boolean): void;
    /** Parsing failed. */
    failed(message: string): void;
}

interface Local {
    views: RowViews;
    kinds: ColumnKind[];
}

/** Starts a worker from a same-origin script through a blob URL, as webviews require. */
export async function startWorker(url: string): Promise<Worker> {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`worker script: HTTP ${response.status}`);
    const blob = new Blob([await response.text()], { type: "text/javascript" });
    const blobUrl = URL.createObjectURL(blob);
    const worker = new Worker(blobUrl);
    // Keep the URL until the script loaded; a revoked blob URL cannot be fetched by the worker.
    setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
    return worker;
}

/**
 * Bytes scanned per task on the page's own thread. The scan's cost grows with the rows and
 * values in those bytes: 294 KB of one-number rows (39,000 rows, a notebook output at its cap)
 * took 35-60 ms in one piece, a long task (test/webview/notebookRenderer.test.ts); 32 KB keeps
 * each piece to a few milliseconds.
 */
const pageScanSliceBytes = 32 << 10;

/** Resolves in a task of its own: what ran before it ends its task first. */
export function nextTask(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Scans a result's bytes on this thread in short tasks, recording where every value starts. */
export function scanOnPage(bytes: Uint8Array): Promise<ObjectScanner> {
    return scanObject(bytes, nextTask, 0, bytes.length, "results", {
        recordCells: true,
        sliceBytes: pageScanSliceBytes,
    });
}

export class RowSource {
    private readonly sinks = new Map<string, RowSink>();
    private readonly local = new Map<string, Local>();
    private readonly pending = new Map<
        string,
        { resolve: (value: unknown) => void; reject: (error: Error) => void }
    >();
    private seq = 0;

    constructor(
        private readonly worker: Promise<Worker | null>,
        private readonly log: (message: string) => void,
    ) {
        void worker.then((w) => {
            if (!w) return;
            w.onmessage = (e: MessageEvent<FromWorker>) => this.onWorkerMessage(e.data);
            w.onerror = (e) => this.log(`results worker error: ${e.message}`);
        });
    }

    /** Parses a result's bytes; the layout and completion go to `sink`. */
    async load(
        resultId: string,
        bytes: Uint8Array,
        kinds: ColumnKind[],
        sink: RowSink,
    ): Promise<void> {
        this.sinks.set(resultId, sink);
        const worker = await this.worker;
        if (worker) {
            // Transfer the bytes' own buffer when they fill it (as VS Code delivers them); copy
            // only a view into a larger buffer. The worker hands the buffer back with the layout.
            const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
            const buffer = (whole ? bytes : bytes.slice()).buffer as ArrayBuffer;
            const msg: ToWorker = { type: "parse", resultId, buffer, kinds };
            worker.postMessage(msg, [buffer]);
            return;
        }
        // On this thread the scan would hold up the first screen: it waits for that paint (a
        // hidden page gets no animation frames, hence the timer too).
        let started = false;
        const start = () => {
            if (started || this.sinks.get(resultId) !== sink) return;
            started = true;
            this.parseHere(resultId, bytes, kinds, sink);
        };
        requestAnimationFrame(() => setTimeout(start));
        setTimeout(start, 100);
    }

    private parseHere(
        resultId: string,
        bytes: Uint8Array,
        kinds: ColumnKind[],
        sink: RowSink,
    ): void {
        const t0 = performance.now();
        scanOnPage(bytes).then(
            (scan) => {
                if (this.sinks.get(resultId) === sink)
                    this.adopt(resultId, bytes, scan, kinds, t0, sink);
            },
            (err: unknown) => sink.failed(String(err)),
        );
    }

    /**
     * Takes a result whose bytes were already scanned on this thread (with cells recorded, see
     * {@link scanOnPage}): its rows can be drawn, sorted and filtered at once.
     */
    adopt(
        resultId: string,
        bytes: Uint8Array,
        scan: ObjectScanner,
        kinds: ColumnKind[],
        startedAt: number,
        sink: RowSink,
    ): void {
        this.sinks.set(resultId, sink);
        try {
            sink.layout(bytes, scan);
            const rows = new ByteRows(bytes, scan);
            this.local.set(resultId, { views: new RowViews(rows, kinds), kinds });
            sink.done(rows.count, performance.now() - startedAt, false);
        } catch (err) {
            sink.failed(String(err));
        }
    }

    /** Row order for a sort/filter; resolves with null for the service's order. */
    async view(resultId: string, query: ViewQuery): Promise<Uint32Array | null> {
        const local = this.local.get(resultId);
        if (local) return local.views.order(query);
        const worker = await this.worker;
        if (!worker) return null;
        const seq = ++this.seq;
        return new Promise((resolve, reject) => {
            this.pending.set(`view:${resultId}:${seq}`, {
                resolve: resolve as (v: unknown) => void,
                reject,
            });
            const msg: ToWorker = { type: "view", resultId, seq, query };
            worker.postMessage(msg);
        });
    }

    /** Clipboard text of a (large) selection, built where every row is parsed. */
    async copy(
        resultId: string,
        order: Uint32Array | null,
        range: Range,
        format: CopyFormat,
        columns: string[],
    ): Promise<Blob | null> {
        const local = this.local.get(resultId);
        if (local) {
            const rows = local.views.rows;
            const text = copyText(
                {
                    columns,
                    types: [],
                    kinds: local.kinds,
                    rowCount: () => (order ? order.length : rows.count),
                    row: (i) => rows.row(order ? order[i] : i),
                },
                range,
                format,
            );
            return new Blob([text], { type: "text/plain" });
        }
        const worker = await this.worker;
        if (!worker) return null;
        const seq = ++this.seq;
        return new Promise((resolve, reject) => {
            this.pending.set(`copy:${resultId}:${seq}`, {
                resolve: resolve as (v: unknown) => void,
                reject,
            });
            const msg: ToWorker = {
                type: "copy",
                resultId,
                seq,
                order: order ? order.slice() : null,
                range,
                format,
                columns,
            };
            worker.postMessage(msg);
        });
    }

    /** Forgets every result (a new load replaces them). */
    dropAll(): void {
        const ids = [...this.sinks.keys()];
        this.sinks.clear();
        this.local.clear();
        void this.worker.then((w) => {
            for (const resultId of ids) {
                const msg: ToWorker = { type: "drop", resultId };
                w?.postMessage(msg);
            }
        });
    }

    private settle(key: string, value: unknown): void {
        this.pending.get(key)?.resolve(value);
        this.pending.delete(key);
    }

    private onWorkerMessage(msg: FromWorker): void {
        const sink = this.sinks.get(msg.resultId);
        switch (msg.type) {
            case "layout":
                sink?.layout(new Uint8Array(msg.buffer), {
                    rowStarts: msg.starts,
                    rowEnds: msg.ends,
                    cellStarts: msg.cellStarts,
                    cellCount: msg.cellStarts.length,
                    rowFirstCell: msg.rowFirstCell,
                    wide: msg.wide,
                });
                break;
            case "done":
                sink?.done(msg.rowCount, msg.parseMs, true);
                break;
            case "view":
                this.settle(`view:${msg.resultId}:${msg.seq}`, msg.order);
                break;
            case "copy":
                this.settle(`copy:${msg.resultId}:${msg.seq}`, msg.blob);
                break;
            case "error":
                this.log(`results worker: ${msg.message}`);
                if (msg.seq === undefined) sink?.failed(msg.message);
                else {
                    // A sort or filter failed: that request rejects; the result itself is fine.
                    const key = `view:${msg.resultId}:${msg.seq}`;
                    this.pending.get(key)?.reject(new Error(msg.message));
                    this.pending.delete(key);
                }
                break;
        }
    }
}
