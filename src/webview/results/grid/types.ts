// What the grid shares with its owners (the results page, a notebook output) and between its
// parts: the rows it shows, the events it raises, and the sizes its layout and the CSS agree on.
import type { ColumnKind } from "../format";

/** Pixel height of a data row; the CSS uses the same value through a custom property. */
export const rowHeight = 22;
/** Pixel height of the column header row. */
export const headerHeight = 40;

/** The rows the grid shows, in view order. */
export interface GridData {
    /** Column names. */
    columns: string[];
    /** ClickHouse type names, shown under the names. */
    types: string[];
    /** How each column's cells look. */
    kinds: ColumnKind[];
    /** Rows in view (after sort and filter). */
    rowCount(): number;
    /** The row at a view position, or undefined while it is still being parsed. */
    row(viewIndex: number): unknown[] | undefined;
    /**
     * Optional, for speed: values `c0` to `c1` of the row at a view position into `out`, or false
     * while it is still being parsed (the grid paints only the columns in view).
     */
    rowCells?(viewIndex: number, c0: number, c1: number, out: unknown[]): boolean;
}

/** What the grid asks of its owner. */
export interface GridEvents {
    /** The sort button of a column was clicked. */
    sortClicked(col: number): void;
    /** A cell was double-clicked or Enter pressed on it. */
    openDetail(row: number, col: number): void;
    /** Right click at client coordinates. */
    contextMenu(x: number, y: number): void;
    /** Copy shortcut pressed; `withHeaders` for Ctrl+Shift+C. */
    copy(withHeaders: boolean): void;
    /** Scroll position or column widths changed (for saving view state). */
    viewChanged(): void;
    /** Right click on column `col`'s header, at client coordinates (absent: the cell menu). */
    headerMenu?(col: number, x: number, y: number): void;
    /** Column `col` was dragged onto column `to`, or moved by a key (Alt+Shift+Left/Right). */
    moveColumn?(col: number, to: number): void;
    /** Shift+Enter on a row: show it as fields and values. */
    openRecord?(row: number): void;
}

/** The columns in view, first and last (inclusive; c1 < c0 when there are none). */
export interface ColumnRange {
    c0: number;
    c1: number;
}

/**
 * The columns painted: the first `frozen` ones (they stay in place while scrolling right), then
 * `c0` to `c1`, with `c0` at least `frozen`.
 */
export interface PaintedColumns extends ColumnRange {
    frozen: number;
}

/** How many columns `p` paints. */
export function paintedCount(p: PaintedColumns): number {
    return p.frozen + Math.max(0, p.c1 - p.c0 + 1);
}

/** The column painted `k`th (0 is the leftmost painted). */
export function paintedColumn(p: PaintedColumns, k: number): number {
    return k < p.frozen ? k : p.c0 + k - p.frozen;
}
