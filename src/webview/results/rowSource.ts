// Where rows come from: the parse worker when it can start (the page's main thread stays free), or
// the main thread itself when it cannot (a CSP or a webview host without blob workers). Either
// way the page gets the response's bytes back with the position of each row, and parses only the
// rows it draws; sort, filter and large copies run where every row is parsed.
import { ByteRows, type CellLayout } from "../../shared/json/byteRows";
import { scanObject, type ObjectScanner } from "../../shared/json/responseScan";
import type { CopyFormat } from "../../shared/resultsProtocol";
import { copyText } from "./clipboard";
import { ColumnKind } from "./format";
import { gunzip } from "./gunzip";
import { cellLayoutOf, loanSliceBytes, type LentLayout } from "./lentRows";
import type { Range } from "./selection";
import { RowViews, type ColumnToRead, ViewQuery } from "./view";
import type { FromWorker, ReadColumn, ToWorker } from "./workerProtocol";

/** Receives one result as it is parsed. */
export interface RowSink {
    /**
     * The bytes, and where each row is in them: any row can now be drawn. `chartColumns`: those
     * asked for with {@link RowSource.load}, read already.
     */
    layout(bytes: Uint8Array, cells: CellLayout, chartColumns?: readonly ReadColumn[]): void;
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
 * values in those bytes: a notebook output at its cap of one-number rows, scanned in one piece,
 * was a long task (test/webview/notebookRenderer.test.ts; see docs/performance.md, "Notebook
 * output"); 32 KB keeps each piece to a few milliseconds.
 */
const pageScanSliceBytes = 32 << 10;

/** Resolves in a task of its own: what ran before it ends its task first. */
export function nextTask(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `fn` once, in a task after the next frame is painted (a task queued from an animation
 * callback runs after that frame), or after `fallbackMs` when no frame comes first: a hidden page
 * gets no animation frames.
 */
export function afterNextPaint(fn: () => void, fallbackMs = 100): void {
    let ran = false;
    const once = () => {
        if (ran) return;
        ran = true;
        fn();
    };
    requestAnimationFrame(() => setTimeout(once));
    setTimeout(once, fallbackMs);
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
    /** Results parsed by the worker: their bytes and layout, lent to it when it asks. */
    private readonly held = new Map<string, { bytes: Uint8Array; layout: LentLayout }>();
    /** Requests waiting for the worker's answer, to send again once it has the rows. */
    private readonly asked = new Map<number, ToWorker>();
    /** Loans go one at a time: the worker puts one together per result. */
    private lending: Promise<void> = Promise.resolve();
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

    /**
     * Parses a result's bytes; the layout and completion go to `sink`. The worker also reads
     * `chartColumns` (the page reads them itself when there is no worker).
     */
    async load(
        resultId: string,
        bytes: Uint8Array,
        kinds: ColumnKind[],
        sink: RowSink,
        encoding?: "gzip",
        chartColumns: ColumnToRead[] = [],
    ): Promise<void> {
        this.sinks.set(resultId, sink);
        const worker = await this.worker;
        if (worker) {
            // Transfer the bytes' own buffer when they fill it (as VS Code delivers them); copy
            // only a view into a larger buffer. The worker hands the buffer back with the layout
            // (inflated first if it came compressed).
            const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
            const buffer = (whole ? bytes : bytes.slice()).buffer as ArrayBuffer;
            const msg: ToWorker = {
                type: "parse",
                resultId,
                buffer,
                kinds,
                encoding,
                chartColumns,
            };
            worker.postMessage(msg, [buffer]);
            return;
        }
        // On this thread the scan would hold up the first screen: it waits for that paint.
        afterNextPaint(() => {
            if (this.sinks.get(resultId) !== sink) return;
            if (!encoding) {
                this.parseHere(resultId, bytes, kinds, sink);
                return;
            }
            gunzip(bytes as Uint8Array<ArrayBuffer>).then(
                (plain) => {
                    if (this.sinks.get(resultId) === sink)
                        this.parseHere(resultId, plain, kinds, sink);
                },
                (err: unknown) => sink.failed(String(err)),
            );
        });
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
            this.ask(worker, seq, msg);
        });
    }

    /**
     * Clipboard text of a (large) selection, built where every row is parsed; `neutralise` as
     * `copyText` takes it.
     */
    async copy(
        resultId: string,
        order: Uint32Array | null,
        range: Range,
        format: CopyFormat,
        columns: string[],
        neutralise: boolean,
        cols: number[],
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
                neutralise,
                cols,
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
                cols,
                neutralise,
            };
            this.ask(worker, seq, msg);
        });
    }

    private ask(worker: Worker, seq: number, msg: ToWorker): void {
        this.asked.set(seq, msg);
        worker.postMessage(msg);
    }

    /**
     * Lends the worker a copy of a result's rows (see lentRows.ts) and sends the request again:
     * 4 MB slices, each copied and transferred in a task of its own, then the layout.
     */
    private lendAndAsk(resultId: string, seq: number): void {
        const msg = this.asked.get(seq);
        if (!msg) return;
        this.lending = this.lending.then(async () => {
            const worker = await this.worker;
            const held = this.held.get(resultId);
            if (!worker || !held) {
                this.fail(msg, "the result's rows are gone");
                return;
            }
            const { bytes, layout } = held;
            const total = bytes.byteLength;
            // At least one slice, even of no bytes: it starts the loan in the worker.
            let offset = 0;
            do {
                const part = bytes.slice(offset, Math.min(total, offset + loanSliceBytes));
                const slice: ToWorker = { type: "lendPart", resultId, offset, total, part };
                worker.postMessage(slice, [part.buffer]);
                await nextTask();
                // A new load dropped the result meanwhile: its request settles as failed.
                if (this.held.get(resultId) !== held) {
                    this.fail(msg, "the result was replaced");
                    return;
                }
                offset += loanSliceBytes;
            } while (offset < total);
            const lent: LentLayout = {
                rowStarts: layout.rowStarts.slice(),
                rowEnds: layout.rowEnds.slice(),
                cellStarts: layout.cellStarts.slice(),
                rowFirstCell: layout.rowFirstCell.slice(),
                wide: layout.wide,
            };
            const buffers = [lent.rowStarts, lent.rowEnds, lent.cellStarts, lent.rowFirstCell];
            const done: ToWorker = { type: "lendLayout", resultId, layout: lent };
            worker.postMessage(
                done,
                buffers.map((a) => a.buffer),
            );
            worker.postMessage(msg);
        });
    }

    /** Settles a request as failed (its promise rejects; the copy's resolves with no text). */
    private fail(msg: ToWorker, message: string): void {
        if (msg.type === "view")
            this.onWorkerMessage({ type: "error", resultId: msg.resultId, seq: msg.seq, message });
        else if (msg.type === "copy") {
            this.log(`results worker: ${message}`);
            this.settle(`copy:${msg.resultId}:${msg.seq}`, null, msg.seq);
        }
    }

    /** Forgets every result (a new load replaces them). */
    dropAll(): void {
        const ids = [...this.sinks.keys()];
        this.sinks.clear();
        this.local.clear();
        this.held.clear();
        void this.worker.then((w) => {
            for (const resultId of ids) {
                const msg: ToWorker = { type: "drop", resultId };
                w?.postMessage(msg);
            }
        });
    }

    private settle(key: string, value: unknown, seq: number): void {
        this.asked.delete(seq);
        this.pending.get(key)?.resolve(value);
        this.pending.delete(key);
    }

    private onWorkerMessage(msg: FromWorker): void {
        const sink = this.sinks.get(msg.resultId);
        switch (msg.type) {
            case "layout": {
                if (!sink) break;
                const bytes = new Uint8Array(msg.buffer);
                const layout: LentLayout = {
                    rowStarts: msg.starts,
                    rowEnds: msg.ends,
                    cellStarts: msg.cellStarts,
                    rowFirstCell: msg.rowFirstCell,
                    wide: msg.wide,
                };
                this.held.set(msg.resultId, { bytes, layout });
                sink.layout(bytes, cellLayoutOf(layout), msg.chartColumns);
                break;
            }
            case "needRows":
                this.lendAndAsk(msg.resultId, msg.seq);
                break;
            case "done":
                sink?.done(msg.rowCount, msg.parseMs, true);
                break;
            case "view":
                this.settle(`view:${msg.resultId}:${msg.seq}`, msg.order, msg.seq);
                break;
            case "copy":
                this.settle(`copy:${msg.resultId}:${msg.seq}`, msg.blob, msg.seq);
                break;
            case "error":
                this.log(`results worker: ${msg.message}`);
                if (msg.seq === undefined) sink?.failed(msg.message);
                else {
                    // A sort or filter failed: that request rejects; the result itself is fine.
                    this.asked.delete(msg.seq);
                    const key = `view:${msg.resultId}:${msg.seq}`;
                    this.pending.get(key)?.reject(new Error(msg.message));
                    this.pending.delete(key);
                }
                break;
        }
    }
}
