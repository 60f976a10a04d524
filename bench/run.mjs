/* global window, document, performance, TextEncoder, TextDecoder, MessageEvent, Event, MouseEvent, MutationObserver, KeyboardEvent, Slick */
// `npm run bench`: our results grid vs SlickGrid 5 vs a plain <table> (capped), in one headless
// Chromium run, on 50,000 x 20 mixed columns; plus bytes-vs-object transfer and bundle figures.
// Prints a table and writes bench/results.json: [{figure, unit, ours, baseline, baseline_name, ratio}].
import * as esbuild from "esbuild";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { activateFigures } from "./activate.mjs";
import { codeCallsFigures } from "./codeCalls.mjs";
import { codeIndexFigures } from "./codeCallsIndex.mjs";
import { chartFigures, chartLibPage, chartResponse } from "./chart.mjs";
import {
    exportFigures,
    hostFigures,
    storeFigures,
    hostRoundTrip,
    wideResponseText,
    wideValues,
} from "./host.mjs";
import { firstHoverFigures, median, panelViewFigures, workbenchFigures } from "./workbench.mjs";
import { buildWebview } from "./buildWebview.mjs";
import { notebookOutputFigures } from "./notebookOutput.mjs";
import { makeResponse } from "./data.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const TABLE_ROWS = 2_000;
const SCROLL_FRAMES = 150;
// Passes of SCROLL_FRAMES frames each, in the same page; the figures are the median pass.
const SCROLL_PASSES = 5;
const VIEWPORT = { width: 1100, height: 640 };
// Runs of our grid and SlickGrid's, alternated; the grid figures are their medians. Nine: with
// five, the first paint's ratio swung 0.33-0.40 between three sets in one run of fifteen (0.36
// over all fifteen; each page's first paint 34-108 ms for ours, 107-268 for SlickGrid's).
const GRID_RUNS = Number(process.env.BENCH_GRID_RUNS ?? 9);

/** Each number (nested ones too) the median of the runs' values; anything else from the first. */
function medianOfRuns(runs) {
    const pick = (values) => {
        if (typeof values[0] === "number") return median(values);
        if (values[0] && typeof values[0] === "object" && !Array.isArray(values[0]))
            return Object.fromEntries(
                Object.keys(values[0]).map((k) => [k, pick(values.map((v) => v[k]))]),
            );
        return values[0];
    };
    return pick(runs);
}
// The tests' Chromium flags (out/test/chromium.js: `npm run bench` compiles first), plus
// precise memory figures.
const { chromiumArgs } = await import(
    pathToFileURL(path.join(root, "out", "test", "chromium.js")).href
);
const args = [...chromiumArgs, "--enable-precise-memory-info"];

async function loadHtmlModule() {
    // The panel's own HTML builder (TypeScript), so the bench page has the panel's exact CSP.
    const out = path.join(os.tmpdir(), `posthog-bench-html-${process.pid}.mjs`);
    await esbuild.build({
        absWorkingDir: root,
        entryPoints: ["src/resultsPanel/html.ts"],
        bundle: true,
        platform: "node",
        format: "esm",
        outfile: out,
        logLevel: "warning",
    });
    const mod = await import(pathToFileURL(out).href);
    fs.rmSync(out, { force: true });
    return mod;
}

function serve(routes) {
    const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://x");
        const route = routes(url.pathname);
        if (!route) {
            res.writeHead(404);
            return res.end();
        }
        // Cross-origin isolation makes performance.now() precise to 5 µs instead of 100 µs: a
        // scroll frame's script takes tenths of a millisecond. The transfer pages cross origins
        // on purpose (like a webview's iframe) and cannot be isolated.
        const isolate = !url.pathname.startsWith("/transfer");
        res.writeHead(200, {
            "content-type": route.type,
            "cache-control": "no-store",
            ...(isolate
                ? {
                      "cross-origin-opener-policy": "same-origin",
                      "cross-origin-embedder-policy": "require-corp",
                  }
                : {}),
        });
        res.end(route.body);
    });
    return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// `__onPost` lets a measurement react to a posted message at once (no polling delay).
const fakeApi = `window.__posted=[];window.acquireVsCodeApi=()=>({postMessage:(m)=>{window.__posted.push(m);window.__onPost?.(m);},getState:()=>undefined,setState:()=>{}});`;

// ---- in-page helpers (serialized into the pages) ------------------------------------------------

const pageHelpers = `
window.__paint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
window.__longTasks = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); })
    .observe({ type: "longtask", buffered: false });
window.__scrollBench = async (el, frames, step, passes) => {
    // Script time of one scroll frame: the scrollTop write plus the grid's scroll handling, run
    // synchronously in a frame's animation callback so it can be timed (the timer is precise to
    // 5 µs: the pages are cross-origin isolated). Each pass scrolls on from where the last
    // stopped (new rows every time); p50 and p95 are the medians over the passes, the same for
    // every grid: single passes swing on this shared machine.
    if (!crossOriginIsolated) throw new Error("bench page is not cross-origin isolated");
    const results = [];
    for (let pass = 0; pass < passes; pass++) {
        const times = [];
        for (let i = 0; i < frames; i++) {
            await new Promise((r) => requestAnimationFrame(r));
            const t0 = performance.now();
            el.scrollTop += step;
            // Run the grid's scroll handling now, in this frame, so it can be timed.
            el.dispatchEvent(new Event("scroll"));
            times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
        results.push({ p50: q(0.5), p95: q(0.95) });
    }
    const mid = (key) => results.map((r) => r[key]).sort((a, b) => a - b)[results.length >> 1];
    return { p50: mid("p50"), p95: mid("p95") };
};
`;

function slickPage(origin) {
    const css = ["slick.grid.css", "slick-alpine-theme.css"]
        .map((f) => `<link rel="stylesheet" href="${origin}/slick/css/${f}">`)
        .join("");
    return `<!DOCTYPE html><html><head><meta charset="utf-8">${css}
<style>html,body{margin:0;height:100%}#g{width:${VIEWPORT.width}px;height:${VIEWPORT.height - 60}px}</style>
<script>${pageHelpers}</script>
<script src="${origin}/slick/slick.core.js"></script><script src="${origin}/slick/slick.interactions.js"></script><script src="${origin}/slick/slick.grid.js"></script>
</head><body><div id="g"></div></body></html>`;
}

function tablePage() {
    return `<!DOCTYPE html><html><head><meta charset="utf-8">
<style>html,body{margin:0;height:100%}#t{height:${VIEWPORT.height - 60}px;overflow:auto;font:13px monospace}td,th{white-space:nowrap;padding:0 6px;border:1px solid #ddd}</style>
<script>${pageHelpers}</script></head><body><div id="t"></div></body></html>`;
}

async function heap(cdp) {
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("HeapProfiler.collectGarbage");
    // ArrayBuffers (the result's bytes) live outside the JS heap: count them too when reported.
    const { usedSize, backingStorageSize } = await cdp.send("Runtime.getHeapUsage");
    return usedSize + (backingStorageSize ?? 0);
}

/**
 * The page's dedicated workers' heaps (the parse worker holds its own copy of the bytes and the
 * values' offsets): each worker attached through the page's session, garbage collected, and its
 * heap plus ArrayBuffers summed. Playwright's sessions carry no child session id, so messages go
 * through Target.sendMessageToTarget (the non-flat protocol).
 */
async function workerHeaps(cdp) {
    const sessions = new Set();
    const pending = new Map();
    let nextId = 1;
    cdp.on("Target.receivedMessageFromTarget", (e) => {
        const m = JSON.parse(e.message);
        pending.get(m.id)?.(m);
        pending.delete(m.id);
    });
    cdp.on("Target.attachedToTarget", (e) => {
        if (e.targetInfo.type === "worker") sessions.add(e.sessionId);
    });
    cdp.on("Target.detachedFromTarget", (e) => sessions.delete(e.sessionId));
    await cdp.send("Target.setAutoAttach", {
        autoAttach: true,
        waitForDebuggerOnStart: false,
        flatten: false,
    });
    const send = (sessionId, method) =>
        new Promise((resolve, reject) => {
            const id = nextId++;
            pending.set(id, (m) =>
                m.error ? reject(new Error(m.error.message)) : resolve(m.result),
            );
            const message = JSON.stringify({ id, method, params: {} });
            cdp.send("Target.sendMessageToTarget", { sessionId, message }).catch(reject);
        });
    return async () => {
        let total = 0;
        for (const sessionId of sessions) {
            await send(sessionId, "HeapProfiler.collectGarbage");
            await send(sessionId, "HeapProfiler.collectGarbage");
            const { usedSize, backingStorageSize } = await send(sessionId, "Runtime.getHeapUsage");
            total += usedSize + (backingStorageSize ?? 0);
        }
        return { total, workers: sessions.size };
    };
}

async function benchOurs(browser, origin, firstRowsJson, meta) {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${origin}/ours.html`);
    await page.waitForFunction(() => window.__posted.some((m) => m.type === "ready"));
    const cdp = await page.context().newCDPSession(page);
    const workersHeap = await workerHeaps(cdp);
    // The page starts its worker after saying ready (the script is fetched first): wait for it,
    // so its own start-up heap is not counted as the result's.
    for (const t0 = Date.now(); (await workersHeap()).workers === 0;) {
        if (Date.now() - t0 > 10_000) throw new Error("the parse worker did not start");
        await page.waitForTimeout(20);
    }
    const before = await heap(cdp);
    const workersBefore = await workersHeap();
    // BENCH_PROFILE_LOAD=file: a CPU profile of the page from the load message on (each run
    // writes it: the last run's stays).
    const loadProfile = process.env.BENCH_PROFILE_LOAD;
    if (loadProfile) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
        await cdp.send("Profiler.start");
    }
    const res = await page.evaluate(
        async ({ firstRowsJson, meta }) => {
            const bytes = new Uint8Array(await (await fetch("/data.json")).arrayBuffer());
            const msg = {
                type: "load",
                results: [
                    {
                        id: "0",
                        title: "bench",
                        queryText: "",
                        durationMs: 0,
                        meta,
                        firstRowsJson,
                        bytes,
                    },
                ],
                active: 0,
                storeKey: null,
            };
            // Let the fetch's own task (reading 17 MB into the page) end before measuring: in
            // VS Code the bytes arrive with the message; here they come from fetch.
            await new Promise((resolve) => setTimeout(resolve, 50));
            window.__longTasks.length = 0;
            const t0 = performance.now();
            // Synchronous dispatch: exactly what VS Code's message event does, without queueing noise.
            window.dispatchEvent(new MessageEvent("message", { data: msg }));
            await window.__paint();
            const firstPaint = performance.now() - t0;
            // "All rows parsed and sortable" ends when the page hears from the worker that every
            // row and value is located (values are read from the bytes on use, none is parsed
            // ahead). Then the page clicks the sort button of the `event` column (text, 6
            // distinct values); "first sort" ends when the sorted first row ($autocapture, row 2
            // of the data) is on screen. A MutationObserver sees that cell change in the same
            // task, not a frame late.
            const sorted = new Promise((resolve) => {
                const grid = document.querySelector(".grid");
                const firstEvent = () =>
                    grid.querySelector('.row[aria-rowindex="2"] .cell[aria-colindex="3"]');
                const observer = new MutationObserver(() => {
                    if (firstEvent()?.textContent === "$autocapture") {
                        observer.disconnect();
                        resolve(performance.now() - t0);
                    }
                });
                observer.observe(grid, { subtree: true, characterData: true, childList: true });
                const click = () => {
                    window.__readyAt = performance.now() - t0;
                    const button = grid.querySelector('.hcell[aria-colindex="3"] .hsort');
                    const r = button.getBoundingClientRect();
                    const at = { clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
                    button.dispatchEvent(
                        new MouseEvent("mousedown", { ...at, bubbles: true, button: 0 }),
                    );
                };
                const ready = (m) => m.type === "rendered" && m.fullyLoadedMs !== null;
                if (window.__posted.some(ready)) click();
                else window.__onPost = (m) => ready(m) && click();
            });
            const sortedAt = await sorted;
            window.__onPost = undefined;
            const worker = window.__posted.find((m) => m.type === "rendered")?.worker ?? false;
            return {
                firstPaint,
                all: window.__readyAt,
                firstSort: sortedAt - window.__readyAt,
                worker,
                maxTask: Math.max(0, ...window.__longTasks),
                // The worker's own time for the scan, as the page logs it.
                parsedLog: window.__posted.find(
                    (m) => m.type === "log" && /^parsed /.test(m.message),
                )?.message,
            };
        },
        { firstRowsJson, meta },
    );
    if (loadProfile) {
        const { profile } = await cdp.send("Profiler.stop");
        fs.writeFileSync(loadProfile, JSON.stringify(profile));
    }
    await page.waitForTimeout(300);
    const after = await heap(cdp);
    const workersAfter = await workersHeap();
    if (workersAfter.workers !== (res.worker ? 1 : 0))
        throw new Error(`expected one parse worker, saw ${workersAfter.workers}`);
    // BENCH_PROFILE_SCROLL=file: a CPU profile of our scroll passes (open it in DevTools).
    const profileTo = process.env.BENCH_PROFILE_SCROLL;
    if (profileTo) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
        await cdp.send("Profiler.start");
    }
    const scroll = await page.evaluate(
        ({ frames, passes }) =>
            window.__scrollBench(document.querySelector(".grid"), frames, 180, passes),
        { frames: SCROLL_FRAMES, passes: SCROLL_PASSES },
    );
    if (profileTo) {
        const { profile } = await cdp.send("Profiler.stop");
        fs.writeFileSync(profileTo, JSON.stringify(profile));
    }
    const dom = await page.evaluate(() => document.querySelectorAll("*").length);
    // The floor for "all rows parsed": a bare JSON.parse of the same bytes in the same page.
    const bareParse = await page.evaluate(async () => {
        const bytes = new Uint8Array(await (await fetch("/data.json")).arrayBuffer());
        const times = [];
        for (let i = 0; i < 3; i++) {
            const t0 = performance.now();
            JSON.parse(new TextDecoder().decode(bytes));
            times.push(performance.now() - t0);
        }
        return times.sort((a, b) => a - b)[1];
    });
    await page.close();
    return {
        ...res,
        scroll,
        dom,
        memory: after - before,
        workerMemory: workersAfter.total - workersBefore.total,
        bareParse,
    };
}

/**
 * The page side of the big-number round trip: a result with one value of each wide type, loaded
 * as the panel posts it; every cell (scrolling sideways through the columns) and the TSV and JSON
 * copies of all rows are compared with the values sent.
 */
async function benchWide(browser, origin, firstRowsJson) {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${origin}/ours.html`);
    await page.waitForFunction(() => window.__posted.some((m) => m.type === "ready"));
    // What the extension sends beside a plain table's bytes, as the webview tests build it.
    const { tableMeta } = createRequire(import.meta.url)(
        path.join(root, "out", "test", "webview", "fixtures.js"),
    );
    const meta = tableMeta(
        wideValues.map((v) => v[0]),
        wideValues.map((v) => v[1]),
        3,
    );
    const out = await page.evaluate(
        async ({ meta, firstRowsJson }) => {
            const bytes = new Uint8Array(await (await fetch("/wide.json")).arrayBuffer());
            const result = {
                id: "w",
                title: "w",
                queryText: "",
                durationMs: 0,
                meta,
                firstRowsJson,
                bytes,
            };
            window.dispatchEvent(
                new MessageEvent("message", {
                    data: { type: "load", results: [result], active: 0, storeKey: null },
                }),
            );
            await new Promise((resolve) => {
                const check = () =>
                    window.__posted.some((m) => m.type === "rendered" && m.fullyLoadedMs !== null)
                        ? resolve()
                        : setTimeout(check, 5);
                check();
            });
            const grid = document.querySelector(".grid");
            const cells = {};
            for (let x = 0; x <= grid.scrollWidth; x += 200) {
                grid.scrollLeft = x;
                grid.dispatchEvent(new Event("scroll"));
                await window.__paint();
                for (const c of document.querySelectorAll(".row:not([hidden]) .cell")) {
                    const r = c.parentElement.getAttribute("aria-rowindex");
                    cells[`${r}:${c.getAttribute("aria-colindex")}`] = c.textContent;
                }
            }
            // Select all with Ctrl+A on the grid, then the toolbar's Copy and JSON buttons, as a
            // user would; 3 rows are copied on the page, synchronously.
            grid.dispatchEvent(
                new KeyboardEvent("keydown", { key: "a", ctrlKey: true, bubbles: true }),
            );
            const copy = (action) => {
                document.querySelector(`[data-action="${action}"]`).click();
                return window.__posted.filter((m) => m.type === "copy").pop()?.text ?? "";
            };
            return { cells, tsv: copy("copy"), json: copy("copyJson") };
        },
        { meta, firstRowsJson },
    );
    await page.close();
    const expected = wideValues.map((v) => v[2]);
    let checked = 0;
    let changed = 0;
    const compare = (got, want) => {
        checked++;
        if (got !== want) changed++;
    };
    for (let r = 0; r < 3; r++)
        expected.forEach((v, c) => compare(out.cells[`${r + 2}:${c + 2}`], v));
    const lines = out.tsv.split("\r\n");
    for (let r = 0; r < 3; r++) {
        const fields = (lines[r] ?? "").split("\t");
        expected.forEach((v, c) => compare(fields[c], v));
    }
    // JSON copy: each value written as a number with every digit.
    for (const [name, , v] of wideValues) {
        const hits = out.json.split(`"${name}": ${v}`).length - 1;
        for (let r = 0; r < 3; r++) compare(r < hits, true);
    }
    return { checked, changed };
}

async function benchSlick(browser, origin) {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${origin}/slick.html`);
    const cdp = await page.context().newCDPSession(page);
    const before = await heap(cdp);
    const res = await page.evaluate(async () => {
        // SlickGrid gets the rows already parsed (a favour: our time includes receiving bytes).
        let text = await (await fetch("/data.json")).text();
        const response = JSON.parse(text);
        text = null;
        const columns = response.columns.map((name, i) => ({
            id: String(i),
            name,
            field: String(i),
            width: 120,
            sortable: true,
        }));
        const t0 = performance.now();
        window.__grid = new Slick.Grid("#g", response.results, columns, {
            enableCellNavigation: true,
            forceSyncScrolling: true,
            enableColumnReorder: false,
            rowHeight: 22,
        });
        await window.__paint();
        return { firstPaint: performance.now() - t0 };
    });
    await page.waitForTimeout(300);
    const after = await heap(cdp);
    const scroll = await page.evaluate(
        ({ frames, passes }) =>
            window.__scrollBench(document.querySelector(".slick-viewport"), frames, 180, passes),
        { frames: SCROLL_FRAMES, passes: SCROLL_PASSES },
    );
    const dom = await page.evaluate(() => document.querySelectorAll("*").length);
    await page.close();
    return { ...res, scroll, dom, memory: after - before };
}

async function benchTable(browser, origin) {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${origin}/table.html`);
    const cdp = await page.context().newCDPSession(page);
    const before = await heap(cdp);
    const res = await page.evaluate(async (cap) => {
        let text = await (await fetch("/data.json")).text();
        const response = JSON.parse(text);
        text = null;
        const t0 = performance.now();
        const table = document.createElement("table");
        const head = table.createTHead().insertRow();
        for (const c of response.columns)
            head.appendChild(document.createElement("th")).textContent = c;
        const body = table.createTBody();
        for (const row of response.results.slice(0, cap)) {
            const tr = body.insertRow();
            for (const v of row)
                tr.insertCell().textContent =
                    v === null ? "NULL" : typeof v === "object" ? JSON.stringify(v) : String(v);
        }
        document.getElementById("t").appendChild(table);
        window.__keep = response;
        await window.__paint();
        return { firstPaint: performance.now() - t0 };
    }, TABLE_ROWS);
    await page.waitForTimeout(300);
    const after = await heap(cdp);
    const scroll = await page.evaluate(
        ({ frames, passes }) =>
            window.__scrollBench(document.getElementById("t"), frames, 180, passes),
        { frames: SCROLL_FRAMES, passes: SCROLL_PASSES },
    );
    const dom = await page.evaluate(() => document.querySelectorAll("*").length);
    await page.close();
    return { ...res, scroll, dom, memory: after - before };
}

async function benchTransfer(browser, origin) {
    // Parent page → iframe page (another origin, like the webview's iframe): time until the
    // receiver holds the data, and how long the receiver's main thread is blocked getting it.
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${origin}/transfer.html`);
    await page.waitForFunction(() => window.__childReady === true);
    const out = {};
    for (const mode of ["bytes", "object"]) {
        out[mode] = await page.evaluate(async (mode) => {
            const text = await (await fetch("/data.json")).text();
            const parsed = mode === "object" ? JSON.parse(text) : null;
            const child = document.querySelector("iframe").contentWindow;
            const done = new Promise((resolve) => {
                window.onmessage = (e) => resolve(e.data);
            });
            const t0 = performance.timeOrigin + performance.now();
            if (mode === "bytes") {
                const bytes = new TextEncoder().encode(text);
                child.postMessage({ bytes }, "*", [bytes.buffer]);
            } else child.postMessage({ response: parsed }, "*");
            const t1 = performance.timeOrigin + performance.now();
            const ack = await done;
            return { sender: t1 - t0, total: ack.at - t0, receiverBlocked: ack.blocked };
        }, mode);
    }
    await page.close();
    return out;
}

const transferParent = (
    childOrigin,
) => `<!DOCTYPE html><html><body><iframe src="${childOrigin}/transfer-child.html"></iframe>
<script>window.addEventListener("message", (e) => { if (e.data === "ready") window.__childReady = true; });</script></body></html>`;
const transferChild = `<!DOCTYPE html><html><body><script>
window.addEventListener("message", (e) => {
    const t0 = performance.now();
    const d = e.data;              // deserialization happens here
    if (d.bytes) void d.bytes.length; else void d.response.results.length;
    const t1 = performance.now();
    parent.postMessage({ at: performance.timeOrigin + t1, blocked: t1 - t0 }, "*");
});
parent.postMessage("ready", "*");
</script></body></html>`;

/** A row's target as printed: `<= 1.5x` (of its baseline) or `<= 15 ms`. */
function targetText(target) {
    if (!target) return "";
    if (target.label) return target.label;
    return target.ratio !== undefined ? `<= ${target.ratio}x` : `<= ${fmt(target.max)}`;
}

function fmt(n) {
    if (n === null || n === undefined || Number.isNaN(n)) return "-";
    if (Math.abs(n) >= 100) return n.toFixed(0);
    if (Math.abs(n) >= 10) return n.toFixed(1);
    return n.toFixed(2);
}

async function main() {
    await buildWebview();
    if (process.env.BENCH_WORKBENCH_ONLY === "1") {
        // Quick look at the end-to-end figures alone (while working on the run's path).
        const e2e = await workbenchFigures(root);
        const goalMs = 1.3 * e2e.rawMs + 150;
        const goalOpeningMs = 1.3 * e2e.rawOpeningMs + 150;
        console.log(JSON.stringify({ ...e2e, goalMs, goalOpeningMs }, null, 1));
        return;
    }
    if (process.env.BENCH_PANEL_ONLY === "1") {
        // The bottom panel's first paint against an editor tab's alone.
        const panel = await panelViewFigures(root);
        console.log(JSON.stringify({ ...panel, ratio: panel.panelMs / panel.tabMs }, null, 1));
        return;
    }
    if (process.env.BENCH_ACTIVATE_ONLY === "1") {
        // Activation alone: bundle sizes, code loaded and time, each with its target and PASS or
        // FAIL, and the load they were taken under (absolute times under load are inflated).
        for (const a of await activateFigures(root)) {
            const versus = a.baseline
                ? `, ${fmt(a.ours / a.baseline)}x ${a.baseline_name} ${fmt(a.baseline)}`
                : "";
            const verdict = a.target
                ? `  target ${targetText(a.target)} ${a.unit}: ${a.ours <= a.target.max ? "PASS" : "FAIL"}`
                : "";
            console.log(`${a.figure}: ${fmt(a.ours)} ${a.unit}${versus}${verdict}`);
        }
        console.log(
            `load average ${os
                .loadavg()
                .map((l) => l.toFixed(1))
                .join(", ")}, ${os.cpus().length} CPUs`,
        );
        return;
    }
    if (process.env.BENCH_HOVER_ONLY === "1") {
        // Issue 45's first hover alone, with the machine's load beside it.
        console.log(JSON.stringify({ ...(await firstHoverFigures(root)), load: os.loadavg() }));
        return;
    }
    if (process.env.BENCH_NOTEBOOK_ONLY === "1") {
        // The notebook renderer's longest task on outputs at their caps, with the load beside it.
        console.log(
            JSON.stringify({ outputs: await notebookOutputFigures(root), load: os.loadavg() }),
        );
        return;
    }
    if (process.env.BENCH_HOST_ONLY === "1") {
        // The extension host's figures alone (while working on the query path or the parsed read).
        console.log(JSON.stringify(await hostFigures(root, JSON.stringify(makeResponse(ROWS)))));
        return;
    }
    // Activation first, before the bench's own browsers and workbenches have run: measured
    // after the browser phase it read higher in whole benches than alone, for a cause not found
    // (docs/performance.md, "Activation").
    const act = await activateFigures(root);
    const { resultsHtml } = await loadHtmlModule();
    const response = makeResponse(ROWS);
    const text = JSON.stringify(response);
    const jsonBytes = Buffer.byteLength(text);
    const wideText = wideResponseText();
    const wideResult = await (async () => {
        const require = createRequire(import.meta.url);
        const rs = require(path.join(root, "out", "src", "resultsPanel", "resultSet.js"));
        const bytes = new TextEncoder().encode(wideText);
        return rs.resultOf(bytes, await rs.scanLayout(bytes, rs.nextTurn), {
            title: "w",
            queryText: "",
            durationMs: 0,
        });
    })();
    const meta = {
        columns: response.columns,
        types: response.types.map((t) => t[1]),
        rowCount: response.results.length,
        hasMore: false,
        limit: null,
        isCached: false,
        lastRefresh: response.last_refresh,
        hasHogql: true,
        hasClickhouse: true,
    };
    const firstRowsJson = JSON.stringify(response.results.slice(0, 200));
    const slickDist = path.join(root, "node_modules", "slickgrid", "dist");
    const chart = chartResponse(root);

    let origin = "";
    let childOrigin = "";
    const server = await serve((p) => {
        if (p === "/data.json") return { type: "application/json", body: text };
        if (p === "/wide.json") return { type: "application/json", body: wideText };
        if (p === "/ours.html") {
            const nonce = "benchnonce" + Date.now();
            const html = resultsHtml({
                cspSource: origin,
                nonce,
                scriptUri: `${origin}/dist/results.js`,
                workerUri: `${origin}/dist/results.parse.worker.js`,
            }).replace(
                "</head>",
                `<script nonce="${nonce}">${fakeApi}${pageHelpers}</script></head>`,
            );
            return { type: "text/html", body: html };
        }
        if (p.startsWith("/dist/")) {
            const f = path.join(root, "dist", "webview", path.basename(p));
            return fs.existsSync(f) ? { type: "text/javascript", body: fs.readFileSync(f) } : null;
        }
        if (p.startsWith("/slick/css/"))
            return {
                type: "text/css",
                body: fs.readFileSync(path.join(slickDist, "styles", "css", path.basename(p))),
            };
        if (p.startsWith("/slick/"))
            return {
                type: "text/javascript",
                body: fs.readFileSync(path.join(slickDist, "browser", path.basename(p))),
            };
        if (p === "/slick.html") return { type: "text/html", body: slickPage(origin) };
        if (p === "/chart-lib.html") return { type: "text/html", body: chartLibPage(root) };
        if (p === "/chart50k.json") return { type: "application/json", body: chart.text };
        if (p === "/table.html") return { type: "text/html", body: tablePage() };
        if (p === "/transfer.html") return { type: "text/html", body: transferParent(childOrigin) };
        if (p === "/transfer-child.html") return { type: "text/html", body: transferChild };
        return null;
    });
    const port = server.address().port;
    origin = `http://127.0.0.1:${port}`;
    // "localhost" is another origin than 127.0.0.1: the transfer crosses origins like a webview.
    childOrigin = `http://localhost:${port}`;

    const browser = await chromium.launch({
        executablePath: "/usr/bin/chromium",
        headless: true,
        args,
    });
    let ours, slick, oursRuns, slickRuns, table, transfer, widePage, charts;
    if (process.env.BENCH_CHART_ONLY === "1") {
        // The chart row alone (while working on the chart): issue 46's target is 1.5x Chart.js.
        try {
            const c = await chartFigures(browser, origin, chart, VIEWPORT);
            const first = c.oursCold / c.chartjsCold;
            const again = c.oursAgain / c.chartjs;
            console.log(
                JSON.stringify({
                    ...c,
                    first,
                    again,
                    target: 1.5,
                    pass: first <= 1.5 && again <= 1.5,
                    load: os.loadavg(),
                }),
            );
        } finally {
            await browser.close();
            server.close();
        }
        return;
    }
    try {
        // Warm-up run of ours (JIT, fonts), then the measured runs: ours and SlickGrid
        // alternated GRID_RUNS times, each figure the median of its runs. One run of each, as
        // before, put the two minutes apart on a machine whose load swings (first paint 0.26x
        // SlickGrid in one full run, 0.65x in the next with the grid untouched).
        await benchOurs(browser, origin, firstRowsJson, meta);
        oursRuns = [];
        slickRuns = [];
        if (process.env.BENCH_LOAD_ONLY === "1") {
            // Our load alone, run after run (while working on it): each run's figures.
            for (let i = 0; i < GRID_RUNS; i++)
                oursRuns.push(await benchOurs(browser, origin, firstRowsJson, meta));
            const pick = ({ firstPaint, all, firstSort, bareParse, maxTask, parsedLog }) => ({
                firstPaint,
                all,
                firstSort,
                bareParse,
                maxTask,
                parsedLog,
            });
            console.log(
                JSON.stringify({ median: pick(medianOfRuns(oursRuns)), runs: oursRuns.map(pick) }),
            );
            return;
        }
        for (let i = 0; i < GRID_RUNS; i++) {
            oursRuns.push(await benchOurs(browser, origin, firstRowsJson, meta));
            slickRuns.push(await benchSlick(browser, origin));
        }
        ours = medianOfRuns(oursRuns);
        slick = medianOfRuns(slickRuns);
        table = await benchTable(browser, origin);
        transfer = await benchTransfer(browser, origin);
        widePage = await benchWide(browser, origin, wideResult.firstRowsJson);
        charts = await chartFigures(browser, origin, chart, VIEWPORT);
    } finally {
        await browser.close();
        server.close();
    }
    if (process.env.BENCH_GRID_ONLY === "1") {
        // Quick look at the grid figures alone (while working on the grid): no table, no targets.
        console.log(
            JSON.stringify(
                {
                    jsonBytes,
                    ours,
                    slick,
                    table: table.scroll,
                    widePage,
                    charts,
                    // Each run's loading figures, to see the spread the medians hide.
                    runs: oursRuns.map((o, i) => ({
                        firstPaint: o.firstPaint,
                        slickFirstPaint: slickRuns[i].firstPaint,
                        all: o.all,
                        bareParse: o.bareParse,
                        maxTask: o.maxTask,
                    })),
                },
                null,
                1,
            ),
        );
        return;
    }
    const host = await hostFigures(root, text);
    const hostWide = await hostRoundTrip(root);
    const exports = await exportFigures(root, text);
    const store = await storeFigures(root, text);
    const codeCalls = await codeCallsFigures(root);
    const codeIndex = await codeIndexFigures(root);
    const notebookOutputs = await notebookOutputFigures(root);
    const e2e = process.env.BENCH_E2E === "0" ? null : await workbenchFigures(root);
    const hover = process.env.BENCH_E2E === "0" ? null : await firstHoverFigures(root);
    const panelView = process.env.BENCH_E2E === "0" ? null : await panelViewFigures(root);

    const rows = [];
    // `target`: issue 46's goal for the row, { ratio } (ours / baseline at most) or { max } (ours
    // at most, in the row's unit); such a row prints its target and PASS or FAIL.
    const add = (figure, unit, o, b, name, target) => {
        const ratio = b ? o / b : null;
        const pass = !target
            ? null
            : target.ratio !== undefined
              ? ratio !== null && ratio <= target.ratio
              : o <= target.max;
        rows.push({ figure, unit, ours: o, baseline: b, baseline_name: name, ratio, target, pass });
    };
    const mb = (b) => b / 1e6;
    for (const [language, f] of Object.entries(codeCalls)) {
        const file = `a ${f.lines}-line ${language} file (${f.calls} calls)`;
        add(
            `find PostHog calls in ${file}, in one thread`,
            "ms",
            f.inThreadMs,
            20,
            "issue-45-target",
        );
        add(
            `the same through the worker: round trip`,
            "ms",
            f.workerRoundTripMs,
            f.inThreadMs,
            "in-thread",
        );
        add(
            `the same: extension host's longest block meanwhile`,
            "ms",
            f.hostBlockMs,
            20,
            "issue-45-target",
        );
        add(`the same: first call, grammar loaded`, "ms", f.firstMs, f.inThreadMs, "in-thread");
    }
    add(
        `index a ${codeIndex.files}-file workspace: host's longest block`,
        "ms",
        codeIndex.hostBlockMaxMs,
        codeIndex.idleHostBlockMaxMs,
        "idle-host-beside-busy-worker",
    );
    add(`the same: whole build`, "ms", codeIndex.buildMs, null, null);
    add("first paint after data arrives", "ms", ours.firstPaint, slick.firstPaint, "slickgrid-5");
    add(
        "first paint after data arrives",
        "ms",
        ours.firstPaint,
        table.firstPaint,
        `table-${TABLE_ROWS}-rows`,
    );
    add(
        "all rows parsed and sortable (every value located; read on use)",
        "ms",
        ours.all,
        ours.bareParse,
        "bare-JSON.parse-same-page",
    );
    add(
        "then a first sort by a text column: click to sorted rows painted",
        "ms",
        ours.firstSort,
        null,
        "none",
    );
    // The Long Tasks API reports only tasks of 50 ms or more: 0 means there was none.
    add(
        "longest main-thread task >= 50 ms during load (0: none)",
        "ms",
        ours.maxTask,
        null,
        "none",
    );
    add("scroll script per frame p50", "ms", ours.scroll.p50, slick.scroll.p50, "slickgrid-5");
    add("scroll script per frame p95", "ms", ours.scroll.p95, slick.scroll.p95, "slickgrid-5");
    add(
        "scroll script per frame p95",
        "ms",
        ours.scroll.p95,
        table.scroll.p95,
        `table-${TABLE_ROWS}-rows`,
    );
    add("DOM nodes", "count", ours.dom, slick.dom, "slickgrid-5");
    add("DOM nodes", "count", ours.dom, table.dom, `table-${TABLE_ROWS}-rows`);
    add(
        "chart: 50,000 points, Alt+C to drawn plot once the page has been idle (median of 5 alternated)",
        "ms",
        charts.ours,
        charts.chartjs,
        "chart.js-4-alone-same-points",
    );
    // Issue 46's chart rows compare like with like: a page's first chart (which pays for the
    // canvas's memory and the code's first run) with Chart.js's first, and a chart drawn again
    // with Chart.js drawing again (docs/performance.md, "Chart").
    add(
        "chart: 50,000 points, the page's first chart, Alt+C the moment every row is parsed, its columns read by the parse worker (median of 5 alternated)",
        "ms",
        charts.oursCold,
        charts.chartjsCold,
        "chart.js-4-first-chart-fresh-page",
        { ratio: 1.5 },
    );
    add(
        "chart: the same chart drawn again in its page (Alt+C twice), reading its columns again",
        "ms",
        charts.oursAgain,
        charts.chartjs,
        "chart.js-4-drawing-again-same-points",
        { ratio: 1.5 },
    );
    add(
        "chart: the page's first chart, against Chart.js drawing again (info: first against again)",
        "ms",
        charts.oursCold,
        charts.chartjs,
        "chart.js-4-drawing-again-same-points",
    );
    add("memory added (page heap)", "MB", mb(ours.memory), mb(slick.memory), "slickgrid-5");
    add(
        "memory added (page heap)",
        "MB",
        mb(ours.memory),
        mb(table.memory),
        `table-${TABLE_ROWS}-rows`,
    );
    add(
        "memory added / JSON size",
        "x",
        ours.memory / jsonBytes,
        slick.memory / jsonBytes,
        "slickgrid-5",
    );
    // The parse worker's heap counts too: it keeps its own copy of the bytes and the offsets.
    add(
        "memory added (parse worker heap)",
        "MB",
        mb(ours.workerMemory),
        0,
        "slickgrid-5 (no worker)",
    );
    add(
        "memory added, page + worker / JSON size",
        "x",
        (ours.memory + ours.workerMemory) / jsonBytes,
        slick.memory / jsonBytes,
        "slickgrid-5",
    );
    add(
        "transfer into page: total",
        "ms",
        transfer.bytes.total,
        transfer.object.total,
        "posted-object",
    );
    add(
        "transfer into page: receiver main thread",
        "ms",
        transfer.bytes.receiverBlocked,
        transfer.object.receiverBlocked,
        "posted-object",
    );
    add(
        "transfer into page: sender main thread",
        "ms",
        transfer.bytes.sender,
        transfer.object.sender,
        "posted-object",
    );
    add(
        "extension host: longest main-thread task, response bytes to postMessage (50k x 20)",
        "ms",
        host.oursLongest,
        host.baselineLongest,
        "parse-then-post (parsed call + encode)",
    );
    add(
        "extension host: response bytes to postMessage, wall time",
        "ms",
        host.oursTotal,
        host.baselineTotal,
        "parse-then-post (parsed call + encode)",
    );
    // A remote host's body comes gzip-compressed (src/api/http.ts acceptGzip): decompressed and
    // scanned as it arrives, in a buffer that grows (readGrowing).
    add(
        "extension host: longest main-thread task, gzip body (a remote host), bytes to postMessage",
        "ms",
        host.gzipLongest,
        host.baselineLongest,
        "parse-then-post (parsed call + encode)",
    );
    add(
        "extension host: longest main-thread task, parsed response (language model tools, saved-query tables)",
        "ms",
        host.parsedLongest,
        host.parsedBaselineLongest,
        "parsed call (decode + lossless parse)",
    );
    add(
        "extension host: parsed response, wall time",
        "ms",
        host.parsedTotal,
        host.parsedBaselineTotal,
        "parsed call (decode + lossless parse)",
    );
    add(
        "extension host: longest task while exporting 50k x 20 to CSV",
        "ms",
        exports.exportOurs,
        exports.exportBaseline,
        "2000-row-slices (previous export)",
    );
    add(
        "extension host: longest task while building Open JSON's text (50k x 20)",
        "ms",
        exports.jsonOurs,
        exports.jsonBaseline,
        "one-task (previous Open JSON)",
    );
    add(
        "extension host: longest task saving the result for a window reload",
        "ms",
        store.saveOurs,
        store.saveBaseline,
        "parsed-result store (JSON.stringify)",
    );
    add(
        "extension host: longest task loading it back after a reload",
        "ms",
        store.loadOurs,
        store.loadBaseline,
        "parsed-result store (JSON.parse)",
    );
    if (hover) {
        add(
            "workbench: first hover after opening a file, to the event's volume shown (median)",
            "ms",
            hover.hoverMs,
            hover.againMs,
            "the same hover again, all known (alternated)",
            { max: 300 },
        );
        add(
            "workbench: the same, against the editor's first hover on a file just opened without a PostHog call",
            "ms",
            hover.hoverMs,
            hover.plainMs,
            "typescript-hover-alone-new-file (alternated)",
        );
        add(
            "workbench: the session's first hover (worker start and first data read included)",
            "ms",
            hover.firstInSessionMs,
            null,
            "-",
        );
    }
    for (const o of notebookOutputs)
        add(
            `notebook renderer: output frame's longest task, ${o.name} (median of ${o.runs.length}; 0: none of 50 ms)`,
            "ms",
            o.longestMs,
            null,
            null,
            { max: 50 },
        );
    if (panelView)
        // Issue 46: the bottom panel's view paints as soon as a new editor tab does.
        add(
            "workbench: panel view, Ctrl+Enter to first data cell painted (50k x 20)",
            "ms",
            panelView.panelMs,
            panelView.tabMs,
            "the same in a new editor tab (runs alternated)",
            { ratio: 1.1 },
        );
    if (e2e) {
        add(
            "workbench: Ctrl+Enter to first data cell painted (50k x 20)",
            "ms",
            e2e.firstCellMs,
            e2e.rawMs,
            `raw-HTTP-same-request (${(e2e.bytes / 1e6).toFixed(1)} MB)`,
        );
        // Issue 46's goal, against raw HTTP with the workbench idle: a ratio of 1 or less passes.
        add(
            "workbench: Ctrl+Enter to first data cell, against the goal",
            "ms",
            e2e.firstCellMs,
            1.3 * e2e.rawMs + 150,
            `1.3x raw HTTP (workbench idle, ${fmt(e2e.rawMs)} ms) + 150 ms`,
            { ratio: 1 },
        );
        add(
            "workbench: Ctrl+Enter to first data cell painted (50k x 20)",
            "ms",
            e2e.firstCellMs,
            e2e.rawOpeningMs,
            "raw-HTTP-same-request while a results panel opens (SELECT 1)",
        );
        // Where the time goes: the sandbox's ClickHouse shares the 2 cores with the workbench,
        // so the extension's request (made while the panel opens) is slower than the same
        // request raw with the workbench idle; the rest is the extension's and the page's work.
        add(
            "workbench: the extension's own request (same query, while the panel opens)",
            "ms",
            e2e.requestMs,
            e2e.rawMs,
            "raw-HTTP-same-request (workbench idle)",
        );
        add(
            "workbench: Ctrl+Enter to first data cell, less the extension's own request",
            "ms",
            e2e.outsideRequestMs,
            0.3 * e2e.rawMs + 150,
            "the goal's allowance over raw HTTP (0.3x raw + 150 ms)",
        );
        add(
            "workbench renderer: longest task from Ctrl+Enter (opening the panel included)",
            "ms",
            e2e.longestTaskAll,
            null,
            "none",
        );
        add(
            "workbench renderer: longest task while the result arrives (page ready to 1.5 s after first cell)",
            "ms",
            e2e.longestTask,
            null,
            "none",
        );
        add(
            "workbench: copy all 50k x 20 (Ctrl+A, Ctrl+C) until the status bar says copied (median of 3)",
            "ms",
            e2e.copyAllMs,
            null,
            "none",
        );
        add(
            "workbench renderer: longest task while copying all 50k x 20 (median of 3)",
            "ms",
            e2e.copyAllLongestTask,
            e2e.clipboardWriteLongestTask,
            `browser clipboard.write alone, same ${(e2e.copiedBytes / 1e6).toFixed(1)} MB text (median of 3)`,
            // Under 50 ms passes whatever the browser's own write takes.
            { max: Math.max(50, 1.2 * e2e.clipboardWriteLongestTask), label: "<= 1.2x or < 50 ms" },
        );
    }
    const roundTripChanged = hostWide.changed + widePage.changed;
    add(
        `big-number round trip: values changed of ${hostWide.checked + widePage.checked} (9 wide types; host export + grid cells + copy)`,
        "count",
        roundTripChanged,
        null,
        "none",
    );
    for (const a of act)
        add(a.figure, a.unit, a.ours, a.baseline ?? null, a.baseline_name ?? "none", a.target);

    const header = ["figure", "unit", "ours", "baseline", "baseline_name", "ratio", "target", ""];
    const table2 = rows.map((r) => [
        r.figure,
        r.unit,
        fmt(r.ours),
        fmt(r.baseline),
        r.baseline_name,
        r.ratio === null ? "-" : fmt(r.ratio),
        targetText(r.target),
        r.pass === null ? "" : r.pass ? "PASS" : "FAIL",
    ]);
    const widths = header.map((h, i) =>
        Math.max(h.length, ...table2.map((r) => String(r[i]).length)),
    );
    const line = (cells) =>
        cells
            .map((c, i) =>
                i >= 2 && i !== 4 && i < 7
                    ? String(c).padStart(widths[i])
                    : String(c).padEnd(widths[i]),
            )
            .join("  ");
    console.log(
        `\n${ROWS.toLocaleString()} rows x ${response.columns.length} columns, JSON ${(jsonBytes / 1e6).toFixed(1)} MB, ` +
            `parsed in ${ours.worker ? "a worker" : "the page (no worker)"}; ${os.cpus().length} CPUs; ` +
            `our grid and SlickGrid's figures are medians of ${GRID_RUNS} alternated runs; ` +
            `load average at the end ${os
                .loadavg()
                .map((l) => l.toFixed(1))
                .join(", ")}\n`,
    );
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const r of table2) console.log(line(r));
    const checks = [
        [
            "extension host: longest task from response bytes to postMessage < 50 ms (plain and gzip bodies)",
            Math.max(host.oursLongest, host.gzipLongest) < 50,
        ],
        ...Object.entries(codeCalls).map(([language, f]) => [
            `finding PostHog calls in a 5,000-line ${language} file: the extension host blocks < 20 ms (the worker reads it)`,
            f.hostBlockMs < 20,
        ]),
        ...(e2e
            ? [
                  [
                      "workbench: Ctrl+Enter to first data cell <= 1.3x raw HTTP + 150 ms (raw with the workbench idle)",
                      e2e.firstCellMs <= 1.3 * e2e.rawMs + 150,
                  ],
                  [
                      "workbench: Ctrl+Enter to first data cell <= 1.3x raw HTTP + 150 ms (raw while a results panel opens, as ours runs)",
                      e2e.firstCellMs <= 1.3 * e2e.rawOpeningMs + 150,
                  ],
                  ["workbench renderer: longest task < 50 ms", e2e.longestTask < 50],
                  [
                      // The browser's own write of that much text is one task we cannot split
                      // (measured beside ours); everything else of the copy is in the worker.
                      "workbench renderer: longest task copying all < 50 ms, or within 1.2x the browser's own clipboard write of the text",
                      e2e.copyAllLongestTask < Math.max(50, 1.2 * e2e.clipboardWriteLongestTask),
                  ],
              ]
            : []),
        ["big-number round trip: 0 values changed", roundTripChanged === 0],
        ["extension host: longest task while exporting 50k x 20 < 50 ms", exports.exportOurs < 50],
        ["extension host: longest task building Open JSON < 50 ms", exports.jsonOurs < 50],
        [
            "extension host: longest task saving and loading the reload store < 50 ms",
            Math.max(store.saveOurs, store.loadOurs) < 50,
        ],
        ["all rows parsed and sortable <= 1.5x bare JSON.parse", ours.all <= 1.5 * ours.bareParse],
        ["page memory added <= 1.5x JSON size", ours.memory <= 1.5 * jsonBytes],
        [
            "page + parse worker memory added <= 1.5x JSON size",
            ours.memory + ours.workerMemory <= 1.5 * jsonBytes,
        ],
        ["first paint <= 0.4x SlickGrid", ours.firstPaint <= 0.4 * slick.firstPaint],
        ["scroll p50 <= 0.25x SlickGrid", ours.scroll.p50 <= 0.25 * slick.scroll.p50],
        ["scroll p95 <= 0.25x SlickGrid", ours.scroll.p95 <= 0.25 * slick.scroll.p95],
        ["no main-thread task of 50 ms or more while loading", ours.maxTask < 50],
        ["DOM nodes < 2,000", ours.dom < 2000],
        ["chart: 50,000 points drawn < 100 ms", charts.ours < 100],
        // Issue 46's rows (their targets are in the table too).
        ...rows
            .filter((r) => r.target)
            .map((r) => [
                `${r.figure}: ${targetText(r.target)} ${r.unit === "ms" && r.target.ratio === undefined ? "ms" : ""}`.trim(),
                r.pass,
            ]),
    ];
    if (e2e)
        console.log(
            `\nsandbox at priority ${e2e.sandboxPriority} on CPU(s) ${e2e.sandboxCpus}; ` +
                "workbench renderer, longest task while the result arrives, each run: " +
                e2e.longestTasks.join("; "),
        );
    console.log("\nTargets:");
    for (const [name, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${name}`);
    fs.writeFileSync(
        path.join(root, "bench", "results.json"),
        JSON.stringify(rows, null, 2) + "\n",
    );
    console.log("\nWrote bench/results.json");
}

await main();
