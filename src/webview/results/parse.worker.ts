// Reads a result's bytes off the page's main thread. One scan finds where each row and each value
// is; the bytes go back to the page with the rows' offsets (the page draws a row by parsing just
// that row), and the worker keeps a copy with the values' offsets to answer sort, filter and
// large-copy requests. Nothing is parsed as a whole: a sort reads its column's values from the
// bytes (every digit of wide numbers kept), a filter or copy the rows it needs. Measured on
// 50,000 x 20 (17 MB): the scan takes about half a bare JSON.parse, and the worker holds the
// bytes plus 4 bytes a value instead of 50,000 parsed rows (about 3x the JSON's size). Rows never
// cross to the page in bulk: structured-cloning 50,000 rows cost the page as much as parsing them.
// The worker's copy doubles the webview's memory for a result (`npm run bench`: page 1.3x the JSON,
// worker 1.3x). Lending it the page's copy with each request instead measured worse: cloning
// 17 MB of bytes and 4 MB of offsets into a postMessage took the page 52-60 ms, a long task for
// every sort, filter or copy, and the first sort went from 80 to 268 ms.
import { ByteRows } from "../../json/byteRows";
import { ObjectScanner } from "../../json/responseScan";
import { copyText } from "./clipboard";
import { ColumnKind } from "./format";
import type { GridData } from "./grid";
import { RowViews } from "./view";
import type { FromWorker, ToWorker } from "./workerProtocol";

interface Held {
    views: RowViews;
    kinds: ColumnKind[];
}

const held = new Map<string, Held>();
const scope = self as unknown as {
    postMessage(message: FromWorker, transfer?: Transferable[]): void;
    onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

function parse(resultId: string, buffer: ArrayBuffer, kinds: ColumnKind[]): void {
    const t0 = performance.now();
    const bytes = new Uint8Array(buffer);
    const scan = new ObjectScanner(bytes, 0, bytes.length, "results", true).run();
    const starts = Uint32Array.from(scan.rowStarts);
    const ends = Uint32Array.from(scan.rowEnds);
    const wide = scan.wide;
    // The page gets the buffer (transferred); the worker reads its own copy.
    const own = bytes.slice();
    const rows = new ByteRows(own, scan);
    // The page's copies of the values' offsets (the worker keeps the scanner's).
    const cellStarts = scan.cellStarts.slice(0, scan.cellCount);
    const rowFirstCell = Uint32Array.from(scan.rowFirstCell);
    const layout: FromWorker = {
        type: "layout",
        resultId,
        buffer,
        starts,
        ends,
        wide,
        cellStarts,
        rowFirstCell,
    };
    scope.postMessage(layout, [
        buffer,
        starts.buffer,
        ends.buffer,
        cellStarts.buffer,
        rowFirstCell.buffer,
    ]);
    const parseMs = performance.now() - t0;
    held.set(resultId, { views: new RowViews(rows, kinds), kinds });
    scope.postMessage({ type: "done", resultId, rowCount: rows.count, parseMs });
}

function copy(msg: Extract<ToWorker, { type: "copy" }>): void {
    const h = held.get(msg.resultId);
    if (!h) throw new Error(`no rows for ${msg.resultId}`);
    const { kinds } = h;
    const rows = h.views.rows;
    const order = msg.order;
    const data: GridData = {
        columns: msg.columns,
        types: [],
        kinds,
        rowCount: () => (order ? order.length : rows.count),
        row: (i) => rows.row(order ? order[i] : i),
    };
    const blob = new Blob([copyText(data, msg.range, msg.format)], { type: "text/plain" });
    scope.postMessage({ type: "copy", resultId: msg.resultId, seq: msg.seq, blob });
}

scope.onmessage = (event) => {
    const msg = event.data;
    try {
        if (msg.type === "parse") parse(msg.resultId, msg.buffer, msg.kinds);
        else if (msg.type === "drop") held.delete(msg.resultId);
        else if (msg.type === "copy") {
            try {
                copy(msg);
            } catch (err) {
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
            const order = h.views.order(msg.query);
            const reply: FromWorker = { type: "view", resultId: msg.resultId, seq: msg.seq, order };
            scope.postMessage(reply, order ? [order.buffer] : []);
        }
    } catch (err) {
        const seq = msg.type === "view" ? msg.seq : undefined;
        scope.postMessage({ type: "error", resultId: msg.resultId, seq, message: String(err) });
    }
};
