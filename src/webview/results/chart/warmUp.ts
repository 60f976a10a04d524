// A chart drawn off-screen from a result's first rows while the page waits for the rest, through
// the functions Alt+C runs on the whole result: reading columns from bytes, the points, uPlot's
// scales and paths, the axes' date formats. In a new page each of those ran cold on the first
// chart of 50,000 points (interpreted, its date formats' ICU data loaded then), and that first
// chart took several times as long as the same chart drawn again (see docs/performance.md,
// "Chart").
import type { ColumnKind } from "../format";
import { chartData } from "./data";
import { chosenSpec } from "./opening";
import { type ChartSpec, columnRoles } from "./pick";
import { makePlot } from "./plot";
import { sampleReader } from "./sampleReader";
import { readTheme } from "./theme";

/** What a warm-up draws: a result's first rows as the service sent them, and its chart. */
export interface WarmSample {
    columns: string[];
    kinds: ColumnKind[];
    /** The result's first rows, a JSON array of rows (the load message's `firstRowsJson`). */
    firstRowsJson: string;
    /** Rows in the whole result (the chart picked for it can depend on the count). */
    total: number;
    /** The chart saved for its query, if any. */
    saved: ChartSpec | null;
}

/** Draws of the sample: enough for the loops over the points to be compiled, each a task. */
export const warmDraws = 4;

/**
 * One off-screen draw of `sample`'s chart (in a box not in the page), removed once drawn; false
 * when there is nothing to draw (no plotted chart for these columns).
 */
export function warmDraw(sample: WarmSample): Promise<boolean> {
    const rows = sampleReader(sample.firstRowsJson);
    if (!rows) return Promise.resolve(false);
    const roles = columnRoles(sample.kinds, rows);
    const spec = chosenSpec(sample.saved, roles, sample.total);
    if (!spec || spec.type === "number" || spec.type === "heatmap") return Promise.resolve(false);
    const xIsTime = spec.x >= 0 && roles[spec.x] === "time";
    const data = chartData(spec, sample.columns, rows, xIsTime);
    const host = document.createElement("div");
    return new Promise((resolve) => {
        let drawn = false;
        const plot = makePlot(
            host,
            data,
            { type: spec.type, log: spec.log, theme: readTheme(), width: 800, height: 400 },
            () => undefined,
            () => {
                // uPlot draws in a microtask; its draw hook runs inside that draw.
                if (drawn) return;
                drawn = true;
                queueMicrotask(() => {
                    performance.mark("chart:warm");
                    plot.destroy();
                    resolve(true);
                });
            },
        );
        // As ChartView.redraw does once the legend is laid out.
        plot.setSize({ width: 800, height: 380 });
    });
}
