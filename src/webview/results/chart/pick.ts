// Which chart a result should open as, from the shape of its columns. Pure, so it is tested on
// its own. The rules follow how PostHog users read results: a count per day is a line, a
// breakdown is bars, a breakdown over time is one line per value, a single number is a number.
import type { ChartSpec, ChartType } from "../../../shared/resultsProtocol";
import type { ColumnKind } from "../format";
import type { RowReader } from "../view";
import { ChartRole, columnRole } from "./values";

export type { ChartSpec, ChartType };

export const chartTypes: { type: ChartType; label: string }[] = [
    { type: "line", label: "Line" },
    { type: "bar", label: "Bar" },
    { type: "stackedBar", label: "Stacked bar" },
    { type: "area", label: "Area" },
    { type: "scatter", label: "Scatter" },
    { type: "number", label: "Big number" },
    { type: "heatmap", label: "Heat table" },
];

/** The roles of every column, judged from the type and the first rows. */
export function columnRoles(kinds: ColumnKind[], rows: RowReader): ChartRole[] {
    const sample = Math.min(50, rows.count);
    return kinds.map((kind, c) =>
        columnRole(
            kind,
            Array.from({ length: sample }, (_, i) => rows.cell(i, c)),
        ),
    );
}

/** Picks a sensible chart for these columns, or null when nothing numeric can be drawn. */
export function pickChart(roles: ChartRole[], rowCount: number): ChartSpec | null {
    const numbers = indices(roles, "number");
    const times = indices(roles, "time");
    const texts = indices(roles, "text");
    if (numbers.length === 0) return null;
    const base = { log: false, split: -1 };
    if (rowCount === 1 && numbers.length === 1 && times.length === 0)
        return { ...base, type: "number", x: -1, ys: numbers };
    if (times.length > 0) {
        // A date, a text and a number: one line per text value (a breakdown over time).
        if (texts.length > 0 && numbers.length === 1)
            return { ...base, type: "line", x: times[0], ys: numbers, split: texts[0] };
        return { ...base, type: "line", x: times[0], ys: numbers };
    }
    if (texts.length > 0) return { ...base, type: "bar", x: texts[0], ys: numbers.slice(0, 1) };
    if (numbers.length >= 2)
        return { ...base, type: "scatter", x: numbers[0], ys: numbers.slice(1) };
    // One numeric column over many rows: draw it against the row number.
    return { ...base, type: "line", x: -1, ys: numbers };
}

function indices(roles: ChartRole[], role: ChartRole): number[] {
    const out: number[] = [];
    roles.forEach((r, i) => {
        if (r === role) out.push(i);
    });
    return out;
}
