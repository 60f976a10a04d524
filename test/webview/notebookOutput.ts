// Notebook outputs at the controller's caps, the page the renderer runs in, and one render
// measured: shared by the renderer's webview tests and `npm run bench`'s notebook row.
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Page } from "playwright-core";
import { ObjectScanner } from "../../src/shared/json/responseScan";
import { resultBytes, storedResult } from "../../src/notebook/resultOutput";

// These callbacks run in the page; the root tsconfig has no DOM lib, so name its globals here.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const performance: any;
declare function requestAnimationFrame(callback: () => void): number;

export interface OutputCase {
    name: string;
    columns: string[];
    types: string[];
    rows: number;
    row: (i: number) => unknown[];
}

export interface RenderedOutput {
    /** Long tasks (50 ms or more) on the output frame's thread since the output arrived. */
    longTasks: { start: number; ms: number }[];
    /** Turns the page gave back to the event loop while rendering. */
    yields: number;
    parseMs: number;
    rows: number;
    /** How long `renderOutputItem` itself took. */
    syncMs: number;
}

const root = path.resolve(__dirname, "../../..");
/** The most rows the `notebook.outputRows` setting allows (package.json maximum). */
export const MAX_OUTPUT_ROWS = 50_000;

/** The renderer bundle as esbuild.mjs builds it (bench/buildWebview.mjs). */
export function buildRenderer(): void {
    execFileSync(process.execPath, [path.join(root, "bench", "buildWebview.mjs"), "notebook"], {
        cwd: root,
    });
}

/**
 * A response of `rows` rows as the service sends it, kept as a notebook output keeps it (at
 * most `cap` rows and OUTPUT_BYTE_CAP, 256 KB, of row text): the output item's bytes.
 */
export function cappedOutput(
    columns: string[],
    types: string[],
    rows: number,
    row: (i: number) => unknown[],
    cap = MAX_OUTPUT_ROWS,
): { bytes: Uint8Array; kept: number } {
    const lines: string[] = [];
    for (let i = 0; i < rows; i++) lines.push(JSON.stringify(row(i)));
    const text = `{"columns":${JSON.stringify(columns)},"types":${JSON.stringify(types.map((t) => [t, t]))},"results":[${lines.join(",")}],"hasMore":false}`;
    const bytes = new TextEncoder().encode(text);
    const scan = new ObjectScanner(bytes, 0, bytes.length, "results", true).run();
    const head = { columns, types: types.map((t) => [t, t]), hasMore: false };
    const result = storedResult(
        { bytes, layout: { head, rowStarts: scan.rowStarts, rowEnds: scan.rowEnds } },
        cap,
    );
    return { bytes: resultBytes(result), kept: result.results.length };
}

export const NOTEBOOK_PAGE = `<!doctype html><html><head><meta charset="utf-8"></head>
<body class="vscode-dark"><div id="out"></div>
<script type="module">
import { activate } from "/dist/notebook.js";
window.__posted = [];
window.__longTasks = [];
// Counts the turns the page's code gives back to the event loop (setTimeout with no delay, as
// the scan's slices and the view's tasks do), from the moment an output is handed over.
window.__yields = 0;
const setTimeoutOfPage = window.setTimeout.bind(window);
window.setTimeout = (fn, ms, ...rest) => {
    if (!ms) window.__yields++;
    return setTimeoutOfPage(fn, ms, ...rest);
};
new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
}).observe({ type: "longtask" });
const listeners = [];
window.__send = (m) => listeners.forEach((l) => l(m));
const renderer = activate({
    postMessage: (m) => window.__posted.push(m),
    onDidReceiveMessage: (l) => { listeners.push(l); return { dispose() {} }; },
});
window.__render = (id, bytes) => {
    const element = document.createElement("div");
    document.getElementById("out").append(element);
    const item = {
        id, metadata: { key: id }, mime: "application/vnd.posthog-workbench.hogql-result+json",
        data: () => bytes,
    };
    renderer.renderOutputItem(item, element);
};
window.__ready = true;
</script></body></html>`;

/** Outputs at the caps the controller keeps (rows, then bytes): the renderer's worst cases. */
export const CAPPED_CASES: OutputCase[] = [
    {
        name: "narrow rows at the row cap (50,000 one-number rows)",
        columns: ["n"],
        types: ["Int64"],
        rows: 60_000,
        row: (i: number) => [i],
    },
    {
        name: "many small cells at the byte cap (256 KB of 20 one-digit columns)",
        columns: Array.from({ length: 20 }, (_, i) => `c${i}`),
        types: Array.from({ length: 20 }, () => "UInt8"),
        rows: 20_000,
        row: (i: number) => Array.from({ length: 20 }, (_, j) => (i + j) % 10),
    },
    {
        name: "wide rows at the byte cap (256 KB of six-column rows)",
        columns: ["day", "distinct_id", "browser", "country", "pageviews", "ratio"],
        types: ["DateTime", "String", "String", "String", "UInt64", "Float64"],
        rows: 20_000,
        row: (i: number) => [
            `2024-0${1 + (i % 9)}-1${i % 10}T0${i % 10}:00:00Z`,
            `0191c3a2-${String(i).padStart(4, "0")}-7b3e-9f1d-2c4e6a8b0d1f`,
            ["Chrome", "Firefox", "Safari", "Edge"][i % 4],
            ["United States", "Germany", "Brazil", "India", "Japan"][i % 5],
            (i * 7919) % 100_000,
            ((i * 31) % 1000) / 1000,
        ],
    },
];

/** Loads the renderer's page (served as "notebook" from NOTEBOOK_PAGE) afresh and waits for it. */
export async function openNotebookPage(page: Page, origin: string): Promise<void> {
    await page.goto(`${origin}/page/notebook.html`);
    await page.waitForFunction(() => window.__ready === true);
}

/**
 * Renders an output's bytes and waits until its grid shows rows and every row is parsed;
 * returns the long tasks seen since the output arrived, the turns given back, the parse time.
 */
export async function renderOutput(
    page: Page,
    id: string,
    bytes: Uint8Array,
): Promise<RenderedOutput> {
    const data = Buffer.from(bytes).toString("base64");
    // As VS Code hands an output over: in a task of its own (the Long Tasks API sees tasks,
    // not the test driver's evaluations).
    await page.evaluate(
        ({ id, data }) => {
            const binary = atob(data);
            const bytes = new Uint8Array(binary.length);
            for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
            window.__syncMs = undefined;
            setTimeout(() => {
                window.__since = performance.now();
                window.__yields = 0;
                window.__render(id, bytes);
                window.__syncMs = performance.now() - window.__since;
            });
        },
        { id, data },
    );
    const syncMs = Number(
        await (
            await page.waitForFunction(() => window.__syncMs, undefined, { timeout: 30_000 })
        ).jsonValue(),
    );
    const output = page.locator(`.phnb[data-parse-ms]`).last();
    await output.waitFor({ timeout: 30_000 });
    await page.locator(".phnb .row .cell").last().waitFor({ timeout: 30_000 });
    // Two frames: the grid's paint after the parse is inside the window measured.
    await page.evaluate(
        () =>
            new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
    );
    const longTasks = await page.evaluate(() =>
        (window.__longTasks as { start: number; ms: number }[]).filter(
            (t) => t.start + t.ms >= window.__since,
        ),
    );
    return {
        longTasks,
        yields: Number(await page.evaluate(() => window.__yields)),
        parseMs: Number(await output.getAttribute("data-parse-ms")),
        rows: Number(await output.getAttribute("data-parsed-rows")),
        syncMs,
    };
}
