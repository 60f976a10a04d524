// The grid's fixed elements: the scrolling grid, the sizer that gives it its scroll extent, the
// header row, the body that holds the row slots, and the gutter of row numbers.
import * as l10n from "@vscode/l10n";

/** A div with a class and, optionally, an ARIA role. */
export function div(cls: string, role?: string): HTMLDivElement {
    const el = document.createElement("div");
    el.className = cls;
    if (role) el.setAttribute("role", role);
    return el;
}

export interface GridDom {
    /** The focusable element with role=grid; it scrolls. */
    element: HTMLDivElement;
    /** As large as all rows and columns: the scroll extent. */
    sizer: HTMLDivElement;
    /** The header row, with the corner cell first. */
    headerRow: HTMLDivElement;
    /** Holds the gutter and the row slots. */
    body: HTMLDivElement;
    /**
     * The row numbers, in one column that sticks to the left edge. One sticky element: a sticky
     * number in each row made some scroll frames' scrollTop write much slower (measured, see
     * docs/performance.md, "Grid").
     */
    gutter: HTMLDivElement;
}

/** Builds the grid's elements into `host`. */
export function buildGridDom(host: HTMLElement): GridDom {
    const element = div("grid", "grid");
    element.tabIndex = 0;
    element.setAttribute("aria-multiselectable", "true");
    element.setAttribute("aria-label", l10n.t("Query results"));
    const sizer = div("sizer");
    const head = div("head", "rowgroup");
    const headerRow = div("hrow", "row");
    headerRow.setAttribute("aria-rowindex", "1");
    const corner = div("corner", "columnheader");
    corner.setAttribute("aria-colindex", "1");
    corner.textContent = "#";
    corner.title = l10n.t("Select all");
    headerRow.append(corner);
    head.append(headerRow);
    const body = div("body", "rowgroup");
    // Row numbers repeat aria-rowindex: hidden from screen readers, which read the index.
    const gutter = div("gutter");
    gutter.setAttribute("aria-hidden", "true");
    body.append(gutter);
    sizer.append(head, body);
    element.append(sizer);
    host.append(element);
    return { element, sizer, headerRow, body, gutter };
}
