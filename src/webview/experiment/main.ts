// Entry of the experiment page. Listens first, then says `ready`; the extension answers with the
// data, which is rendered as text (never as HTML) without the controls that would reorder or hide
// a name. Charts redraw on resize and theme changes.
// The translations first (as on the results page), before any module builds its strings.
import "../results/l10nConfig";
import uplotCss from "uplot/dist/uPlot.min.css";
import type {
    ExperimentPageData,
    FromExperimentPage,
    ToExperimentPage,
} from "../../shared/experimentPageProtocol";
import type { DrawnChart } from "./charts";
import { plainData } from "./plainData";
import { renderPage } from "./render";
import tipCss from "../results/chart/tip.css";
import css from "./styles.css";

interface VsCodeApi {
    postMessage(message: FromExperimentPage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;
const vscode = acquireVsCodeApi();

const sheet = new CSSStyleSheet();
sheet.replaceSync(uplotCss + "\n" + tipCss + "\n" + css);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const root = document.getElementById("app") ?? document.body;
let data: ExperimentPageData | null = null;
let charts: DrawnChart[] = [];
let scrolled = false;

function log(level: "warn" | "error", message: string): void {
    vscode.postMessage({ type: "log", level, message });
}

function draw(): void {
    if (!data) return;
    for (const c of charts) c.plot.destroy();
    const rendered = renderPage(root, data, (action) =>
        vscode.postMessage({ type: "action", action }),
    );
    charts = rendered.charts;
    root.removeAttribute("aria-busy");
    root.dataset.loaded = data.loadedAt;
    if (data.focusMetric && !scrolled) {
        scrolled = true;
        document.getElementById(`metric-${data.focusMetric}`)?.scrollIntoView({ block: "start" });
    }
    vscode.postMessage({
        type: "rendered",
        metrics: rendered.metrics,
        charts: charts.length,
        bands: charts.reduce((n, c) => n + c.bands, 0),
    });
}

window.addEventListener("message", (event: MessageEvent<ToExperimentPage>) => {
    try {
        const msg = event.data;
        if (msg.type === "load") {
            scrolled = data?.id === msg.data.id && data.focusMetric === msg.data.focusMetric;
            data = plainData(msg.data);
            draw();
        } else if (msg.type === "busy") root.setAttribute("aria-busy", String(!!msg.message));
    } catch (err) {
        log("error", err instanceof Error ? (err.stack ?? err.message) : String(err));
    }
});
window.addEventListener("error", (event) => log("error", event.message));

// Charts follow the page's width (drawn again only when it changes, a frame later).
let width = root.clientWidth;
let pending = 0;
new ResizeObserver(() => {
    if (root.clientWidth === width) return;
    width = root.clientWidth;
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
        for (const c of charts) {
            const host = c.plot.root.parentElement;
            if (host)
                c.plot.setSize({ width: Math.max(240, host.clientWidth), height: c.plot.height });
        }
    });
}).observe(root);
// VS Code switches theme by changing the body's classes: draw again in the new colours.
new MutationObserver(() => draw()).observe(document.body, {
    attributes: true,
    attributeFilter: ["class"],
});

vscode.postMessage({ type: "ready" });
