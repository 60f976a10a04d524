// The rows: a fixed pool of slots (row r always uses slot r % poolSize), so scrolling by a row
// rewrites one slot instead of all of them. A cell is rewritten only where it changed, every value
// with textContent, and the cell's tooltip only when the pointer comes over it.
import { sparklineOf, sparklineSvg } from "../chart/sparkline";
import { type CellView, type ColumnKind, writeCellView } from "../format";
import type { Range, Selection } from "../selection";
import type { ColumnLayout } from "./columnLayout";
import { div } from "./dom";
import {
    type GridData,
    type PaintedColumns,
    paintedColumn,
    paintedCount,
    rowHeight,
} from "./types";

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

/**
 * Cell flags: the row is still being parsed, the cell is selected, it is the focused cell, its
 * column is frozen.
 */
const pending = 1;
const selectedFlag = 2;
const focusedFlag = 4;
const frozenFlag = 8;

// Cell class names by the value's class and the pending/selected/focused flags: the strings are
// built once instead of for every cell painted.
const cellClasses = new Map<string, string[]>();

function cellClass(viewCls: string, flags: number): string {
    let byFlags = cellClasses.get(viewCls);
    if (!byFlags) {
        byFlags = [];
        for (let f = 0; f < 16; f++) {
            let cls = "cell";
            if (f & pending) cls += " pending";
            else if (viewCls) cls += " " + viewCls;
            if (f & selectedFlag) cls += " sel";
            if (f & focusedFlag) cls += " focus";
            if (f & frozenFlag) cls += " frozen";
            byFlags.push(cls);
        }
        cellClasses.set(viewCls, byFlags);
    }
    return byFlags[flags];
}

function newCell(): CellState {
    const el = div("cell", "gridcell");
    el.setAttribute("aria-selected", "false");
    const txt = document.createTextNode("");
    el.append(txt);
    return {
        el,
        txt,
        col: -1,
        text: "",
        cls: "\0",
        selected: false,
        title: "",
        left: -1,
        width: -1,
    };
}

/** The elements the rows live in. */
export interface RowHost {
    /** The grid: it carries aria-activedescendant. */
    element: HTMLElement;
    /** Holds the row slots (and the gutter). */
    body: HTMLElement;
    /** Holds the row numbers. */
    gutter: HTMLElement;
}

export class RowPainter {
    private slots: Slot[] = [];
    /** Scratch: the values of the row being painted, columns painted only. */
    private readonly values: unknown[] = [];
    /** Scratch: the scrolled columns' values, before they join the frozen ones in `values`. */
    private readonly scrolled: unknown[] = [];
    /** Scratch cell view, filled for each cell painted. */
    private readonly view: CellView = { text: "", cls: "", title: "" };
    private activeCell: HTMLElement | null = null;
    /** Each cell element's state, for the tooltip written on hover. */
    private readonly cellStates = new WeakMap<Element, CellState>();
    /** The cell under the pointer: repainting it rewrites its tooltip at once. */
    private hovered: Element | null = null;

    constructor(
        private readonly host: RowHost,
        private readonly columns: ColumnLayout,
        private readonly selection: Selection,
    ) {}

    /** How many rows the pool holds. */
    get poolSize(): number {
        return this.slots.length;
    }

    /** A new pool of `size` hidden slots. */
    buildPool(size: number): void {
        const { body, gutter } = this.host;
        body.replaceChildren(gutter);
        gutter.replaceChildren();
        this.slots = [];
        for (let i = 0; i < size; i++) {
            const el = div("row", "row");
            el.hidden = true;
            const num = div("rownum");
            num.hidden = true;
            const numText = document.createTextNode("");
            num.append(numText);
            gutter.append(num);
            body.append(el);
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

    /**
     * Paints rows `first` to `last`, the columns `cols` paints, and hides the other slots. A slot
     * already showing its row at this `version` is left alone unless its row was missing.
     */
    paint(
        data: GridData,
        first: number,
        last: number,
        cols: PaintedColumns,
        version: number,
    ): void {
        const range = this.selection.range();
        const poolSize = this.slots.length;
        for (let r = first; r <= last; r++)
            this.paintSlot(this.slots[r % poolSize], data, r, cols, range, version);
        // Slots left over when there are fewer rows than slots.
        for (const slot of this.slots)
            if (slot.row !== -1 && (slot.row < first || slot.row > last)) this.hideSlot(slot);
        this.updateActiveDescendant();
    }

    private hideSlot(slot: Slot): void {
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

    private paintSlot(
        slot: Slot,
        data: GridData,
        r: number,
        cols: PaintedColumns,
        range: Range | null,
        version: number,
    ): void {
        if (slot.row === r && slot.version === version && !slot.missing) return;
        if (slot.row !== r) this.placeSlot(slot, r);
        slot.version = version;
        const rowSel = range !== null && r >= range.r0 && r <= range.r1;
        if (slot.sel !== rowSel) {
            slot.sel = rowSel;
            slot.el.classList.toggle("sel", rowSel);
            slot.num.classList.toggle("sel", rowSel);
        }
        const have = this.readValues(data, r, cols);
        slot.missing = !have;
        const count = paintedCount(cols);
        this.fitCells(slot, count);
        const selection = this.selection;
        const focusCol = selection.active && r === selection.focusRow ? selection.focusCol : -1;
        // The selected columns of this row (none when the row is not selected).
        const s0 = rowSel ? range.c0 : 1;
        const s1 = rowSel ? range.c1 : 0;
        const kinds = data.kinds;
        const values = this.values;
        const cells = slot.cells;
        for (let k = 0; k < count; k++) {
            const c = paintedColumn(cols, k);
            let flags = 0;
            if (c >= s0 && c <= s1) flags |= selectedFlag;
            if (c === focusCol) flags |= focusedFlag;
            if (k < cols.frozen) flags |= frozenFlag;
            this.paintCell(cells[k], c, have, values[k], kinds[c], flags);
        }
    }

    /** Moves a slot to row `r`: its position, index and number. */
    private placeSlot(slot: Slot, r: number): void {
        if (slot.row === -1) {
            slot.el.hidden = false;
            slot.num.hidden = false;
        }
        slot.row = r;
        const y = `translateY(${r * rowHeight}px)`;
        slot.el.style.transform = y;
        slot.num.style.transform = y;
        slot.el.setAttribute("aria-rowindex", String(r + 2));
        slot.num.dataset.rowindex = String(r + 2);
        slot.numText.data = String(r + 1);
    }

    /** Reads row `r`'s values in the painted columns into `values`; false while it is parsed. */
    private readValues(data: GridData, r: number, cols: PaintedColumns): boolean {
        const { frozen, c0, c1 } = cols;
        const values = this.values;
        if (frozen === 0) return this.readRange(data, r, c0, c1, values);
        if (!this.readRange(data, r, 0, frozen - 1, values)) return false;
        const scrolled = this.scrolled;
        if (!this.readRange(data, r, c0, c1, scrolled)) return false;
        for (let c = c0; c <= c1; c++) values[frozen + c - c0] = scrolled[c - c0];
        return true;
    }

    /** Reads row `r`'s values in columns `c0` to `c1` into `out`; false while it is parsed. */
    private readRange(data: GridData, r: number, c0: number, c1: number, out: unknown[]): boolean {
        if (c1 < c0) return true;
        if (data.rowCells) return data.rowCells(r, c0, c1, out);
        const row = data.row(r);
        if (!row) return false;
        for (let c = c0; c <= c1; c++) out[c - c0] = row[c];
        return true;
    }

    /** Gives a slot exactly `count` cell elements. */
    private fitCells(slot: Slot, count: number): void {
        const cells = slot.cells;
        while (cells.length < count) {
            const cell = newCell();
            slot.el.append(cell.el);
            this.cellStates.set(cell.el, cell);
            cells.push(cell);
        }
        while (cells.length > count) cells.pop()?.el.remove();
    }

    private paintCell(
        cell: CellState,
        c: number,
        have: boolean,
        value: unknown,
        kind: ColumnKind,
        cellFlags: number,
    ): void {
        const el = cell.el;
        if (cell.col !== c) {
            cell.col = c;
            el.setAttribute("aria-colindex", String(c + 2));
        }
        const left = this.columns.rowNumWidth + this.columns.lefts[c];
        if (cell.left !== left) {
            cell.left = left;
            el.style.left = `${left}px`;
        }
        const width = this.columns.widths[c];
        if (cell.width !== width) {
            cell.width = width;
            el.style.width = `${width}px`;
        }
        const view = this.view;
        const selected = (cellFlags & selectedFlag) !== 0;
        let flags = cellFlags;
        if (have) writeCellView(value, kind, view);
        else {
            view.text = "";
            view.cls = "";
            view.title = "";
            flags |= pending;
        }
        if (cell.text !== view.text) this.writeText(cell, value);
        const cls = cellClass(view.cls, flags);
        if (cell.cls !== cls) {
            cell.cls = cls;
            el.className = cls;
        }
        if (cell.selected !== selected) {
            cell.selected = selected;
            el.setAttribute("aria-selected", selected ? "true" : "false");
        }
        cell.title = view.title;
        if (el === this.hovered) this.writeTitle(el, cell);
    }

    /** Writes the scratch view's text into a cell, or the sparkline its value draws. */
    private writeText(cell: CellState, value: unknown): void {
        const { text, cls } = this.view;
        const el = cell.el;
        cell.text = text;
        // HogQL's sparkline(...) draws as a small line (see chart/sparkline.ts).
        const spark = cls === "json" ? sparklineOf(value) : null;
        if (spark) el.replaceChildren(sparklineSvg(spark));
        else {
            cell.txt.data = text;
            // The cell's reused text node, back in place after a sparkline.
            if (cell.txt.parentNode !== el) el.replaceChildren(cell.txt);
        }
    }

    /** Points aria-activedescendant at the focused cell while it is painted. */
    private updateActiveDescendant(): void {
        let target: HTMLElement | null = null;
        const selection = this.selection;
        if (selection.active) {
            const r = selection.focusRow;
            const slot = this.slots[r % Math.max(1, this.slots.length)];
            if (slot && slot.row === r)
                target = slot.cells.find((c) => c.col === selection.focusCol)?.el ?? null;
        }
        if (target === this.activeCell) return;
        this.activeCell?.removeAttribute("id");
        this.activeCell = target;
        const grid = this.host.element;
        if (target) {
            target.id = "grid-active-cell";
            grid.setAttribute("aria-activedescendant", "grid-active-cell");
        } else grid.removeAttribute("aria-activedescendant");
    }

    /** Writes a cell's tooltip when the pointer comes over it (see CellState.title). */
    showTitle(e: MouseEvent): void {
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
}
