// The notebook renderer for HogQL results (contributed as `notebookRenderer`, MIME type
// application/vnd.posthog-workbench.hogql-result+json). It shows a result in the results panel's
// virtual grid or its Chart view, in the notebook's theme (VS Code's CSS variables reach the
// notebook's output frame as they reach a webview). Outputs are capped (see
// src/notebook/resultOutput.ts), so rows are read on the page, not in a worker: the bytes are
// scanned in short tasks, only the fields other than the rows are parsed, and the output is drawn
// over several frames: its bar and the grid's frame, then the column headers, then the rows in
// view a few at a time, then the rows above and below (test/webview/notebookRenderer.test.ts: no
// task of 50 ms or more from the output's arrival until every row is parsed and shown).
import * as l10n from "@vscode/l10n";
import type { ChartSpec } from "../../shared/resultsProtocol";
import type { FromRenderer, ToRenderer } from "../../shared/notebookRendererProtocol";
import { ChartView } from "../results/chart/chartView";
import { copyText } from "../results/clipboard";
import "../results/elements";
import { button } from "../results/elements";
import { Grid } from "../results/grid/grid";
import { rowHeight } from "../results/grid/types";
import { ResultModel } from "../results/resultModel";
import { afterNextPaint, nextTask, RowSource, scanOnPage } from "../results/rowSource";
import resultsCss from "../results/styles.css";
import type { ViewQuery } from "../results/view";
import notebookCss from "./notebook.css";
import { parseFields, type ObjectScanner } from "../../shared/json/responseScan";
import { payloadOf, summaryText, type StoredHead } from "./payload";

interface OutputItem {
    id: string;
    /** The output's metadata: `key` names it in messages to the extension (src/notebook/serializer.ts). */
    metadata?: { key?: string };
    mime: string;
    data(): Uint8Array;
}

interface RendererContext {
    postMessage?(message: FromRenderer): void;
    onDidReceiveMessage?(listener: (message: ToRenderer) => void): { dispose(): void };
}

/** The results page's styles, scoped: its page-level rules (html, body, #app) would restyle the notebook. */
function scopedResultsCss(): string {
    return resultsCss
        .replace(/html,\s*body\s*\{[^}]*\}/, "")
        .replace(/#app\s*\{[^}]*\}/, "")
        .replace(/:root/g, ".phnb");
}

let styled = false;
function addStyles(): void {
    if (styled) return;
    styled = true;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`${scopedResultsCss()}\n${notebookCss}`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/**
 * The most cells a frame draws of an output's first screen. The output frame's thread is the
 * editor's (VS Code's webviews share the workbench's renderer thread): a wide output's first
 * screen in one frame was a long task of style, layout and paint; at this many cells a frame
 * stays short (see docs/performance.md, "Notebook output").
 */
const firstFrameCells = 100;

const shown = new Map<string, OutputView>();
/** VS Code's output item id → our output key. */
const ids = new Map<string, string>();

class OutputView {
    readonly root: HTMLElement;
    private readonly grid: Grid;
    /** Made when the chart is first shown: most outputs stay grids (and it costs the first frame). */
    private chart: ChartView | null = null;
    private readonly model: ResultModel;
    private readonly source = new RowSource(Promise.resolve(null), () => undefined);
    private view: "grid" | "chart";
    private spec: ChartSpec | null;
    private readonly gridButton: HTMLElement;
    private readonly chartButton: HTMLElement;
    private readonly openFullButton: HTMLElement | undefined;
    private readonly summary: HTMLElement;
    private readonly result: StoredHead;

    constructor(
        private readonly id: string,
        result: StoredHead,
        private readonly bytes: Uint8Array,
        private readonly scan: ObjectScanner,
        private readonly scanStartedAt: number,
        private readonly post: (message: FromRenderer) => void,
    ) {
        const payload = payloadOf(id, result);
        this.model = new ResultModel(payload);
        const prefs = result.chart && typeof result.chart === "object" ? result.chart : null;
        this.view = prefs?.view === "chart" ? "chart" : "grid";
        this.spec = prefs?.spec ?? null;
        this.root = document.createElement("div");
        this.root.className = "phnb";
        const bar = document.createElement("div");
        bar.className = "phnb-bar";
        this.gridButton = button("grid", "", "", () => this.show("grid"));
        this.chartButton = button("chart", "", "", () => this.show("chart"));
        this.summary = document.createElement("span");
        this.summary.className = "phnb-summary";
        bar.append(this.gridButton, this.chartButton, this.summary);
        // A capped output: the whole result is a re-run away, in the results panel (with its
        // exports). A button, so Tab reaches it and Enter or Space presses it.
        if (result.kept < result.rowCount) {
            this.openFullButton = button("openFull", "", "", () =>
                this.post({ type: "openFull", outputId: this.id }),
            );
            bar.append(this.openFullButton);
        }
        this.result = result;
        this.relabel();
        const main = document.createElement("div");
        main.className = "main phnb-main";
        const height = Math.min(360, 42 + rowHeight * Math.max(1, result.kept) + 16);
        main.style.height = `${this.view === "chart" ? 340 : height}px`;
        this.grid = new Grid(
            main,
            {
                sortClicked: (col) => this.cycleSort(col),
                openDetail: () => undefined,
                contextMenu: () => undefined,
                copy: (withHeaders) => this.copy(withHeaders),
                viewChanged: () => undefined,
            },
            firstFrameCells,
        );
        this.root.append(bar, main);
        this.gridHeight = height;
        this.main = main;
    }

    private readonly gridHeight: number;
    private readonly main: HTMLElement;

    /** Writes the bar's text in the current language (again when the translations arrive). */
    relabel(): void {
        this.gridButton.textContent = l10n.t("Grid");
        this.gridButton.title = l10n.t("Show the rows");
        this.chartButton.textContent = l10n.t("Chart");
        this.chartButton.title = l10n.t("Chart the rows");
        this.summary.textContent = summaryText(this.result);
        if (this.openFullButton) {
            this.openFullButton.textContent = l10n.t("Open in Results Panel");
            this.openFullButton.title = l10n.t(
                "Run the query again and show all {0} rows in the results panel",
                this.result.rowCount.toLocaleString(),
            );
        }
    }

    /**
     * Call once the root is in the document. The rows come after the frame that first lays out
     * the output (its bar, buttons and the grid's frame cost as much as a frame of rows).
     */
    start(): void {
        afterNextPaint(() => this.fill());
    }

    /** Gives the grid the rows, and shows the view the output was left in. */
    private fill(): void {
        this.grid.setData(this.model);
        // Scanned before the view was built (its size comes from the rows kept): nothing is
        // parsed twice.
        this.source.adopt(this.id, this.bytes, this.scan, this.model.kinds, this.scanStartedAt, {
            layout: (b, cells) => {
                this.model.setLayout(b, cells);
                this.grid.scheduleRender();
            },
            done: (rows, parseMs, inWorker) => {
                this.model.complete = true;
                this.chart?.rowsChanged();
                // For tests and for reading a slow output in the developer tools.
                this.root.dataset.parsedRows = String(rows);
                this.root.dataset.parseMs = parseMs.toFixed(1);
                this.root.dataset.parsedIn = inWorker ? "worker" : "page";
            },
            failed: () => undefined,
        });
        this.show(this.view, false);
    }

    private show(view: "grid" | "chart", remember = true): void {
        this.view = view;
        const chart = view === "chart";
        this.main.style.height = `${chart ? 340 : this.gridHeight}px`;
        this.grid.element.hidden = chart;
        this.gridButton.toggleAttribute("secondary", chart);
        this.chartButton.toggleAttribute("secondary", !chart);
        if (chart) this.chartView().show(this.model, this.spec, "chart");
        else {
            this.chart?.hide();
            this.grid.scheduleRender();
        }
        if (remember) this.remember();
    }

    private chartView(): ChartView {
        if (this.chart) return this.chart;
        const chart = new ChartView({
            changed: (spec) => {
                this.spec = spec;
                this.remember();
            },
            save: (format, data) =>
                this.post({
                    type: "saveChart",
                    format,
                    data,
                    title: this.result.columns.join("-"),
                }),
            copySvg: (svg) => this.post({ type: "copy", text: svg, rows: 0 }),
        });
        this.main.append(chart.element);
        this.chart = chart;
        return chart;
    }

    private remember(): void {
        this.post({ type: "chart", outputId: this.id, view: this.view, spec: this.spec });
    }

    private cycleSort(col: number): void {
        const q = this.model.query;
        let next: ViewQuery;
        if (q.sortColumn !== col) next = { ...q, sortColumn: col, sortDir: "asc" };
        else if (q.sortDir === "asc") next = { ...q, sortDir: "desc" };
        else next = { ...q, sortColumn: -1, sortDir: "asc" };
        this.grid.setSort(next.sortColumn, next.sortDir);
        void this.source.view(this.id, next).then((order) => {
            this.model.setOrder(next, order);
            this.grid.invalidate();
        });
    }

    private copy(withHeaders: boolean): void {
        const range = this.grid.selection.range();
        if (!range) return;
        const format = withHeaders ? "tsvWithHeaders" : "tsv";
        const text = copyText(this.model, range, format, neutraliseFormulas);
        this.post({ type: "copy", text, rows: range.r1 - range.r0 + 1 });
    }

    /** The chart as a PNG data URL (for the Markdown export), or null when it shows the grid. */
    async png(): Promise<string | null> {
        if (this.view !== "chart") return null;
        // The chart view's own PNG export: background, axes and legend in the theme's colours.
        const blob = await this.chart?.pngBlob();
        if (!blob) return null;
        return new Promise((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : null);
            reader.onerror = () => resolve(null);
            reader.readAsDataURL(blob);
        });
    }
}

/** The latest render of each output element: a slower earlier one must not land on top of it. */
const rendering = new WeakMap<HTMLElement, symbol>();

/** An output's result: its rows scanned in place, its other fields parsed. */
async function readOutput(bytes: Uint8Array): Promise<{ head: StoredHead; scan: ObjectScanner }> {
    const scan = await scanOnPage(bytes);
    // The view is built in a task of its own, not at the end of the scan's last one.
    await nextTask();
    const head = parseFields(bytes, scan.fields, "results");
    if (!Array.isArray(head.columns)) throw new Error("no columns");
    return { head: { ...(head as Omit<StoredHead, "kept">), kept: scan.rowStarts.length }, scan };
}

/** Whether TSV copies make formula-like text inert: on unless the extension's `settings` say. */
let neutraliseFormulas = true;

export function activate(ctx: RendererContext) {
    addStyles();
    const post = (message: FromRenderer) => ctx.postMessage?.(message);
    ctx.onDidReceiveMessage?.((message) => {
        if (message.type === "settings") {
            neutraliseFormulas = message.neutraliseFormulas;
            return;
        }
        if (message.type === "l10n") {
            // VS Code's translations for its display language (none in English).
            if (!message.bundle) return;
            l10n.config({ contents: message.bundle });
            for (const view of shown.values()) view.relabel();
            return;
        }
        if (message.type !== "chartImages") return;
        for (const id of message.outputIds) {
            void shown
                .get(id)
                ?.png()
                .then((png) => png && post({ type: "chartImage", outputId: id, png }));
        }
    });
    post({ type: "l10n" });
    return {
        renderOutputItem(item: OutputItem, element: HTMLElement): void {
            const key = item.metadata?.key ?? item.id;
            shown.delete(ids.get(item.id) ?? item.id);
            element.replaceChildren();
            // Our own copy: the grid keeps reading these bytes (every digit of wide numbers).
            const bytes = item.data().slice();
            const render = Symbol(key);
            rendering.set(element, render);
            const startedAt = performance.now();
            // Scanned in short tasks (an output at its cap holds tens of thousands of rows),
            // then only the fields other than the rows are parsed.
            void readOutput(bytes).then(
                ({ head, scan }) => {
                    if (rendering.get(element) !== render) return;
                    const view = new OutputView(key, head, bytes, scan, startedAt, post);
                    element.append(view.root);
                    view.start();
                    shown.set(key, view);
                    ids.set(item.id, key);
                },
                () => {
                    if (rendering.get(element) !== render) return;
                    element.textContent = l10n.t(
                        "This result could not be read: run the cell again.",
                    );
                },
            );
        },
        disposeOutputItem(id?: string): void {
            if (id) shown.delete(ids.get(id) ?? id);
            else shown.clear();
        },
    };
}
