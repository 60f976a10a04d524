// A result's rows as the parse worker reads them: the worker keeps no copy of the response's bytes
// between requests (the page holds them; a second copy in the worker doubled the webview's memory
// for a result). A sort, filter or copy the worker's caches cannot answer asks the page for the
// rows; the page lends a copy in 4 MB slices, each transferred in a task of its own (one copy of a
// large result, or cloning it into a message, was a long task; see docs/performance.md, "Parser
// worker"), and the worker lets go of it once the request is answered. What a request
// derives from the rows (sort keys, filter texts) stays cached in the worker's RowViews.
import { ByteRows, type CellLayout } from "../../shared/json/byteRows";
import type { RowReader } from "./view";

/** A result's layout as the page lends it: typed arrays it copied, transferred to the worker. */
export interface LentLayout {
    rowStarts: Uint32Array;
    rowEnds: Uint32Array;
    cellStarts: Uint32Array;
    rowFirstCell: Uint32Array;
    wide: boolean;
}

/** The layout as a {@link CellLayout} (every value of every row recorded). */
export function cellLayoutOf(layout: LentLayout): CellLayout {
    return { ...layout, cellCount: layout.cellStarts.length };
}

/** A result's bytes and where its rows and values are. */
export interface RowsLoan {
    bytes: Uint8Array;
    layout: CellLayout;
}

/** Thrown when a request needs rows that are not lent: the worker asks the page for them. */
export class RowsNotLent extends Error {
    constructor() {
        super("the result's rows are not lent to the worker");
    }
}

/** A {@link RowReader} whose rows are only there while a request has lent them. */
export class LentRows implements RowReader {
    private rows: ByteRows | null = null;

    constructor(readonly count: number) {}

    /** Runs `use` with `loan`'s rows readable (none: as they are), and lets go of them after. */
    with<T>(loan: RowsLoan | null, use: () => T): T {
        if (!loan) return use();
        const rows = new ByteRows(loan.bytes, loan.layout);
        if (rows.count !== this.count)
            throw new Error(`lent ${rows.count} rows, the result has ${this.count}`);
        this.rows = rows;
        try {
            return use();
        } finally {
            this.rows = null;
        }
    }

    row(i: number): unknown[] {
        return this.lent().row(i);
    }

    cell(i: number, c: number): unknown {
        return this.lent().cell(i, c);
    }

    private lent(): ByteRows {
        if (!this.rows) throw new RowsNotLent();
        return this.rows;
    }
}

/** Size of each slice of a lent result's bytes: its copy is a short task for the page. */
export const loanSliceBytes = 4 << 20;
