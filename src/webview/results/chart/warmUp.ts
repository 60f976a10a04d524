// The chart's code run once before the first chart is asked for: a small line chart drawn
// off-screen, on made-up points, through the same functions a result's chart runs (uPlot's
// construction, its scales, axes and dense-line path, our options). A first chart drawn by code
// that never ran took about twice as long as the same chart drawn again (see
// docs/performance.md, "Chart").
import type { ChartData } from "./data";
import { makePlot } from "./plot";
import { readTheme } from "./theme";

/** Points in the warm-up: enough for uPlot's per-pixel path at its width. */
const points = 2_000;

/** Draws the off-screen chart and removes it; resolves once it is drawn. */
export function warmUp(): Promise<void> {
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
    const host = document.createElement("div");
    return new Promise((resolve) => {
        const options = { type: "line" as const, log: false, theme: readTheme() };
        makePlot(
            host,
            data,
            { ...options, width: 400, height: 200 },
            () => undefined,
            (u) =>
                queueMicrotask(() => {
                    u.destroy();
                    resolve();
                }),
        );
    });
}
