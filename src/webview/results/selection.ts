// The grid's selection: one rectangle from an anchor to a focus cell, in view coordinates (after
// sort and filter), widened to whole rows or whole columns when it started on a row number or a
// header. The focus is also the active cell that the keyboard moves.

/** What the selection spans. */
export type SelectionMode = "cells" | "rows" | "columns";

/** An inclusive rectangle of view rows and columns. */
export interface Range {
    /** First row. */
    r0: number;
    /** Last row. */
    r1: number;
    /** First column. */
    c0: number;
    /** Last column. */
    c1: number;
}

export class Selection {
    anchorRow = 0;
    anchorCol = 0;
    focusRow = 0;
    focusCol = 0;
    mode: SelectionMode = "cells";
    /** False until the user selects something; an empty selection copies nothing. */
    active = false;

    constructor(
        private rowCount: number,
        private colCount: number,
    ) {}

    /** Adapts to a new shape (new data, sort or filter) and keeps the focus inside it. */
    resize(rowCount: number, colCount: number): void {
        this.rowCount = rowCount;
        this.colCount = colCount;
        const clampR = (r: number) => Math.max(0, Math.min(r, rowCount - 1));
        const clampC = (c: number) => Math.max(0, Math.min(c, colCount - 1));
        this.anchorRow = clampR(this.anchorRow);
        this.focusRow = clampR(this.focusRow);
        this.anchorCol = clampC(this.anchorCol);
        this.focusCol = clampC(this.focusCol);
        if (rowCount === 0 || colCount === 0) this.active = false;
    }

    /** Starts a selection at a cell (or row, or column) or, with `extend`, moves its focus there. */
    set(row: number, col: number, mode: SelectionMode, extend: boolean): void {
        if (this.rowCount === 0 || this.colCount === 0) return;
        row = Math.max(0, Math.min(row, this.rowCount - 1));
        col = Math.max(0, Math.min(col, this.colCount - 1));
        if (!extend || !this.active) {
            this.anchorRow = row;
            this.anchorCol = col;
            this.mode = mode;
        }
        this.focusRow = row;
        this.focusCol = col;
        this.active = true;
    }

    /** Selects every cell. */
    all(): void {
        if (this.rowCount === 0 || this.colCount === 0) return;
        this.anchorRow = 0;
        this.anchorCol = 0;
        this.focusRow = this.rowCount - 1;
        this.focusCol = this.colCount - 1;
        this.mode = "cells";
        this.active = true;
    }

    /** The selected rectangle, or null when nothing is selected. */
    range(): Range | null {
        if (!this.active) return null;
        const rowsAll = this.mode === "columns";
        const colsAll = this.mode === "rows";
        return {
            r0: rowsAll ? 0 : Math.min(this.anchorRow, this.focusRow),
            r1: rowsAll ? this.rowCount - 1 : Math.max(this.anchorRow, this.focusRow),
            c0: colsAll ? 0 : Math.min(this.anchorCol, this.focusCol),
            c1: colsAll ? this.colCount - 1 : Math.max(this.anchorCol, this.focusCol),
        };
    }
}
