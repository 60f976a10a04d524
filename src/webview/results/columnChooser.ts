// The column chooser: every column of the result with a check box, in the grid's order (hidden
// ones after, in the service's order). Space toggles the focused column, Alt+Up/Down moves it,
// Escape closes and gives the grid its focus back. Native check boxes in a labelled dialog, so
// screen readers announce each column and its state.
import * as l10n from "@vscode/l10n";
import type { ColumnControl } from "./columnControl";

export class ColumnChooser {
    readonly element: HTMLElement;
    private readonly list: HTMLElement;

    constructor(
        private readonly columns: ColumnControl,
        private readonly onClose: () => void,
    ) {
        this.element = document.createElement("div");
        this.element.className = "chooser";
        this.element.hidden = true;
        this.element.setAttribute("role", "dialog");
        this.element.setAttribute("aria-label", l10n.t("Columns"));
        const title = document.createElement("div");
        title.className = "chooser-title";
        title.textContent = l10n.t("Columns");
        const hint = document.createElement("div");
        hint.className = "chooser-hint";
        hint.id = "chooser-hint";
        hint.textContent = l10n.t("Space shows or hides a column; Alt+Up/Down moves it.");
        this.list = document.createElement("div");
        this.list.className = "chooser-list";
        this.list.setAttribute("role", "group");
        this.list.setAttribute("aria-label", l10n.t("Shown columns"));
        this.list.setAttribute("aria-describedby", "chooser-hint");
        this.element.append(title, hint, this.list, this.buttons());
        this.element.addEventListener("keydown", (e) => this.onKey(e));
    }

    get visible(): boolean {
        return !this.element.hidden;
    }

    /** Opens the chooser with the focus on its first column. */
    open(): void {
        this.element.hidden = false;
        this.refresh(0);
    }

    close(): void {
        if (this.element.hidden) return;
        this.element.hidden = true;
        this.onClose();
    }

    /** Lists the columns again (the layout changed), focusing the `focus`th if given. */
    refresh(focus = -1): void {
        if (this.element.hidden) return;
        const layout = this.columns.current();
        const hidden = layout.names.map((_, c) => c).filter((c) => !layout.shown.includes(c));
        const rows = [...layout.shown, ...hidden].map((c) =>
            this.item(c, layout.shown.includes(c)),
        );
        this.list.replaceChildren(...rows);
        if (focus >= 0) rows[Math.min(focus, rows.length - 1)]?.querySelector("input")?.focus();
    }

    private item(dataCol: number, shown: boolean): HTMLElement {
        const label = document.createElement("label");
        label.className = "chooser-item";
        const box = document.createElement("input");
        box.type = "checkbox";
        box.checked = shown;
        box.dataset.col = String(dataCol);
        box.addEventListener("change", () => {
            const at = this.boxes().indexOf(box);
            this.columns.setShown(dataCol, box.checked);
            this.refresh(at);
        });
        const name = document.createElement("span");
        name.textContent = this.columns.nameOf(dataCol);
        label.append(box, name);
        return label;
    }

    private boxes(): HTMLInputElement[] {
        return [...this.list.querySelectorAll("input")];
    }

    private buttons(): HTMLElement {
        const bar = document.createElement("div");
        bar.className = "chooser-bar";
        const reset = document.createElement("button");
        reset.className = "link";
        reset.textContent = l10n.t("Reset Columns");
        reset.addEventListener("click", () => {
            this.columns.reset();
            this.refresh(0);
        });
        const close = document.createElement("button");
        close.className = "link";
        close.textContent = l10n.t("Close");
        close.title = l10n.t("Close (Escape)");
        close.addEventListener("click", () => this.close());
        bar.append(reset, close);
        return bar;
    }

    private onKey(e: KeyboardEvent): void {
        const boxes = this.boxes();
        const at = boxes.indexOf(document.activeElement as HTMLInputElement);
        if (e.key === "Escape") this.close();
        else if (at >= 0 && e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
            // Only shown columns have a place in the grid's order.
            const view = this.columns.toView(Number(boxes[at].dataset.col));
            if (view < 0) return;
            const to = view + (e.key === "ArrowUp" ? -1 : 1);
            this.columns.move(view, to);
            this.refresh(this.columns.toView(Number(boxes[at].dataset.col)));
        } else if (at >= 0 && (e.key === "ArrowUp" || e.key === "ArrowDown"))
            boxes[(at + (e.key === "ArrowUp" ? boxes.length - 1 : 1)) % boxes.length]?.focus();
        else return;
        e.preventDefault();
        e.stopPropagation();
    }
}
