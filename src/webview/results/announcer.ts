import { locale } from "./locale";
// Tells screen readers, once per result, that the query finished and how big the result is:
// a visually hidden polite live region (role="status"). The status line below the grid changes
// as rows load and carries timings; announcing it would repeat itself, so it is not live.

const numberFormat = new Intl.NumberFormat(locale);

/** The sentence read when a result has arrived. */
export function finishedText(rows: number, columns: number, count: number): string {
    const size = `${numberFormat.format(rows)} ${rows === 1 ? "row" : "rows"}, ${numberFormat.format(columns)} ${columns === 1 ? "column" : "columns"}`;
    return count > 1
        ? `Query finished: ${count} results; this one has ${size}.`
        : `Query finished: ${size}.`;
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
