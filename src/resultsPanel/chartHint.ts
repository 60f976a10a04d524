// The chart a result asks to open as, read from its response. Pure (no vscode): unit-tested.
import type { ChartPrefs, ChartSpec } from "../shared/resultsProtocol";

const chartTypes: readonly ChartSpec["type"][] = [
    "line",
    "bar",
    "stackedBar",
    "area",
    "scatter",
    "number",
    "heatmap",
];

/**
 * The chart a result asks to open as (`chart` beside `columns` in its response: the saved-query
 * tables of trends, funnels and retention carry one), or null. Checked field by field: it comes
 * from a response's bytes.
 */
export function chartHintOf(head: Record<string, unknown> | undefined): ChartPrefs | null {
    const hint = head?.chart as { view?: unknown; spec?: Partial<ChartSpec> } | undefined;
    const spec = hint?.spec;
    if (hint?.view !== "chart" || !spec || typeof spec !== "object") return null;
    const int = (v: unknown): v is number => Number.isInteger(v);
    if (
        !chartTypes.includes(spec.type as ChartSpec["type"]) ||
        !int(spec.x) ||
        !int(spec.split) ||
        !Array.isArray(spec.ys) ||
        spec.ys.length === 0 ||
        !spec.ys.every(int)
    )
        return null;
    return {
        view: "chart",
        spec: {
            type: spec.type as ChartSpec["type"],
            x: spec.x,
            ys: spec.ys,
            split: spec.split,
            log: spec.log === true,
        },
    };
}
