// A virtualized grid: only the rows and columns in view exist in the DOM, whatever the row count.
// This class keeps the view's state (data, scroll offsets, the columns in view, a version that
// tells painted rows they are stale) and decides what to paint when; its parts lay out the
// columns (columnLayout.ts), paint the header (headerPainter.ts) and the rows (rowPainter.ts), and
// handle the mouse (pointerInput.ts) and the keyboard (keyboardInput.ts).
import { Selection } from "../selection";
import { ColumnLayout } from "./columnLayout";
import { buildGridDom } from "./dom";
import { HeaderPainter } from "./headerPainter";
import { KeyboardInput } from "./keyboardInput";
import { PointerInput } from "./pointerInput";
import { RowPainter } from "./rowPainter";
import { type ColumnRange, type GridData, type GridEvents, headerHeight, rowHeight } from "./types";

const overscanRows = 6;

const noData: GridData = {
    columns: [],
    types: [],
    kinds: [],
    rowCount: () => 0,
    row: () => undefined,
};

export class Grid {
    /** The focusable element with role=grid. */
    readonly element: HTMLDivElement;
    readonly selection = new Selection(0, 0);
    private readonly sizer: HTMLDivElement;
    private readonly body: HTMLDivElement;
    private readonly columns: ColumnLayout;
    private readonly header: HeaderPainter;
    private readonly rows: RowPainter;
    private data = noData;
    /** Viewport size and scroll offsets, kept from resize and scroll events so that painting
     * never reads layout (a read after DOM writes forces a synchronous layout). */
    private viewH = -1;
    private viewW = -1;
    private scrollY = 0;
    private scrollX = 0;
    /** Nesting depth of `batch`; renders asked for meanwhile happen once at its end. */
    private batchDepth = 0;
    private batchedRender = false;
    /** Bumped whenever painted cells may be stale: a slot painted at another version repaints. */
    private version = 1;
    private colRange: ColumnRange = { c0: 0, c1: -1 };
    private renderQueued = false;
    /**
     * Rows in view the current data has painted so far, Infinity once they and the overscan rows
     * are. New data's first frames draw only rows in view, at most `firstFrameCells` cells a
     * frame, each frame's rows after the last is painted; the overscan rows (a third of the pool
     * in a notebook output) come a frame after those. A wide notebook output drew its first screen
     * in one long frame, most of it the browser's style, layout and paint of its cells
     * (test/webview/notebookRenderer.test.ts; see docs/performance.md, "Notebook output").
     */
    private firstRows = Infinity;
    /** A frame's worth of first rows (or the overscan rows) is queued. */
    private firstRowsQueued = false;
    /**
     * With a `firstFrameCells` budget, new data's first frame draws only the column headers; its
     * rows come in the frames after (the headers' first style and layout cost as much as a
     * frame's worth of rows).
     */
    private firstPaintDue = false;

    /**
     * @param firstFrameCells the most cells a frame draws while new data's first screen is drawn
     *   (a notebook output shares its frame's thread with the editor; the results panel draws
     *   its first screen at once).
     */
    constructor(
        host: HTMLElement,
        private readonly events: GridEvents,
        private readonly firstFrameCells = Infinity,
    ) {
        const dom = buildGridDom(host);
        this.element = dom.element;
        this.sizer = dom.sizer;
        this.body = dom.body;
        this.columns = new ColumnLayout(dom);
        this.header = new HeaderPainter(dom.headerRow, this.columns);
        this.rows = new RowPainter(dom, this.columns, this.selection);
        this.listen();
    }

    /** Wires the grid's events; the input parts listen on the element for as long as it lives. */
    private listen(): void {
        const el = this.element;
        el.addEventListener("scroll", () => {
            // Layout is clean when scroll events fire: these reads cost nothing.
            this.readScroll();
            this.render();
        });
        new PointerInput({
            element: el,
            selection: this.selection,
            columns: this.columns,
            events: this.events,
            rowCount: () => this.data.rowCount(),
            firstColumnInView: () => this.colRange.c0,
            focus: () => this.focus(),
            selectionChanged: (reveal) => this.selectionChanged(reveal),
            columnsResized: () => (this.columnsChanged(), this.render()),
            autoFit: (col) => this.autoFit(col),
            scrolled: () => this.readScroll(),
        });
        el.addEventListener("mouseover", (e) => this.rows.showTitle(e));
        new KeyboardInput({
            element: el,
            selection: this.selection,
            events: this.events,
            rowCount: () => this.data.rowCount(),
            columnCount: () => this.data.columns.length,
            pageRows: () =>
                Math.max(1, Math.floor((el.clientHeight - headerHeight) / rowHeight) - 1),
            selectionChanged: (reveal) => this.selectionChanged(reveal),
        });
        new ResizeObserver(() => this.resized()).observe(el);
    }

    private resized(): void {
        // Layout is clean in resize observations too. The first observation comes in the frame
        // after the grid is attached, usually at the size its first render already read:
        // painting every cell again then doubled that frame's style and layout work (a notebook
        // output's first frame, test/webview/notebookRenderer.test.ts).
        if (this.element.clientHeight === this.viewH && this.element.clientWidth === this.viewW)
            return;
        this.measureViewport();
        this.columns.forgetFont();
        // The pool follows the height (render resizes it); the columns in view the width.
        this.version++;
        this.render();
    }

    /** Shows new data; `widths` restores saved column widths, `frozen` the columns frozen. */
    setData(data: GridData, widths?: number[], frozen = 0): void {
        this.data = data;
        this.columns.freeze(frozen, this.scrollX);
        // Measured again at the next render: the page around the grid may have changed with it.
        if (this.element.isConnected) this.viewH = -1;
        const n = data.columns.length;
        if (this.columns.reset(data, widths, this.viewH)) {
            requestIdleCallback(
                () => {
                    if (this.data === data && this.fitRest()) this.render();
                },
                { timeout: 500 },
            );
        }
        this.columnsChanged();
        this.selection.resize(data.rowCount(), n);
        this.selection.active = false;
        this.element.setAttribute("aria-colcount", String(n + 1));
        this.firstRows = 0;
        this.firstPaintDue = this.firstFrameCells !== Infinity;
        this.invalidate();
    }

    /**
     * New columns over the same rows (hidden, shown, moved or frozen): keeps the rows, the scroll
     * and the selected rows; the focus goes to view column `focusCol` when given.
     */
    changeColumns(data: GridData, widths: number[], frozen: number, focusCol = -1): void {
        const s = this.selection;
        const { active, focusRow } = s;
        this.data = data;
        this.columns.reset(data, widths, this.viewH);
        this.columns.freeze(frozen, this.scrollX);
        this.columnsChanged();
        s.resize(data.rowCount(), data.columns.length);
        this.element.setAttribute("aria-colcount", String(data.columns.length + 1));
        if (active && focusCol >= 0) {
            s.set(focusRow, Math.min(focusCol, data.columns.length - 1), "cells", false);
            this.reveal(s.focusRow, s.focusCol);
        }
        this.invalidate();
    }

    /** Rows changed (more parsed, new sort or filter): repaint what is visible. */
    invalidate(): void {
        const count = this.data.rowCount();
        this.selection.resize(count, this.data.columns.length);
        this.element.setAttribute("aria-rowcount", String(count + 1));
        this.sizer.style.height = `${headerHeight + count * rowHeight}px`;
        this.body.style.height = `${count * rowHeight}px`;
        if (this.columns.fitRowNumbers(count)) this.columnsChanged();
        this.version++;
        this.render();
    }

    /** Shows the sort arrow on a column (-1 for none). */
    setSort(col: number, dir: "asc" | "desc"): void {
        this.header.setSort(col, dir);
        this.render();
    }

    /** Current column widths, for view state: any not measured yet are measured first. */
    columnWidths(): number[] {
        if (this.fitRest()) this.render();
        return this.columns.widths.slice();
    }

    /** Focuses the grid for keyboard use. */
    focus(): void {
        this.element.focus({ preventScroll: true });
    }

    /**
     * More rows were parsed: repaints, on the next frame, only the visible rows that were still
     * missing (coalesces bursts of arriving rows; rows already shown do not change).
     */
    scheduleRender(): void {
        if (this.renderQueued) return;
        this.renderQueued = true;
        requestAnimationFrame(() => {
            this.renderQueued = false;
            this.render();
        });
    }

    /** Runs `fn` (several changes) and paints once at the end instead of after each change. */
    batch(fn: () => void): void {
        this.batchDepth++;
        try {
            fn();
        } finally {
            this.batchDepth--;
        }
        if (this.batchDepth === 0 && this.batchedRender) {
            this.batchedRender = false;
            this.render();
        }
    }

    /** Scrolls to an offset (clamped by the browser) and paints there. */
    scrollTo(top: number, left: number): void {
        this.element.scrollTop = top;
        this.element.scrollLeft = left;
        // Reading back gives the clamped offsets; it may lay out, but only on this rare path.
        this.readScroll();
        this.render();
    }

    /**
     * Sets the measuring context to the grid's font (see ColumnLayout.prepareMeasuring): the page
     * calls it while it waits for a result.
     */
    prepareMeasuring(): void {
        this.columns.prepareMeasuring();
    }

    /** Widens a column to its content (double-click on its header edge). */
    autoFit(col: number): void {
        this.columns.autoFit(this.data, col);
        this.columnsChanged();
        this.render();
    }

    /** Scrolls so that a cell is fully visible. */
    reveal(row: number, col: number): void {
        const el = this.element;
        const top = row * rowHeight;
        const viewH = el.clientHeight - headerHeight;
        if (top < el.scrollTop) el.scrollTop = top;
        else if (top + rowHeight > el.scrollTop + viewH) el.scrollTop = top + rowHeight - viewH;
        const { lefts, rowNumWidth } = this.columns;
        // A frozen column is always in view; the others must clear the frozen ones.
        if (col >= this.columns.frozenCount()) {
            const left = lefts[col] - this.columns.frozenWidth();
            const right = lefts[col + 1];
            const viewW = el.clientWidth - rowNumWidth;
            if (left < el.scrollLeft) el.scrollLeft = left;
            else if (right > el.scrollLeft + viewW) el.scrollLeft = Math.min(left, right - viewW);
        }
        // Paint the new window now rather than on the scroll event (keyboard users see it at once).
        this.readScroll();
    }

    /** Paints the visible window now. */
    render(): void {
        if (this.batchDepth > 0) {
            this.batchedRender = true;
            return;
        }
        // Not in the document yet (a notebook output builds its view first): nothing to measure
        // or show; the first resize observation, once it is attached, paints it.
        if (!this.element.isConnected) {
            this.viewH = -1;
            return;
        }
        // Before the first resize observation (the grid was just attached) read once.
        if (this.viewH < 0) this.measureViewport();
        const inView = this.rowsInView();
        const poolSize = inView + 2 * overscanRows;
        if (this.rows.poolSize !== poolSize) this.rows.buildPool(poolSize);
        // Scrolled to columns not measured yet: measure them first.
        if (this.columns.needsFit(this.scrollX, this.viewW)) this.fitRest();
        const { c0, c1 } = this.columns.visible(this.scrollX, this.viewW);
        if (c0 !== this.colRange.c0 || c1 !== this.colRange.c1) {
            this.colRange = { c0, c1 };
            this.version++;
        }
        const [first, last] = this.rowWindow(inView, poolSize);
        const cols = { frozen: this.columns.frozenCount(), c0, c1 };
        this.header.paint(this.data, cols, this.version, this.selection.range());
        this.rows.paint(this.data, first, last, cols, this.version);
        this.events.viewChanged();
    }

    /** The rows to paint, first and last: those in view and the overscan, as far as allowed. */
    private rowWindow(inView: number, poolSize: number): [number, number] {
        const count = this.data.rowCount();
        let over = overscanRows;
        let limit = poolSize;
        if (this.firstPaintDue && count > 0) {
            // Headers only (rows of earlier data are hidden below).
            over = 0;
            limit = 0;
            this.queueFirstRows();
        } else if (this.firstRows !== Infinity && count > 0) {
            over = 0;
            if (this.firstRows === 0) this.firstRows = this.firstFrameRows();
            limit = this.firstRows;
            this.queueFirstRows();
        }
        const top = Math.floor(this.scrollY / rowHeight);
        const first = Math.max(0, top - over);
        const last = Math.min(count, first + poolSize, top + inView + over, first + limit) - 1;
        return [first, last];
    }

    /** Paints the next frame's worth of first rows after the coming frame is painted. */
    private queueFirstRows(): void {
        if (this.firstRowsQueued) return;
        this.firstRowsQueued = true;
        // A task queued from an animation callback runs after that frame (a plain animation
        // callback queued now would join the coming frame, or this one when called from one).
        requestAnimationFrame(() => setTimeout(() => this.moreFirstRows()));
    }

    /** The next frame's worth of new data's first rows, or the overscan rows after them. */
    private moreFirstRows(): void {
        this.firstRowsQueued = false;
        if (this.firstPaintDue) {
            this.firstPaintDue = false;
            this.render();
            return;
        }
        if (this.firstRows === Infinity) return;
        this.firstRows =
            this.firstRows >= this.rowsInView() ? Infinity : this.firstRows + this.firstFrameRows();
        this.render();
    }

    /** Rows the viewport shows (a part of a row at each edge counts). */
    private rowsInView(): number {
        return Math.ceil(Math.max(0, this.viewH - headerHeight) / rowHeight) + 1;
    }

    /** Rows a frame draws while new data's first screen is drawn, for the columns in view. */
    private firstFrameRows(): number {
        const columns = Math.max(1, this.colRange.c1 - this.colRange.c0 + 1);
        return Math.max(1, Math.floor(this.firstFrameCells / columns));
    }

    private measureViewport(): void {
        this.viewH = this.element.clientHeight;
        this.viewW = this.element.clientWidth;
    }

    private readScroll(): void {
        this.scrollY = this.element.scrollTop;
        this.scrollX = this.element.scrollLeft;
        this.columns.scrolledTo(this.scrollX);
    }

    /** Column widths changed: every painted cell and the header are stale. */
    private columnsChanged(): void {
        this.version++;
        this.header.invalidate();
    }

    /** Measures the columns left unmeasured (see ColumnLayout.fitRest); true if there were any. */
    private fitRest(): boolean {
        if (!this.columns.fitRest(this.data)) return false;
        this.columnsChanged();
        return true;
    }

    /** The selection changed: repaint it, first scrolling its focus into view if `reveal`. */
    private selectionChanged(reveal: boolean): void {
        if (reveal) this.reveal(this.selection.focusRow, this.selection.focusCol);
        this.version++;
        this.header.invalidate();
        this.render();
    }
}
