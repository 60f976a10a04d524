// The heat table: one row per result row, one cell per chosen column, each cell shaded by its
// share of the row's first chosen column. It is how PostHog shows retention: a cohort per row,
// period 0 (the cohort's size) first, then the share still active in each later period
// (frontend/src/scenes/retention/RetentionTable.tsx colours each cell by its percentage).
import { withoutControls } from "../../../shared/plainText";
import type { RowReader } from "../view";
import type { ChartSpec } from "./pick";
import { ChartTheme, seriesColor, withAlpha } from "./theme";
import { exactText, toNumber } from "./values";

/** A cell's share of its row's first value, 0..1, or null when it has none. */
export function shareOf(value: number | null, first: number | null): number | null {
    if (value === null || first === null || first <= 0) return null;
    return Math.max(0, Math.min(1, value / first));
}

/** Builds the table (text only, every value as sent) into `host`; returns it. */
export function heatTable(
    host: HTMLElement,
    spec: ChartSpec,
    columns: string[],
    rows: RowReader,
    theme: ChartTheme,
): HTMLTableElement {
    const table = document.createElement("table");
    table.className = "chart-heat";
    const head = document.createElement("tr");
    const corner = document.createElement("th");
    corner.textContent = spec.x >= 0 ? withoutControls(columns[spec.x]) : "row";
    head.append(corner);
    for (const c of spec.ys) {
        const th = document.createElement("th");
        th.textContent = withoutControls(columns[c]);
        head.append(th);
    }
    const thead = document.createElement("thead");
    thead.append(head);
    const body = document.createElement("tbody");
    const color = seriesColor(theme, 0);
    for (let r = 0; r < rows.count; r++) {
        const tr = document.createElement("tr");
        const label = document.createElement("th");
        label.textContent =
            spec.x >= 0 ? withoutControls(exactText(rows.cell(r, spec.x))) : String(r + 1);
        tr.append(label);
        const first = toNumber(rows.cell(r, spec.ys[0]));
        spec.ys.forEach((c, k) => {
            const td = document.createElement("td");
            const raw = rows.cell(r, c);
            const value = toNumber(raw);
            const share = shareOf(value, first);
            const exact = raw === null || raw === undefined ? "" : exactText(raw);
            // The first column is the base (a cohort's size): its value; the others their share.
            td.textContent = k === 0 || share === null ? exact : `${(share * 100).toFixed(1)}%`;
            td.title = exact;
            if (share !== null) {
                td.style.background = withAlpha(color, 0.12 + share * 0.78);
                td.dataset.share = share.toFixed(4);
                // Dark text on light cells, light text on strong ones.
                if (share > 0.55) td.classList.add("strong");
            }
            tr.append(td);
        });
        body.append(tr);
    }
    table.append(thead, body);
    host.replaceChildren(table);
    return table;
}
