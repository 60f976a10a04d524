// The toolbar: tabs (when several statements ran), the filter box and the copy/export buttons.
import * as l10n from "@vscode/l10n";
import type { CopyFormat, ExportFormat } from "../../protocol";
import { button } from "./elements";
import { showMenu } from "./menu";

/** What the toolbar's controls do. */
export interface ToolbarActions {
    filter(text: string): void;
    copy(format: CopyFormat): void;
    exportAs(format: ExportFormat): void;
    openJson(): void;
    selectTab(index: number): void;
    /** Switch between the grid and the chart. */
    toggleChart(): void;
}

export class Toolbar {
    readonly element: HTMLElement;
    private readonly tabs: HTMLElement;
    private readonly filterBox: HTMLElement & { value: string };
    private filterTimer = 0;
    private readonly chartButton: HTMLElement;

    constructor(actions: ToolbarActions) {
        this.element = document.createElement("header");
        this.element.className = "toolbar";
        this.tabs = document.createElement("vscode-tabs");
        this.tabs.className = "tabs";
        this.tabs.hidden = true;
        this.tabs.addEventListener("vsc-tabs-select", (e) => {
            actions.selectTab((e as CustomEvent<{ selectedIndex: number }>).detail.selectedIndex);
        });

        const controls = document.createElement("div");
        controls.className = "controls";
        this.filterBox = document.createElement("vscode-textfield") as HTMLElement & {
            value: string;
        };
        this.filterBox.className = "filter";
        this.filterBox.setAttribute("placeholder", l10n.t("Filter rows (any column)"));
        this.filterBox.setAttribute("aria-label", l10n.t("Filter rows"));
        this.filterBox.addEventListener("input", () => {
            // Debounced: each keystroke would otherwise restart a scan of every row.
            clearTimeout(this.filterTimer);
            this.filterTimer = window.setTimeout(() => actions.filter(this.filterBox.value), 120);
        });
        const copyGroup = document.createElement("span");
        copyGroup.className = "group";
        copyGroup.append(
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
        const exportButton = button(
            "export",
            l10n.t("Export…"),
            l10n.t("Save the whole result to a file"),
            () => {
                const rect = exportButton.getBoundingClientRect();
                showMenu(rect.left, rect.bottom + 2, [
                    { label: "CSV", run: () => actions.exportAs("csv") },
                    { label: "JSON", run: () => actions.exportAs("json") },
                    { label: "NDJSON (one row per line)", run: () => actions.exportAs("ndjson") },
                ]);
            },
        );
        const openJson = button(
            "openJson",
            l10n.t("Open JSON"),
            l10n.t("Open the whole result as JSON in an editor"),
            () => actions.openJson(),
        );
        this.chartButton = button(
            "chart",
            l10n.t("Chart"),
            l10n.t("Show the result as a chart (Alt+C)"),
            () => actions.toggleChart(),
        );
        controls.append(this.chartButton, this.filterBox, copyGroup, exportButton, openJson);
        this.element.append(this.tabs, controls);
    }

    /** Shows one tab per result, or none for a single result. */
    setTabs(titles: string[], tooltips: string[], active: number): void {
        if (titles.length < 2) {
            this.tabs.hidden = true;
            this.tabs.replaceChildren();
            return;
        }
        const headers = titles.map((title, i) => {
            const h = document.createElement("vscode-tab-header");
            h.setAttribute("slot", "header");
            h.textContent = title;
            h.title = tooltips[i];
            return h;
        });
        this.tabs.replaceChildren(...headers);
        this.tabs.setAttribute("selected-index", String(active));
        this.tabs.hidden = titles.length < 2;
    }

    /** Puts text in the filter box (restoring view state). */
    setFilter(text: string): void {
        this.filterBox.value = text;
    }

    /** Labels the Chart/Grid button for the view now shown. */
    setChartMode(chart: boolean): void {
        this.chartButton.textContent = chart ? l10n.t("Grid") : l10n.t("Chart");
        this.chartButton.title = chart
            ? l10n.t("Show the result as a grid (Alt+C)")
            : l10n.t("Show the result as a chart (Alt+C)");
        this.chartButton.setAttribute("aria-pressed", String(chart));
    }
}
