// Column widths and where each column sits: widths fitted to the texts of the first screen (the
// columns past the window's right edge measured later), auto-fit and drag resizing, and which
// columns a horizontal scroll offset shows.
import { cellView } from "../format";
import { type ColumnRange, type GridData, rowHeight } from "./types";

const minWidth = 48;
const maxAutoWidth = 480;
/** The widest a column is fitted to the first screen's texts. */
const maxFitWidth = 320;
/** A column's width until its content is measured (see `fitFirstScreen`). */
const unmeasuredWidth = 120;
/** Texts whose width is their length times a monospace font's character width. */
const printableAscii = /^[\x20-\x7e]*$/;

/** The elements whose size follows the columns'. */
export interface ColumnHost {
    /** The grid: its font is measured, and it carries the width custom properties. */
    element: HTMLElement;
    sizer: HTMLElement;
    headerRow: HTMLElement;
}

export class ColumnLayout {
    /** Each column's width in pixels. */
    widths: number[] = [];
    /** Each column's left edge from the first data column's (one more: the right edge). */
    lefts = new Float64Array(1);
    /** Width of the row number column. */
    rowNumWidth = 48;
    /** How many columns, from the first, stay in place while scrolling right. */
    frozen = 0;
    /**
     * The data's columns from this one on have `unmeasuredWidth` until `fitRest` measures them
     * (Infinity: all measured), against the first screen's rows kept in `fitRows`.
     */
    private fitFrom = Infinity;
    private fitRows: unknown[][] = [];
    private readonly measureCtx: CanvasRenderingContext2D | null;
    private cachedFont = "";
    /** The font `measureCtx` was last set to, and its character width if monospace (else 0). */
    private monoFont = "";
    private monoWidth = 0;
    /** scrollX at the last `visible`: tells which way a horizontal scroll goes. */
    private paintedX = 0;

    constructor(private readonly host: ColumnHost) {
        this.measureCtx = document.createElement("canvas").getContext("2d");
    }

    /** The grid's font may have changed (it was resized: a theme or zoom change comes with one). */
    forgetFont(): void {
        this.cachedFont = "";
    }

    private font(): string {
        // getComputedStyle recalculates style when the page changed: keep the answer until the
        // grid is resized (a theme or zoom change comes with one, or with new data).
        if (!this.cachedFont) {
            const style = getComputedStyle(this.host.element);
            this.cachedFont = `${style.fontSize} ${style.fontFamily}`;
        }
        return this.cachedFont;
    }

    /**
     * Sets the measuring context to the grid's font and learns whether the font is monospace.
     * Called before each batch of measurements (the font changes with the theme and zoom), and
     * by the page while it waits for a result: the first measurement in a font is slow (the
     * canvas resolves the font), in the load message's task if left until then (see
     * docs/performance.md, "Grid").
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
        // as its length in characters. measureText was a visible part of the load message's task
        // (see docs/performance.md, "Grid"), most of it the font's first measurement (now made
        // while the page waits).
        if (this.monoWidth > 0 && printableAscii.test(text)) return text.length * this.monoWidth;
        return this.measureCtx.measureText(text).width;
    }

    /**
     * Widths for new data: the saved ones if they fit its columns, else fitted to the first
     * screen (`fitFirstScreen`). True if some columns were left to measure later (`fitRest`).
     */
    reset(data: GridData, saved: number[] | undefined, viewH: number): boolean {
        this.fitFrom = Infinity;
        this.fitRows = [];
        if (saved && saved.length === data.columns.length) this.widths = saved.slice();
        else this.widths = this.fitFirstScreen(data, viewH);
        this.layout();
        return this.fitFrom !== Infinity;
    }

    /**
     * Widths that fit the first screen's texts, for the columns that can be on it: those left of
     * the window's right edge. The rest (20 columns of the bench's 50,000-row result, 7 in view)
     * are measured once the first screen is painted (`fitRest`): fitting all of them before it
     * (formatting and measuring each of their first-screen texts) was a large part of the load
     * message's script, and the first paint came sooner without it (see docs/performance.md,
     * "Grid").
     */
    private fitFirstScreen(data: GridData, viewH: number): number[] {
        this.prepareMeasuring();
        const sample: unknown[][] = [];
        // The rows of the first screen: widths fit what is shown, and measuring stays cheap
        // before the first paint. Auto-fit (double-click a header edge) looks further.
        const screen = viewH > 0 ? Math.ceil(viewH / rowHeight) : 40;
        for (let r = 0; r < Math.min(screen, data.rowCount()); r++) {
            const row = data.row(r);
            if (row) sample.push(row);
        }
        // The grid is no wider than the window: a column starting past its width is out of view
        // (and stays unmeasured until it comes into view: see `needsFit`).
        const inView = window.innerWidth;
        let left = 0;
        let from = Infinity;
        const widths = data.columns.map((_name, c) => {
            if (left > inView && from === Infinity) from = c;
            const width = c >= from ? unmeasuredWidth : this.fitWidth(data, c, sample, maxFitWidth);
            left += width;
            return width;
        });
        if (from !== Infinity) {
            this.fitFrom = from;
            this.fitRows = sample;
        }
        return widths;
    }

    /** True when columns not measured yet come into view at this scroll offset. */
    needsFit(scrollX: number, viewW: number): boolean {
        return this.fitFrom !== Infinity && scrollX + viewW > this.lefts[this.fitFrom];
    }

    /**
     * Measures the columns `fitFirstScreen` left unmeasured; true if there were any. Done when the
     * page is idle after the first paint, or sooner when they come into view or the widths are
     * read for the view state.
     */
    fitRest(data: GridData): boolean {
        const from = this.fitFrom;
        if (from === Infinity) return false;
        this.fitFrom = Infinity;
        this.prepareMeasuring();
        for (let c = from; c < this.widths.length; c++)
            this.widths[c] = this.fitWidth(data, c, this.fitRows, maxFitWidth);
        this.fitRows = [];
        this.layout();
        return true;
    }

    private fitWidth(data: GridData, col: number, rows: unknown[][], cap: number): number {
        // Measure only the longest few texts: measureText on every cell of 50,000 rows is slow.
        const texts = rows.map((row) => cellView(row[col], data.kinds[col]).text);
        texts.sort((a, b) => b.length - a.length);
        // Header: bold UI-font name and the type at 0.85em, plus padding and the sort button.
        const type = data.types[col] ?? "";
        let w = Math.max(
            this.textWidth(data.columns[col]) * 1.1 + 34,
            Math.min(this.textWidth(type) * 0.85, 220) + 34,
        );
        // The three longest by characters: measureText costs ~40 µs a call, and the widest text is
        // almost always among the longest (cells use the editor's, usually monospace, font).
        for (const t of texts.slice(0, 3)) w = Math.max(w, this.textWidth(t) + 16);
        return Math.round(Math.max(minWidth, Math.min(cap, w)));
    }

    /** Widens a column to its content (double-click on its header edge). */
    autoFit(data: GridData, col: number): void {
        this.forgetFont();
        this.prepareMeasuring();
        const rows: unknown[][] = [];
        const count = data.rowCount();
        // A spread sample keeps this quick at 50,000 rows (each sampled row is parsed from the
        // bytes on first use) and still sees long values.
        const step = Math.max(1, Math.floor(count / 1000));
        for (let r = 0; r < count; r += step) {
            const row = data.row(r);
            if (row) rows.push(row);
        }
        this.widths[col] = this.fitWidth(data, col, rows, maxAutoWidth);
        this.layout();
    }

    /** Sets a column's width (dragging its header edge), no narrower than the minimum. */
    resize(col: number, width: number): void {
        this.widths[col] = Math.max(minWidth, Math.round(width));
        this.layout();
    }

    /** Fits the row number column to `count` rows; true if its width changed. */
    fitRowNumbers(count: number): boolean {
        const digits = String(Math.max(count, 1)).length;
        const numWidth = Math.max(40, digits * 8 + 20);
        if (numWidth === this.rowNumWidth) return false;
        this.rowNumWidth = numWidth;
        this.layout();
        return true;
    }

    /** Places the columns from the widths, and sizes the grid's content to them. */
    layout(): void {
        const n = this.widths.length;
        this.lefts = new Float64Array(n + 1);
        for (let c = 0; c < n; c++) this.lefts[c + 1] = this.lefts[c] + this.widths[c];
        const total = this.rowNumWidth + this.lefts[n];
        const { element, sizer, headerRow } = this.host;
        sizer.style.width = `${total}px`;
        headerRow.style.width = `${total}px`;
        element.style.setProperty("--rownum-width", `${this.rowNumWidth}px`);
        element.style.setProperty("--row-width", `${total}px`);
    }

    /** Freezes the first `count` columns, placed for the horizontal scroll offset `scrollX`. */
    freeze(count: number, scrollX: number): void {
        this.frozen = count;
        this.host.element.style.setProperty("--freeze-x", `${scrollX}px`);
    }

    /**
     * The grid scrolled across: frozen cells sit at their place in the content, moved back by the
     * horizontal scroll offset (styles.css `.frozen`).
     */
    scrolledTo(scrollX: number): void {
        if (this.frozen > 0) this.host.element.style.setProperty("--freeze-x", `${scrollX}px`);
    }

    /** The frozen columns' count, at most the columns there are. */
    frozenCount(): number {
        return Math.min(this.frozen, this.widths.length);
    }

    /** The frozen columns' width together: the part of the view that does not scroll across. */
    frozenWidth(): number {
        return this.lefts[this.frozenCount()] ?? 0;
    }

    /**
     * The columns a viewport `viewW` wide shows at a horizontal scroll offset, besides the frozen
     * ones (c0 is never one of those: they are painted anyway).
     */
    visible(scrollX: number, viewW: number): ColumnRange {
        const n = this.widths.length;
        if (n === 0) return { c0: 0, c1: -1 };
        const frozen = this.frozenCount();
        // The frozen columns cover the content under them: the scrolled part starts after them.
        const x0 = scrollX + this.frozenWidth();
        const x1 = scrollX + viewW - this.rowNumWidth;
        // One column more on the side a horizontal scroll moves to (the compositor may scroll
        // before this paints); none while scrolling vertically, where each new row would paint
        // a cell nobody sees.
        const moved = x0 - this.paintedX;
        this.paintedX = x0;
        const c0 = Math.max(frozen, this.columnAt(x0) - (moved < 0 ? 1 : 0));
        const c1 = Math.min(n - 1, this.columnAt(x1) + (moved > 0 ? 1 : 0));
        return { c0, c1 };
    }

    /** Column under a content x offset (0 = left edge of the first data column). */
    columnAt(x: number): number {
        let lo = 0;
        let hi = this.widths.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (this.lefts[mid] <= x) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }
}
