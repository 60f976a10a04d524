// Draws a ChartData with uPlot: lines, areas, scatter and (grouped or stacked) bars, theme colours,
// locale dates on the axis, a legend that toggles series and a tooltip with exact values.
import { locale } from "../locale";
import uPlot from "uplot";
import type { ChartData, SeriesValues } from "./data";
import type { ChartType } from "./pick";
import { ChartTheme, seriesColor, withAlpha } from "./theme";

export interface PlotOptions {
    type: ChartType;
    log: boolean;
    theme: ChartTheme;
    width: number;
    height: number;
    /** Optional interval band per series: lower and upper arrays (experiments). */
    bands?: { lower: (number | null)[]; upper: (number | null)[] }[];
    /** Optional interval whiskers per bar series: lower and upper arrays (experiments). */
    whiskers?: { lower: (number | null)[]; upper: (number | null)[] }[];
    /** Y tick labels (default: compact numbers). */
    yFormat?: (v: number) => string;
    /** Fixed y range (default: from the data). */
    yRange?: [number, number];
    /** Draw the y = 0 line stronger (changes against a baseline). */
    zeroLine?: boolean;
}

/** Dates with no time part (every x at midnight UTC) read best in UTC: a day stays that day. */
function allMidnightUtc(xs: ArrayLike<number>): boolean {
    for (let i = 0; i < xs.length; i += Math.max(1, Math.floor(xs.length / 200)))
        if (xs[i] % 86_400_000 !== 0) return false;
    return true;
}

const dayMs = 86_400_000;
/** Tick spacings for a date axis: days, weeks, months, years. */
const dayIncrements = [1, 2, 3, 7, 14, 28, 56, 91, 182, 364, 728, 1820].map((d) => d * dayMs);

/** Locale formats for time ticks, chosen by the tick spacing. */
function timeTickFormatter(utc: boolean): (incr: number) => Intl.DateTimeFormat {
    const zone = utc ? { timeZone: "UTC" } : {};
    const year = new Intl.DateTimeFormat(locale, { year: "numeric", ...zone });
    const month = new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", ...zone });
    const day = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", ...zone });
    const time = new Intl.DateTimeFormat(locale, {
        hour: "2-digit",
        minute: "2-digit",
        ...zone,
    });
    const seconds = new Intl.DateTimeFormat(locale, { timeStyle: "medium", ...zone });
    return (incr) =>
        incr >= 365 * 86_400_000
            ? year
            : incr >= 28 * 86_400_000
              ? month
              : incr >= 86_400_000
                ? day
                : incr >= 60_000
                  ? time
                  : seconds;
}

/** Full date for the tooltip, in the user's locale. */
export function tooltipDate(ms: number, utc: boolean): string {
    return new Intl.DateTimeFormat(locale, {
        dateStyle: "medium",
        ...(utc ? { timeZone: "UTC" } : { timeStyle: "medium" }),
    }).format(ms);
}

const compact = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });

function tickNumber(v: number): string {
    return Math.abs(v) >= 10_000 ? compact.format(v) : plain.format(v);
}

/** Bars drawn by hand: grouped side by side, or stacked on `bases` (cumulative sums below). */
function barPaths(
    index: number,
    count: number,
    bases: SeriesValues | null,
): uPlot.Series.PathBuilder {
    return (u, sidx, i0, i1) => {
        const xs = u.data[0];
        const ys = u.data[sidx];
        const fill = new Path2D();
        let gap = Infinity;
        for (let i = Math.max(i0, 1); i <= i1 && i < xs.length; i++)
            gap = Math.min(gap, u.valToPos(xs[i], "x", true) - u.valToPos(xs[i - 1], "x", true));
        if (!Number.isFinite(gap)) gap = u.bbox.width / 2;
        const group = gap * 0.8;
        const width = bases ? group : group / count;
        const floor = u.scales.y.min ?? 0;
        for (let i = i0; i <= i1; i++) {
            const v = ys[i];
            if (v === null || v === undefined) continue;
            const base = bases ? (bases[i] ?? 0) : 0;
            const cx = u.valToPos(xs[i], "x", true);
            const left = cx - group / 2 + (bases ? 0 : index * width);
            const y0 = u.valToPos(Math.max(base, u.scales.y.distr === 3 ? floor : base), "y", true);
            const y1 = u.valToPos(v, "y", true);
            fill.rect(left, Math.min(y0, y1), Math.max(1, width - 1), Math.abs(y1 - y0));
        }
        return { stroke: fill, fill };
    };
}

/** The arrays uPlot draws: stacked types get cumulative sums; log scales drop values <= 0. */
export function plotArrays(data: ChartData, type: ChartType, log: boolean): PlotArrays {
    let series: SeriesValues[] = data.series.map((s) => s.values);
    if (type === "stackedBar") {
        const acc = new Array<number>(data.xs.length).fill(0);
        series = series.map((values) =>
            Array.from(values, (v: number | null, i) => (v === null ? null : (acc[i] += v))),
        );
    }
    if (log)
        series = series.map((values) =>
            Array.from(values, (v: number | null) => (v !== null && v > 0 ? v : null)),
        );
    return [data.xs, ...series];
}

/** What uPlot draws: the x values, then each series' values. */
export type PlotArrays = [number[] | Float64Array, ...SeriesValues[]];

/** Bar centres as barPaths places them: series `index` of `count` at each x. */
function barCentre(u: uPlot, x: number, gap: number, index: number, count: number): number {
    const group = gap * 0.8;
    const width = group / count;
    return u.valToPos(x, "x", true) - group / 2 + index * width + width / 2;
}

/** Smallest distance between neighbouring x positions, in canvas pixels. */
function xGap(u: uPlot): number {
    const xs = u.data[0];
    let gap = Infinity;
    for (let i = 1; i < xs.length; i++)
        gap = Math.min(gap, u.valToPos(xs[i], "x", true) - u.valToPos(xs[i - 1], "x", true));
    return Number.isFinite(gap) ? gap : u.bbox.width / 2;
}

/** Interval whiskers over bars: a vertical line from lower to upper with caps. */
function drawWhiskers(
    whiskers: NonNullable<PlotOptions["whiskers"]>,
    count: number,
    color: string,
): (u: uPlot) => void {
    return (u) => {
        const ctx = u.ctx;
        const gap = xGap(u);
        const cap = Math.max(3, Math.min(10, (gap * 0.8) / count / 4));
        ctx.save();
        ctx.strokeStyle = color;
        // Two device pixels wide on whole pixels, so the line is crisp.
        ctx.lineWidth = 2 * Math.max(1, devicePixelRatio || 1);
        whiskers.forEach((w, k) => {
            if (u.series[k + 1]?.show === false) return;
            u.data[0].forEach((x, i) => {
                const lo = w.lower[i];
                const hi = w.upper[i];
                if (lo === null || hi === null || lo === undefined || hi === undefined) return;
                const cx = Math.round(barCentre(u, x, gap, k, count));
                const y0 = u.valToPos(lo, "y", true);
                const y1 = u.valToPos(hi, "y", true);
                ctx.beginPath();
                ctx.moveTo(cx, y0);
                ctx.lineTo(cx, y1);
                ctx.moveTo(cx - cap, y0);
                ctx.lineTo(cx + cap, y0);
                ctx.moveTo(cx - cap, y1);
                ctx.lineTo(cx + cap, y1);
                ctx.stroke();
            });
        });
        ctx.restore();
    };
}

/** The y = 0 line, drawn stronger than the grid (a change of zero: no difference). */
function drawZeroLine(color: string): (u: uPlot) => void {
    return (u) => {
        const { min, max } = u.scales.y;
        if (min === undefined || max === undefined || min > 0 || max < 0) return;
        const y = Math.round(u.valToPos(0, "y", true)) + 0.5;
        const ctx = u.ctx;
        ctx.save();
        ctx.strokeStyle = color;
        ctx.lineWidth = Math.max(1, devicePixelRatio || 1);
        ctx.beginPath();
        ctx.moveTo(u.bbox.left, y);
        ctx.lineTo(u.bbox.left + u.bbox.width, y);
        ctx.stroke();
        ctx.restore();
    };
}

/** One uPlot series per data series: bars drawn by hand, dots, filled areas or lines. */
function dataSeries(data: ChartData, o: PlotOptions, arrays: PlotArrays): uPlot.Series[] {
    const stacked = o.type === "stackedBar";
    return data.series.map((s, k) => {
        const color = seriesColor(o.theme, k);
        const base: uPlot.Series = { label: s.label, stroke: color, width: 1.5 };
        if (o.type === "bar" || stacked) {
            const bases = stacked && k > 0 ? arrays[k] : null;
            return {
                ...base,
                fill: withAlpha(color, 0.85),
                paths: barPaths(k, data.series.length, stacked ? (bases ?? []) : null),
                points: { show: false },
            };
        }
        if (o.type === "scatter")
            return {
                ...base,
                paths: () => null,
                points: { show: true, size: 3, space: 0, fill: color, stroke: color },
            };
        if (o.type === "area")
            return { ...base, fill: withAlpha(color, 0.2), points: { show: false } };
        return { ...base, points: { show: false } };
    });
}

/**
 * Interval bands (experiments): two edge series per band (kept out of the legend by their
 * class), filled between. Their arrays are appended to `arrays`, their series to `series`.
 */
function intervalBands(
    data: ChartData,
    o: PlotOptions,
    arrays: PlotArrays,
    series: uPlot.Series[],
): uPlot.Band[] {
    const edge: uPlot.Series = { class: "band-edge", width: 1, points: { show: false } };
    return (o.bands ?? []).map((b, k) => {
        const color = seriesColor(o.theme, k);
        const lo = arrays.push(b.lower) - 1;
        const hi = arrays.push(b.upper) - 1;
        series.push(
            { ...edge, label: `${data.series[k].label} lower`, stroke: withAlpha(color, 0.35) },
            { ...edge, label: `${data.series[k].label} upper`, stroke: withAlpha(color, 0.35) },
        );
        return { series: [hi, lo], fill: withAlpha(color, 0.18) };
    });
}

/** The x and y scales: bars and categories padded half a step, bars from zero, log or fixed y. */
function plotScales(data: ChartData, o: PlotOptions, bars: boolean): uPlot.Scales {
    const padded = (_u: uPlot, min: number, max: number): uPlot.Range.MinMax => {
        // One x (one bar): uPlot's own single-point range is lopsided; centre it.
        if (data.xs.length === 1) return [data.xs[0] - 1, data.xs[0] + 1];
        if (min === max) return [min - 1, max + 1];
        const pad = data.xs.length > 1 ? (max - min) / (data.xs.length - 1) / 2 : 0.5;
        return [min - pad, max + pad];
    };
    return {
        x: {
            time: data.xKind === "time",
            ...(bars || data.xKind === "category" ? { range: padded } : {}),
        },
        y: o.yRange
            ? { range: () => o.yRange as [number, number] }
            : o.log
              ? { distr: 3 }
              : bars
                ? { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.05 : 0] }
                : {},
    };
}

/** The x axis's ticks: category names, locale dates, or compact numbers. */
function xTicks(data: ChartData, utc: boolean): Partial<uPlot.Axis> {
    if (data.xKind === "category")
        return {
            splits: () => Array.from(data.xs),
            values: (_u, splits) => splits.map((i) => shorten(data.categories[i] ?? "", 18)),
            rotate: data.categories.length > 8 ? -30 : 0,
            size: data.categories.length > 8 ? 70 : 40,
        };
    if (data.xKind === "time") {
        const tickFormat = timeTickFormatter(utc);
        return {
            // Dates (every x at midnight): ticks a whole number of days apart, never hours
            // between two days.
            ...(utc ? { incrs: dayIncrements } : {}),
            values: (_u, splits, _ax, _space, incr) =>
                splits.map((v) => tickFormat(incr).format(v)),
        };
    }
    return { values: (_u, splits) => splits.map(tickNumber) };
}

/** The x and y axes in the theme's colours. */
function plotAxes(data: ChartData, o: PlotOptions, utc: boolean): uPlot.Axis[] {
    const look: uPlot.Axis = {
        stroke: o.theme.muted,
        font: `11px ${o.theme.font}`,
        grid: { stroke: o.theme.grid, width: 1 },
        ticks: { stroke: o.theme.grid, width: 1 },
    };
    return [
        { ...look, ...xTicks(data, utc) },
        { ...look, size: 60, values: (_u, splits) => splits.map(o.yFormat ?? tickNumber) },
    ];
}

/** What is drawn over the series: the zero line and whiskers when asked for, then `onDraw`. */
function drawHooks(data: ChartData, o: PlotOptions, onDraw: (u: uPlot) => void) {
    return [
        ...(o.zeroLine ? [drawZeroLine(o.theme.muted)] : []),
        ...(o.whiskers ? [drawWhiskers(o.whiskers, data.series.length, o.theme.foreground)] : []),
        onDraw,
    ];
}

export function makePlot(
    host: HTMLElement,
    data: ChartData,
    o: PlotOptions,
    onCursor: (u: uPlot) => void,
    onDraw: (u: uPlot) => void,
): uPlot {
    const arrays = plotArrays(data, o.type, o.log);
    const bars = o.type === "bar" || o.type === "stackedBar";
    const utc = utcDates(data);
    const series: uPlot.Series[] = [
        { label: data.xKind === "time" ? "Time" : "x" },
        ...dataSeries(data, o, arrays),
    ];
    const bands = intervalBands(data, o, arrays, series);
    const opts: uPlot.Options = {
        width: o.width,
        height: o.height,
        ms: 1,
        pxAlign: 0,
        tzDate: utc ? (ts) => uPlot.tzDate(new Date(ts), "Etc/UTC") : undefined,
        scales: plotScales(data, o, bars),
        axes: plotAxes(data, o, utc),
        series,
        bands,
        legend: { show: true, live: false },
        cursor: {
            drag: { x: true, y: false },
            points: { size: 7 },
        },
        hooks: { setCursor: [onCursor], draw: drawHooks(data, o, onDraw) },
    };
    return new uPlot(opts, arrays as uPlot.AlignedData, host);
}

function shorten(text: string, max: number): string {
    return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

export { utcDates };
/** True when the chart shows dates in UTC (see allMidnightUtc). */
function utcDates(data: ChartData): boolean {
    return data.xKind === "time" && allMidnightUtc(data.xs);
}
