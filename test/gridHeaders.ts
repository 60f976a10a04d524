// The results grid's header names as painted, left to right, read from a page or a frame (the
// webview tests load the page alone; the ui tests find it inside the workbench).
import type { Frame, Page } from "playwright-core";

/** The grid's header names, in the order shown. */
export function headerNames(where: Page | Frame): Promise<string[]> {
    return where.$$eval(".hcell", (cells) =>
        cells
            .sort(
                (x, y) =>
                    Number(x.getAttribute("aria-colindex")) -
                    Number(y.getAttribute("aria-colindex")),
            )
            .map((c) => c.querySelector(".hname")?.textContent ?? ""),
    );
}
