// The cell detail view: the whole value of one cell, JSON pretty-printed, beside the grid.
import * as l10n from "@vscode/l10n";
import { detailText } from "./format";

export class DetailView {
    readonly element: HTMLElement;
    private readonly heading: HTMLElement;
    private readonly body: HTMLPreElement;

    constructor(onClose: () => void, onCopy: (text: string) => void) {
        this.element = document.createElement("aside");
        this.element.className = "detail";
        this.element.hidden = true;
        this.element.setAttribute("aria-label", l10n.t("Cell value"));
        const bar = document.createElement("div");
        bar.className = "detail-bar";
        this.heading = document.createElement("span");
        this.heading.className = "detail-title";
        const copy = document.createElement("button");
        copy.className = "link";
        copy.textContent = l10n.t("Copy");
        copy.addEventListener("click", () => onCopy(this.body.textContent ?? ""));
        const close = document.createElement("button");
        close.className = "link";
        close.textContent = l10n.t("Close");
        close.title = l10n.t("Close (Escape)");
        close.addEventListener("click", onClose);
        bar.append(this.heading, copy, close);
        this.body = document.createElement("pre");
        this.body.className = "detail-body";
        this.body.tabIndex = 0;
        this.element.append(bar, this.body);
        this.element.addEventListener("keydown", (e) => {
            if (e.key === "Escape") onClose();
        });
    }

    /** Shows a value; `heading` names its row and column. */
    show(heading: string, value: unknown): void {
        this.heading.textContent = heading;
        this.body.textContent = detailText(value);
        this.element.hidden = false;
    }

    hide(): void {
        this.element.hidden = true;
    }

    get visible(): boolean {
        return !this.element.hidden;
    }
}
