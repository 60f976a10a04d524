// The chart's code run once before the first chart is asked for: a small line chart drawn on
// made-up points, through the same functions a result's chart runs (uPlot's construction, its
// scales, axes and dense-line path, our options), in the chart's own box. A first chart drawn by
// code that never ran took about twice as long as the same chart drawn again, and its canvas's
// first drawing call as long again (see docs/performance.md, "Chart"): the canvas drawn on here
// is kept for the first chart (keptCanvas.ts).
import type uPlot from "uplot";
import type { ChartData } from "./data";
import { makePlot } from "./plot";
import { readTheme } from "./theme";

/** Points in the warm-up: enough for uPlot's per-pixel path at its width. */
const points = 2_000;

/**
 * Draws the made-up chart in `host` at `size` (asked again once its legend is laid out, as for a
 * result's chart) and removes it. Resolves with the canvas it drew on, once drawn, or null when
 * it was not drawn.
 */
export function warmUp(
    host: HTMLElement,
    size: (plot: uPlot | null) => { width: number; height: number },
): Promise<HTMLCanvasElement | null> {
    const start = Date.UTC(2026, 0, 1);
    const xs = Float64Array.from({ length: points }, (_, i) => start + i * 60_000);
    const ys = Float64Array.from({ length: points }, (_, i) => Math.sin(i / 50) * 100 + (i % 7));
    const data: ChartData = {
        xKind: "time",
        xs,
        categories: [],
        series: [{ label: "warm-up", values: ys, exact: () => null }],
        skipped: 0,
    };
    return new Promise((resolve) => {
        const options = { type: "line" as const, log: false, theme: readTheme() };
        // uPlot draws in a microtask; a plot not drawn by the next task is dropped.
        const late = setTimeout(() => {
            plot.destroy();
            resolve(null);
        }, 0);
        const plot = makePlot(
            host,
            data,
            { ...options, ...size(null) },
            () => undefined,
            (u) =>
                queueMicrotask(() => {
                    clearTimeout(late);
                    const canvas = u.ctx.canvas;
                    u.destroy();
                    resolve(canvas);
                }),
        );
        plot.setSize(size(plot));
    });
}
