// The chart as a file: SVG drawn from the same arrays and scales uPlot used (so it matches what
// is on screen, axes included), PNG from uPlot's canvas with the background and legend added.
import type uPlot from "uplot";
import type { ChartData } from "./data";
import type { ChartType } from "./pick";
import { plotArrays, type PlotArrays } from "./plot";
import { ChartTheme, seriesColor, withAlpha } from "./theme";

function esc(text: string): string {
    return text
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;");
}

/** Tick positions and labels uPlot computed for an axis (kept on the axis after each draw). */
function axisTicks(u: uPlot, i: number): { splits: number[]; values: string[] } {
    const axis = u.axes[i] as uPlot.Axis & { _splits?: number[]; _values?: unknown[] };
    return {
        splits: axis._splits ?? [],
        values: (axis._values ?? []).map((v) => String(v ?? "")),
    };
}

const legendRow = 24;

/** The plot area and the scales as uPlot drew them, in CSS pixels, for the SVG's coordinates. */
interface Frame {
    left: number;
    top: number;
    w: number;
    h: number;
    x(v: number): number;
    y(v: number): number;
}

function frameOf(u: uPlot): Frame {
    const ratio = devicePixelRatio || 1;
    const left = u.bbox.left / ratio;
    const top = u.bbox.top / ratio;
    return {
        left,
        top,
        w: u.bbox.width / ratio,
        h: u.bbox.height / ratio,
        x: (v) => left + u.valToPos(v, "x"),
        y: (v) => top + u.valToPos(v, "y"),
    };
}

/** A coordinate to one decimal. */
function r(n: number): number {
    return Math.round(n * 10) / 10;
}

/** Grid lines and tick labels of both axes, at uPlot's tick positions. */
function svgAxes(u: uPlot, f: Frame, theme: ChartTheme, out: string[]): void {
    const xt = axisTicks(u, 0);
    const yt = axisTicks(u, 1);
    out.push(`<g stroke="${esc(theme.grid)}" stroke-width="1">`);
    for (const s of xt.splits)
        out.push(
            `<line x1="${r(f.x(s))}" y1="${r(f.top)}" x2="${r(f.x(s))}" y2="${r(f.top + f.h)}"/>`,
        );
    for (const s of yt.splits)
        out.push(
            `<line x1="${r(f.left)}" y1="${r(f.y(s))}" x2="${r(f.left + f.w)}" y2="${r(f.y(s))}"/>`,
        );
    out.push("</g>", `<g fill="${esc(theme.muted)}">`);
    xt.splits.forEach((s, i) =>
        out.push(
            `<text x="${r(f.x(s))}" y="${r(f.top + f.h + 16)}" text-anchor="middle">${esc(xt.values[i] ?? "")}</text>`,
        ),
    );
    yt.splits.forEach((s, i) =>
        out.push(
            `<text x="${r(f.left - 6)}" y="${r(f.y(s) + 4)}" text-anchor="end">${esc(yt.values[i] ?? "")}</text>`,
        ),
    );
    out.push("</g>");
}

/** One series drawn: what it needs to know of the chart. */
interface SeriesDraw {
    u: uPlot;
    f: Frame;
    type: ChartType;
    log: boolean;
    arrays: PlotArrays;
    /** The series' index among the data series. */
    k: number;
    color: string;
    /** Series in the chart. */
    count: number;
    /** Smallest distance between neighbouring x positions. */
    gap: number;
}

/** A bar series, grouped side by side or stacked on the series below (as barPaths draws it). */
function svgBars(d: SeriesDraw, out: string[]): void {
    const { f, type, k, arrays } = d;
    const xs = arrays[0];
    const group = d.gap * 0.8;
    const bw = type === "stackedBar" ? group : group / d.count;
    const bases = type === "stackedBar" && k > 0 ? arrays[k] : null;
    out.push(`<g fill="${withAlpha(d.color, 0.85)}">`);
    arrays[k + 1].forEach((v, i) => {
        if (v === null) return;
        const base = bases?.[i] ?? 0;
        const bx = f.x(xs[i]) - group / 2 + (type === "stackedBar" ? 0 : k * bw);
        const y0 = f.y(d.log ? Math.max(base, d.u.scales.y.min ?? base) : base);
        const y1 = f.y(v);
        out.push(
            `<rect x="${r(bx)}" y="${r(Math.min(y0, y1))}" width="${r(Math.max(1, bw - 1))}" height="${r(Math.abs(y1 - y0))}"/>`,
        );
    });
    out.push("</g>");
}

function svgDots(d: SeriesDraw, out: string[]): void {
    const xs = d.arrays[0];
    out.push(`<g fill="${d.color}">`);
    d.arrays[d.k + 1].forEach((v, i) => {
        if (v !== null) out.push(`<circle cx="${r(d.f.x(xs[i]))}" cy="${r(d.f.y(v))}" r="1.5"/>`);
    });
    out.push("</g>");
}

/** A line (broken where values are missing), filled down to the x axis for an area chart. */
function svgLine(d: SeriesDraw, out: string[]): void {
    const { f, color } = d;
    const xs = d.arrays[0];
    let path = "";
    let pen = false;
    d.arrays[d.k + 1].forEach((v, i) => {
        if (v === null) {
            pen = false;
            return;
        }
        path += `${pen ? "L" : "M"}${r(f.x(xs[i]))} ${r(f.y(v))}`;
        pen = true;
    });
    const bottom = r(f.top + f.h);
    if (d.type === "area" && path)
        out.push(
            `<path d="${path}L${r(f.x(xs[xs.length - 1]))} ${bottom}L${r(f.x(xs[0]))} ${bottom}Z" fill="${withAlpha(color, 0.2)}" stroke="none"/>`,
        );
    out.push(
        `<path d="${path}" fill="none" stroke="${color}" stroke-width="1.5" stroke-linejoin="round"/>`,
    );
}

/** Legend: a swatch and the name of each visible series, in one row under the plot. */
function svgLegend(
    u: uPlot,
    f: Frame,
    data: ChartData,
    shown: boolean[],
    theme: ChartTheme,
    out: string[],
): void {
    let lx = f.left;
    const ly = u.height + 16;
    data.series.forEach((s, k) => {
        if (!shown[k]) return;
        out.push(
            `<rect x="${r(lx)}" y="${ly - 9}" width="10" height="10" fill="${seriesColor(theme, k)}"/>`,
        );
        out.push(
            `<text x="${r(lx + 14)}" y="${ly}" fill="${esc(theme.foreground)}">${esc(s.label)}</text>`,
        );
        lx += 24 + s.label.length * 6.5;
    });
}

/** An SVG document of the chart as drawn (visible series only). */
export function chartSvg(
    u: uPlot,
    data: ChartData,
    type: ChartType,
    log: boolean,
    theme: ChartTheme,
    title: string,
): string {
    const f = frameOf(u);
    const width = u.width;
    const height = u.height + legendRow;
    const out: string[] = [
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${esc(theme.font)}" font-size="11">`,
        `<title>${esc(title)}</title>`,
        `<rect width="100%" height="100%" fill="${esc(theme.background)}"/>`,
    ];
    svgAxes(u, f, theme, out);
    const arrays = plotArrays(data, type, log);
    const xs = arrays[0];
    const shown = data.series.map((_, k) => u.series[k + 1]?.show !== false);
    let gap = Infinity;
    for (let i = 1; i < xs.length; i++) gap = Math.min(gap, f.x(xs[i]) - f.x(xs[i - 1]));
    if (!Number.isFinite(gap)) gap = f.w / 2;
    const count = data.series.length;
    data.series.forEach((_s, k) => {
        if (!shown[k]) return;
        const d: SeriesDraw = {
            u,
            f,
            type,
            log,
            arrays,
            k,
            color: seriesColor(theme, k),
            count,
            gap,
        };
        if (type === "bar" || type === "stackedBar") svgBars(d, out);
        else if (type === "scatter") svgDots(d, out);
        else svgLine(d, out);
    });
    svgLegend(u, f, data, shown, theme, out);
    out.push("</svg>");
    return out.join("\n");
}

/** A PNG of the chart: background, uPlot's canvas (axes and series) and a legend row. */
export async function chartPng(u: uPlot, data: ChartData, theme: ChartTheme): Promise<Blob> {
    const ratio = devicePixelRatio || 1;
    const src = u.ctx.canvas;
    const canvas = document.createElement("canvas");
    canvas.width = src.width;
    canvas.height = src.height + Math.round(legendRow * ratio);
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2D canvas context");
    ctx.fillStyle = theme.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(src, 0, 0);
    ctx.scale(ratio, ratio);
    ctx.font = `11px ${theme.font}`;
    ctx.textBaseline = "middle";
    let lx = u.bbox.left / ratio;
    const ly = u.height + legendRow / 2;
    data.series.forEach((s, k) => {
        if (u.series[k + 1]?.show === false) return;
        ctx.fillStyle = seriesColor(theme, k);
        ctx.fillRect(lx, ly - 5, 10, 10);
        ctx.fillStyle = theme.foreground;
        ctx.fillText(s.label, lx + 14, ly);
        lx += 24 + ctx.measureText(s.label).width;
    });
    return new Promise((resolve, reject) =>
        canvas.toBlob(
            (b) => (b ? resolve(b) : reject(new Error("PNG encoding failed"))),
            "image/png",
        ),
    );
}
