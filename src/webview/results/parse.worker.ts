// Reads a result's bytes off the page's main thread. One scan finds where each row and each value
// is; the bytes go back to the page with those offsets (the page draws a row by reading just the
// values it shows). Sort, filter and large-copy requests run here, on rows the page lends for
// the request: a sort reads its column's values from the bytes (every digit of wide numbers
// kept), a filter or copy the rows it needs; nothing is parsed as a whole. The scan is faster than
// a bare JSON.parse. Rows never cross to the page in bulk: structured-cloning them cost the page
// as much as parsing them (see docs/performance.md, "Parser worker").
// The worker keeps no copy of the bytes between requests: see lentRows.ts.
import { ByteRows } from "../../shared/json/byteRows";
import { ObjectScanner } from "../../shared/json/responseScan";
import { timeInBytes } from "./chart/values";
import { copyText } from "./clipboard";
import { ColumnKind } from "./format";
import type { GridData } from "./grid/types";
import { ByteParts } from "./byteParts";
import { gunzip } from "./gunzip";
import { cellLayoutOf, LentRows, RowsNotLent, type RowsLoan } from "./lentRows";
import { RowViews, type ColumnToRead } from "./view";
import type { FromWorker, ReadColumn, ToWorker } from "./workerProtocol";

interface Held {
    views: RowViews;
    rows: LentRows;
    kinds: ColumnKind[];
}

const held = new Map<string, Held>();
const scope = self as unknown as {
    postMessage(message: FromWorker, transfer?: Transferable[]): void;
    onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

function parse(
    resultId: string,
    buffer: ArrayBuffer,
    kinds: ColumnKind[],
    chartColumns: readonly ColumnToRead[],
): void {
    const t0 = performance.now();
    const bytes = new Uint8Array(buffer);
    const scan = new ObjectScanner(bytes, 0, bytes.length, "results", true).run();
    const starts = Uint32Array.from(scan.rowStarts);
    const ends = Uint32Array.from(scan.rowEnds);
    const wide = scan.wide;
    // Exactly sized (the scanner's array has room to grow); all of it goes to the page.
    const cellStarts = scan.cellStarts.slice(0, scan.cellCount);
    const rowFirstCell = Uint32Array.from(scan.rowFirstCell);
    const cells = { rowStarts: starts, rowEnds: ends, cellStarts, rowFirstCell, wide };
    // Most results are not shaped like a chart: nothing is read, and no reader built.
    const read =
        chartColumns.length === 0
            ? []
            : readColumns(
                  new ByteRows(bytes, { ...cells, cellCount: cellStarts.length }),
                  chartColumns,
              );
    const layout: FromWorker = {
        type: "layout",
        resultId,
        buffer,
        starts,
        ends,
        wide,
        cellStarts,
        rowFirstCell,
        chartColumns: read,
    };
    scope.postMessage(layout, [
        buffer,
        starts.buffer,
        ends.buffer,
        cellStarts.buffer,
        rowFirstCell.buffer,
        ...read.map((column) => column.values.buffer),
    ]);
    const parseMs = performance.now() - t0;
    const rows = new LentRows(scan.rowStarts.length);
    held.set(resultId, { views: new RowViews(rows, kinds), rows, kinds });
    scope.postMessage({ type: "done", resultId, rowCount: rows.count, parseMs });
}

/**
 * The chart's columns, read while the bytes are here (on the page, reading them made Alt+C on a
 * large result wait for it; see docs/performance.md, "Chart").
 */
function readColumns(rows: ByteRows, columns: readonly ColumnToRead[]): ReadColumn[] {
    if (!rows.indexed) return [];
    return columns.map(({ c, asTime }) => ({
        c,
        asTime,
        values: asTime ? rows.stringsAs(c, timeInBytes) : rows.doubles(c),
    }));
}

/** Loans being put together, and complete ones waiting for the request that asked. */
const loans = new Map<string, { parts: ByteParts; loan: RowsLoan | null }>();

/** The complete loan for a result, taken (it is let go of after one request). */
function takeLoan(resultId: string): RowsLoan | null {
    const entry = loans.get(resultId);
    loans.delete(resultId);
    return entry?.loan ?? null;
}

function copy(msg: Extract<ToWorker, { type: "copy" }>, loan: RowsLoan | null): void {
    const h = held.get(msg.resultId);
    if (!h) throw new Error(`no rows for ${msg.resultId}`);
    const { kinds, rows } = h;
    const order = msg.order;
    const data: GridData = {
        columns: msg.columns,
        types: [],
        kinds,
        rowCount: () => (order ? order.length : rows.count),
        row: (i) => rows.row(order ? order[i] : i),
    };
    const text = rows.with(loan, () =>
        copyText(data, msg.range, msg.format, msg.neutralise, msg.cols),
    );
    const blob = new Blob([text], { type: "text/plain" });
    scope.postMessage({ type: "copy", resultId: msg.resultId, seq: msg.seq, blob });
}

/**
 * The page's requests, handled in the order they came: a compressed result is inflated first
 * (asynchronously), and what the page asked after it waits for it.
 */
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "parse" && msg.encoding === "gzip") {
        const inflated = gunzip(new Uint8Array(msg.buffer));
        queue = queue.then(() =>
            inflated.then(
                (plain) =>
                    handle({ ...msg, buffer: plain.buffer as ArrayBuffer, encoding: undefined }),
                (err: unknown) =>
                    scope.postMessage({
                        type: "error",
                        resultId: msg.resultId,
                        message: `could not inflate the result: ${String(err)}`,
                    }),
            ),
        );
    } else queue = queue.then(() => handle(msg));
};

function handle(msg: ToWorker): void {
    try {
        if (msg.type === "parse")
            parse(msg.resultId, msg.buffer, msg.kinds, msg.chartColumns ?? []);
        else if (msg.type === "drop") {
            held.delete(msg.resultId);
            loans.delete(msg.resultId);
        } else if (msg.type === "lendPart") {
            let entry = loans.get(msg.resultId);
            if (msg.offset === 0 || !entry) {
                entry = { parts: new ByteParts(msg.total), loan: null };
                loans.set(msg.resultId, entry);
            }
            entry.parts.add(msg.offset, msg.part);
        } else if (msg.type === "lendLayout") {
            const entry = loans.get(msg.resultId);
            if (entry) entry.loan = { bytes: entry.parts.bytes, layout: cellLayoutOf(msg.layout) };
        } else if (msg.type === "copy") {
            const loan = takeLoan(msg.resultId);
            try {
                copy(msg, loan);
            } catch (err) {
                if (err instanceof RowsNotLent) throw err; // asked for below
                // No blob tells the page the copy failed; the result itself is fine.
                scope.postMessage({
                    type: "copy",
                    resultId: msg.resultId,
                    seq: msg.seq,
                    blob: null,
                });
                void err;
            }
        } else if (msg.type === "view") {
            const h = held.get(msg.resultId);
            if (!h) throw new Error(`no rows for ${msg.resultId}`);
            const order = h.rows.with(takeLoan(msg.resultId), () => h.views.order(msg.query));
            const reply: FromWorker = { type: "view", resultId: msg.resultId, seq: msg.seq, order };
            scope.postMessage(reply, order ? [order.buffer] : []);
        }
    } catch (err) {
        if (err instanceof RowsNotLent && (msg.type === "view" || msg.type === "copy")) {
            scope.postMessage({ type: "needRows", resultId: msg.resultId, seq: msg.seq });
            return;
        }
        const seq = msg.type === "view" ? msg.seq : undefined;
        scope.postMessage({ type: "error", resultId: msg.resultId, seq, message: String(err) });
    }
}
