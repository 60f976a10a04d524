// The experiment page's two charts, drawn with the results panel's plot code (uPlot):
// - each test variant's change against the control over time as a line, its credible or
//   confidence interval as a band around it (PostHog's VariantTimeseriesChart);
// - the latest change per variant as bars with the interval as whiskers.
// Values are drawn in percent (a change of 0.036 is +3.6%).
import * as l10n from "@vscode/l10n";
import type uPlot from "uplot";
import type { PageTimeseries } from "../../shared/experimentPageProtocol";
import type { ChartData } from "../results/chart/data";
import { makePlot, tooltipDate } from "../results/chart/plot";
import { readTheme, seriesColor } from "../results/chart/theme";

const pct = (v: number | null): number | null => (v === null ? null : v * 100);

/** `+3.6%`-style tick labels: as few decimals as the tick spacing needs. */
function percentTick(v: number): string {
    const abs = Math.abs(v);
    const digits = abs === 0 || abs >= 10 ? 0 : abs >= 1 ? 1 : 2;
    return `${Number(v.toFixed(digits))}%`;
}

/** A y range that holds every value and interval, with some room, and always 0. */
function rangeOf(values: (number | null)[]): [number, number] {
    let min = 0;
    let max = 0;
    for (const v of values)
        if (v !== null && Number.isFinite(v)) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
    const pad = (max - min || 1) * 0.1;
    return [min - pad, max + pad];
}

/** What a drawn chart reports: its plot and how many bands it has (the page's `rendered`). */
export interface DrawnChart {
    plot: uPlot;
    bands: number;
}

function size(host: HTMLElement, height: number): { width: number; height: number } {
    return { width: Math.max(240, host.clientWidth), height };
}

/** The change over time: one line per test variant with its interval as a band. */
export function drawDeltaLines(
    host: HTMLElement,
    tip: HTMLElement,
    ts: PageTimeseries,
    height: number,
): DrawnChart {
    const theme = readTheme();
    const xs = ts.days.map((d) => Date.parse(`${d}T00:00:00Z`));
    const data: ChartData = {
        xKind: "time",
        xs,
        categories: [],
        series: ts.variants.map((v) => ({
            label: v.key,
            values: v.delta.map(pct),
            exact: (k: number) => v.delta[k],
        })),
        skipped: 0,
    };
    const bands = ts.variants.map((v) => ({ lower: v.lower.map(pct), upper: v.upper.map(pct) }));
    const all = ts.variants.flatMap((v) => [...v.lower, ...v.upper].map(pct));
    const plot = makePlot(
        host,
        data,
        {
            type: "line",
            log: false,
            theme,
            ...size(host, height),
            bands,
            yFormat: percentTick,
            yRange: rangeOf(all),
            zeroLine: true,
        },
        (u) => lineTip(u, tip, ts),
        () => undefined,
    );
    return { plot, bands: bands.length };
}

/** The latest change per test variant as bars, the interval as whiskers. */
export function drawDeltaBars(
    host: HTMLElement,
    tip: HTMLElement,
    ts: PageTimeseries,
    height: number,
): DrawnChart | null {
    const rows = ts.latest?.rows.filter((r) => !r.control) ?? [];
    if (rows.length === 0) return null;
    const theme = readTheme();
    const data: ChartData = {
        xKind: "category",
        xs: rows.map((_, i) => i),
        categories: rows.map((r) => r.key),
        series: [
            {
                label: l10n.t("Delta"),
                values: rows.map((r) => pct(r.delta)),
                exact: (k: number) => rows[k]?.deltaText,
            },
        ],
        skipped: 0,
    };
    const whiskers = [
        {
            lower: rows.map((r) => pct(r.interval?.[0] ?? null)),
            upper: rows.map((r) => pct(r.interval?.[1] ?? null)),
        },
    ];
    const plot = makePlot(
        host,
        data,
        {
            type: "bar",
            log: false,
            theme,
            ...size(host, height),
            whiskers,
            yFormat: percentTick,
            yRange: rangeOf([...whiskers[0].lower, ...whiskers[0].upper, ...data.series[0].values]),
            zeroLine: true,
        },
        (u) => barTip(u, tip, ts),
        () => undefined,
    );
    return { plot, bands: 0 };
}

function row(label: string, value: string, color?: string): HTMLElement {
    const line = document.createElement("div");
    line.className = "chart-tip-row";
    if (color) {
        const swatch = document.createElement("span");
        swatch.className = "chart-swatch";
        swatch.style.background = color;
        line.append(swatch);
    }
    const name = document.createElement("span");
    name.textContent = label;
    const text = document.createElement("span");
    text.className = "chart-tip-value";
    text.textContent = value;
    line.append(name, text);
    return line;
}

function place(u: uPlot, tip: HTMLElement): void {
    const left = u.over.offsetLeft + (u.cursor.left ?? 0);
    const top = u.over.offsetTop + (u.cursor.top ?? 0);
    const width = (tip.parentElement?.clientWidth ?? 0) || u.width;
    const flip = left + tip.offsetWidth + 16 > width;
    tip.style.left = `${flip ? left - tip.offsetWidth - 12 : left + 12}px`;
    tip.style.top = `${Math.max(0, top - tip.offsetHeight / 2)}px`;
}

const fmt = (v: number | null): string =>
    v === null ? "—" : `${v > 0 ? "+" : ""}${(v * 100).toFixed(2)}%`;
const interval = (lo: number | null, hi: number | null): string =>
    lo === null || hi === null ? "—" : `[${(lo * 100).toFixed(2)}%, ${(hi * 100).toFixed(2)}%]`;

/** The line chart's tooltip: the day, then per variant its change, interval and significance. */
function lineTip(u: uPlot, tip: HTMLElement, ts: PageTimeseries): void {
    const i = u.cursor.idx;
    if (i === null || i === undefined || (u.cursor.left ?? -1) < 0) {
        tip.hidden = true;
        return;
    }
    const theme = readTheme();
    const head = document.createElement("div");
    head.className = "chart-tip-x";
    head.textContent = tooltipDate(Date.parse(`${ts.days[i]}T00:00:00Z`), true);
    const parts: HTMLElement[] = [head];
    ts.variants.forEach((v, k) => {
        parts.push(row(l10n.t("{0}: Delta", v.key), fmt(v.delta[i]), seriesColor(theme, k)));
        parts.push(row(ts.intervalLabel, interval(v.lower[i], v.upper[i])));
        const n = v.samples[i];
        if (n !== null)
            parts.push(row(l10n.t("Exposures"), n.toLocaleString(document.documentElement.lang)));
        parts.push(row(l10n.t("Significant"), v.significant[i] ? l10n.t("Yes") : l10n.t("No")));
        // PostHog's wording for a day not computed yet (VariantTimeseriesTooltip.tsx).
        if (!v.measured[i] && v.delta[i] !== null)
            parts.push(row(l10n.t("Data pending — showing last known value"), ""));
    });
    tip.replaceChildren(...parts);
    tip.hidden = false;
    place(u, tip);
}

/** The bar chart's tooltip: the variant's latest numbers, in PostHog's words. */
function barTip(u: uPlot, tip: HTMLElement, ts: PageTimeseries): void {
    const i = u.cursor.idx;
    const rows = ts.latest?.rows.filter((r) => !r.control) ?? [];
    const r = i === null || i === undefined ? undefined : rows[i];
    if (!r || (u.cursor.left ?? -1) < 0) {
        tip.hidden = true;
        return;
    }
    const head = document.createElement("div");
    head.className = "chart-tip-x";
    head.textContent = r.key;
    tip.replaceChildren(
        head,
        row(l10n.t("Delta"), r.deltaText),
        row(`${ts.intervalLabel}`, r.intervalText),
        row(ts.statisticLabel, r.statistic),
        row(l10n.t("Significant"), r.significant),
        row(l10n.t("Total users"), r.samples),
    );
    tip.hidden = false;
    place(u, tip);
}
