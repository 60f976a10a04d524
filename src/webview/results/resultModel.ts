// One result on the page: its metadata, its rows and the current row order. It is the GridData the
// grid reads. The page holds the response's bytes and where each row is in them, and parses a row
// only when it is drawn or copied (a bounded cache keeps recent ones): 50,000 parsed rows would
// cost the page twice the JSON's size in memory, and receiving them as much time as parsing them.
import { ByteRows, type CellLayout } from "../../shared/json/byteRows";
import { parseLossless } from "../../shared/json/lossless";
import type { PageResult, ResultMeta, ViewState } from "../../shared/resultsProtocol";
import { columnKind, ColumnKind } from "./format";
import type { GridData } from "./grid/types";
import { ColumnReads } from "./chart/columnReads";
import type { ColumnToRead, RowReader, ViewQuery } from "./view";
import type { ReadColumn } from "./workerProtocol";

/** Rows parsed on demand that are kept; beyond this the cache starts over. */
const cacheLimit = 4000;

const decoder = new TextDecoder();

/**
 * The page's state for one result. What the result is (info, columns, flags) is read from its
 * `payload`, the runner's result as the load message carries it (resultsProtocol.ts QueryResult,
 * PageResult); the fields here are only what the page adds: types filled in, kinds, rows read,
 * order, view.
 */
export class ResultModel implements GridData {
    readonly columns: ResultMeta["columns"];
    readonly types: ResultMeta["types"];
    readonly kinds: ColumnKind[];
    /** Rows that can be drawn now (the first screen at once, all once the layout arrived). */
    received = 0;
    /** True once every row has been parsed (sort and filter work). */
    complete = false;
    /** Set when the bytes could not be parsed. */
    error: string | null = null;
    /** Current sort and filter. */
    query: ViewQuery = { sortColumn: -1, sortDir: "asc", filter: "" };
    /** Saved widths and scroll offsets to restore when this result is shown again. */
    saved: ViewState | null = null;
    private order: Uint32Array | null = null;
    private readonly first: unknown[][];
    private cache = new Map<number, unknown[]>();
    private bytes: Uint8Array | null = null;
    private starts: ArrayLike<number> | null = null;
    private ends: ArrayLike<number> | null = null;
    private wide = true;
    /** Reads single values from the bytes: a scroll frame parses only the cells it shows. */
    private values: ByteRows | null = null;
    /** A chart's columns read from the bytes, each once. */
    private chartColumns: ColumnReads | null = null;

    constructor(readonly payload: PageResult) {
        const meta = payload.meta;
        this.columns = meta.columns;
        this.types = meta.columns.map((_, i) => meta.types[i] ?? "");
        this.kinds = this.types.map(columnKind);
        // A few dozen KB: parsed here at once (every digit kept), so the first screen paints now.
        const first = parseLossless(payload.firstRowsJson);
        this.first = Array.isArray(first) ? (first as unknown[][]) : [];
        this.received = Math.min(this.first.length, meta.rowCount);
    }

    /** Total rows in the result. */
    get total(): number {
        return this.payload.meta.rowCount;
    }

    rowCount(): number {
        return this.order ? this.order.length : this.total;
    }

    row(viewIndex: number): unknown[] | undefined {
        return this.rowAt(this.order ? this.order[viewIndex] : viewIndex);
    }

    /** Row `index` in the service's order, or undefined while it cannot be read yet. */
    rowAt(index: number): unknown[] | undefined {
        if (index < this.first.length) return this.first[index];
        let row = this.cache.get(index);
        if (row === undefined && this.bytes && this.starts && this.ends) {
            if (index >= this.starts.length) return undefined;
            const text = decoder.decode(this.bytes.subarray(this.starts[index], this.ends[index]));
            const parsed: unknown = this.wide ? parseLossless(text) : JSON.parse(text);
            row = Array.isArray(parsed) ? parsed : [parsed];
            if (this.cache.size >= cacheLimit) this.cache = new Map();
            this.cache.set(index, row);
        }
        return row;
    }

    /**
     * Every row readable now, in the current order, one value at a time (a chart reads its two or
     * three columns straight from the bytes: parsing every row for it cost time and garbage (see
     * docs/performance.md, "Chart"), and a long digit run per row made the whole text take the
     * exact parse).
     */
    viewReader(): RowReader {
        // The order now: a later sort or filter redraws the chart with a new reader.
        const order = this.order;
        const at = (viewIndex: number) => (order ? order[viewIndex] : viewIndex);
        const one: unknown[] = [undefined];
        return {
            count: order ? order.length : this.received,
            row: (viewIndex) => this.rowAt(at(viewIndex)) ?? [],
            cell: (viewIndex, c) => (this.cellsOf(at(viewIndex), c, c, one) ? one[0] : undefined),
            doubles: (c) => this.inViewOrder(order, this.chartColumns?.whole(c, false)),
            times: (c) => this.inViewOrder(order, this.chartColumns?.whole(c, true)),
        };
    }

    /**
     * Reads a slice of `rows` more rows of the first of a chart's `columns` not read whole yet
     * ({@link viewReader} reads the rest when the chart asks); true once all are, or before the
     * bytes are here.
     */
    readAhead(columns: readonly ColumnToRead[], rows: number): boolean {
        return this.chartColumns?.ahead(columns, rows) ?? true;
    }

    /**
     * A column read from the bytes (service order; NaN where a value must be read on its own,
     * all NaN where rows are parsed whole), put in the view's order; all NaN before the bytes
     * are here.
     */
    private inViewOrder(order: Uint32Array | null, column: Float64Array | undefined): Float64Array {
        const count = order ? order.length : this.received;
        if (!column || column.length < this.received) return new Float64Array(count).fill(NaN);
        if (!order) return column.length === count ? column : column.subarray(0, count);
        const out = new Float64Array(count);
        for (let i = 0; i < count; i++) out[i] = column[order[i]];
        return out;
    }

    /** The bytes and where each row is: every row can be drawn from now on. */
    setLayout(bytes: Uint8Array, cells: CellLayout, chartColumns?: readonly ReadColumn[]): void {
        this.wide = cells.wide;
        this.bytes = bytes;
        this.starts = cells.rowStarts;
        this.ends = cells.rowEnds;
        this.values = new ByteRows(bytes, cells);
        this.chartColumns = new ColumnReads(this.values);
        if (chartColumns) this.chartColumns.give(chartColumns);
        this.received = cells.rowStarts.length;
    }

    /**
     * Values `c0` to `c1` of the row at a view position, into `out`; false while that row cannot
     * be read yet. Reads only those values from the bytes (a row parsed whole costs about twice
     * as much, for the columns out of view).
     */
    rowCells(viewIndex: number, c0: number, c1: number, out: unknown[]): boolean {
        return this.cellsOf(this.order ? this.order[viewIndex] : viewIndex, c0, c1, out);
    }

    /** {@link rowCells} for row `index` in the service's order. */
    private cellsOf(index: number, c0: number, c1: number, out: unknown[]): boolean {
        const row = index < this.first.length ? this.first[index] : this.cache.get(index);
        if (row) {
            for (let c = c0; c <= c1; c++) out[c - c0] = row[c];
            return true;
        }
        const values = this.values;
        if (!values || index >= values.count) return false;
        if (!values.indexed) {
            // Some row is not an array (a malformed response): draw what its text holds.
            const parsed = this.rowAt(index);
            if (!parsed) return false;
            for (let c = c0; c <= c1; c++) out[c - c0] = parsed[c];
            return true;
        }
        for (let c = c0; c <= c1; c++) out[c - c0] = values.cell(index, c);
        return true;
    }

    /** The current row order (null: the service's). */
    viewOrder(): Uint32Array | null {
        return this.order;
    }

    /** Applies an order computed for `query` (null: the service's order). */
    setOrder(query: ViewQuery, order: Uint32Array | null): void {
        this.query = query;
        this.order = order;
    }
}
