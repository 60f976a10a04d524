// A result's rows seen through the user's column layout: the grid's columns are the shown ones,
// in the user's order. The grid, its header and its painters know nothing of hidden or moved
// columns; copies and exports map the grid's columns back with `shown`.
import type { ColumnKind } from "./format";
import type { GridData } from "./grid/types";

export class ColumnView implements GridData {
    readonly columns: string[];
    readonly types: string[];
    readonly kinds: ColumnKind[];
    /** Scratch for one value. */
    private readonly one: unknown[] = [undefined];

    /**
     * @param data the rows with every column, in the service's column order
     * @param shown the columns shown, as indices into `data`'s, left to right
     */
    constructor(
        private readonly data: GridData,
        readonly shown: readonly number[],
    ) {
        this.columns = shown.map((c) => data.columns[c]);
        this.types = shown.map((c) => data.types[c] ?? "");
        this.kinds = shown.map((c) => data.kinds[c]);
    }

    rowCount(): number {
        return this.data.rowCount();
    }

    row(viewIndex: number): unknown[] | undefined {
        const row = this.data.row(viewIndex);
        return row && this.shown.map((c) => row[c]);
    }

    rowCells(viewIndex: number, c0: number, c1: number, out: unknown[]): boolean {
        const { data, shown, one } = this;
        if (!data.rowCells) {
            const row = data.row(viewIndex);
            if (!row) return false;
            for (let k = c0; k <= c1; k++) out[k - c0] = row[shown[k]];
            return true;
        }
        // Value by value: each reads only its own cell from the bytes (ResultModel.rowCells).
        for (let k = c0; k <= c1; k++) {
            if (!data.rowCells(viewIndex, shown[k], shown[k], one)) return false;
            out[k - c0] = one[0];
        }
        return true;
    }
}
