// The mouse on the grid: what is under the pointer, clicks and drags that select cells, rows or
// columns, dragging a header edge to resize its column, double clicks and the context menu.
import type { Selection, SelectionMode } from "../selection";
import type { ColumnLayout } from "./columnLayout";
import { type GridEvents, headerHeight, rowHeight } from "./types";

/** What the pointer input needs of the grid. */
export interface PointerHost {
    readonly element: HTMLDivElement;
    readonly selection: Selection;
    readonly columns: ColumnLayout;
    readonly events: GridEvents;
    rowCount(): number;
    /** The first column in view. */
    firstColumnInView(): number;
    focus(): void;
    /** The selection changed: repaint it, first scrolling its focus into view if `reveal`. */
    selectionChanged(reveal: boolean): void;
    /** A column's width changed: lay out and repaint. */
    columnsResized(): void;
    autoFit(col: number): void;
    /** The input scrolled the grid: read its scroll offsets again. */
    scrolled(): void;
}

interface Hit {
    area: "corner" | "header" | "rownum" | "cell" | "outside";
    row: number;
    col: number;
    /** Column whose right edge is under the pointer (header only), else -1. */
    edge: number;
}

/** How far from a column's edge, in pixels, a header press resizes instead of selecting. */
const edgeSlop = 4;

export class PointerInput {
    private dragging: SelectionMode | null = null;

    constructor(private readonly grid: PointerHost) {
        const el = grid.element;
        el.addEventListener("mousedown", (e) => this.onMouseDown(e));
        el.addEventListener("dblclick", (e) => this.onDoubleClick(e));
        el.addEventListener("contextmenu", (e) => this.onContextMenu(e));
    }

    private hit(clientX: number, clientY: number): Hit {
        const { element, columns } = this.grid;
        const rect = element.getBoundingClientRect();
        const x = clientX - rect.left;
        const y = clientY - rect.top;
        const n = columns.widths.length;
        // Over the frozen columns the content does not scroll across.
        const inFrozen = x - columns.rowNumWidth < columns.frozenWidth();
        const contentX = x - columns.rowNumWidth + (inFrozen ? 0 : element.scrollLeft);
        const col = n === 0 ? -1 : Math.min(n - 1, columns.columnAt(Math.max(0, contentX)));
        const row = Math.floor((y - headerHeight + element.scrollTop) / rowHeight);
        const count = this.grid.rowCount();
        if (x < 0 || y < 0 || x > rect.width || y > rect.height) {
            return { area: "outside", row: Math.max(0, Math.min(count - 1, row)), col, edge: -1 };
        }
        if (y < headerHeight) {
            if (x < columns.rowNumWidth) return { area: "corner", row: -1, col: -1, edge: -1 };
            return { area: "header", row: -1, col, edge: this.edgeAt(col, contentX) };
        }
        if (row >= count || (contentX > columns.lefts[n] && x >= columns.rowNumWidth)) {
            return { area: "outside", row: Math.min(count - 1, row), col, edge: -1 };
        }
        if (x < columns.rowNumWidth) return { area: "rownum", row, col: 0, edge: -1 };
        return { area: "cell", row, col, edge: -1 };
    }

    /** The column whose right edge is near a content x offset in column `col`, else -1. */
    private edgeAt(col: number, contentX: number): number {
        if (col < 0) return -1;
        const { lefts } = this.grid.columns;
        if (Math.abs(contentX - lefts[col + 1]) <= edgeSlop) return col;
        if (col > 0 && Math.abs(contentX - lefts[col]) <= edgeSlop) return col - 1;
        return -1;
    }

    private onMouseDown(e: MouseEvent): void {
        if (e.button !== 0 && e.button !== 2) return;
        const target = e.target as HTMLElement;
        // Clicks on the scrollbars land on the grid element itself, outside any cell.
        if (target === this.grid.element) return;
        const h = this.hit(e.clientX, e.clientY);
        if (e.button === 2) this.onRightPress(h);
        else if (h.area === "header" && h.edge >= 0) {
            e.preventDefault();
            this.startResize(h.edge, e.clientX);
        } else if (h.area === "header" && target.classList.contains("hgrip")) {
            e.preventDefault();
            this.startMove(h.col);
        } else if (h.area === "header" && target.classList.contains("hsort")) {
            e.preventDefault();
            this.grid.events.sortClicked(h.col);
        } else if (h.area === "corner") {
            this.grid.selection.all();
            this.grid.selectionChanged(true);
        } else this.startSelecting(e, h);
    }

    /** Right click keeps a selection that contains the cell, like spreadsheets do. */
    private onRightPress(h: Hit): void {
        const range = this.grid.selection.range();
        const inside =
            range &&
            h.row >= range.r0 &&
            h.row <= range.r1 &&
            h.col >= range.c0 &&
            h.col <= range.c1;
        if (h.area === "cell" && !inside) this.select(h.row, h.col, "cells", false);
    }

    /** A press on a cell, row number or header: selects from there and follows the drag. */
    private startSelecting(e: MouseEvent, h: Hit): void {
        const { selection, element } = this.grid;
        let mode: SelectionMode;
        let row = h.row;
        let col = h.col;
        if (h.area === "header") {
            mode = "columns";
            row =
                selection.active && e.shiftKey ? selection.focusRow : element.scrollTop / rowHeight;
        } else if (h.area === "rownum") {
            mode = "rows";
            col =
                e.shiftKey && selection.active ? selection.focusCol : this.grid.firstColumnInView();
        } else if (h.area === "cell") mode = "cells";
        else return;
        e.preventDefault();
        this.grid.focus();
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

    private select(row: number, col: number, mode: SelectionMode, extend: boolean): void {
        this.grid.selection.set(row, col, mode, extend);
        this.grid.selectionChanged(false);
    }

    private onDrag(e: MouseEvent): void {
        const dragging = this.dragging;
        if (!dragging) return;
        const { element, selection, columns } = this.grid;
        const h = this.hit(e.clientX, e.clientY);
        const rect = element.getBoundingClientRect();
        // Dragging past an edge scrolls, so a selection can grow beyond the screen.
        if (e.clientY > rect.bottom) element.scrollTop += rowHeight * 2;
        else if (e.clientY < rect.top + headerHeight && dragging !== "columns")
            element.scrollTop -= rowHeight * 2;
        if (e.clientX > rect.right) element.scrollLeft += 40;
        else if (e.clientX < rect.left + columns.rowNumWidth && dragging !== "rows")
            element.scrollLeft -= 40;
        this.grid.scrolled();
        const row = dragging === "columns" ? selection.focusRow : h.row;
        const col = dragging === "rows" ? selection.focusCol : h.col;
        if (row < 0 || col < 0) return;
        if (row === selection.focusRow && col === selection.focusCol) return;
        selection.set(row, col, dragging, true);
        this.grid.selectionChanged(false);
    }

    private startResize(col: number, startX: number): void {
        const { element, columns } = this.grid;
        const startWidth = columns.widths[col];
        element.classList.add("resizing");
        const move = (ev: MouseEvent) => {
            columns.resize(col, startWidth + ev.clientX - startX);
            this.grid.columnsResized();
        };
        const up = () => {
            element.classList.remove("resizing");
            window.removeEventListener("mousemove", move);
            window.removeEventListener("mouseup", up);
        };
        window.addEventListener("mousemove", move);
        window.addEventListener("mouseup", up);
    }

    /** A press on a header's grip: the column follows the pointer and lands where released. */
    private startMove(col: number): void {
        const { element } = this.grid;
        element.classList.add("moving");
        const up = (ev: MouseEvent) => {
            element.classList.remove("moving");
            window.removeEventListener("mouseup", up);
            const to = this.hit(ev.clientX, ev.clientY).col;
            if (to >= 0 && to !== col) this.grid.events.moveColumn?.(col, to);
        };
        window.addEventListener("mouseup", up);
    }

    private onDoubleClick(e: MouseEvent): void {
        const h = this.hit(e.clientX, e.clientY);
        if (h.area === "header" && h.edge >= 0) this.grid.autoFit(h.edge);
        else if (h.area === "cell") this.grid.events.openDetail(h.row, h.col);
    }

    private onContextMenu(e: MouseEvent): void {
        e.preventDefault();
        const { events } = this.grid;
        const h = this.hit(e.clientX, e.clientY);
        // From the keyboard (the menu key, Shift+F10) the event carries no right button: the
        // cell menu, for the focused cell, wherever the browser placed the event.
        const header = h.area === "header" && e.button === 2;
        if (header && events.headerMenu) events.headerMenu(h.col, e.clientX, e.clientY);
        else events.contextMenu(e.clientX, e.clientY);
    }
}
