// The column headers in view: each column's name, type and sort button, placed over its column,
// and marked when the selection covers it. Repainted only when the columns in view, the sort or
// the grid's version changed.
import * as l10n from "@vscode/l10n";
import { withoutControls } from "../../../shared/plainText";
import type { Range } from "../selection";
import type { ColumnLayout } from "./columnLayout";
import { div } from "./dom";
import { type GridData, type PaintedColumns, paintedColumn, paintedCount } from "./types";

function newHeaderCell(): HTMLDivElement {
    const cell = div("hcell", "columnheader");
    const name = div("hname");
    const type = div("htype");
    const sort = document.createElement("button");
    sort.className = "hsort";
    sort.tabIndex = -1;
    const edge = div("hedge");
    // The handle a column is dragged by to move it (a press elsewhere selects columns).
    const grip = div("hgrip");
    grip.setAttribute("aria-hidden", "true");
    grip.textContent = "⋮⋮";
    grip.title = l10n.t("Drag to move the column (Alt+Shift+Left/Right)");
    cell.append(name, type, sort, edge, grip);
    return cell;
}

export class HeaderPainter {
    private readonly cells: HTMLDivElement[] = [];
    /** What the header was last painted for; `dirty` forces a repaint. */
    private readonly key = { c0: -1, c1: -1, version: -1 };
    private dirty = true;
    private sortColumn = -1;
    private sortDir: "asc" | "desc" = "asc";

    constructor(
        private readonly headerRow: HTMLElement,
        private readonly columns: ColumnLayout,
    ) {}

    /** The next `paint` repaints whatever it is asked for. */
    invalidate(): void {
        this.dirty = true;
    }

    /** Shows the sort arrow on a column (-1 for none), at the next `paint`. */
    setSort(col: number, dir: "asc" | "desc"): void {
        this.sortColumn = col;
        this.sortDir = dir;
        this.dirty = true;
    }

    /** Paints the headers of the columns `cols` paints, marking those `range` covers. */
    paint(data: GridData, cols: PaintedColumns, version: number, range: Range | null): void {
        const key = this.key;
        const { c0, c1 } = cols;
        if (!this.dirty && key.c0 === c0 && key.c1 === c1 && key.version === version) return;
        this.dirty = false;
        key.c0 = c0;
        key.c1 = c1;
        key.version = version;
        const count = paintedCount(cols);
        while (this.cells.length < count) {
            const cell = newHeaderCell();
            this.headerRow.append(cell);
            this.cells.push(cell);
        }
        while (this.cells.length > count) this.cells.pop()?.remove();
        this.cells.forEach((cell, k) => {
            const c = paintedColumn(cols, k);
            this.paintCell(cell, data, c);
            cell.classList.toggle("frozen", k < cols.frozen);
            cell.classList.toggle("sel", !!range && c >= range.c0 && c <= range.c1);
        });
    }

    private paintCell(cell: HTMLDivElement, data: GridData, c: number): void {
        const [name, type, sort] = cell.children as unknown as HTMLElement[];
        cell.style.left = `${this.columns.rowNumWidth + this.columns.lefts[c]}px`;
        cell.style.width = `${this.columns.widths[c]}px`;
        cell.setAttribute("aria-colindex", String(c + 2));
        // The server's names as text without the controls that would reorder or hide them.
        const column = withoutControls(data.columns[c]);
        const typeName = withoutControls(data.types[c] ?? "");
        name.textContent = column;
        type.textContent = typeName;
        cell.title = `${column}: ${typeName}`;
        cell.classList.toggle("num", data.kinds[c] === "number");
        const sorted = c === this.sortColumn;
        const asc = this.sortDir === "asc";
        cell.setAttribute("aria-sort", sorted ? (asc ? "ascending" : "descending") : "none");
        sort.textContent = sorted ? (asc ? "▲" : "▼") : "⇅";
        sort.classList.toggle("on", sorted);
        sort.title = sorted
            ? asc
                ? l10n.t("Sorted ascending; click for descending")
                : l10n.t("Sorted descending; click to clear the sort")
            : l10n.t("Sort ascending");
        sort.setAttribute("aria-label", l10n.t("Sort by {0}", column));
    }
}
