// Parses a result's bytes off the page's main thread. First it finds where each row is (a byte
// scan) and hands the bytes back to the page with those offsets, so the page can draw any row by
// parsing just that row; then it parses every row (every digit of wide numbers kept) and answers
// sort, filter and large-copy requests from its own copy. Rows never cross to the page in bulk:
// structured-cloning 50,000 rows cost the page as much as parsing them.
import { parseLossless } from "../../json/lossless";
import { ObjectScanner } from "../../json/responseScan";
import { copyText } from "./clipboard";
import { ColumnKind } from "./format";
import type { GridData } from "./grid";
import { computeView, RowTextIndex } from "./view";
import type { FromWorker, ToWorker } from "./workerProtocol";

interface Held {
    rows: unknown[][];
    kinds: ColumnKind[];
    index: RowTextIndex;
}

const held = new Map<string, Held>();
const scope = self as unknown as {
    postMessage(message: FromWorker, transfer?: Transferable[]): void;
    onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

function parse(resultId: string, buffer: ArrayBuffer, kinds: ColumnKind[]): void {
    const t0 = performance.now();
    const bytes = new Uint8Array(buffer);
    const text = new TextDecoder().decode(bytes);
    const scan = new ObjectScanner(bytes).run();
    const starts = Uint32Array.from(scan.rowStarts);
    const ends = Uint32Array.from(scan.rowEnds);
    const wide = scan.wide;
    const layout: FromWorker = { type: "layout", resultId, buffer, starts, ends, wide };
    scope.postMessage(layout, [buffer, starts.buffer, ends.buffer]);
    // The scan saw every number: without a 16-digit one, the bare JSON.parse loses nothing.
    const response = (wide ? parseLossless(text) : JSON.parse(text)) as {
        results?: unknown[][] | null;
    };
    const rows = Array.isArray(response.results) ? response.results : [];
    const parseMs = performance.now() - t0;
    held.set(resultId, { rows, kinds, index: new RowTextIndex(rows) });
    scope.postMessage({ type: "done", resultId, rowCount: rows.length, parseMs });
}

function copy(msg: Extract<ToWorker, { type: "copy" }>): void {
    const h = held.get(msg.resultId);
    if (!h) throw new Error(`no rows for ${msg.resultId}`);
    const { rows, kinds } = h;
    const order = msg.order;
    const data: GridData = {
        columns: msg.columns,
        types: [],
        kinds,
        rowCount: () => (order ? order.length : rows.length),
        row: (i) => rows[order ? order[i] : i],
    };
    const text = copyText(data, msg.range, msg.format);
    scope.postMessage({ type: "copy", resultId: msg.resultId, seq: msg.seq, text });
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
                // An empty text tells the page the copy failed; the result itself is fine.
                scope.postMessage({ type: "copy", resultId: msg.resultId, seq: msg.seq, text: "" });
                void err;
            }
        } else if (msg.type === "view") {
            const h = held.get(msg.resultId);
            if (!h) throw new Error(`no rows for ${msg.resultId}`);
            const order = computeView(h.rows, h.kinds, msg.query, h.index);
            const reply: FromWorker = { type: "view", resultId: msg.resultId, seq: msg.seq, order };
            scope.postMessage(reply, order ? [order.buffer] : []);
        }
    } catch (err) {
        const seq = msg.type === "view" ? msg.seq : undefined;
        scope.postMessage({ type: "error", resultId: msg.resultId, seq, message: String(err) });
    }
};
