// The keyboard on the grid: arrows, page and home/end keys move the focused cell (with Shift they
// extend the selection), Ctrl+A selects all, Ctrl+C copies, Enter shows the value, Shift+Enter the
// row as a record, Alt+Shift+Left/Right move the focused column, Escape clears.
import type { Selection } from "../selection";
import type { GridEvents } from "./types";

/** What the keyboard input needs of the grid. */
export interface KeyboardHost {
    readonly element: HTMLElement;
    readonly selection: Selection;
    readonly events: GridEvents;
    rowCount(): number;
    columnCount(): number;
    /** Rows a page key moves by. */
    pageRows(): number;
    /** The selection changed: repaint it, first scrolling its focus into view if `reveal`. */
    selectionChanged(reveal: boolean): void;
}

/** Where a movement key takes the focused cell, in a grid of `rows` x `cols`. */
interface Moves {
    row: number;
    col: number;
    rows: number;
    cols: number;
    page: number;
    ctrl: boolean;
}

/** The cell `key` moves the focus to, or null if it is no movement key (not clamped). */
function moveTarget(key: string, m: Moves): [number, number] | null {
    const { row: r, col: c, ctrl } = m;
    switch (key) {
        case "ArrowUp":
            return [ctrl ? 0 : r - 1, c];
        case "ArrowDown":
            return [ctrl ? m.rows - 1 : r + 1, c];
        case "ArrowLeft":
            return [r, ctrl ? 0 : c - 1];
        case "ArrowRight":
            return [r, ctrl ? m.cols - 1 : c + 1];
        case "PageUp":
            return [r - m.page, c];
        case "PageDown":
            return [r + m.page, c];
        case "Home":
            return [ctrl ? 0 : r, 0];
        case "End":
            return [ctrl ? m.rows - 1 : r, m.cols - 1];
        default:
            return null;
    }
}

export class KeyboardInput {
    constructor(private readonly grid: KeyboardHost) {
        grid.element.addEventListener("keydown", (e) => this.onKeyDown(e));
    }

    private onKeyDown(e: KeyboardEvent): void {
        const rows = this.grid.rowCount();
        const cols = this.grid.columnCount();
        if (rows === 0 || cols === 0) return;
        const ctrl = e.ctrlKey || e.metaKey;
        if (this.command(e, ctrl)) return;
        const s = this.grid.selection;
        const row = s.active ? s.focusRow : 0;
        const col = s.active ? s.focusCol : 0;
        const page = this.grid.pageRows();
        const target = moveTarget(e.key, { row, col, rows, cols, page, ctrl });
        if (!target) return;
        e.preventDefault();
        const extend = e.shiftKey && s.active;
        s.set(target[0], target[1], extend ? s.mode : "cells", extend);
        this.grid.selectionChanged(true);
    }

    /** Handles the keys that are not movements; true if `e` was one. */
    private command(e: KeyboardEvent, ctrl: boolean): boolean {
        const { selection, events } = this.grid;
        const key = e.key;
        if (ctrl && (key === "a" || key === "A")) {
            e.preventDefault();
            selection.all();
            this.grid.selectionChanged(false);
        } else if (ctrl && (key === "c" || key === "C")) {
            e.preventDefault();
            events.copy(e.shiftKey);
        } else if (e.altKey && e.shiftKey && (key === "ArrowLeft" || key === "ArrowRight")) {
            e.preventDefault();
            const col = selection.focusCol;
            if (selection.active) events.moveColumn?.(col, col + (key === "ArrowLeft" ? -1 : 1));
        } else if (key === "Enter" && e.shiftKey && selection.active && events.openRecord) {
            e.preventDefault();
            events.openRecord(selection.focusRow);
        } else if (key === "Enter" && selection.active) {
            e.preventDefault();
            events.openDetail(selection.focusRow, selection.focusCol);
        } else if (key === "Escape") {
            selection.active = false;
            this.grid.selectionChanged(false);
        } else return false;
        return true;
    }
}
