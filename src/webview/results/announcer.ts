// Tells screen readers, once per result, that the query finished and how big the result is:
// a visually hidden polite live region (role="status"). The status line below the grid changes
// as rows load and carries timings; announcing it would repeat itself, so it is not live.
import * as l10n from "@vscode/l10n";
import { countFormat } from "./locale";

/** The sentence read when a result has arrived. */
export function finishedText(rows: number, columns: number, count: number): string {
    const rowText =
        rows === 1
            ? l10n.t("{0} row", countFormat().format(rows))
            : l10n.t("{0} rows", countFormat().format(rows));
    const columnText =
        columns === 1
            ? l10n.t("{0} column", countFormat().format(columns))
            : l10n.t("{0} columns", countFormat().format(columns));
    return count > 1
        ? l10n.t("Query finished: {0} results; this one has {1}, {2}.", count, rowText, columnText)
        : l10n.t("Query finished: {0}, {1}.", rowText, columnText);
}

export class Announcer {
    readonly element: HTMLElement;

    constructor() {
        this.element = document.createElement("div");
        this.element.className = "sr-only";
        this.element.setAttribute("role", "status");
        this.element.setAttribute("aria-live", "polite");
        this.element.dataset.announcer = "";
    }

    /** Reads `text` out: the region is emptied first so the same sentence is read again. */
    say(text: string): void {
        this.element.textContent = "";
        requestAnimationFrame(() => {
            this.element.textContent = text;
        });
    }
}
