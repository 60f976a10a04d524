// Columns of a result turned into the arrays a chart draws: one x array and one array per
// series, with each point's exact text kept beside it for the tooltip.
import * as l10n from "@vscode/l10n";
import { withoutControls } from "../../../shared/plainText";
import type { RowReader } from "../view";
import type { ChartSpec } from "./pick";
import { exactText, toNumber, toTime } from "./values";

/** How the x values are to be read. */
export type XKind = "time" | "category" | "number" | "index";

/**
 * A series' numbers: a typed array when every one is a finite number read straight from the bytes
 * (the common case, and the cheap one for a large result), else an array with null where a
 * value is missing.
 */
export type SeriesValues = Float64Array | (number | null)[];

export interface Series {
    label: string;
    values: SeriesValues;
    /**
     * Point `k`'s value as the service sent it (every digit; read with exactText when shown), or
     * our own sum for aggregated points. Read on hover: a point's double is enough to draw it.
     */
    exact(k: number): unknown;
}

/** A column read for a chart: each row's number (null: none), and the bulk read it came from. */
interface PointColumn {
    at: (i: number) => number | null;
    /** Read from the bytes in one pass (NaN: read on its own with `cell`); absent if not. */
    bulk?: Float64Array;
}

/**
 * Column `c` of the rows as numbers to draw (null: none), or as times: read from the bytes in
 * one pass where the reader can (a chart of 50,000 points spent half its time reading a value
 * at a time), each value the reader could not read that way read with `cell`.
 */
function columnOf(rows: RowReader, c: number, asTime: boolean): PointColumn {
    const bulk = asTime ? rows.times?.(c) : rows.doubles?.(c);
    const slow = (i: number) => (asTime ? toTime(rows.cell(i, c)) : toNumber(rows.cell(i, c)));
    if (!bulk) return { at: slow };
    const at = (i: number) => {
        const v = bulk[i];
        if (v !== v) return slow(i); // NaN: not read from the bytes
        return Number.isFinite(v) ? v : null;
    };
    return { at, bulk };
}

export interface ChartData {
    xKind: XKind;
    /**
     * Milliseconds for time, positions 0..n-1 for categories and indices, else the numbers;
     * ascending.
     */
    xs: number[] | Float64Array;
    /** Category labels (xKind "category"). */
    categories: string[];
    series: Series[];
    /** Rows that could not be placed (no x), shown in the status. */
    skipped: number;
}

/** Most bars shown; the rest are summed into "Other", as PostHog's breakdowns do. */
export const topBars = 20;
/** Most lines of a split; the rest are summed into "Other". */
export const topSplits = 10;

/**
 * The rows of the view, read a value at a time (from the response's bytes on the page). Labels
 * (column names, the values of a split or category column) without bidi and zero-width controls,
 * which would reorder or hide what the legend, axis and tooltip show.
 */
export function chartData(
    spec: ChartSpec,
    columns: string[],
    rows: RowReader,
    xIsTime: boolean,
): ChartData {
    const data = readChartData(spec, columns, rows, xIsTime);
    data.categories = data.categories.map(withoutControls);
    for (const s of data.series) s.label = withoutControls(s.label);
    return data;
}

function readChartData(
    spec: ChartSpec,
    columns: string[],
    rows: RowReader,
    xIsTime: boolean,
): ChartData {
    if (spec.split >= 0 && spec.x >= 0) return splitData(spec, rows, xIsTime);
    // The x column read once: a bar chart's check for text below and the points both use it.
    const x: PointColumn =
        spec.x < 0
            ? { at: (i) => i, bulk: Float64Array.from({ length: rows.count }, (_, i) => i) }
            : columnOf(rows, spec.x, xIsTime);
    if ((spec.type === "bar" || spec.type === "stackedBar") && spec.x >= 0 && !xIsTime) {
        for (let i = 0; i < rows.count; i++)
            if (x.at(i) === null) return categoryData(spec, columns, rows);
    }
    return pointData(spec, columns, rows, xIsTime, x);
}

/** One point per row, sorted by x. */
function pointData(
    spec: ChartSpec,
    columns: string[],
    rows: RowReader,
    xIsTime: boolean,
    xRead: PointColumn,
): ChartData {
    // Each column read once, whichever way the points are made of them.
    const yReads = spec.ys.map((c) => columnOf(rows, c, false));
    const xKind = spec.x < 0 ? "index" : xIsTime ? "time" : "number";
    const typed = typedPoints(spec, columns, rows, xRead, yReads);
    if (typed) return { xKind, ...typed };
    const x = xRead.at;
    const n = rows.count;
    const keys = new Float64Array(n);
    const order: number[] = [];
    let skipped = 0;
    for (let i = 0; i < n; i++) {
        const v = x(i);
        if (v === null) {
            skipped++;
            continue;
        }
        keys[i] = v;
        order.push(i);
    }
    // uPlot needs x ascending; results are usually sorted already, so check before sorting.
    let sorted = true;
    for (let k = 1; k < order.length && sorted; k++)
        if (keys[order[k]] < keys[order[k - 1]]) sorted = false;
    if (!sorted) order.sort((a, b) => keys[a] - keys[b]);
    const xs = order.map((i) => keys[i]);
    const series = spec.ys.map((c, s) => {
        const y = yReads[s].at;
        const values = new Array<number | null>(order.length);
        for (let k = 0; k < order.length; k++) values[k] = y(order[k]);
        return { label: columns[c], values, exact: (k: number) => rows.cell(order[k], c) };
    });
    return { xKind, xs, categories: [], series, skipped };
}

/**
 * {@link pointData} without an array of boxed numbers: every x and y was read from the bytes as
 * a finite number and the x ascend, so the columns as read are the points (uPlot draws typed
 * arrays); null otherwise.
 */
function typedPoints(
    spec: ChartSpec,
    columns: string[],
    rows: RowReader,
    x: PointColumn,
    ys: PointColumn[],
): Omit<ChartData, "xKind"> | null {
    const xs = x.bulk;
    if (!xs || !allFinite(xs, true)) return null;
    const series: Series[] = [];
    for (const [s, c] of spec.ys.entries()) {
        const values = ys[s].bulk;
        if (!values || !allFinite(values, false)) return null;
        series.push({ label: columns[c], values, exact: (k: number) => rows.cell(k, c) });
    }
    return { xs, categories: [], series, skipped: 0 };
}

/** Every value finite (NaN: read on its own; infinities are drawn as missing), ascending if asked. */
function allFinite(values: Float64Array, ascending: boolean): boolean {
    let last = -Infinity;
    for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (v - v !== 0 || (ascending && v < last)) return false;
        last = v;
    }
    return true;
}

/** Bars per text value: sorted by the first series, the top ones shown, the rest as "Other". */
function categoryData(spec: ChartSpec, columns: string[], rows: RowReader): ChartData {
    const byName = new Map<string, { sums: number[]; raw: unknown[]; count: number }>();
    for (let i = 0; i < rows.count; i++) {
        const name = exactText(rows.cell(i, spec.x)) || l10n.t("(none)");
        const values = spec.ys.map((c) => rows.cell(i, c));
        let entry = byName.get(name);
        if (!entry) {
            entry = { sums: spec.ys.map(() => 0), raw: values, count: 0 };
            byName.set(name, entry);
        }
        entry.count++;
        values.forEach((v, k) => (entry.sums[k] += toNumber(v) ?? 0));
    }
    const entries = [...byName.entries()].sort((a, b) => b[1].sums[0] - a[1].sums[0]);
    const shown = entries.slice(0, entries.length > topBars ? topBars - 1 : topBars);
    const rest = entries.slice(shown.length);
    const categories = shown.map(([name]) => name);
    const series: Series[] = spec.ys.map((c, k) => {
        // A category seen once keeps the service's exact text; a sum is our own number.
        const values = shown.map(([, e]) => e.sums[k]);
        const raw: unknown[] = shown.map(([, e]) => (e.count === 1 ? e.raw[k] : e.sums[k]));
        if (rest.length > 0) {
            const sum = rest.reduce((acc, [, e]) => acc + e.sums[k], 0);
            values.push(sum);
            raw.push(sum);
        }
        return { label: columns[c], values, exact: (i: number) => raw[i] };
    });
    if (rest.length > 0) categories.push(l10n.t("Other ({0})", rest.length));
    return { xKind: "category", xs: categories.map((_, i) => i), categories, series, skipped: 0 };
}

/** One series per value of the split column (a breakdown), the largest first. */
function splitData(spec: ChartSpec, rows: RowReader, xIsTime: boolean): ChartData {
    const xOf = columnOf(rows, spec.x, xIsTime).at;
    const y = spec.ys[0];
    const xSet = new Set<number>();
    const groups = new Map<string, { total: number; points: Map<number, [number, unknown]> }>();
    let skipped = 0;
    for (let i = 0; i < rows.count; i++) {
        const x = xOf(i);
        if (x === null) {
            skipped++;
            continue;
        }
        xSet.add(x);
        const name = exactText(rows.cell(i, spec.split)) || l10n.t("(none)");
        let g = groups.get(name);
        if (!g) groups.set(name, (g = { total: 0, points: new Map() }));
        const raw = rows.cell(i, y);
        const v = toNumber(raw) ?? 0;
        g.total += v;
        const prev = g.points.get(x);
        g.points.set(x, prev ? [prev[0] + v, prev[0] + v] : [v, raw]);
    }
    const xs = [...xSet].sort((a, b) => a - b);
    const ordered = [...groups.entries()].sort((a, b) => b[1].total - a[1].total);
    const shown = ordered.slice(0, ordered.length > topSplits ? topSplits - 1 : topSplits);
    const rest = ordered.slice(shown.length);
    const series: Series[] = shown.map(([name, g]) => {
        const raw = xs.map((x) => g.points.get(x)?.[1] ?? null);
        return {
            label: name,
            values: xs.map((x) => g.points.get(x)?.[0] ?? null),
            exact: (k: number) => raw[k],
        };
    });
    if (rest.length > 0) {
        const values = xs.map((x) =>
            rest.reduce((acc, [, g]) => acc + (g.points.get(x)?.[0] ?? 0), 0),
        );
        series.push({
            label: l10n.t("Other ({0})", rest.length),
            values,
            exact: (k: number) => values[k],
        });
    }
    return { xKind: xIsTime ? "time" : "number", xs, categories: [], series, skipped };
}
