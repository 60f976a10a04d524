// The toolbar: tabs (when several statements ran), the filter box and the copy/export buttons.
import * as l10n from "@vscode/l10n";
import type { CopyFormat, ExportFormat, ResultsLocation } from "../../shared/resultsProtocol";
import { withoutControls } from "../../shared/plainText";
import { button } from "./elements";
import { type MenuItem, showMenu } from "./menu";

/** What the toolbar's controls do. */
export interface ToolbarActions {
    filter(text: string): void;
    copy(format: CopyFormat): void;
    /** Export the whole result: the visible columns in their order, or with `all` every one. */
    exportAs(format: ExportFormat, all: boolean): void;
    /** True when some column is hidden, moved or frozen (the export menu then offers both). */
    arranged(): boolean;
    openJson(): void;
    selectTab(index: number): void;
    /** Switch between the grid and the chart. */
    toggleChart(): void;
    /** Move the result to the other place (bottom panel ↔ editor tab). */
    move(): void;
    /** Where the page is: its Move button names the other place. */
    location: ResultsLocation;
}

/** `make()`'s value, made on the first call. */
function once<T>(make: () => T): () => T {
    let made: { value: T } | null = null;
    return () => (made ??= { value: make() }).value;
}

export class Toolbar {
    readonly element: HTMLElement;
    /**
     * Makes and connects the controls, a few per call, to be called one per task (main.ts). The
     * toolkit's elements (Lit) cost when made (the first of a kind sets its class up) and when
     * first connected (rendered): all at once they were most of the CPU of the task that built
     * the page (see docs/performance.md, "Results page start-up"), and in code-server that task
     * runs on the editor's own thread while the query runs. The three a result's load sets (tabs,
     * Chart, filter) are made earlier if a result comes first. The controls are hidden until the
     * last is in, so they appear together.
     */
    readonly connectSteps: (() => void)[];
    private readonly tabs: () => HTMLElement;
    private readonly chartButton: () => HTMLElement;
    private readonly filterBox: () => HTMLElement & { value: string };
    private readonly moveButton: () => HTMLElement;
    private readonly controls: HTMLElement;
    private filterTimer = 0;
    /** False until a result is shown: each control acts on one. */
    private enabled = false;

    constructor(actions: ToolbarActions) {
        this.element = document.createElement("header");
        this.element.className = "toolbar";
        this.tabs = once(() => {
            const tabs = document.createElement("vscode-tabs");
            tabs.className = "tabs";
            tabs.hidden = true;
            tabs.addEventListener("vsc-tabs-select", (e) => {
                const { selectedIndex } = (e as CustomEvent<{ selectedIndex: number }>).detail;
                actions.selectTab(selectedIndex);
            });
            return tabs;
        });
        this.chartButton = once(() =>
            button("chart", l10n.t("Chart"), l10n.t("Show the result as a chart (Alt+C)"), () =>
                actions.toggleChart(),
            ),
        );
        this.filterBox = once(() => {
            const box = document.createElement("vscode-textfield") as HTMLElement & {
                value: string;
            };
            box.className = "filter";
            box.setAttribute("placeholder", l10n.t("Filter rows (any column)"));
            box.setAttribute("aria-label", l10n.t("Filter rows"));
            box.addEventListener("input", () => {
                // Debounced: each keystroke would otherwise restart a scan of every row.
                clearTimeout(this.filterTimer);
                this.filterTimer = window.setTimeout(() => actions.filter(box.value), 120);
            });
            return box;
        });
        this.moveButton = once(() =>
            actions.location === "panel"
                ? button(
                      "move",
                      l10n.t("To Editor"),
                      l10n.t("Move the result to an editor tab"),
                      () => actions.move(),
                  )
                : button(
                      "move",
                      l10n.t("To Panel"),
                      l10n.t("Move the result to the bottom panel"),
                      () => actions.move(),
                  ),
        );
        const controls = document.createElement("div");
        controls.className = "controls building";
        this.controls = controls;
        this.element.append(controls);
        this.connectSteps = [
            () => this.element.prepend(this.tabs()),
            () => controls.append(this.chartButton()),
            () => controls.append(this.filterBox()),
            () => controls.append(copyButtons(actions)),
            () => {
                controls.append(...exportButtons(actions), this.moveButton());
                this.setEnabled(this.enabled);
                controls.classList.remove("building");
            },
        ];
    }

    /**
     * Turns the controls on once a result is shown. Before it (the page opened as a run starts)
     * they would do nothing: a click on Chart or a filter typed then was lost without a word.
     */
    setEnabled(enabled: boolean): void {
        this.enabled = enabled;
        for (const control of this.controls.querySelectorAll("vscode-button, vscode-textfield")) {
            control.toggleAttribute("disabled", !enabled);
            // The toolkit's button says nothing of it to a screen reader.
            control.setAttribute("aria-disabled", String(!enabled));
        }
    }

    /** Shows one tab per result, or none for a single result. */
    setTabs(titles: string[], tooltips: string[], active: number): void {
        const tabs = this.tabs();
        if (titles.length < 2) {
            tabs.hidden = true;
            tabs.replaceChildren();
            return;
        }
        const headers = titles.map((title, i) => {
            const h = document.createElement("vscode-tab-header");
            h.setAttribute("slot", "header");
            h.textContent = withoutControls(title);
            h.title = withoutControls(tooltips[i]);
            return h;
        });
        tabs.replaceChildren(...headers);
        tabs.setAttribute("selected-index", String(active));
        tabs.hidden = titles.length < 2;
    }

    /** Puts text in the filter box (restoring view state). */
    setFilter(text: string): void {
        this.filterBox().value = text;
    }

    /** Labels the Chart/Grid button for the view now shown. */
    setChartMode(chart: boolean): void {
        const chartButton = this.chartButton();
        chartButton.textContent = chart ? l10n.t("Grid") : l10n.t("Chart");
        chartButton.title = chart
            ? l10n.t("Show the result as a grid (Alt+C)")
            : l10n.t("Show the result as a chart (Alt+C)");
        chartButton.setAttribute("aria-pressed", String(chart));
    }
}

/** Copy the selection as text, with headers, as CSV and as JSON. */
function copyButtons(actions: ToolbarActions): HTMLElement {
    const group = document.createElement("span");
    group.className = "group";
    group.append(
        button(
            "copy",
            l10n.t("Copy"),
            l10n.t("Copy the selection as tab-separated text (Ctrl+C)"),
            () => actions.copy("tsv"),
        ),
        button(
            "copyWithHeaders",
            l10n.t("+ Headers"),
            l10n.t("Copy the selection with column names (Ctrl+Shift+C)"),
            () => actions.copy("tsvWithHeaders"),
        ),
        button("copyCsv", l10n.t("CSV"), l10n.t("Copy the selection as CSV"), () =>
            actions.copy("csv"),
        ),
        button("copyJson", l10n.t("JSON"), l10n.t("Copy the selection as JSON"), () =>
            actions.copy("json"),
        ),
    );
    return group;
}

/** Export the whole result to a file, or open it as JSON in an editor. */
function exportButtons(actions: ToolbarActions): HTMLElement[] {
    const exportButton = button(
        "export",
        l10n.t("Export…"),
        l10n.t("Save the whole result to a file"),
        () => {
            const rect = exportButton.getBoundingClientRect();
            showMenu(rect.left, rect.bottom + 2, exportItems(actions));
        },
    );

    const openJson = button(
        "openJson",
        l10n.t("Open JSON"),
        l10n.t("Open the whole result as JSON in an editor"),
        () => actions.openJson(),
    );
    return [exportButton, openJson];
}

/** The export menu: the visible columns, and every column when the grid hides or moves some. */
function exportItems(actions: ToolbarActions): (MenuItem | null)[] {
    const formats: [ExportFormat, string][] = [
        ["csv", "CSV"],
        ["json", "JSON"],
        ["ndjson", l10n.t("NDJSON (one row per line)")],
    ];
    const items: (MenuItem | null)[] = formats.map(([format, label]) => ({
        label,
        run: () => actions.exportAs(format, false),
    }));
    if (!actions.arranged()) return items;
    items.push(null);
    for (const [format, label] of formats)
        items.push({
            label: l10n.t("{0}, All Columns", label),
            run: () => actions.exportAs(format, true),
        });
    return items;
}
