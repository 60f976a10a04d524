// The results page's chart, loaded when it is first wanted or once the page is idle. The chart's
// code (uPlot, the choosers, the image exports; over a third of the page's script) is its own
// module (esbuild splits it out, scripts/webviewBuildOptions.mjs), so a new panel parses and
// evaluates only what draws the grid: in code-server the page shares the editor's renderer
// thread, and its start-up was one long task there, on the same CPUs as the query it waits for
// (see docs/performance.md, "Chart"). What the page needs before then (which chart a result
// opens with and the columns it reads) is chart/opening.ts.
import type { ChartActions, ChartSource, ChartView } from "./chartView";
import type { ChartSpec } from "./pick";
import { log } from "../vscodeApi";

type ChartModule = typeof import("./chartView");

let loading: Promise<ChartModule> | null = null;

/** The chart's module, fetched once (a failed fetch is tried again on the next call). */
function chartModule(): Promise<ChartModule> {
    loading ??= import("./chartView").catch((err: unknown) => {
        loading = null;
        throw err;
    });
    return loading;
}

/** What the chart was last asked to show; applied once its code is loaded. */
interface Wanted {
    source: ChartSource;
    saved: ChartSpec | null;
    title: string;
    focus: boolean;
}

/** The chart as the page's App uses it; the view itself is created on its module's arrival. */
export class LazyChart {
    /** Where the chart goes: a box with no box of its own (CSS `display: contents`). */
    readonly element: HTMLElement;
    private view: ChartView | null = null;
    private wanted: Wanted | null = null;
    private warmed = false;

    /** @param failed told when a chart that was asked for could not be loaded */
    constructor(
        private readonly actions: ChartActions,
        private readonly failed: (message: string) => void,
    ) {
        this.element = document.createElement("div");
        this.element.className = "chart-slot";
    }

    /**
     * Loads the chart's code now, so that a later Alt+C draws without waiting for it; with
     * `warm`, also runs it once, unseen (chart/warmUp.ts), unless a chart is shown by then.
     */
    preload(warm = false): void {
        // The warm-up in a task of its own: with the chunk's loading, one task held the page for
        // longer than 50 ms.
        void this.load().then(() => {
            if (warm) requestIdleCallback(() => void this.warmUp());
        });
    }

    private async warmUp(): Promise<void> {
        // Not loaded (no view): a chart asked for loads it again, and says so if it cannot.
        if (this.warmed || !this.view || this.view.visible) return;
        this.warmed = true;
        try {
            await this.view.warmUp();
            log("debug", "the chart's code ran once off-screen");
        } catch (err) {
            // Only a head start was lost: the first chart draws without it.
            log("debug", `the chart's warm-up failed: ${String(err)}`);
        }
    }

    show(source: ChartSource, saved: ChartSpec | null, title: string): void {
        if (this.view) return this.view.show(source, saved, title);
        this.wanted = { source, saved, title, focus: this.wanted?.focus ?? false };
        void this.load();
    }

    hide(): void {
        this.wanted = null;
        this.view?.hide();
    }

    rowsChanged(): void {
        this.view?.rowsChanged();
    }

    viewChanged(): void {
        this.view?.viewChanged();
    }

    focus(): void {
        if (this.view) this.view.focus();
        else if (this.wanted) this.wanted.focus = true;
    }

    private async load(): Promise<void> {
        let module: ChartModule;
        try {
            module = await chartModule();
        } catch (err) {
            // Said only to a user who asked for the chart; a preload that failed is tried again
            // when they do.
            if (this.view || !this.wanted) return;
            this.wanted = null;
            this.failed(`the chart could not be loaded: ${String(err)}`);
            return;
        }
        if (this.view) return;
        this.view = new module.ChartView(this.actions);
        this.element.append(this.view.element);
        const wanted = this.wanted;
        this.wanted = null;
        if (!wanted) return;
        this.view.show(wanted.source, wanted.saved, wanted.title);
        if (wanted.focus) this.view.focus();
    }
}
