// The Chart view of the results panel: choosers (type, x, split, y columns, log scale), the plot,
// a tooltip with exact values, a big number for single values, and PNG/SVG export and copy.
import * as l10n from "@vscode/l10n";
import { withoutControls } from "../../../shared/plainText";
import { locale } from "../locale";
import type uPlot from "uplot";
import uplotCss from "uplot/dist/uPlot.min.css";
import { button } from "../elements";
import type { ColumnKind } from "../format";
import { arrayRows, type RowReader } from "../view";
import chartCss from "./chart.css";
import tipCss from "./tip.css";
import { ChartData, chartData } from "./data";
import { chartPng, chartSvg } from "./exportImage";
import { heatTable } from "./heatTable";
import { chosenSpec } from "./opening";
import { ChartSpec, ChartType, chartTypes, columnRoles } from "./pick";
import { keepCanvas, withKeptCanvas } from "./keptCanvas";
import { makePlot, tooltipDate, utcDates } from "./plot";
import { readTheme, seriesColor } from "./theme";
import { ChartRole, exactText } from "./values";
import { warmUp } from "./warmUp";

/** The part of a result the chart reads. */
export interface ChartSource {
    readonly columns: string[];
    readonly kinds: ColumnKind[];
    readonly received: number;
    readonly complete: boolean;
    /** Rows in the grid's current view (the filter applies to the chart too). */
    rowCount(): number;
    row(viewIndex: number): unknown[] | undefined;
    /** Every row readable now, in the current view's order, read a value at a time. */
    viewReader(): RowReader;
}

/** What the chart asks of its host. */
export interface ChartActions {
    /** The user changed the chart; remember it for this query. */
    changed(spec: ChartSpec): void;
    /** Save the chart: PNG as base64, SVG as text. */
    save(format: "png" | "svg", data: string): void;
    /** Copying the image failed (no clipboard access): copy the SVG text instead. */
    copySvg(svg: string): void;
}

let stylesAdded = false;
function addStyles(): void {
    if (stylesAdded) return;
    stylesAdded = true;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(uplotCss + "\n" + tipCss + "\n" + chartCss);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string): HTMLElementTagNameMap[K] {
    const e = document.createElement(tag);
    e.className = cls;
    return e;
}

function option(value: string, label: string): HTMLOptionElement {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = label;
    return o;
}

/** Every digit of an integer with the locale's grouping; other values as sent. */
export function bigNumberText(text: string): string {
    if (/^-?\d+$/.test(text)) return BigInt(text).toLocaleString(locale);
    return text;
}

export class ChartView {
    readonly element: HTMLElement;
    private readonly controls: HTMLElement;
    private readonly typeSel: HTMLSelectElement;
    private readonly xSel: HTMLSelectElement;
    private readonly splitSel: HTMLSelectElement;
    private readonly ys: HTMLElement;
    private readonly logBox: HTMLInputElement;
    private readonly note: HTMLElement;
    private readonly host: HTMLElement;
    private readonly tip: HTMLElement;
    private readonly number: HTMLElement;
    private plot: uPlot | null = null;
    private data: ChartData | null = null;
    private source: ChartSource | null = null;
    private roles: ChartRole[] = [];
    private spec: ChartSpec | null = null;
    private drawnRows = -1;
    private title = "chart";

    constructor(private readonly actions: ChartActions) {
        addStyles();
        this.element = el("section", "chart");
        this.element.hidden = true;
        this.element.setAttribute("aria-label", l10n.t("Chart"));
        this.controls = el("div", "chart-controls");
        this.typeSel = el("select", "chart-type");
        this.typeSel.setAttribute("aria-label", l10n.t("Chart type"));
        for (const t of chartTypes) this.typeSel.append(option(t.type, typeLabel(t.type, t.label)));
        this.xSel = el("select", "chart-x");
        this.xSel.setAttribute("aria-label", l10n.t("X axis column"));
        this.splitSel = el("select", "chart-split");
        this.splitSel.setAttribute("aria-label", l10n.t("Series from column"));
        this.ys = el("span", "chart-ys");
        const logLabel = el("label", "chart-log");
        this.logBox = el("input", "");
        this.logBox.type = "checkbox";
        logLabel.append(this.logBox, ` ${l10n.t("Log scale")}`);
        this.note = el("span", "chart-note");
        const labelled = (text: string, control: HTMLElement) => {
            const l = el("label", "chart-field");
            l.append(text + " ", control);
            return l;
        };
        const exports = el("span", "group");
        exports.append(
            button(
                "chartPng",
                l10n.t("PNG"),
                l10n.t("Save the chart as a PNG image"),
                () => void this.savePng(),
            ),
            button("chartSvg", l10n.t("SVG"), l10n.t("Save the chart as an SVG image"), () =>
                this.saveSvg(),
            ),
            button(
                "chartCopy",
                l10n.t("Copy"),
                l10n.t("Copy the chart image to the clipboard"),
                () => void this.copy(),
            ),
        );
        this.controls.append(
            labelled(l10n.t("Type"), this.typeSel),
            labelled(l10n.t("X"), this.xSel),
            labelled(l10n.t("Series by"), this.splitSel),
            this.ys,
            logLabel,
            exports,
            this.note,
        );
        const body = el("div", "chart-body");
        this.host = el("div", "chart-plot");
        this.tip = el("div", "chart-tip");
        this.tip.hidden = true;
        this.tip.setAttribute("role", "tooltip");
        this.number = el("div", "chart-number");
        this.number.hidden = true;
        body.append(this.host, this.number, this.tip);
        this.element.append(this.controls, body);

        const edited = () => this.edited();
        this.typeSel.addEventListener("change", edited);
        this.xSel.addEventListener("change", edited);
        this.splitSel.addEventListener("change", edited);
        this.logBox.addEventListener("change", edited);
        this.ys.addEventListener("change", edited);
        new ResizeObserver(() => this.resize()).observe(this.host);
        // VS Code switches theme by changing the body's classes and variables: redraw in the new colours.
        new MutationObserver(() => this.redraw()).observe(document.body, {
            attributes: true,
            attributeFilter: ["class"],
        });
    }

    get visible(): boolean {
        return !this.element.hidden;
    }

    /** The chart as the user left it (or as picked). */
    current(): ChartSpec | null {
        return this.spec;
    }

    /** Shows `source` with `saved` settings, or a picked chart when there are none. */
    show(source: ChartSource, saved: ChartSpec | null, title: string): void {
        this.element.hidden = false;
        // The exported SVG's title: a control character would make the file invalid XML.
        this.title = withoutControls(title);
        const changedSource = this.source !== source;
        this.source = source;
        const rows = this.rows();
        if (changedSource || this.roles.length !== source.columns.length) {
            this.roles = columnRoles(source.kinds, rows);
            this.spec = chosenSpec(saved, this.roles, source.received);
            this.fillChoosers();
        }
        this.drawnRows = -1;
        this.redraw();
    }

    hide(): void {
        this.element.hidden = true;
        this.tip.hidden = true;
    }

    /** More rows arrived (or all of them): redraw once they are complete. */
    rowsChanged(): void {
        if (this.visible && this.source?.complete && this.drawnRows !== this.source.received)
            this.redraw();
    }

    /** The filter changed which rows are in view. */
    viewChanged(): void {
        if (this.visible) this.redraw();
    }

    focus(): void {
        this.typeSel.focus();
    }

    /**
     * Runs the chart's code once on made-up points, laid out unseen where the chart will show
     * (`.warming`: still `hidden`, but laid out over the grid, invisible), and keeps the canvas
     * it drew on for the first chart.
     */
    async warmUp(): Promise<void> {
        if (this.visible) return;
        this.element.classList.add("warming");
        try {
            const canvas = await warmUp(this.host, (plot) => this.size(plot));
            if (canvas) keepCanvas(canvas);
        } finally {
            this.element.classList.remove("warming");
        }
    }

    private rows(): RowReader {
        return this.source?.viewReader() ?? arrayRows([]);
    }

    private fillChoosers(): void {
        const s = this.source;
        if (!s) return;
        const spec = this.spec;
        this.xSel.replaceChildren(option("-1", l10n.t("(row number)")));
        this.splitSel.replaceChildren(option("-1", l10n.t("(none)")));
        s.columns.forEach((name, c) => {
            // Column names as text without the controls that would reorder or hide them.
            const label = withoutControls(name);
            if (this.roles[c] !== "other") this.xSel.append(option(String(c), label));
            if (this.roles[c] === "text") this.splitSel.append(option(String(c), label));
        });
        this.ys.replaceChildren();
        s.columns.forEach((name, c) => {
            if (this.roles[c] !== "number") return;
            const l = el("label", "chart-y");
            const box = el("input", "");
            box.type = "checkbox";
            box.value = String(c);
            box.checked = !!spec?.ys.includes(c);
            l.append(box, " " + withoutControls(name));
            this.ys.append(l);
        });
        if (spec) {
            this.typeSel.value = spec.type;
            this.xSel.value = String(spec.x);
            this.splitSel.value = String(spec.split);
            this.logBox.checked = spec.log;
        }
        this.controls.classList.toggle("disabled", !spec);
    }

    private edited(): void {
        const ys = [...this.ys.querySelectorAll<HTMLInputElement>("input:checked")].map((b) =>
            Number(b.value),
        );
        if (ys.length === 0) {
            this.note.textContent = l10n.t("Choose at least one numeric column to draw.");
            return;
        }
        this.spec = {
            type: this.typeSel.value as ChartType,
            x: Number(this.xSel.value),
            split: Number(this.splitSel.value),
            ys: this.splitSel.value !== "-1" ? ys.slice(0, 1) : ys,
            log: this.logBox.checked,
        };
        this.actions.changed(this.spec);
        this.redraw();
    }

    private size(plot = this.plot): { width: number; height: number } {
        // uPlot's height excludes the legend under the plot; leave it room.
        const legend = plot?.root.querySelector(".u-legend")?.clientHeight ?? 28;
        return {
            width: Math.max(200, this.host.clientWidth),
            height: Math.max(120, this.host.clientHeight - legend - 4),
        };
    }

    private resize(): void {
        if (!this.plot || !this.visible) return;
        const size = this.size();
        // uPlot builds every path again on setSize, even at the same size; the box of a chart just
        // shown is first observed at the size the plot was drawn at.
        if (size.width !== this.plot.width || size.height !== this.plot.height)
            this.plot.setSize(size);
    }

    private redraw(): void {
        if (!this.visible || !this.source) return;
        if (this.plot) {
            keepCanvas(this.plot.ctx.canvas);
            this.plot.destroy();
        }
        this.plot = null;
        this.tip.hidden = true;
        this.number.hidden = true;
        this.host.hidden = false;
        const spec = this.spec;
        const source = this.source;
        if (!spec) {
            this.data = null;
            this.note.textContent = l10n.t("Nothing to chart: this result has no numeric column.");
            this.element.dataset.chartType = "none";
            return;
        }
        this.element.dataset.drawMs = "";
        this.element.dataset.draws = "0";
        // `drawMs`: the chart's own work, reading its columns' values from the response's bytes
        // (no row is parsed whole) to the drawn plot.
        const t0 = performance.now();
        const rows = this.rows();
        this.drawnRows = source.received;
        this.element.dataset.chartType = spec.type;
        if (spec.type === "number") {
            this.data = null;
            this.host.hidden = true;
            this.number.hidden = false;
            const raw = rows.count > 0 ? rows.cell(0, spec.ys[0]) : undefined;
            this.number.textContent =
                raw === null || raw === undefined ? "–" : bigNumberText(exactText(raw));
            this.number.title = withoutControls(source.columns[spec.ys[0]]);
            this.note.textContent = withoutControls(source.columns[spec.ys[0]]);
            return;
        }
        if (spec.type === "heatmap") {
            // A shaded table, not a plot (retention's cohorts): no uPlot, nothing to export.
            this.data = null;
            this.host.classList.add("heat");
            heatTable(this.host, spec, source.columns, rows, readTheme());
            this.element.dataset.drawMs = (performance.now() - t0).toFixed(1);
            this.element.dataset.points = String(rows.count * spec.ys.length);
            this.note.textContent = l10n.t(
                "Each cell is its share of {0}.",
                source.columns[spec.ys[0]],
            );
            return;
        }
        this.host.classList.remove("heat");
        this.host.replaceChildren();
        const xIsTime = spec.x >= 0 && this.roles[spec.x] === "time";
        // Marks for the bench's breakdown (BENCH_MARKS=1, bench/chart.mjs): points read, plot
        // made, plot drawn.
        performance.mark("chart:start");
        const data = chartData(spec, source.columns, rows, xIsTime);
        performance.mark("chart:read");
        this.data = data;
        const theme = readTheme();
        const size = this.size();
        this.plot = withKeptCanvas(() =>
            makePlot(
                this.host,
                data,
                { type: spec.type, log: spec.log, theme, ...size },
                (u) => this.cursor(u),
                () => {
                    // The plot's full draws, counted (tests read it).
                    this.element.dataset.draws = String(Number(this.element.dataset.draws) + 1);
                    // uPlot draws in a microtask after construction: time the first full draw.
                    if (this.element.dataset.drawMs === "") {
                        performance.mark("chart:drawn");
                        this.element.dataset.drawMs = (performance.now() - t0).toFixed(1);
                    }
                },
            ),
        );
        performance.mark("chart:made");
        this.element.dataset.points = String(data.xs.length * data.series.length);
        const notes: string[] = [];
        if (!source.complete) notes.push(l10n.t("Loading rows…"));
        else if (rows.count < source.received)
            notes.push(l10n.t("{0} rows match the filter.", rows.count.toLocaleString(locale)));
        if (data.skipped > 0)
            notes.push(
                l10n.t(
                    "{0} rows without an x value are not drawn.",
                    data.skipped.toLocaleString(locale),
                ),
            );
        if (data.categories.some((c) => c.startsWith("Other (")))
            notes.push(l10n.t("Smaller values are summed in Other."));
        this.note.textContent = notes.join(" ");
        // The legend's height is known only now; fit the plot to what is left.
        this.plot.setSize(this.size());
    }

    private cursor(u: uPlot): void {
        const data = this.data;
        const idx = u.cursor.idx;
        if (
            !data ||
            idx === null ||
            idx === undefined ||
            u.cursor.left === undefined ||
            u.cursor.left < 0
        ) {
            this.tip.hidden = true;
            return;
        }
        const theme = readTheme();
        const head = el("div", "chart-tip-x");
        const x = data.xs[idx];
        head.textContent =
            data.xKind === "time"
                ? tooltipDate(x, utcDates(data))
                : data.xKind === "category"
                  ? (data.categories[idx] ?? "")
                  : data.xKind === "index"
                    ? l10n.t("Row {0}", x + 1)
                    : String(x);
        const lines = data.series.flatMap((s, k) => {
            if (u.series[k + 1]?.show === false) return [];
            const line = el("div", "chart-tip-row");
            const swatch = el("span", "chart-swatch");
            swatch.style.background = seriesColor(theme, k);
            const name = el("span", "chart-tip-name");
            name.textContent = s.label;
            const value = el("span", "chart-tip-value");
            const raw = s.exact(idx);
            value.textContent = raw === null || raw === undefined ? "–" : exactText(raw);
            line.append(swatch, name, value);
            return [line];
        });
        this.tip.replaceChildren(head, ...lines);
        this.tip.hidden = false;
        // Beside the cursor, flipped to the left near the right edge.
        const left = u.over.offsetLeft + u.cursor.left;
        const top = u.over.offsetTop + (u.cursor.top ?? 0);
        const flip = left + this.tip.offsetWidth + 16 > this.host.clientWidth;
        this.tip.style.left = `${flip ? left - this.tip.offsetWidth - 12 : left + 12}px`;
        this.tip.style.top = `${Math.max(0, top - this.tip.offsetHeight / 2)}px`;
    }

    private svg(): string | null {
        if (!this.plot || !this.data || !this.spec) return null;
        return chartSvg(
            this.plot,
            this.data,
            this.spec.type,
            this.spec.log,
            readTheme(),
            this.title,
        );
    }

    /** The chart as SVG text (also used by tests). */
    svgText(): string | null {
        return this.svg();
    }

    /** The chart as a PNG (also used by tests). */
    async pngBlob(): Promise<Blob | null> {
        if (!this.plot || !this.data) return null;
        return chartPng(this.plot, this.data, readTheme());
    }

    private saveSvg(): void {
        const svg = this.svg();
        if (svg) this.actions.save("svg", svg);
    }

    private async savePng(): Promise<void> {
        const blob = await this.pngBlob();
        if (blob) this.actions.save("png", await base64(blob));
    }

    private async copy(): Promise<void> {
        const blob = await this.pngBlob();
        if (!blob) return;
        try {
            await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
            this.note.textContent = l10n.t("Copied the chart as an image.");
        } catch {
            const svg = this.svg();
            if (svg) this.actions.copySvg(svg);
        }
    }
}

async function base64(blob: Blob): Promise<string> {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000)
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
}

/** A chart type's name in the display language (pick.ts keeps the English, for its tests). */
function typeLabel(type: ChartType, english: string): string {
    const labels: Partial<Record<ChartType, string>> = {
        line: l10n.t("Line"),
        bar: l10n.t("Bar"),
        stackedBar: l10n.t("Stacked bar"),
        area: l10n.t("Area"),
        scatter: l10n.t("Scatter"),
        number: l10n.t("Big number"),
        heatmap: l10n.t("Heat table"),
    };
    return labels[type] ?? english;
}
