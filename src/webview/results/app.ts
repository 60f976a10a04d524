// The results page: receives results from the extension, paints the first screenful at once, lets
// the worker parse the rest, and wires the toolbar, grid, detail view and status line together.
import * as l10n from "@vscode/l10n";
import { withoutControls } from "../../shared/plainText";
import type {
    BytesMessage,
    ChartPrefs,
    LoadMessage,
    ToWebview,
    ViewState,
    WebviewState,
} from "../../shared/resultsProtocol";
import { type ColumnLayout, isDefaultLayout, queryKey } from "../../shared/columnLayout";
import { Announcer, finishedText } from "./announcer";
import { LazyChart } from "./chart/lazyChart";
import { chartColumnsToRead } from "./chart/opening";
import { ColumnChooser } from "./columnChooser";
import { ColumnControl } from "./columnControl";
import { columnItems } from "./columnMenus";
import { DetailView } from "./detail";
import { Grid } from "./grid/grid";
import { IncomingBytes } from "./incomingBytes";
import { showMenu } from "./menu";
import { RecordView } from "./recordView";
import { ResultModel } from "./resultModel";
import { afterNextPaint, RowSource, type RowSink } from "./rowSource";
import { restoreSelection, selectionState } from "./selectionState";
import { SelectionCopy } from "./selectionCopy";
import { StatusLine } from "./status";
import { Toolbar } from "./toolbar";
import type { ColumnToRead, ViewQuery } from "./view";
import { log, vscode } from "./vscodeApi";

/** Rows from which a result's chart code is run once off-screen after its rows are parsed. */
const warmChartRows = 5_000;
/** Most columns of a result taken to be charted first (a time, a breakdown and a few counts). */
const chartShapedColumns = 5;

/** Rows of a chart column read in one step while the page is idle (about a millisecond). */
const readAheadRows = 2000;
/** Queries whose column layouts the page's state remembers; the oldest goes first. */
const layoutsKept = 50;

export class App {
    private readonly grid: Grid;
    private readonly toolbar: Toolbar;
    private readonly status: StatusLine;
    private readonly announcer = new Announcer();
    private readonly detail: DetailView;
    private readonly copier: SelectionCopy;
    private readonly chart: LazyChart;
    private readonly columns: ColumnControl;
    private readonly chooser: ColumnChooser;
    private readonly record: RecordView;
    /** Column layouts by query (WebviewState.layouts), oldest first. */
    private readonly layouts: Record<string, ColumnLayout>;
    /** Grid or chart per result (from saved state, the extension's memory, or the user). */
    private readonly chartPrefs = new Map<ResultModel, ChartPrefs>();
    private models: ResultModel[] = [];
    /** The models whose parsing started (bytes that arrive later are parsed at once). */
    private parsing: ResultModel[] | null = null;
    /** When the last load came (the parse times count from it). */
    private loadedAt = 0;
    private active = -1;
    private storeKey: string | null = null;
    private viewSeq = 0;
    private saveTimer = 0;
    private restoring = false;
    /** Parts of results' bytes still arriving. */
    private readonly incoming = new IncomingBytes();

    constructor(
        root: HTMLElement,
        private readonly source: RowSource,
        private readonly workerAvailable: Promise<boolean>,
    ) {
        const main = document.createElement("main");
        main.className = "main";
        this.toolbar = this.makeToolbar();
        this.grid = this.makeGrid(main);
        this.layouts = { ...(vscode.getState()?.layouts ?? {}) };
        this.columns = new ColumnControl({
            grid: this.grid,
            announce: (text) => this.announcer.say(text),
            changed: (model, layout) => this.layoutChanged(model, layout),
        });
        this.chooser = new ColumnChooser(this.columns, () => this.grid.focus());
        this.copier = new SelectionCopy(
            this.grid,
            source,
            () => this.current(),
            (c0, c1) => this.columns.dataColumns(c0, c1),
        );
        this.detail = this.makeDetail(main);
        this.record = this.makeRecord(main);
        this.chart = this.makeChart(main);
        this.status = this.makeStatus();
        this.listenForKeys();
        // The panel's "Running ..." line (html.ts `waiting`) covered the page's load; the status
        // line below says "Waiting for the result…" from here on.
        root.querySelector(".waiting")?.remove();
        root.append(
            this.toolbar.element,
            main,
            this.status.element,
            this.announcer.element,
            this.chooser.element,
        );
        this.status.update(null);
    }

    private makeToolbar(): Toolbar {
        return new Toolbar({
            filter: (text) => this.applyQuery({ ...this.query(), filter: text }),
            copy: (format) => this.copier.copy(format),
            exportAs: (format, all) =>
                this.withModel((m) => {
                    const columns = all ? undefined : this.columns.exportColumns();
                    const msg = { type: "export", resultId: m.payload.id, format } as const;
                    vscode.postMessage(columns ? { ...msg, columns } : msg);
                }),
            arranged: () => this.columns.arranged,
            openJson: () =>
                this.withModel((m) =>
                    vscode.postMessage({ type: "openJson", resultId: m.payload.id }),
                ),
            selectTab: (index) => this.activate(index),
            toggleChart: () => this.toggleChart(),
            move: () => vscode.postMessage({ type: "move" }),
            // Set by the extension in the page's HTML (html.ts): a tab's page, or the panel's.
            location: document.body.dataset.location === "panel" ? "panel" : "editor",
        });
    }

    private makeGrid(main: HTMLElement): Grid {
        return new Grid(main, {
            sortClicked: (col) => this.cycleSort(this.columns.toData(col)),
            headerMenu: (col, x, y) =>
                showMenu(
                    x,
                    y,
                    columnItems(this.columns, col, () => this.chooser.open()),
                ),
            moveColumn: (col, to) => this.columns.move(col, to),
            openRecord: (row) => this.openRecord(row),
            openDetail: (row, col) => this.openDetail(row, col),
            contextMenu: (x, y) => this.contextMenu(x, y),
            copy: (withHeaders) => this.copier.copy(withHeaders ? "tsvWithHeaders" : "tsv"),
            viewChanged: () => this.saveStateSoon(),
        });
    }

    private makeDetail(main: HTMLElement): DetailView {
        const detail = new DetailView(
            () => {
                detail.hide();
                this.grid.focus();
            },
            (text) => vscode.postMessage({ type: "copy", text, format: "tsv", rows: 1 }),
        );
        main.append(detail.element);
        return detail;
    }

    private makeChart(main: HTMLElement): LazyChart {
        const chart = new LazyChart(
            {
                changed: (spec) => this.setChartPrefs({ view: "chart", spec }),
                save: (format, data) =>
                    this.withModel((m) =>
                        vscode.postMessage({
                            type: "saveChart",
                            format,
                            data,
                            title: m.payload.title,
                        }),
                    ),
                copySvg: (svg) => vscode.postMessage({ type: "copyChart", svg }),
            },
            (message) => this.chartFailed(message),
        );
        main.append(chart.element);
        return chart;
    }

    /**
     * The chart's code or drawing failed. The grid stays usable: show it again and say why the
     * chart did not come. The query's remembered choice stays the chart (the extension is not
     * told), and the next Alt+C tries the chart again.
     */
    private chartFailed(message: string): void {
        log("error", `results view: ${message}`);
        this.withModel((model) => {
            const prefs = this.chartPrefs.get(model);
            this.chartPrefs.set(model, { view: "grid", spec: prefs?.spec ?? null });
            this.showView(model);
        });
        this.announcer.say(l10n.t("The chart could not be loaded."));
    }

    private makeStatus(): StatusLine {
        return new StatusLine((dialect) =>
            this.withModel((m) =>
                vscode.postMessage({ type: "showSql", resultId: m.payload.id, dialect }),
            ),
        );
    }

    private listenForKeys(): void {
        // Alt+C switches between the grid and the chart (C for chart), wherever the focus is.
        document.addEventListener("keydown", (e) => {
            if (e.altKey && !e.ctrlKey && !e.metaKey && e.code === "KeyC") {
                e.preventDefault();
                this.toggleChart();
            }
        });
        // Escape in the grid closes the detail view too (the grid itself clears its selection).
        this.grid.element.addEventListener("keydown", (e) => {
            if (e.key === "Escape" && this.detail.visible) this.detail.hide();
            if (e.key === "Escape" && this.record.visible) this.record.hide();
        });
    }

    /** What is left of building the page, each step to be run in a task of its own. */
    get buildSteps(): (() => void)[] {
        return this.toolbar.connectSteps;
    }

    /** Work the first result's load would otherwise do, done while the page waits for it. */
    prepare(): void {
        this.grid.prepareMeasuring();
    }

    /** Handles a message from the extension. */
    onMessage(msg: ToWebview): void {
        if (msg.type === "load") this.load(msg);
        else if (msg.type === "bytes") this.receiveBytes(msg);
        else if (msg.type === "settings") this.copier.neutraliseFormulas = msg.neutraliseFormulas;
    }

    /** The bytes the last load announced: parse them now if the first screen is already up. */
    private receiveBytes(msg: BytesMessage): void {
        const model = this.models.find((m) => m.payload.id === msg.id);
        if (!model || !model.payload.bytesFollow) return;
        const bytes = this.incoming.add(msg);
        if (!bytes) return;
        model.payload.bytes = bytes;
        model.payload.encoding = msg.encoding;
        model.payload.bytesFollow = false;
        if (this.parsing === this.models) this.parse(model, this.loadedAt);
    }

    private load(msg: LoadMessage): void {
        const t0 = performance.now();
        performance.mark("results:load", { detail: msg.results[0]?.durationMs });
        this.loadedAt = t0;
        this.source.dropAll();
        this.incoming.clear();
        // The state the extension carries (a result moved here, or shown again) before the page's own.
        const saved = msg.state ?? vscode.getState();
        // View state only applies to the same stored result (a hide/show or a window reload).
        const sameResult = !!saved && saved.storeKey !== null && saved.storeKey === msg.storeKey;
        this.storeKey = msg.storeKey;
        this.copier.neutraliseFormulas = msg.neutraliseFormulas ?? true;
        this.models = this.modelsOf(msg, sameResult ? saved : undefined);
        const active = sameResult ? Math.min(saved.active, this.models.length - 1) : msg.active;
        this.toolbar.setEnabled(this.models.length > 0);
        this.toolbar.setTabs(
            this.models.map((m) => m.payload.title),
            this.models.map((m) => m.payload.queryText),
            active,
        );
        this.active = -1;
        this.activate(Math.max(0, active));
        const first = this.models[this.active];
        // A new result, not the same one shown again (hide/show, reload): tell screen readers.
        if (first && !sameResult)
            this.announcer.say(finishedText(first.total, first.columns.length, this.models.length));
        this.reportFirstPaint(first, t0);
        this.parseAfterFirstPaint(msg, t0);
    }

    /** A model for each result, with its view state from `saved` and its chart choice. */
    private modelsOf(msg: LoadMessage, saved: WebviewState | undefined): ResultModel[] {
        return msg.results.map((payload) => {
            const model = new ResultModel(payload);
            if (saved) model.saved = saved.views[payload.id] ?? null;
            const prefs = model.saved?.chart ?? payload.chart;
            if (prefs) this.chartPrefs.set(model, prefs);
            return model;
        });
    }

    /** The first frame with the first screen: the bench's mark, and the log's figure. */
    private reportFirstPaint(first: ResultModel | undefined, t0: number): void {
        requestAnimationFrame(() =>
            setTimeout(() => {
                performance.mark("results:painted");
                if (!first) return;
                void this.workerAvailable.then((worker) =>
                    vscode.postMessage({
                        type: "rendered",
                        resultId: first.payload.id,
                        firstPaintMs: performance.now() - t0,
                        fullyLoadedMs: null,
                        worker,
                    }),
                );
            }),
        );
    }

    /**
     * The worker starts once the first screen (from `firstRowsJson`) is painted: started with it,
     * its scan slowed that paint on a 2-core machine (measured, see docs/performance.md,
     * "Results page start-up"). Only if no newer load replaced these results meanwhile.
     */
    private parseAfterFirstPaint(msg: LoadMessage, t0: number): void {
        const models = this.models;
        afterNextPaint(() => {
            if (this.models !== models) return;
            this.parsing = models;
            // The bytes still to come are sent now (sent with the load, they crossed to the page
            // while it drew the first screen: see BytesWantedMessage).
            if (msg.seq !== undefined && models.some((m) => m.payload.bytesFollow))
                vscode.postMessage({ type: "bytesWanted", seq: msg.seq });
            // The shown result first: the worker handles requests in order. A result whose bytes
            // are still on their way is parsed when they come.
            const order = [this.active, ...models.keys()].filter(
                (i, k, all) => all.indexOf(i) === k,
            );
            for (const i of order)
                if (models[i] && !models[i].payload.bytesFollow) this.parse(models[i], t0);
        });
    }

    private parse(model: ResultModel, t0: number): void {
        const payload = model.payload;
        // The columns of the chart it opens with (at most four: a wide table is seldom charted
        // whole). A result shaped like a chart has them read by the worker with its scan, so
        // Alt+C draws at once; the layout waits for that read, so a wider one has them read by
        // the page while idle (see docs/performance.md, "Chart").
        const chartShaped = this.chartShaped(model);
        const spec = this.chartPrefs.get(model)?.spec ?? null;
        // Chosen after the parse when the worker does not read them: the bytes go first.
        const forWorker = chartShaped ? chartColumnsToRead(model, spec, 4) : [];
        const sink: RowSink = {
            layout: (bytes, cells, read) => {
                model.setLayout(bytes, cells, read);
                if (read?.length)
                    log(
                        "debug",
                        `${read.length} chart column(s) of ${payload.id} read with the scan`,
                    );
                if (this.current() === model) this.grid.scheduleRender();
                if (this.current() === model) this.chart.rowsChanged();
            },
            done: (_count, parseMs, inWorker) => {
                model.complete = true;
                vscode.postMessage({
                    type: "rendered",
                    resultId: payload.id,
                    firstPaintMs: 0,
                    fullyLoadedMs: performance.now() - t0,
                    worker: inWorker,
                });
                log(
                    "debug",
                    `parsed ${payload.id} in ${Math.round(parseMs)} ms (${inWorker ? "worker" : "page"})`,
                );
                this.readChartAhead(
                    model,
                    chartShaped ? forWorker : chartColumnsToRead(model, spec, 4),
                );
                // The chart's code too, while the page is idle: Alt+C then draws at once. A large
                // result shaped like a chart is slow to draw first: its code is also run once
                // off-screen. Not while the rows are read: that slowed their reading by half (see
                // docs/performance.md, "Chart").
                const warm = chartShaped && model.total >= warmChartRows;
                requestIdleCallback(() => this.chart.preload(warm));
                if (this.current() === model) {
                    this.status.update(model);
                    this.chart.rowsChanged();
                    // A sort or filter restored from state waits for every row.
                    if (model.query.sortColumn >= 0 || model.query.filter)
                        this.applyQuery(model.query);
                }
            },
            failed: (message) => {
                model.error = message;
                log("error", `could not parse result ${payload.id}: ${message}`);
                if (this.current() === model) this.status.update(model);
            },
        };
        void this.source.load(
            payload.id,
            payload.bytes,
            model.kinds,
            sink,
            payload.encoding,
            forWorker,
        );
        // The bytes went to the worker (they come back with the layout); drop this reference.
        (payload as { bytes: Uint8Array }).bytes = new Uint8Array(0);
    }

    /**
     * A result likely to be charted first: a chart is saved for its query, or it has few
     * columns (a time and a count or two, as PostHog's insights return). A wide table is read
     * in the grid first: reading its chart's columns with the scan held up its rows (see
     * docs/performance.md, "What 'all rows parsed' lost, and why").
     */
    private chartShaped(model: ResultModel): boolean {
        const prefs = this.chartPrefs.get(model);
        return (
            !!prefs?.spec || prefs?.view === "chart" || model.columns.length <= chartShapedColumns
        );
    }

    /**
     * Reads the columns of the chart `model` opens with (saved for its query, or picked) from the
     * bytes while the page is idle, a slice of rows at a time, so that Alt+C draws at once: read
     * ahead, a large result's first chart drew in about half the time (see docs/performance.md,
     * "Chart"). Those the parse worker read with its scan are skipped.
     */
    private readChartAhead(model: ResultModel, columns: readonly ColumnToRead[]): void {
        if (columns.length === 0) return;
        const models = this.models;
        const t0 = performance.now();
        let slices = 0;
        const slice = (deadline: IdleDeadline) => {
            // A newer load replaced this result: its bytes are gone from the page.
            if (this.models !== models) return;
            slices++;
            // Short tasks even in a long idle period (up to 50 ms): input is handled between.
            const end = performance.now() + Math.min(8, deadline.timeRemaining());
            do {
                if (model.readAhead(columns, readAheadRows)) {
                    log(
                        "debug",
                        `read ${columns.length} chart column(s) of ${model.payload.id} ahead in ` +
                            `${slices} slice(s), ${Math.round(performance.now() - t0)} ms`,
                    );
                    return;
                }
            } while (performance.now() < end);
            requestIdleCallback(slice);
        };
        requestIdleCallback(slice);
    }

    private current(): ResultModel | undefined {
        return this.models[this.active];
    }

    private withModel(fn: (model: ResultModel) => void): void {
        const model = this.current();
        if (model) fn(model);
    }

    private query(): ViewQuery {
        return this.current()?.query ?? { sortColumn: -1, sortDir: "asc", filter: "" };
    }

    private activate(index: number): void {
        if (index === this.active || !this.models[index]) return;
        const previous = this.current();
        if (previous) previous.saved = this.viewState(previous);
        this.active = index;
        const model = this.models[index];
        const saved = model.saved;
        // The status line and the toolbar first: what they show changes the grid's height (the
        // status gains its buttons), and the grid then paints once at its final size. Painted
        // before them, it painted every cell again at the next resize observation, in the frame
        // that shows the first screen (see docs/performance.md, "Grid").
        this.toolbar.setFilter(model.query.filter);
        this.detail.hide();
        this.record.hide();
        this.chooser.close();
        this.status.update(model);
        this.showView(model);
        this.restoring = true;
        // One paint for the data, its sort arrow and the restored scroll offsets.
        this.grid.batch(() => {
            this.columns.show(model, this.layoutOf(model), saved?.widths);
            this.grid.setSort(this.columns.toView(model.query.sortColumn), model.query.sortDir);
            if (saved) {
                model.query = {
                    sortColumn: saved.sortColumn,
                    sortDir: saved.sortDir,
                    filter: saved.filter,
                };
                this.grid.setSort(this.columns.toView(saved.sortColumn), saved.sortDir);
                this.grid.scrollTo(saved.scrollTop, saved.scrollLeft);
                if (saved.selection) restoreSelection(this.grid.selection, saved.selection);
            }
        });
        this.restoring = false;
        this.saveStateSoon();
    }

    /** Shows the grid or the chart, as this result's preference says. */
    private showView(model: ResultModel): void {
        const prefs = this.chartPrefs.get(model);
        const chart = prefs?.view === "chart";
        this.grid.element.hidden = chart;
        this.toolbar.setChartMode(chart);
        if (chart) this.chart.show(model, prefs?.spec ?? null, model.payload.title);
        else this.chart.hide();
    }

    private toggleChart(): void {
        const model = this.current();
        if (!model) return;
        const prefs = this.chartPrefs.get(model);
        const view = prefs?.view === "chart" ? "grid" : "chart";
        this.setChartPrefs({ view, spec: prefs?.spec ?? null });
        this.showView(model);
        if (view === "chart") this.chart.focus();
        else this.grid.focus();
    }

    /** Records the view and chart for the current result, here and (per query) in the extension. */
    private setChartPrefs(prefs: ChartPrefs): void {
        const model = this.current();
        if (!model) return;
        this.chartPrefs.set(model, prefs);
        vscode.postMessage({ type: "chartPrefs", queryText: model.payload.queryText, prefs });
        this.saveStateSoon();
    }

    private cycleSort(col: number): void {
        const q = this.query();
        // Three states per column: ascending, descending, the service's order.
        let next: ViewQuery;
        if (q.sortColumn !== col) next = { ...q, sortColumn: col, sortDir: "asc" };
        else if (q.sortDir === "asc") next = { ...q, sortDir: "desc" };
        else next = { ...q, sortColumn: -1, sortDir: "asc" };
        this.grid.setSort(this.columns.toView(next.sortColumn), next.sortDir);
        this.applyQuery(next);
    }

    private applyQuery(query: ViewQuery): void {
        const model = this.current();
        if (!model) return;
        model.query = query;
        const seq = ++this.viewSeq;
        void this.source.view(model.payload.id, query).then(
            (order) => {
                // A later sort or filter (or another tab) won; this answer is stale.
                if (seq !== this.viewSeq || this.current() !== model) return;
                model.setOrder(query, order);
                this.grid.invalidate();
                this.chart.viewChanged();
                this.status.update(model);
                this.saveStateSoon();
            },
            (error: unknown) => log("error", `could not sort or filter: ${String(error)}`),
        );
    }

    private openDetail(row: number, viewCol: number): void {
        const model = this.current();
        const values = model?.row(row);
        const col = this.columns.toData(viewCol);
        if (!model || !values) return;
        this.detail.show(
            l10n.t(
                "Row {0} · {1} ({2})",
                row + 1,
                withoutControls(model.columns[col]),
                withoutControls(model.types[col] || "?"),
            ),
            values[col],
        );
    }

    private contextMenu(x: number, y: number): void {
        const sel = this.grid.selection;
        showMenu(x, y, [
            { label: l10n.t("Copy"), run: () => this.copier.copy("tsv") },
            { label: l10n.t("Copy with Headers"), run: () => this.copier.copy("tsvWithHeaders") },
            { label: l10n.t("Copy as CSV"), run: () => this.copier.copy("csv") },
            { label: l10n.t("Copy as JSON"), run: () => this.copier.copy("json") },
            { label: l10n.t("Copy as Markdown"), run: () => this.copier.copy("markdown") },
            ...(this.columns.arranged
                ? [
                      {
                          label: l10n.t("Copy Rows with All Columns"),
                          run: () => this.copier.copy("tsvWithHeaders", true),
                      },
                  ]
                : []),
            null,
            {
                label: l10n.t("Show Value"),
                run: () => this.openDetail(sel.focusRow, sel.focusCol),
            },
            {
                label: l10n.t("Show Record (Shift+Enter)"),
                run: () => this.openRecord(sel.focusRow),
            },
            { label: l10n.t("Select All"), run: () => (sel.all(), this.grid.invalidate()) },
            null,
            ...columnItems(this.columns, sel.focusCol, () => this.chooser.open()),
        ]);
    }

    private makeRecord(main: HTMLElement): RecordView {
        const record = new RecordView({
            rowCount: () => this.current()?.rowCount() ?? 0,
            fields: (row) => {
                const model = this.current();
                const values = model?.row(row);
                if (!model || !values) return null;
                return this.columns.current().shown.map((c) => ({
                    name: model.columns[c],
                    type: model.types[c] || "?",
                    value: values[c] ?? null,
                }));
            },
            copy: (text) => vscode.postMessage({ type: "copy", text, format: "tsv", rows: 1 }),
            announce: (text) => this.announcer.say(text),
            closed: (row) => {
                const sel = this.grid.selection;
                if (row >= 0) sel.set(row, sel.active ? sel.focusCol : 0, "cells", false);
                this.grid.reveal(sel.focusRow, sel.focusCol);
                this.grid.invalidate();
                this.grid.focus();
            },
        });
        main.append(record.element);
        return record;
    }

    /** Shows view row `row` as fields and values. */
    private openRecord(row: number): void {
        if (!this.current() || row < 0) return;
        this.detail.hide();
        this.record.open(row);
    }

    /** The layout a result opens with: its own view's, else the one kept for its query. */
    private layoutOf(model: ResultModel): ColumnLayout | undefined {
        return model.saved?.layout ?? this.layouts[queryKey(model.payload.queryText)];
    }

    /** Remembers a result's new layout for its query (the default one is forgotten). */
    private layoutChanged(model: ResultModel, layout: ColumnLayout): void {
        const key = queryKey(model.payload.queryText);
        delete this.layouts[key];
        if (!isDefaultLayout(layout)) this.layouts[key] = layout;
        const keys = Object.keys(this.layouts);
        for (const old of keys.slice(0, Math.max(0, keys.length - layoutsKept)))
            delete this.layouts[old];
        this.chooser.refresh();
        this.saveStateSoon();
    }

    private viewState(model: ResultModel): ViewState {
        const view: ViewState = {
            sortColumn: model.query.sortColumn,
            sortDir: model.query.sortDir,
            filter: model.query.filter,
            widths: this.columns.dataWidths(),
            scrollTop: this.grid.element.scrollTop,
            scrollLeft: this.grid.element.scrollLeft,
        };
        // The state is stored as JSON: a result without a chart choice has no `chart` key at all.
        const chart = this.chartPrefs.get(model);
        if (chart) view.chart = chart;
        const selection = selectionState(this.grid.selection);
        if (selection) view.selection = selection;
        if (this.columns.arranged) view.layout = this.columns.current();
        return view;
    }

    private saveStateSoon(): void {
        // Called on every scroll frame: one pending timer is enough. Before the first result
        // arrives there is nothing to save, and saving would overwrite the state a shown-again
        // webview is about to restore from (a resize fires before the extension's message).
        if (this.restoring || this.saveTimer || this.models.length === 0) return;
        this.saveTimer = window.setTimeout(() => {
            this.saveTimer = 0;
            const views: Record<string, ViewState> = {};
            this.models.forEach((m, i) => {
                const view = i === this.active ? this.viewState(m) : m.saved;
                if (view) views[m.payload.id] = view;
            });
            const state: WebviewState = {
                storeKey: this.storeKey,
                active: this.active,
                views,
                layouts: this.layouts,
            };
            vscode.setState(state);
            // The extension keeps it too: moved to the other place, the result looks the same.
            vscode.postMessage({ type: "viewState", state });
        }, 250);
    }
}
