// A virtualized grid: only the rows and columns in view exist in the DOM, whatever the row count.
// Rows sit in a fixed pool of slots (row r always uses slot r % poolSize), so scrolling by a row
// rewrites one slot instead of all of them. Every value is written with textContent.
import * as l10n from "@vscode/l10n";
import { withoutControls } from "../../shared/plainText";
import { CellView, cellView, ColumnKind, writeCellView } from "./format";
import { sparklineOf, sparklineSvg } from "./chart/sparkline";
import { Range, Selection, SelectionMode } from "./selection";

/** Pixel height of a data row; the CSS uses the same value through a custom property. */
export const rowHeight = 22;
const headerHeight = 40;
const overscanRows = 6;
const minWidth = 48;
const maxAutoWidth = 480;
/** A column's width until its content is measured (see `initialWidths`). */
const unmeasuredWidth = 120;
/** Texts whose width is their length times a monospace font's character width. */
const printableAscii = /^[\x20-\x7e]*$/;

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
}

interface CellState {
    el: HTMLDivElement;
    /** The cell's only child: its text is rewritten in place instead of replacing the node. */
    txt: Text;
    col: number;
    text: string;
    cls: string;
    /** aria-selected as last written. */
    selected: boolean;
    /**
     * Tooltip for the value shown; written to the element only when the pointer comes over it
     * (a scroll frame then writes one attribute less per timestamp or long value).
     */
    title: string;
    left: number;
    width: number;
}

interface Slot {
    el: HTMLDivElement;
    num: HTMLDivElement;
    numText: Text;
    cells: CellState[];
    row: number;
    version: number;
    /** The row's selected mark as last written. */
    sel: boolean;
    /** Some row of it was still being parsed when painted: repaint when rows arrive. */
    missing: boolean;
}

interface Hit {
    area: "corner" | "header" | "rownum" | "cell" | "outside";
    row: number;
    col: number;
    /** Column whose right edge is under the pointer (header only), else -1. */
    edge: number;
}

// Cell class names by the value's class and the pending/selected/focused flags (bits 1, 2, 4): the
// strings are built once instead of for every cell painted.
const cellClasses = new Map<string, string[]>();

function cellClass(viewCls: string, flags: number): string {
    let byFlags = cellClasses.get(viewCls);
    if (!byFlags) {
        byFlags = [];
        for (let f = 0; f < 8; f++) {
            let cls = "cell";
            if (f & 1) cls += " pending";
            else if (viewCls) cls += " " + viewCls;
            if (f & 2) cls += " sel";
            if (f & 4) cls += " focus";
            byFlags.push(cls);
        }
        cellClasses.set(viewCls, byFlags);
    }
    return byFlags[flags];
}

function div(cls: string, role?: string): HTMLDivElement {
    const el = document.createElement("div");
    el.className = cls;
    if (role) el.setAttribute("role", role);
    return el;
}

export class Grid {
    /** The focusable element with role=grid. */
    readonly element: HTMLDivElement;
    readonly selection = new Selection(0, 0);
    private readonly sizer: HTMLDivElement;
    private readonly headerRow: HTMLDivElement;
    private readonly corner: HTMLDivElement;
    private readonly body: HTMLDivElement;
    private readonly measureCtx: CanvasRenderingContext2D | null;
    private cachedFont = "";
    /** The font `measureCtx` was last set to, and its character width if monospace (else 0). */
    private monoFont = "";
    private monoWidth = 0;
    private data: GridData = {
        columns: [],
        types: [],
        kinds: [],
        rowCount: () => 0,
        row: () => undefined,
    };
    private widths: number[] = [];
    /**
     * New data's columns from this one on have `unmeasuredWidth` until `fitRest` measures them
     * (Infinity: all measured), against the first screen's rows kept in `fitRows`.
     */
    private fitFrom = Infinity;
    private fitRows: unknown[][] = [];
    private lefts = new Float64Array(1);
    private rowNumWidth = 48;
    private slots: Slot[] = [];
    private headerCells: HTMLDivElement[] = [];
    /** What the header was last painted for; `headerDirty` forces a repaint. */
    private headerKey = { c0: -1, c1: -1, sortColumn: -2, sortDir: "", version: -1 };
    private headerDirty = true;
    /** Viewport size and scroll offsets, kept from resize and scroll events so that painting
     * never reads layout (a read after DOM writes forces a synchronous layout). */
    private viewH = -1;
    private viewW = -1;
    private scrollY = 0;
    private scrollX = 0;
    /** scrollX at the last paint: tells which way a horizontal scroll goes. */
    private paintedX = 0;
    /** Nesting depth of `batch`; renders asked for meanwhile happen once at its end. */
    private batchDepth = 0;
    private batchedRender = false;
    /** Scratch: the values of the row being painted, columns in view only. */
    private readonly values: unknown[] = [];
    /** Scratch cell view, filled for each cell painted. */
    private readonly view: CellView = { text: "", cls: "", title: "" };
    private version = 1;
    private colRange = { c0: 0, c1: -1 };
    private sortColumn = -1;
    private sortDir: "asc" | "desc" = "asc";
    private dragging: SelectionMode | null = null;
    private renderQueued = false;
    /**
     * Rows in view the current data has painted so far, Infinity once they and the overscan rows
     * are. New data's first frames draw only rows in view, at most `firstFrameCells` cells a
     * frame, each frame's rows after the last is painted; the overscan rows (a third of the pool
     * in a notebook output) come a frame after those. A 20-column notebook output drew its first
     * screen in one frame of 50-70 ms, most of it the browser's style, layout and paint of its
     * ~300 cells (test/webview/notebookRenderer.test.ts; traced in headless Chromium).
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
     * The row numbers, in one column that sticks to the left edge. One sticky element: a sticky
     * number in each row made every 10th to 20th scroll frame cost ~2 ms on the page's thread
     * (the scrollTop write, measured with `npm run bench`; without it 0.1 ms).
     */
    private readonly gutter: HTMLDivElement;
    private activeCell: HTMLElement | null = null;
    /** Each cell element's state, for the tooltip written on hover. */
    private readonly cellStates = new WeakMap<Element, CellState>();
    /** The cell under the pointer: repainting it rewrites its tooltip at once. */
    private hovered: Element | null = null;

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
        this.element = div("grid", "grid");
        this.element.tabIndex = 0;
        this.element.setAttribute("aria-multiselectable", "true");
        this.element.setAttribute("aria-label", l10n.t("Query results"));
        this.sizer = div("sizer");
        const head = div("head", "rowgroup");
        this.headerRow = div("hrow", "row");
        this.headerRow.setAttribute("aria-rowindex", "1");
        this.corner = div("corner", "columnheader");
        this.corner.setAttribute("aria-colindex", "1");
        this.corner.textContent = "#";
        this.corner.title = l10n.t("Select all");
        this.headerRow.append(this.corner);
        head.append(this.headerRow);
        this.body = div("body", "rowgroup");
        // Row numbers repeat aria-rowindex: hidden from screen readers, which read the index.
        this.gutter = div("gutter");
        this.gutter.setAttribute("aria-hidden", "true");
        this.body.append(this.gutter);
        this.sizer.append(head, this.body);
        this.element.append(this.sizer);
        host.append(this.element);
        this.measureCtx = document.createElement("canvas").getContext("2d");

        this.element.addEventListener("scroll", () => {
            // Layout is clean when scroll events fire: these reads cost nothing.
            this.scrollY = this.element.scrollTop;
            this.scrollX = this.element.scrollLeft;
            this.render();
        });
        this.element.addEventListener("mousedown", (e) => this.onMouseDown(e));
        this.element.addEventListener("dblclick", (e) => this.onDoubleClick(e));
        this.element.addEventListener("contextmenu", (e) => this.onContextMenu(e));
        this.element.addEventListener("mouseover", (e) => this.showTitle(e));
        this.element.addEventListener("keydown", (e) => this.onKeyDown(e));
        new ResizeObserver(() => {
            // Layout is clean in resize observations too. The first observation comes in the
            // frame after the grid is attached, usually at the size its first render already
            // read: painting every cell again then doubled that frame's style and layout work
            // (a notebook output's first frame, test/webview/notebookRenderer.test.ts).
            if (this.element.clientHeight === this.viewH && this.element.clientWidth === this.viewW)
                return;
            this.measureViewport();
            this.cachedFont = "";
            // The pool follows the height (render resizes it); the columns in view the width.
            this.version++;
            this.render();
        }).observe(this.element);
    }

    /** Shows new data; `widths` restores saved column widths. */
    setData(data: GridData, widths?: number[]): void {
        this.data = data;
        // Measured again at the next render: the page around the grid may have changed with it.
        if (this.element.isConnected) this.viewH = -1;
        const n = data.columns.length;
        this.fitFrom = Infinity;
        this.fitRows = [];
        this.widths = widths && widths.length === n ? widths.slice() : this.initialWidths();
        this.layoutColumns();
        this.selection.resize(data.rowCount(), n);
        this.selection.active = false;
        this.element.setAttribute("aria-colcount", String(n + 1));
        this.headerDirty = true;
        this.firstRows = 0;
        this.firstPaintDue = this.firstFrameCells !== Infinity;
        this.invalidate();
    }

    /** Rows changed (more parsed, new sort or filter): repaint what is visible. */
    invalidate(): void {
        const count = this.data.rowCount();
        this.selection.resize(count, this.data.columns.length);
        this.element.setAttribute("aria-rowcount", String(count + 1));
        this.sizer.style.height = `${headerHeight + count * rowHeight}px`;
        this.body.style.height = `${count * rowHeight}px`;
        const digits = String(Math.max(count, 1)).length;
        const numWidth = Math.max(40, digits * 8 + 20);
        if (numWidth !== this.rowNumWidth) {
            this.rowNumWidth = numWidth;
            this.layoutColumns();
        }
        this.version++;
        this.render();
    }

    /** Shows the sort arrow on a column (-1 for none). */
    setSort(col: number, dir: "asc" | "desc"): void {
        this.sortColumn = col;
        this.sortDir = dir;
        this.headerDirty = true;
        this.render();
    }

    /** Current column widths, for view state: any not measured yet are measured first. */
    columnWidths(): number[] {
        if (this.fitRest()) this.render();
        return this.widths.slice();
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
        this.scrollY = this.element.scrollTop;
        this.scrollX = this.element.scrollLeft;
        this.render();
    }

    private measureViewport(): void {
        this.viewH = this.element.clientHeight;
        this.viewW = this.element.clientWidth;
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
        const count = this.data.rowCount();
        const inView = this.rowsInView();
        const poolSize = inView + 2 * overscanRows;
        if (this.slots.length !== poolSize) this.buildPool(poolSize);
        // Scrolled to columns not measured yet: measure them first.
        if (this.fitFrom !== Infinity && this.scrollX + this.viewW > this.lefts[this.fitFrom])
            this.fitRest();
        const { c0, c1 } = this.visibleColumns();
        if (c0 !== this.colRange.c0 || c1 !== this.colRange.c1) {
            this.colRange = { c0, c1 };
            this.version++;
        }
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

        this.renderHeader(c0, c1);
        const range = this.selection.range();
        for (let r = first; r <= last; r++)
            this.renderSlot(this.slots[r % poolSize], r, c0, c1, range);
        // Slots left over when there are fewer rows than slots.
        for (const slot of this.slots) {
            const visible = slot.row >= first && slot.row <= last;
            if (!visible && slot.row !== -1) {
                slot.row = -1;
                slot.el.hidden = true;
                slot.num.hidden = true;
                // Hidden rows keep no selection marks (screen readers and queries ignore them too).
                for (const cell of slot.cells) {
                    if (cell.cls !== "cell") {
                        cell.cls = "cell";
                        cell.el.className = "cell";
                    }
                    if (cell.selected) {
                        cell.selected = false;
                        cell.el.setAttribute("aria-selected", "false");
                    }
                }
            }
        }
        this.updateActiveDescendant();
        this.events.viewChanged();
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

    // ---- layout -------------------------------------------------------------------------------

    private font(): string {
        // getComputedStyle recalculates style when the page changed: keep the answer until the
        // grid is resized (a theme or zoom change comes with one, or with new data).
        if (!this.cachedFont) {
            const style = getComputedStyle(this.element);
            this.cachedFont = `${style.fontSize} ${style.fontFamily}`;
        }
        return this.cachedFont;
    }

    /**
     * Sets the measuring context to the grid's font and learns whether the font is monospace.
     * Called before each batch of measurements (the font changes with the theme and zoom), and
     * by the page while it waits for a result: the first measurement in a font costs ~2 ms (the
     * canvas resolves the font), in the load message's task if left until then.
     */
    prepareMeasuring(): void {
        const ctx = this.measureCtx;
        if (!ctx) return;
        const font = this.font();
        if (font === this.monoFont) return;
        ctx.font = font;
        this.monoFont = font;
        const narrow = ctx.measureText("iiiiiiiiii").width;
        const wide = ctx.measureText("WWWWWWWWWW").width;
        this.monoWidth = narrow === wide ? narrow / 10 : 0;
    }

    private textWidth(text: string): number {
        if (!this.measureCtx) return text.length * 7.5;
        // Cells use the editor's font, usually monospace: a printable ASCII text is then as wide
        // as its length in characters. measureText was 2.5 ms of the load message's task in a
        // CPU profile of `npm run bench`'s first paint, most of it the font's first measurement
        // (now made while the page waits), the rest 35 calls.
        if (this.monoWidth > 0 && printableAscii.test(text)) return text.length * this.monoWidth;
        return this.measureCtx.measureText(text).width;
    }

    /**
     * Widths that fit the first screen's texts, for the columns that can be on it: those left of
     * the window's right edge. The rest (20 columns of the bench's 50,000-row result, 7 in view)
     * are measured once the first screen is painted (`fitRest`): fitting all of them before it
     * (formatting and measuring each of their first-screen texts) was 40 % of the load message's
     * script in a CPU profile of `npm run bench`'s first paint (15 of 36 ms, profiler included);
     * without it the load message's task went from 26.3 to 23.2 ms (medians of 12 alternated
     * loads each, headless Chromium on 2 shared cores).
     */
    private initialWidths(): number[] {
        this.prepareMeasuring();
        const sample: unknown[][] = [];
        // The rows of the first screen: widths fit what is shown, and measuring stays cheap
        // before the first paint. Auto-fit (double-click a header edge) looks further.
        const screen = this.viewH > 0 ? Math.ceil(this.viewH / rowHeight) : 40;
        for (let r = 0; r < Math.min(screen, this.data.rowCount()); r++) {
            const row = this.data.row(r);
            if (row) sample.push(row);
        }
        // The grid is no wider than the window: a column starting past its width is out of view
        // (and stays unmeasured until `render` sees it come into view: the same test there).
        const inView = window.innerWidth;
        let left = 0;
        let from = Infinity;
        const widths = this.data.columns.map((name, c) => {
            if (left > inView && from === Infinity) from = c;
            const width = c >= from ? unmeasuredWidth : this.fitWidth(c, name, sample, 320);
            left += width;
            return width;
        });
        // `fitFrom` and `fitRows` were cleared by setData, this method's only caller.
        if (from !== Infinity) {
            this.fitFrom = from;
            this.fitRows = sample;
            const data = this.data;
            requestIdleCallback(
                () => {
                    if (this.data === data && this.fitRest()) this.render();
                },
                { timeout: 500 },
            );
        }
        return widths;
    }

    /**
     * Measures the columns `initialWidths` left unmeasured; true if there were any. Done when the
     * page is idle after the first paint, or sooner when they come into view or the widths are
     * read for the view state.
     */
    private fitRest(): boolean {
        const from = this.fitFrom;
        if (from === Infinity) return false;
        this.fitFrom = Infinity;
        this.prepareMeasuring();
        for (let c = from; c < this.widths.length; c++)
            this.widths[c] = this.fitWidth(c, this.data.columns[c], this.fitRows, 320);
        this.fitRows = [];
        this.layoutColumns();
        this.headerDirty = true;
        return true;
    }

    private fitWidth(col: number, name: string, rows: unknown[][], cap: number): number {
        // Measure only the longest few texts: measureText on every cell of 50,000 rows is slow.
        const texts = rows.map((row) => cellView(row[col], this.data.kinds[col]).text);
        texts.sort((a, b) => b.length - a.length);
        // Header: bold UI-font name and the type at 0.85em, plus padding and the sort button.
        const type = this.data.types[col] ?? "";
        let w = Math.max(
            this.textWidth(name) * 1.1 + 34,
            Math.min(this.textWidth(type) * 0.85, 220) + 34,
        );
        // The three longest by characters: measureText costs ~40 µs a call, and the widest text is
        // almost always among the longest (cells use the editor's, usually monospace, font).
        for (const t of texts.slice(0, 3)) w = Math.max(w, this.textWidth(t) + 16);
        return Math.round(Math.max(minWidth, Math.min(cap, w)));
    }

    /** Widens a column to its content (double-click on its header edge). */
    autoFit(col: number): void {
        this.cachedFont = "";
        this.prepareMeasuring();
        const rows: unknown[][] = [];
        const count = this.data.rowCount();
        // A spread sample keeps this quick at 50,000 rows (each sampled row is parsed from the
        // bytes on first use) and still sees long values.
        const step = Math.max(1, Math.floor(count / 1000));
        for (let r = 0; r < count; r += step) {
            const row = this.data.row(r);
            if (row) rows.push(row);
        }
        this.widths[col] = this.fitWidth(col, this.data.columns[col], rows, maxAutoWidth);
        this.layoutColumns();
        this.headerDirty = true;
        this.version++;
        this.render();
    }

    private layoutColumns(): void {
        const n = this.widths.length;
        this.lefts = new Float64Array(n + 1);
        for (let c = 0; c < n; c++) this.lefts[c + 1] = this.lefts[c] + this.widths[c];
        const total = this.rowNumWidth + this.lefts[n];
        this.sizer.style.width = `${total}px`;
        this.headerRow.style.width = `${total}px`;
        this.element.style.setProperty("--rownum-width", `${this.rowNumWidth}px`);
        this.element.style.setProperty("--row-width", `${total}px`);
        this.version++;
    }

    private visibleColumns(): { c0: number; c1: number } {
        const n = this.widths.length;
        if (n === 0) return { c0: 0, c1: -1 };
        const x0 = this.scrollX;
        const x1 = x0 + this.viewW - this.rowNumWidth;
        // One column more on the side a horizontal scroll moves to (the compositor may scroll
        // before this paints); none while scrolling vertically, where each new row would paint
        // a cell nobody sees.
        const moved = x0 - this.paintedX;
        this.paintedX = x0;
        const c0 = Math.max(0, this.columnAt(x0) - (moved < 0 ? 1 : 0));
        const c1 = Math.min(n - 1, this.columnAt(x1) + (moved > 0 ? 1 : 0));
        return { c0, c1 };
    }

    /** Column under a content x offset (0 = left edge of the first data column). */
    private columnAt(x: number): number {
        let lo = 0;
        let hi = this.widths.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (this.lefts[mid] <= x) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    // ---- painting -----------------------------------------------------------------------------

    private buildPool(size: number): void {
        this.body.replaceChildren(this.gutter);
        this.gutter.replaceChildren();
        this.slots = [];
        for (let i = 0; i < size; i++) {
            const el = div("row", "row");
            el.hidden = true;
            const num = div("rownum");
            num.hidden = true;
            const numText = document.createTextNode("");
            num.append(numText);
            this.gutter.append(num);
            this.body.append(el);
            this.slots.push({
                el,
                num,
                numText,
                cells: [],
                row: -1,
                version: 0,
                sel: false,
                missing: false,
            });
        }
    }

    private renderHeader(c0: number, c1: number): void {
        const key = this.headerKey;
        if (
            !this.headerDirty &&
            key.c0 === c0 &&
            key.c1 === c1 &&
            key.sortColumn === this.sortColumn &&
            key.sortDir === this.sortDir &&
            key.version === this.version
        )
            return;
        this.headerDirty = false;
        key.c0 = c0;
        key.c1 = c1;
        key.sortColumn = this.sortColumn;
        key.sortDir = this.sortDir;
        key.version = this.version;
        const count = Math.max(0, c1 - c0 + 1);
        while (this.headerCells.length < count) {
            const cell = div("hcell", "columnheader");
            const name = div("hname");
            const type = div("htype");
            const sort = document.createElement("button");
            sort.className = "hsort";
            sort.tabIndex = -1;
            const edge = div("hedge");
            cell.append(name, type, sort, edge);
            this.headerRow.append(cell);
            this.headerCells.push(cell);
        }
        while (this.headerCells.length > count) this.headerCells.pop()?.remove();
        for (let k = 0; k < count; k++) {
            const c = c0 + k;
            const cell = this.headerCells[k];
            const [name, type, sort] = cell.children as unknown as HTMLElement[];
            cell.style.left = `${this.rowNumWidth + this.lefts[c]}px`;
            cell.style.width = `${this.widths[c]}px`;
            cell.setAttribute("aria-colindex", String(c + 2));
            // The server's names as text without the controls that would reorder or hide them.
            const column = withoutControls(this.data.columns[c]);
            const typeName = withoutControls(this.data.types[c] ?? "");
            name.textContent = column;
            type.textContent = typeName;
            cell.title = `${column}: ${typeName}`;
            cell.classList.toggle("num", this.data.kinds[c] === "number");
            const sorted = c === this.sortColumn;
            cell.setAttribute(
                "aria-sort",
                sorted ? (this.sortDir === "asc" ? "ascending" : "descending") : "none",
            );
            sort.textContent = sorted ? (this.sortDir === "asc" ? "▲" : "▼") : "⇅";
            sort.classList.toggle("on", sorted);
            sort.title = sorted
                ? this.sortDir === "asc"
                    ? l10n.t("Sorted ascending; click for descending")
                    : l10n.t("Sorted descending; click to clear the sort")
                : l10n.t("Sort ascending");
            sort.setAttribute("aria-label", l10n.t("Sort by {0}", column));
        }
        this.paintHeaderSelection();
    }

    private paintHeaderSelection(): void {
        const range = this.selection.range();
        const { c0 } = this.colRange;
        this.headerCells.forEach((cell, k) => {
            const c = c0 + k;
            const on = !!range && c >= range.c0 && c <= range.c1;
            cell.classList.toggle("sel", on);
        });
    }

    private renderSlot(slot: Slot, r: number, c0: number, c1: number, range: Range | null): void {
        if (slot.row === r && slot.version === this.version && !slot.missing) return;
        const el = slot.el;
        if (slot.row !== r) {
            if (slot.row === -1) {
                el.hidden = false;
                slot.num.hidden = false;
            }
            slot.row = r;
            const y = `translateY(${r * rowHeight}px)`;
            el.style.transform = y;
            slot.num.style.transform = y;
            el.setAttribute("aria-rowindex", String(r + 2));
            slot.num.dataset.rowindex = String(r + 2);
            slot.numText.data = String(r + 1);
        }
        slot.version = this.version;
        const rowSel = range !== null && r >= range.r0 && r <= range.r1;
        if (slot.sel !== rowSel) {
            slot.sel = rowSel;
            el.classList.toggle("sel", rowSel);
            slot.num.classList.toggle("sel", rowSel);
        }
        const values = this.values;
        let have: boolean;
        if (this.data.rowCells) have = this.data.rowCells(r, c0, c1, values);
        else {
            const row = this.data.row(r);
            have = row !== undefined;
            if (row) for (let c = c0; c <= c1; c++) values[c - c0] = row[c];
        }
        slot.missing = !have;
        const count = Math.max(0, c1 - c0 + 1);
        const cells = slot.cells;
        while (cells.length < count) {
            const cellEl = div("cell", "gridcell");
            cellEl.setAttribute("aria-selected", "false");
            const txt = document.createTextNode("");
            cellEl.append(txt);
            el.append(cellEl);
            const state: CellState = {
                el: cellEl,
                txt,
                col: -1,
                text: "",
                cls: "\0",
                selected: false,
                title: "",
                left: -1,
                width: -1,
            };
            this.cellStates.set(cellEl, state);
            cells.push(state);
        }
        while (cells.length > count) cells.pop()?.el.remove();
        const focusR = this.selection.active && r === this.selection.focusRow;
        const focusC = this.selection.focusCol;
        const kinds = this.data.kinds;
        const view = this.view;
        const base = this.rowNumWidth;
        for (let k = 0; k < count; k++) {
            const c = c0 + k;
            const cell = cells[k];
            const cellEl = cell.el;
            if (cell.col !== c) {
                cell.col = c;
                cellEl.setAttribute("aria-colindex", String(c + 2));
            }
            const left = base + this.lefts[c];
            if (cell.left !== left) {
                cell.left = left;
                cellEl.style.left = `${left}px`;
            }
            const width = this.widths[c];
            if (cell.width !== width) {
                cell.width = width;
                cellEl.style.width = `${width}px`;
            }
            let flags = 0;
            const value = values[k];
            if (have) writeCellView(value, kinds[c], view);
            else {
                view.text = "";
                view.cls = "";
                view.title = "";
                flags = 1;
            }
            const text = view.text;
            if (cell.text !== text) {
                cell.text = text;
                // HogQL's sparkline(...) draws as a small line (see chart/sparkline.ts).
                const spark = view.cls === "json" ? sparklineOf(value) : null;
                if (spark) cellEl.replaceChildren(sparklineSvg(spark));
                else {
                    cell.txt.data = text;
                    // The cell's reused text node, back in place after a sparkline.
                    if (cell.txt.parentNode !== cellEl) cellEl.replaceChildren(cell.txt);
                }
            }
            const selected = rowSel && c >= range.c0 && c <= range.c1;
            if (selected) flags |= 2;
            if (focusR && c === focusC) flags |= 4;
            const cls = cellClass(view.cls, flags);
            if (cell.cls !== cls) {
                cell.cls = cls;
                cellEl.className = cls;
            }
            if (cell.selected !== selected) {
                cell.selected = selected;
                cellEl.setAttribute("aria-selected", selected ? "true" : "false");
            }
            cell.title = view.title;
            if (cellEl === this.hovered) this.writeTitle(cellEl, cell);
        }
    }

    private updateActiveDescendant(): void {
        let target: HTMLElement | null = null;
        if (this.selection.active) {
            const r = this.selection.focusRow;
            const slot = this.slots[r % Math.max(1, this.slots.length)];
            if (slot && slot.row === r) {
                target = slot.cells.find((c) => c.col === this.selection.focusCol)?.el ?? null;
            }
        }
        if (target === this.activeCell) return;
        this.activeCell?.removeAttribute("id");
        this.activeCell = target;
        if (target) {
            target.id = "grid-active-cell";
            this.element.setAttribute("aria-activedescendant", "grid-active-cell");
        } else this.element.removeAttribute("aria-activedescendant");
    }

    // ---- pointer ------------------------------------------------------------------------------

    /** Writes a cell's tooltip when the pointer comes over it (see CellState.title). */
    private showTitle(e: MouseEvent): void {
        const el = (e.target as Element | null)?.closest?.(".cell") ?? null;
        this.hovered = el;
        const state = el ? this.cellStates.get(el) : undefined;
        if (el && state) this.writeTitle(el, state);
    }

    private writeTitle(el: Element, state: CellState): void {
        if (el.getAttribute("title") === (state.title || null)) return;
        if (state.title) el.setAttribute("title", state.title);
        else el.removeAttribute("title");
    }

    private hit(clientX: number, clientY: number): Hit {
        const rect = this.element.getBoundingClientRect();
        const x = clientX - rect.left;
        const y = clientY - rect.top;
        const n = this.widths.length;
        const contentX = x - this.rowNumWidth + this.element.scrollLeft;
        const col = n === 0 ? -1 : Math.min(n - 1, this.columnAt(Math.max(0, contentX)));
        const row = Math.floor((y - headerHeight + this.element.scrollTop) / rowHeight);
        const count = this.data.rowCount();
        if (x < 0 || y < 0 || x > rect.width || y > rect.height) {
            return { area: "outside", row: Math.max(0, Math.min(count - 1, row)), col, edge: -1 };
        }
        if (y < headerHeight) {
            if (x < this.rowNumWidth) return { area: "corner", row: -1, col: -1, edge: -1 };
            let edge = -1;
            if (col >= 0) {
                const right = this.lefts[col + 1];
                const left = this.lefts[col];
                if (Math.abs(contentX - right) <= 4) edge = col;
                else if (col > 0 && Math.abs(contentX - left) <= 4) edge = col - 1;
            }
            return { area: "header", row: -1, col, edge };
        }
        if (row >= count || (contentX > this.lefts[n] && x >= this.rowNumWidth)) {
            return { area: "outside", row: Math.min(count - 1, row), col, edge: -1 };
        }
        if (x < this.rowNumWidth) return { area: "rownum", row, col: 0, edge: -1 };
        return { area: "cell", row, col, edge: -1 };
    }

    private onMouseDown(e: MouseEvent): void {
        if (e.button !== 0 && e.button !== 2) return;
        const target = e.target as HTMLElement;
        // Clicks on the scrollbars land on the grid element itself, outside any cell.
        if (target === this.element) return;
        const h = this.hit(e.clientX, e.clientY);
        if (e.button === 2) {
            // Right click keeps a selection that contains the cell, like spreadsheets do.
            const range = this.selection.range();
            const inside =
                range &&
                h.row >= range.r0 &&
                h.row <= range.r1 &&
                h.col >= range.c0 &&
                h.col <= range.c1;
            if (h.area === "cell" && !inside) this.select(h.row, h.col, "cells", false);
            return;
        }
        if (h.area === "header" && h.edge >= 0) {
            e.preventDefault();
            this.startResize(h.edge, e.clientX);
            return;
        }
        if (h.area === "header" && target.classList.contains("hsort")) {
            e.preventDefault();
            this.events.sortClicked(h.col);
            return;
        }
        let mode: SelectionMode;
        let row = h.row;
        let col = h.col;
        if (h.area === "corner") {
            this.selection.all();
            this.afterSelect();
            return;
        } else if (h.area === "header") {
            mode = "columns";
            row =
                this.selection.active && e.shiftKey
                    ? this.selection.focusRow
                    : this.element.scrollTop / rowHeight;
        } else if (h.area === "rownum") {
            mode = "rows";
            col = e.shiftKey && this.selection.active ? this.selection.focusCol : this.colRange.c0;
        } else if (h.area === "cell") mode = "cells";
        else return;
        e.preventDefault();
        this.focus();
        this.select(Math.floor(row), col, mode, e.shiftKey);
        this.dragging = mode;
        const move = (ev: MouseEvent) => this.onDrag(ev);
        const up = () => {
            this.dragging = null;
            window.removeEventListener("mousemove", move);
            window.removeEventListener("mouseup", up);
        };
        window.addEventListener("mousemove", move);
        window.addEventListener("mouseup", up);
    }

    private onDrag(e: MouseEvent): void {
        if (!this.dragging) return;
        const h = this.hit(e.clientX, e.clientY);
        const rect = this.element.getBoundingClientRect();
        // Dragging past an edge scrolls, so a selection can grow beyond the screen.
        if (e.clientY > rect.bottom) this.element.scrollTop += rowHeight * 2;
        else if (e.clientY < rect.top + headerHeight && this.dragging !== "columns")
            this.element.scrollTop -= rowHeight * 2;
        if (e.clientX > rect.right) this.element.scrollLeft += 40;
        else if (e.clientX < rect.left + this.rowNumWidth && this.dragging !== "rows")
            this.element.scrollLeft -= 40;
        this.scrollY = this.element.scrollTop;
        this.scrollX = this.element.scrollLeft;
        const row = this.dragging === "columns" ? this.selection.focusRow : h.row;
        const col = this.dragging === "rows" ? this.selection.focusCol : h.col;
        if (row < 0 || col < 0) return;
        if (row === this.selection.focusRow && col === this.selection.focusCol) return;
        this.selection.set(row, col, this.dragging, true);
        this.afterSelect(false);
    }

    private startResize(col: number, startX: number): void {
        const startWidth = this.widths[col];
        this.element.classList.add("resizing");
        const move = (ev: MouseEvent) => {
            this.widths[col] = Math.max(minWidth, Math.round(startWidth + ev.clientX - startX));
            this.layoutColumns();
            this.headerDirty = true;
            this.render();
        };
        const up = () => {
            this.element.classList.remove("resizing");
            window.removeEventListener("mousemove", move);
            window.removeEventListener("mouseup", up);
        };
        window.addEventListener("mousemove", move);
        window.addEventListener("mouseup", up);
    }

    private onDoubleClick(e: MouseEvent): void {
        const h = this.hit(e.clientX, e.clientY);
        if (h.area === "header" && h.edge >= 0) this.autoFit(h.edge);
        else if (h.area === "cell") this.events.openDetail(h.row, h.col);
    }

    private onContextMenu(e: MouseEvent): void {
        e.preventDefault();
        this.events.contextMenu(e.clientX, e.clientY);
    }

    // ---- keyboard -----------------------------------------------------------------------------

    private onKeyDown(e: KeyboardEvent): void {
        const count = this.data.rowCount();
        const cols = this.data.columns.length;
        if (count === 0 || cols === 0) return;
        const ctrl = e.ctrlKey || e.metaKey;
        const key = e.key;
        if (ctrl && (key === "a" || key === "A")) {
            e.preventDefault();
            this.selection.all();
            this.afterSelect(false);
            return;
        }
        if (ctrl && (key === "c" || key === "C")) {
            e.preventDefault();
            this.events.copy(e.shiftKey);
            return;
        }
        if (key === "Enter" && this.selection.active) {
            e.preventDefault();
            this.events.openDetail(this.selection.focusRow, this.selection.focusCol);
            return;
        }
        if (key === "Escape") {
            this.selection.active = false;
            this.afterSelect(false);
            return;
        }
        const s = this.selection;
        let r = s.active ? s.focusRow : 0;
        let c = s.active ? s.focusCol : 0;
        const page = Math.max(
            1,
            Math.floor((this.element.clientHeight - headerHeight) / rowHeight) - 1,
        );
        switch (key) {
            case "ArrowUp":
                r = ctrl ? 0 : r - 1;
                break;
            case "ArrowDown":
                r = ctrl ? count - 1 : r + 1;
                break;
            case "ArrowLeft":
                c = ctrl ? 0 : c - 1;
                break;
            case "ArrowRight":
                c = ctrl ? cols - 1 : c + 1;
                break;
            case "PageUp":
                r -= page;
                break;
            case "PageDown":
                r += page;
                break;
            case "Home":
                if (ctrl) r = 0;
                c = 0;
                break;
            case "End":
                if (ctrl) r = count - 1;
                c = cols - 1;
                break;
            default:
                return;
        }
        e.preventDefault();
        const extend = e.shiftKey && s.active;
        const mode = extend ? s.mode : "cells";
        s.set(r, c, mode, extend);
        this.afterSelect(true);
    }

    // ---- selection ----------------------------------------------------------------------------

    private select(row: number, col: number, mode: SelectionMode, extend: boolean): void {
        this.selection.set(row, col, mode, extend);
        this.afterSelect(false);
    }

    private afterSelect(reveal = true): void {
        if (reveal) this.reveal(this.selection.focusRow, this.selection.focusCol);
        this.version++;
        this.headerDirty = true;
        this.render();
    }

    /** Scrolls so that a cell is fully visible. */
    reveal(row: number, col: number): void {
        const el = this.element;
        const top = row * rowHeight;
        const viewH = el.clientHeight - headerHeight;
        if (top < el.scrollTop) el.scrollTop = top;
        else if (top + rowHeight > el.scrollTop + viewH) el.scrollTop = top + rowHeight - viewH;
        const left = this.lefts[col];
        const right = this.lefts[col + 1];
        const viewW = el.clientWidth - this.rowNumWidth;
        if (left < el.scrollLeft) el.scrollLeft = left;
        else if (right > el.scrollLeft + viewW) el.scrollLeft = Math.min(left, right - viewW);
        // Paint the new window now rather than on the scroll event (keyboard users see it at once).
        this.scrollY = el.scrollTop;
        this.scrollX = el.scrollLeft;
    }
}
