// Which chart a result opens with, and which of its columns that chart reads whole: what the
// page needs before the chart's own code (uPlot, the choosers, the exports) is loaded, which
// chart/lazyChart.ts loads only once the page is idle or a chart is asked for.
import type { ColumnToRead } from "../view";
import type { ChartSource } from "./chartView";
import { type ChartSpec, chartTypes, columnRoles, pickChart } from "./pick";
import type { ChartRole } from "./values";

/** A saved chart that still fits a result of `columns` columns. */
function validSpec(spec: ChartSpec, columns: number): boolean {
    return (
        spec.x < columns &&
        spec.split < columns &&
        spec.ys.length > 0 &&
        spec.ys.every((c) => c >= 0 && c < columns) &&
        chartTypes.some((t) => t.type === spec.type)
    );
}

/** The chart a result opens with: the one saved for its query if it fits, else one picked. */
export function chosenSpec(
    saved: ChartSpec | null,
    roles: ChartRole[],
    rows: number,
): ChartSpec | null {
    return saved && validSpec(saved, roles.length) ? saved : pickChart(roles, rows);
}

/**
 * The columns the chart `source` opens with reads whole from the bytes (its x when a time or a
 * number, its y columns; see chart/data.ts columnOf), at most `max`: what the page reads ahead.
 */
export function chartColumnsToRead(
    source: ChartSource,
    saved: ChartSpec | null,
    max: number,
): ColumnToRead[] {
    const roles = columnRoles(source.kinds, source.viewReader());
    const spec = chosenSpec(saved, roles, source.received);
    if (!spec || spec.type === "number" || spec.type === "heatmap") return [];
    const reads: ColumnToRead[] = [];
    if (spec.x >= 0 && (roles[spec.x] === "time" || roles[spec.x] === "number"))
        reads.push({ c: spec.x, asTime: roles[spec.x] === "time" });
    for (const c of spec.split >= 0 ? spec.ys.slice(0, 1) : spec.ys)
        reads.push({ c, asTime: false });
    return reads.slice(0, max);
}
