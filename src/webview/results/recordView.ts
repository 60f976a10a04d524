// The record view: one row as field and value, for rows too wide to read across. Opened with
// Shift+Enter on a row or from its context menu. PageUp/PageDown (or the buttons) go to the
// previous and next row, Up/Down move between fields, Ctrl+C or a field's Copy button copies its
// value, Escape closes it and gives the grid its focus back. Values are shown whole, with every
// digit (the rows keep wide numbers as text: shared/json/lossless.ts), and only ever as text.
import * as l10n from "@vscode/l10n";
import { withoutControls } from "../../shared/plainText";
import { detailText } from "./format";

/** One field of a record. */
export interface RecordField {
    name: string;
    type: string;
    value: unknown;
}

/** What the record view needs of the page. */
export interface RecordHost {
    /** Rows in view (after sort and filter). */
    rowCount(): number;
    /** The fields of the row at view position `row`, in the grid's column order. */
    fields(row: number): RecordField[] | null;
    /** Copies a field's value. */
    copy(text: string): void;
    /** The view closed on view row `row`. */
    closed(row: number): void;
    /** Says a change for screen readers (the page's one live region). */
    announce(text: string): void;
}

/** A value as the record view shows and copies it (NULL is shown, copied as nothing). */
function fieldText(value: unknown): string {
    return detailText(value);
}

export class RecordView {
    readonly element: HTMLElement;
    private readonly title: HTMLElement;
    private readonly list: HTMLElement;
    private row = -1;

    constructor(private readonly host: RecordHost) {
        this.element = document.createElement("section");
        this.element.className = "record";
        this.element.hidden = true;
        this.element.setAttribute("role", "dialog");
        this.element.setAttribute("aria-labelledby", "record-title");
        const bar = document.createElement("div");
        bar.className = "detail-bar";
        this.title = document.createElement("span");
        this.title.className = "detail-title";
        this.title.id = "record-title";
        bar.append(
            this.title,
            this.button(l10n.t("Previous"), l10n.t("Previous row (Page Up)"), () => this.step(-1)),
            this.button(l10n.t("Next"), l10n.t("Next row (Page Down)"), () => this.step(1)),
            this.button(l10n.t("Close"), l10n.t("Close (Escape)"), () => this.close()),
        );
        this.list = document.createElement("div");
        this.list.className = "record-list";
        this.list.setAttribute("role", "list");
        this.list.setAttribute("aria-label", l10n.t("Fields"));
        this.element.append(bar, this.list);
        this.element.addEventListener("keydown", (e) => this.onKey(e));
    }

    get visible(): boolean {
        return !this.element.hidden;
    }

    /** The view row shown (-1 when closed). */
    get shownRow(): number {
        return this.visible ? this.row : -1;
    }

    /** Shows view row `row`, the focus on its first field. */
    open(row: number): void {
        this.element.hidden = false;
        this.show(row, 0);
    }

    close(): void {
        if (this.element.hidden) return;
        this.element.hidden = true;
        this.host.closed(this.row);
    }

    /** Hides the view without giving the grid its focus back (new results). */
    hide(): void {
        this.element.hidden = true;
    }

    private button(label: string, title: string, run: () => void): HTMLButtonElement {
        const b = document.createElement("button");
        b.className = "link";
        b.textContent = label;
        b.title = title;
        b.addEventListener("click", run);
        return b;
    }

    private step(by: number): void {
        const next = Math.max(0, Math.min(this.host.rowCount() - 1, this.row + by));
        if (next === this.row) return;
        this.show(next, Math.max(0, this.focusedField()));
        this.host.announce(this.title.textContent ?? "");
    }

    private show(row: number, focusField: number): void {
        const fields = this.host.fields(row);
        if (!fields) return;
        this.row = row;
        this.title.textContent = l10n.t("Row {0} of {1}", row + 1, this.host.rowCount());
        this.list.replaceChildren(...fields.map((f, i) => this.fieldItem(f, i)));
        this.copyButtons()[Math.min(focusField, fields.length - 1)]?.focus();
    }

    private fieldItem(field: RecordField, index: number): HTMLElement {
        const item = document.createElement("div");
        item.className = "record-field";
        item.setAttribute("role", "listitem");
        const name = document.createElement("div");
        name.className = "record-name";
        const text = fieldText(field.value);
        name.textContent = withoutControls(field.name);
        const type = document.createElement("span");
        type.className = "htype";
        type.textContent = withoutControls(field.type);
        name.append(type);
        const value = document.createElement("pre");
        value.className = "record-value";
        value.textContent = text;
        const copy = this.button(l10n.t("Copy"), l10n.t("Copy the value (Ctrl+C)"), () =>
            this.host.copy(field.value === null ? "" : text),
        );
        copy.setAttribute("aria-label", l10n.t("Copy {0}", withoutControls(field.name)));
        // Up/Down move between these buttons: each says its field's value too, or a screen
        // reader user would hear only the field names.
        value.id = `record-value-${index}`;
        copy.setAttribute("aria-describedby", value.id);
        copy.dataset.value = field.value === null ? "" : text;
        item.append(name, value, copy);
        return item;
    }

    private copyButtons(): HTMLButtonElement[] {
        return [...this.list.querySelectorAll<HTMLButtonElement>(".record-field > button")];
    }

    private focusedField(): number {
        return this.copyButtons().indexOf(document.activeElement as HTMLButtonElement);
    }

    private onKey(e: KeyboardEvent): void {
        const at = this.focusedField();
        const buttons = this.copyButtons();
        if (e.key === "Escape") this.close();
        else if (e.key === "PageDown") this.step(1);
        else if (e.key === "PageUp") this.step(-1);
        else if (e.key === "ArrowDown" || e.key === "ArrowUp")
            buttons[
                Math.max(0, Math.min(buttons.length - 1, at + (e.key === "ArrowUp" ? -1 : 1)))
            ]?.focus();
        else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "c" && at >= 0)
            this.host.copy(buttons[at].dataset.value ?? "");
        else return;
        e.preventDefault();
        e.stopPropagation();
    }
}
