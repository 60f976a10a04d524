// The user's control over a result's columns: hide and show, move, freeze the first N, reset. It
// keeps the current result's layout (src/shared/columnLayout.ts), gives the grid the columns it
// shows (columnView.ts), maps the grid's columns back to the result's for sort, copy and export,
// and tells the page when the layout changed (to remember it with the view and per query).
import * as l10n from "@vscode/l10n";
import {
    type ColumnLayout,
    defaultLayout,
    isDefaultLayout,
    layoutFor,
} from "../../shared/columnLayout";
import { withoutControls } from "../../shared/plainText";
import { ColumnView } from "./columnView";
import type { Grid } from "./grid/grid";
import type { GridData } from "./grid/types";
import type { ResultModel } from "./resultModel";

/** A column's width before it was ever measured (shown again after a layout hid it). */
const unmeasuredWidth = 120;

/** What the column control needs of the page. */
export interface ColumnHost {
    readonly grid: Grid;
    /** Says a change for screen readers. */
    announce(text: string): void;
    /** The layout of `model` changed (not called for `show`). */
    changed(model: ResultModel, layout: ColumnLayout): void;
}

export class ColumnControl {
    private model: ResultModel | null = null;
    private layout: ColumnLayout = defaultLayout([]);
    /** Width of each of the result's columns, by its index (0: not measured yet). */
    private widths: number[] = [];

    constructor(private readonly host: ColumnHost) {}

    /** The current layout (a copy). */
    current(): ColumnLayout {
        const { names, shown, frozen } = this.layout;
        return { names: names.slice(), shown: shown.slice(), frozen };
    }

    /**
     * Shows `model` in the grid with `layout` (when it fits the result's columns) and `widths`
     * (by the result's column index, as view state keeps them).
     */
    show(model: ResultModel, layout: ColumnLayout | null | undefined, widths?: number[]): void {
        this.model = model;
        this.layout = layoutFor(layout, model.columns) ?? defaultLayout(model.columns);
        const n = model.columns.length;
        this.widths = widths && widths.length === n ? widths.slice() : new Array<number>(n).fill(0);
        const known = this.layout.shown.every((c) => this.widths[c] > 0);
        const viewWidths = known ? this.layout.shown.map((c) => this.widths[c]) : undefined;
        this.host.grid.setData(this.gridData(), viewWidths, this.layout.frozen);
    }

    /** The result's column shown as grid column `viewCol` (-1 if none). */
    toData(viewCol: number): number {
        return this.layout.shown[viewCol] ?? -1;
    }

    /** The grid column that shows the result's column `dataCol` (-1: hidden or none). */
    toView(dataCol: number): number {
        return dataCol < 0 ? -1 : this.layout.shown.indexOf(dataCol);
    }

    /** The result's columns grid columns `c0` to `c1` show, in the grid's order. */
    dataColumns(c0: number, c1: number): number[] {
        return this.layout.shown.slice(c0, c1 + 1);
    }

    /** The shown columns for an export, or undefined when they are all, in order. */
    exportColumns(): number[] | undefined {
        const { names, shown } = this.layout;
        const all = shown.length === names.length && shown.every((c, i) => c === i);
        return all ? undefined : shown.slice();
    }

    /** True when some column is hidden, moved or frozen. */
    get arranged(): boolean {
        return !isDefaultLayout(this.layout);
    }

    /** Column widths by the result's column index, for view state. */
    dataWidths(): number[] {
        this.captureWidths();
        return this.widths.map((w) => w || unmeasuredWidth);
    }

    /** Hides grid column `viewCol`; the last shown column stays. */
    hide(viewCol: number): void {
        const { shown, frozen } = this.layout;
        if (shown.length <= 1 || viewCol < 0 || viewCol >= shown.length) {
            this.host.announce(l10n.t("At least one column stays shown."));
            return;
        }
        const name = this.nameOf(shown[viewCol]);
        const next = shown.filter((_, k) => k !== viewCol);
        this.apply({ ...this.layout, shown: next, frozen: viewCol < frozen ? frozen - 1 : frozen });
        this.host.announce(l10n.t("Column {0} hidden.", name));
    }

    /** Shows or hides the result's column `dataCol` (the column chooser's check boxes). */
    setShown(dataCol: number, show: boolean): void {
        const view = this.toView(dataCol);
        if (!show) return view >= 0 ? this.hide(view) : undefined;
        if (view >= 0) return;
        // Back where the service's order puts it among the shown columns.
        const shown = this.layout.shown.slice();
        const at = shown.findIndex((c) => c > dataCol);
        shown.splice(at < 0 ? shown.length : at, 0, dataCol);
        this.apply({ ...this.layout, shown });
        this.host.announce(l10n.t("Column {0} shown.", this.nameOf(dataCol)));
    }

    /** Moves grid column `viewCol` to position `to` (clamped); the focus goes with it. */
    move(viewCol: number, to: number): void {
        const shown = this.layout.shown.slice();
        const target = Math.max(0, Math.min(shown.length - 1, to));
        if (viewCol < 0 || viewCol >= shown.length || target === viewCol) return;
        const [col] = shown.splice(viewCol, 1);
        shown.splice(target, 0, col);
        this.apply({ ...this.layout, shown }, target);
        this.host.announce(
            l10n.t(
                "Column {0} moved to position {1} of {2}.",
                this.nameOf(col),
                target + 1,
                shown.length,
            ),
        );
    }

    /** Freezes the columns up to grid column `viewCol`, or unfreezes them if they already are. */
    freezeUpTo(viewCol: number): void {
        const frozen = this.layout.frozen === viewCol + 1 ? 0 : viewCol + 1;
        this.apply({ ...this.layout, frozen });
        this.host.announce(
            frozen === 0
                ? l10n.t("Columns unfrozen.")
                : l10n.t("Columns up to {0} frozen.", this.nameOf(this.layout.shown[viewCol])),
        );
    }

    /** Every column shown, in the service's order, none frozen. */
    reset(): void {
        if (!this.model) return;
        this.apply(defaultLayout(this.model.columns));
        this.host.announce(l10n.t("Columns reset."));
    }

    /** The result's column `dataCol`'s name as text. */
    nameOf(dataCol: number): string {
        return withoutControls(this.model?.columns[dataCol] ?? "");
    }

    private gridData(): GridData {
        const model = this.model as ResultModel;
        return isDefaultLayout({ ...this.layout, frozen: 0 })
            ? model
            : new ColumnView(model, this.layout.shown);
    }

    private apply(layout: ColumnLayout, focusCol = -1): void {
        const model = this.model;
        if (!model) return;
        this.captureWidths();
        this.layout = layout;
        const widths = layout.shown.map((c) => this.widths[c] || unmeasuredWidth);
        const grid = this.host.grid;
        grid.changeColumns(this.gridData(), widths, layout.frozen, focusCol);
        grid.setSort(this.toView(model.query.sortColumn), model.query.sortDir);
        this.host.changed(model, this.current());
    }

    /** Keeps the grid's current widths by the result's column index. */
    private captureWidths(): void {
        if (!this.model) return;
        const widths = this.host.grid.columnWidths();
        this.layout.shown.forEach((c, k) => {
            if (widths[k] !== undefined) this.widths[c] = widths[k];
        });
    }
}
