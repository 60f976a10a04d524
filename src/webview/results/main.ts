// Entry of the results webview. Listens first, then says `ready`, so the extension never posts
// into a page that is not listening yet.
import "./l10nConfig";
import type { ToWebview } from "../../protocol";
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

// The page (toolbar, grid, status line) is built in a task after the one that says `ready`: in
// code-server the page starts on the editor's own thread, where its start-up was one task of
// 49-53 ms (29-39 ms of it CPU) in traces of `npm run bench`'s runs, half of it building the
// page. Messages that come before it is built wait for it, in order.
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
// A message task, not a timer: timers of a page or frame the browser deems hidden are throttled.
const build = new MessageChannel();
build.port1.onmessage = () => {
    build.port1.close();
    const root = document.getElementById("app") ?? document.body;
    const built = new App(
        root,
        source,
        worker.then((w) => w !== null),
    );
    app = built;
    for (const message of early.splice(0)) handle(built, message);
    // The locale's formats and collation (30-70 ms of ICU data in all) while the extension runs
    // the query, not in a start-up task. Each in a task of its own: together they were one task
    // of 57-97 ms in a new page (the date format alone 30-45). A page without idle time gets
    // each within 200 ms of the one before, or when first needed. The grid's measuring font
    // likewise.
    const warmUps = [dateTimeFormatter, countFormat, textCollator, () => built.prepare()];
    const warmNext = (): void => {
        warmUps.shift()?.();
        if (warmUps.length > 0) requestIdleCallback(warmNext, { timeout: 200 });
    };
    requestIdleCallback(warmNext, { timeout: 200 });
};
build.port2.postMessage(null);
