// Entry of the results webview. Listens first, then says `ready`, so the extension never posts
// into a page that is not listening yet.
import "./l10nConfig";
import type { ToWebview } from "../../shared/resultsProtocol";
import { App } from "./app";
import { dateTimeFormatter } from "./format";
import { countFormat } from "./locale";
import "./elements";
import { RowSource, startWorker } from "./rowSource";
import css from "./styles.css";
import { textCollator } from "./view";
import { log, vscode } from "./vscodeApi";

// Constructable stylesheets are what the toolkit (Lit) uses too; they need no inline <style>.
const sheet = new CSSStyleSheet();
sheet.replaceSync(css);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const workerUrl = document.body.dataset.worker ?? "";
const worker: Promise<Worker | null> = workerUrl
    ? startWorker(workerUrl).catch((err: unknown) => {
          log("warn", `results worker unavailable, parsing on the page: ${String(err)}`);
          return null;
      })
    : Promise.resolve(null);

const source = new RowSource(worker, (message) => log("warn", message));

function handle(app: App, message: ToWebview): void {
    try {
        app.onMessage(message);
    } catch (err) {
        log(
            "error",
            `results view: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
    }
}

// The page (toolbar, grid, status line) is built in tasks after the one that says `ready`: in
// code-server the page starts on the editor's own thread, where its start-up was one long task,
// half of it building the page. When the query being computed beside it took the CPUs, that one
// task sometimes took several times longer (see docs/performance.md, "Results page start-up").
// So the grid and status line come in one short task and the toolbar's controls in five more
// (toolbar.ts). Messages that come before the first wait for it, in order.
let app: App | null = null;
const early: ToWebview[] = [];
window.addEventListener("message", (event: MessageEvent<ToWebview>) => {
    if (app) handle(app, event.data);
    else early.push(event.data);
});
window.addEventListener("error", (event) => log("error", `results view: ${event.message}`));
// Marks for `npm run bench` (read from the page): when the page listened, when results came.
performance.mark("results:ready");
vscode.postMessage({ type: "ready" });
// Each step in a task of its own, in order: message tasks, not timers (timers of a page or frame
// the browser deems hidden are throttled).
const steps: (() => void)[] = [
    () => {
        const root = document.getElementById("app") ?? document.body;
        const built = new App(
            root,
            source,
            worker.then((w) => w !== null),
        );
        app = built;
        for (const message of early.splice(0)) handle(built, message);
        steps.push(...built.buildSteps, () => requestIdleCallback(warmNext, { timeout: 200 }));
    },
];
const tasks = new MessageChannel();
tasks.port1.onmessage = () => {
    try {
        steps.shift()?.();
    } finally {
        // A step that failed (logged by the page's error handler) does not stop the ones after.
        if (steps.length > 0) tasks.port2.postMessage(null);
        else tasks.port1.close();
    }
};
tasks.port2.postMessage(null);

// The locale's formats and collation (costly ICU data) while the extension runs the query, not
// in a start-up task. Each in a task of its own: together they were one long task in a new page
// (see docs/performance.md, "Results page start-up"). A page without idle time gets each within
// 200 ms of the one before, or when first needed. The grid's measuring font likewise.
const warmUps = [dateTimeFormatter, countFormat, textCollator, () => app?.prepare()];
function warmNext(): void {
    warmUps.shift()?.();
    if (warmUps.length > 0) requestIdleCallback(warmNext, { timeout: 200 });
}
