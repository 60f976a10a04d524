/* global performance, document, window, PerformanceObserver, navigator, Blob, ClipboardItem */
// End to end in the real workbench (code-server in headless Chromium, the UI tests' launcher):
// Ctrl+Enter on a query returning 50,000 x 20 rows from the sandbox, until the first data cell is
// painted in the results webview, against the raw HTTP time of the same request (same body, same
// refresh mode) measured in the same run; and the workbench renderer's longest task meanwhile.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// Nine runs: the raw request alone swings 0.75-1.45 s on this shared 2-core machine (8 in a row,
// the workbench idle), so a median of five could move by a fifth between two full benches.
const RUNS = Number(process.env.BENCH_E2E_RUNS ?? 9);

const columns = [
    "number AS c0",
    "number * 3 AS c1",
    "toString(number) AS c2",
    "concat('user-', toString(number % 4999)) AS c3",
    "number % 2 = 0 AS c4",
    "number / 7 AS c5",
    "concat('https://example.com/p/', toString(number % 300), '?q=', toString(number % 7)) AS c6",
    "number % 1000 AS c7",
    "concat('s-', toString(number * 7919)) AS c8",
    "toString(number * 13) AS c9",
    "number * 1.5 AS c10",
    "'a constant text value' AS c11",
    `concat('{"$browser":"Chrome","idx":', toString(number), '}') AS c12`,
    "number % 7 AS c13",
    "concat('row ', toString(number)) AS c14",
    "number * 2654435761 AS c15",
    "number % 3 = 0 AS c16",
    "toString(number % 97) AS c17",
    "number + 1000000 AS c18",
    "concat('a longer note for row ', toString(number), ' with some words') AS c19",
];
export const e2eQuery = `SELECT ${columns.join(", ")} FROM numbers(50000) LIMIT 50000`;

/**
 * Turns off DevTools' network instrumentation of the workbench page, which Playwright turns on for
 * every page it drives (`Network.enable` on its own CDP session, unconditionally) and a user's
 * browser does not have. With it on, Chromium's renderer copies every websocket message into a
 * base64 `webSocketFrameReceived` event on the page's main thread, and the bench process (which
 * also serves the sandbox) parses it: measured in a bare page receiving 14 binary messages of
 * 1 MB (the size the results panel posts), 14-38 ms of the renderer's main thread per message
 * and 290-430 ms to receive them all, against no task of 8 ms or more and 54-106 ms with the
 * domain off or with no DevTools client at all. Code-server carries everything the extension
 * posts to a webview over that websocket, so the renderer's "longest task while the result
 * arrives" measured the instrumentation. The CDP session is Playwright's own, reached through its
 * in-process server object (`toImpl`): a Playwright without it fails here, loudly. The bench uses
 * none of the network events (no routes, no waiting for responses).
 */
async function withoutNetworkInstrumentation(page) {
    const impl = page._connection.toImpl(page);
    const sessions = new Set(
        [impl.delegate._mainFrameSession, ...impl.delegate._sessions.values()].map(
            (s) => s._client,
        ),
    );
    for (const session of sessions) await session.send("Network.disable");
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The raw request: what the extension sends, timed to the last byte of the body. */
async function rawHttp(sandbox) {
    const t0 = performance.now();
    const res = await fetch(`${sandbox.url}/api/projects/${sandbox.projectId}/query/`, {
        method: "POST",
        headers: {
            authorization: `Bearer ${sandbox.keys.full}`,
            "content-type": "application/json",
            // As the extension asks a loopback host (src/api/http.ts acceptGzip): fetch would
            // ask for gzip, and the sandbox compresses for those who ask, as PostHog does.
            "accept-encoding": "identity",
        },
        body: JSON.stringify({
            query: { kind: "HogQLQuery", query: e2eQuery },
            client_query_id: randomUUID(),
            refresh: "force_blocking",
        }),
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`raw request: HTTP ${res.status}`);
    if (res.headers.get("content-encoding"))
        throw new Error(`raw request: the body came ${res.headers.get("content-encoding")}`);
    return { ms: performance.now() - t0, bytes };
}

/**
 * The same raw request, made while the workbench opens a results panel as a run does (Ctrl+Enter
 * on `SELECT 1`, an instant query, pressed just before): the sandbox shares this machine's CPUs
 * with the workbench, as a remote PostHog does not, so the extension's request can be slowed by
 * the panel opening beside it (1.45 s against 1.0 s raw with the workbench idle, before the
 * sandbox ran ahead of the workbench, see `startSandbox` below). This request is slowed alike; it
 * ends once that panel has painted its cell too.
 */
async function rawWhileOpening(page, sandbox, openSmall, waitFor) {
    await openSmall();
    await markOldWebviews(page);
    await page.keyboard.press("Control+Enter");
    const raw = await rawHttp(sandbox);
    await waitFor(
        "the SELECT 1 panel to paint",
        async () => (await paintedWebview(page, anyCell, 0)) !== null,
        60_000,
        25,
    );
    return raw;
}

/** A data cell of the results grid, painted. */
const anyCell = ".row:not([hidden]) .cell:not(.pending)";

/**
 * Marks the workbench's webview frames that exist now, so that `paintedWebview` looks only at
 * later ones. Both run in the workbench's own frame and reach the webviews' documents through
 * their iframes (code-server serves webviews from the workbench's origin), so Playwright never
 * touches a webview frame while a run is measured: its selector engine, evaluated into each new
 * frame on first use (as `frame.waitForSelector` did here), was a task of 9-16 ms of CPU per
 * frame on the renderer's thread, up to three per run inside the measured window (one took 64 ms
 * wall, traced), which a user's editor does not have.
 */
async function markOldWebviews(page) {
    await page.evaluate(() => {
        const old = new WeakSet();
        const walk = (doc) => {
            for (const frame of doc.querySelectorAll("iframe")) {
                old.add(frame);
                if (frame.contentDocument) walk(frame.contentDocument);
            }
        };
        walk(document);
        window.__benchOldFrames = old;
    });
}

/**
 * The `results:` marks (ms since `epoch0`, and the request time the load mark carries) of a
 * webview opened since `markOldWebviews` that shows `selector`; null while there is none.
 */
async function paintedWebview(page, selector, epoch0) {
    return page.evaluate(
        ([sel, at]) => {
            const find = (doc) => {
                for (const frame of doc.querySelectorAll("iframe")) {
                    const inner = frame.contentDocument;
                    if (!inner) continue;
                    if (!window.__benchOldFrames.has(frame) && inner.querySelector(sel))
                        return frame.contentWindow;
                    const found = find(inner);
                    if (found) return found;
                }
                return null;
            };
            const view = find(document);
            if (!view) return null;
            const marks = {};
            for (const m of view.performance.getEntriesByType("mark"))
                if (m.name.startsWith("results:"))
                    marks[m.name.slice(8)] = view.performance.timeOrigin + m.startTime - at;
            marks.requestMs = view.performance.getEntriesByName("results:load")[0]?.detail;
            return marks;
        },
        [selector, epoch0],
    );
}

/**
 * Starts a new list of the workbench renderer's long tasks in `window.__benchLongTasks`: start,
 * duration and whose (the workbench's own, "self", or a webview's, which code-server serves from
 * the workbench's site, so they share its renderer and thread).
 */
async function logLongTasks(page) {
    await page.evaluate(() => {
        window.__benchLongTasks = [];
        window.__benchObserver?.disconnect();
        window.__benchObserver = new PerformanceObserver((list) => {
            for (const e of list.getEntries())
                window.__benchLongTasks.push({
                    start: e.startTime,
                    duration: e.duration,
                    who: `${e.name} ${e.attribution?.[0]?.containerSrc?.split("?")[0].slice(-40) ?? ""}`,
                });
        });
        window.__benchObserver.observe({ type: "longtask", buffered: false });
    });
}

/**
 * Presses Ctrl+Enter and waits until a new results webview paints a data cell (`cell`: of the
 * result looked for, when a page may show an earlier one first).
 */
async function runOnce(page, open, cell = `${anyCell}[aria-colindex="2"]`) {
    // Only the query's editor is open: no earlier results panel can be re-shown meanwhile.
    await open();
    await markOldWebviews(page);
    const before = new Set(page.frames());
    await logLongTasks(page);
    const [epoch0, pageT0] = await page.evaluate(() => [
        performance.timeOrigin + performance.now(),
        performance.now(),
    ]);
    const t0 = performance.now();
    await page.keyboard.press("Control+Enter");
    let painted = null;
    const marks = {};
    // The first data cell is looked for from the workbench's own frame (`paintedWebview`), every
    // 50 ms; the time is the page's own mark (below), so how soon this notices does not matter.
    let found = null;
    while (!found && performance.now() - t0 < 120_000) {
        if (marks.frame === undefined && page.frames().some((f) => !before.has(f)))
            marks.frame = performance.now() - t0;
        found = await paintedWebview(page, cell, epoch0);
        if (!found) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (found) {
        painted = performance.now() - t0;
        Object.assign(marks, found);
        marks.polled = painted;
        if (typeof marks.painted === "number") painted = marks.painted;
    }
    if (painted === null)
        throw new Error(
            "no data cell was painted within 120 s (the bench reads the webviews through their " +
                "iframes, which needs them served from the workbench's origin, as code-server does)",
        );
    // Let the rest of the result arrive (the worker parses and streams) before reading tasks.
    await page.waitForTimeout(1500);
    const tasks = await page.evaluate(() => window.__benchLongTasks);
    const longestAll = Math.max(0, ...tasks.map((t) => t.duration));
    // While the result arrives: tasks that start once the page said it was ready (its own mark,
    // ms since the key press). The task in which the page became ready is
    // its start-up, part of opening the panel (the row "from Ctrl+Enter" counts it).
    if (typeof marks.ready !== "number") throw new Error("the results page set no ready mark");
    const arriving = tasks.filter((t) => t.start >= pageT0 + marks.ready);
    const longest = Math.max(0, ...arriving.map((t) => t.duration));
    // Whose the longest was, and when (ms after the page's ready mark), for the report.
    const worst = arriving.find((t) => t.duration === longest);
    const longestWhat = worst
        ? `${worst.who.trim() || "?"} at ready + ${Math.round(worst.start - pageT0 - marks.ready)} ms`
        : "";
    if (process.env.BENCH_MARKS)
        console.log({
            ...marks,
            painted,
            // The workbench's long tasks, as ms since the key press.
            tasks: tasks.map((t) => [Math.round(t.start - pageT0), Math.round(t.duration), t.who]),
        });
    return { painted, longest, longestWhat, longestAll, marks, epoch0 };
}

/**
 * Copy all: Ctrl+A then Ctrl+C in the grid of the last run's 50,000 x 20 result, until VS Code's
 * status bar says the rows were copied (the text is built in the page's worker, crosses to the
 * extension and goes to the clipboard); and the workbench renderer's longest task meanwhile.
 */
async function copyAllOnce(page) {
    let grid = null;
    for (const f of page.frames()) {
        if (await f.evaluate(() => !!document.querySelector(".grid")).catch(() => false)) grid = f;
    }
    if (!grid) throw new Error("copy all: no results grid");
    await grid.locator('.row:not([hidden]) .cell[aria-colindex="2"]').first().click();
    await grid.locator(".grid").press("Control+a");
    // Each write, ours and the baseline's, starts from a collected heap. The workbench and its
    // webviews share one renderer heap, and without this the garbage of the step before (the
    // baseline's 12.7 MB `readText` string, the last copy's text) was collected inside the next
    // write's task: of eight copies, three of ours took 113-158 ms and three baselines 99-139,
    // against 76-84 for the rest (72-87 ms typical); with it, ours 68-90 and the baselines 65-90
    // but one (112). A copy all on a user's machine meets the garbage of whatever came before
    // it; the bench's own baseline is not part of that.
    const cdp = await page.context().newCDPSession(page);
    const collect = () => cdp.send("HeapProfiler.collectGarbage");
    await collect();
    await logLongTasks(page);
    const status = page.locator(".statusbar").getByText(/Copied 50,000 rows/);
    // The previous copy's message (shown for 3 s) must be gone, or it would end this one.
    await status.waitFor({ state: "detached", timeout: 30_000 });
    const pageT0 = await page.evaluate(() => performance.now());
    const t0 = performance.now();
    await grid.locator(".grid").press("Control+c");
    await status.waitFor({ timeout: 60_000 });
    const ms = performance.now() - t0;
    const copyTasks = await page.evaluate(() => window.__benchLongTasks);
    const tasks = copyTasks.map((t) => t.duration);
    if (process.env.BENCH_MARKS)
        console.log(
            `copy all in ${Math.round(ms)} ms; long tasks (ms after Ctrl+C, ms, whose):`,
            copyTasks.map((t) => [Math.round(t.start - pageT0), Math.round(t.duration), t.who]),
        );
    // The floor: the browser's own clipboard write of the same text from the same page, with no
    // work of ours around it (it reads the 17 MB Blob and converts it on the renderer's thread:
    // 95 ms for 17 MB in a bare page on a 2-core machine).
    await grid.evaluate(async () => {
        const text = await navigator.clipboard.readText();
        window.__benchCopyBlob = new Blob([text], { type: "text/plain" });
    });
    await page.waitForTimeout(500);
    await collect();
    await page.evaluate(() => (window.__benchLongTasks = []));
    const baseChars = await grid.evaluate(async () => {
        const blob = window.__benchCopyBlob;
        await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
        return blob.size;
    });
    await page.waitForTimeout(500);
    const baseAll = await page.evaluate(() => window.__benchLongTasks);
    if (process.env.BENCH_MARKS)
        console.log(
            "  baseline long tasks:",
            baseAll.map((t) => [Math.round(t.duration), t.who]),
        );
    const baseTasks = baseAll.map((t) => t.duration);
    await cdp.detach();
    return { ms, longest: Math.max(0, ...tasks), baseline: Math.max(0, ...baseTasks), baseChars };
}

export async function workbenchFigures(root) {
    const require = createRequire(import.meta.url);
    const { openWorkbench, openFile, runCommand, extensionLog } = require(
        path.join(root, "out", "test", "ui", "workbench.js"),
    );
    const { waitFor } = require(path.join(root, "out", "test", "waitFor.js"));
    const { startSandboxProcess, allowedCpus, cpuNumbers } = require(
        path.join(root, "out", "test", "sandbox", "process.js"),
    );
    // The sandbox in a process of its own, ahead of the workbench in the CPU queue, as PostHog is
    // never in the test driver's process nor on the editor's CPUs. In this process, Playwright
    // handles every DevTools event of the workbench (frames, contexts, console) on the thread
    // that would also answer the request being timed. On this 2-core machine, a workbench
    // opening a panel beside a sandbox at the usual priority slowed the extension's request to
    // 1.4-1.7x the same request raw with the workbench idle, while the extension's own part after
    // the response took ~120 ms. At a higher priority (its own autogroup, see startSandboxProcess) it answers
    // in about its idle time (the extension's request's headers 968-1112 ms after it was sent,
    // the raw request 1014 ms, median of five, in one set).
    // And on ONE of the CPUs (the last this process may use): ahead of everything on both, it left
    // the workbench nothing while chDB computed, and our page's build task after `ready` (15-24 ms
    // of CPU in traces, 20-32 ms wall) stretched to 133-287 ms wall in 3 of 54 runs over six
    // full benches: the renderer got a tenth of a CPU (nice -10 weighs 9.3x nice 0), as no remote
    // PostHog takes from a user's editor. Pinned, the raw request is as fast (medians of seven,
    // two sets: 1027 and 978 ms on both CPUs, 1067 and 1012 on one), so the Ctrl+Enter goal's
    // allowance (1.3x raw + 150 ms) is no wider; the workbench still shares the sandbox's CPU, at
    // the lower priority, and has the other to itself only as far as the machine's other tenants
    // leave it.
    let sandboxPriority = null;
    let sandboxCpus = null;
    const startSandbox = async () => {
        const mine = cpuNumbers(allowedCpus("self"));
        const sandbox = await startSandboxProcess({
            priority: -10,
            cpus: mine.length > 1 ? [mine[mine.length - 1]] : undefined,
        });
        sandboxPriority = sandbox.priority;
        sandboxCpus = sandbox.cpus;
        if (sandbox.priority > -10)
            console.log(
                `Note: the sandbox runs at priority ${sandbox.priority}, not -10 (raising it needs ` +
                    "root): the workbench's figures then include its CPUs shared with the sandbox.",
            );
        if (mine.length < 2)
            console.log(
                "Note: this process has one CPU, so the sandbox shares it with the workbench: the " +
                    "workbench's figures include the sandbox's work.",
            );
        return sandbox;
    };
    const bench = await openWorkbench(
        {
            name: "bench-e2e",
            settings: { "posthog-workbench.query.refreshMode": "force_blocking" },
            // The extension's debug lines carry the run's host-side marks (printed with BENCH_MARKS).
            args: process.env.BENCH_MARKS ? ["--log", "debug"] : [],
        },
        startSandbox,
    );
    try {
        const { page, sandbox } = bench;
        await withoutNetworkInstrumentation(page);
        // As a user's browser grants a focused VS Code tab: the copy and its baseline read and
        // write the clipboard without a prompt.
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        fs.writeFileSync(path.join(bench.server.workspace, "bench-50k.hogql"), e2eQuery + "\n");
        fs.writeFileSync(path.join(bench.server.workspace, "bench-1.hogql"), "SELECT 1\n");
        const openOnly = (file) => async () => {
            await runCommand(page, "View: Close All Editors");
            await page.waitForTimeout(500);
            await openFile(page, file);
            await page.locator(".monaco-editor .view-lines").first().click();
            await page.waitForTimeout(300);
        };
        const open = openOnly("bench-50k.hogql");
        const openSmall = openOnly("bench-1.hogql");
        const raw = [];
        const rawOpening = [];
        const runs = [];
        // Warm-up: activation, the API bundle, the webview bundle, the engine.
        await rawHttp(sandbox);
        await runOnce(page, open);
        for (let i = 0; i < RUNS; i++) {
            raw.push(await rawHttp(sandbox));
            rawOpening.push(await rawWhileOpening(page, sandbox, openSmall, waitFor));
            runs.push(await runOnce(page, open));
        }
        // Three copies, each followed by its baseline; each figure the median of the three (one
        // of each swung with the machine's load: 76 vs 76 ms in one full run, 83 vs 62 in the next).
        const copies = [];
        for (let i = 0; i < 3; i++) copies.push(await copyAllOnce(page));
        const copyAll = {
            ms: median(copies.map((c) => c.ms)),
            longest: median(copies.map((c) => c.longest)),
            baseline: median(copies.map((c) => c.baseline)),
            baseChars: copies[0].baseChars,
        };
        if (process.env.BENCH_MARKS) {
            // The host's marks of each run, as ms since its key press.
            const lines = extensionLog(bench.server);
            for (const run of runs) {
                const host = [];
                for (const line of lines) {
                    const m =
                        /^(\S+ \S+) \[debug\] ((run|results|results view): .*|POST \S+\/query\/ .*)$/.exec(
                            line,
                        );
                    if (!m) continue;
                    const at = new Date(m[1]).getTime() - run.epoch0;
                    if (at >= 0 && at < 20_000) host.push(`${Math.round(at)} ${m[2]}`);
                }
                console.log(host);
            }
        }
        return {
            sandboxPriority,
            sandboxCpus,
            rawMs: median(raw.map((r) => r.ms)),
            rawOpeningMs: median(rawOpening.map((r) => r.ms)),
            rawsOpening: rawOpening.map((r) => Math.round(r.ms)),
            bytes: raw[0].bytes,
            firstCellMs: median(runs.map((r) => r.painted)),
            // The page's `results:load` mark carries the extension's own request time.
            requestMs: median(runs.map((r) => r.marks.requestMs)),
            outsideRequestMs: median(runs.map((r) => r.painted - r.marks.requestMs)),
            longestTask: Math.max(...runs.map((r) => r.longest)),
            // Each run's longest task while the result arrived, with whose it was (`self`: the
            // workbench's own; a webview's host page or `./fake.html`, our page, in code-server).
            longestTasks: runs.map((r) => `${Math.round(r.longest)} ms ${r.longestWhat}`.trim()),
            longestTaskAll: Math.max(...runs.map((r) => r.longestAll)),
            raws: raw.map((r) => Math.round(r.ms)),
            marks: runs.map((r) => ({ ...r.marks, painted: r.painted })),
            copyAllMs: copyAll.ms,
            copyAllLongestTask: copyAll.longest,
            clipboardWriteLongestTask: copyAll.baseline,
            copiedBytes: copyAll.baseChars,
        };
    } finally {
        await bench.close();
    }
}

/**
 * Issue 45's "first hover after opening a file", in the real workbench against the sandbox: a
 * JavaScript file with `posthog.capture("<event>")` is opened at the event's name (Quick Open's
 * `file:line:col`) and, as soon as its tab shows, Show Hover is pressed; the time runs from that
 * key press until the hover shows the event's volume ("Last 30 days"). Every run opens a file not
 * opened before, capturing an event whose volume was not asked for yet in the session, so the
 * finder reads a new document and its volume query is sent when it is read, between opening and
 * the key press or, when the host hears of the file late, within the time. The first run of the
 * session (worker and grammar start, definitions and experiments read) is reported apart; the
 * target is on the median of the runs after it.
 */
export async function firstHoverFigures(root) {
    const require = createRequire(import.meta.url);
    const { openWorkbench, extensionLog } = require(
        path.join(root, "out", "test", "ui", "workbench.js"),
    );
    const { startSandboxProcess } = require(
        path.join(root, "out", "test", "sandbox", "process.js"),
    );
    const runs = Number(process.env.BENCH_HOVER_RUNS ?? 7);
    const bench = await openWorkbench(
        {
            name: "bench-hover",
            // The extension's debug lines carry its marks along the hover's path and its
            // requests' times, logged as each answer ends (BENCH_MARKS).
            args: process.env.BENCH_MARKS ? ["--log", "debug"] : [],
        },
        () => startSandboxProcess({ priority: -10 }),
    );
    try {
        const { page, sandbox } = bench;
        await withoutNetworkInstrumentation(page);
        const names = await receivedEvents(sandbox, runs + 1);
        if (names.length < runs + 1)
            throw new Error(`first hover: the sandbox has ${names.length} received events`);
        const prefix = 'import posthog from "posthog-js";\nposthog.capture("';
        names.forEach((name, i) => {
            fs.writeFileSync(
                path.join(bench.server.workspace, `bench-hover-${i}.js`),
                `${prefix}${name}");\n`,
            );
            // The same shape with no PostHog call: the editor's first hover on a file just
            // opened (TypeScript's), without ours, for a baseline alternated with each run.
            fs.writeFileSync(
                path.join(bench.server.workspace, `bench-plain-${i}.js`),
                `import posthog from "posthog-js";\nconst hoverBaseline${i} = posthog;\n`,
            );
        });
        // Activation, with no supported file open yet (code insight starts on the first).
        await page.waitForTimeout(3000);
        const times = [];
        const plain = [];
        for (let i = 0; i <= runs; i++) {
            times.push(await hoverOnce(page, `bench-hover-${i}.js`, names[i]));
            await page.keyboard.press("Escape");
            plain.push(
                await hoverOnce(page, `bench-plain-${i}.js`, `hoverBaseline${i}`, {
                    at: "2:7",
                    shows: `hoverBaseline${i}`,
                }),
            );
            await page.keyboard.press("Escape");
        }
        const own = process.env.BENCH_MARKS ? hoverMarks(extensionLog(bench.server), times) : [];
        const [first, ...rest] = times;
        return {
            // With BENCH_MARKS: from the host's "hover asked" to its "hover answered" in each run
            // after the first, the part of the hover our provider takes (waits included).
            ...(own.length
                ? { providerMs: median(own.slice(1)), providers: own.slice(1).map(Math.round) }
                : {}),
            firstInSessionMs: first.hoverMs,
            firstInSessionFromOpenMs: first.fromOpenMs,
            hoverMs: median(rest.map((t) => t.hoverMs)),
            fromOpenMs: median(rest.map((t) => t.fromOpenMs)),
            hovers: rest.map((t) => Math.round(t.hoverMs)),
            againMs: median(rest.map((t) => t.againMs)),
            agains: rest.map((t) => Math.round(t.againMs)),
            // The editor's first hover on a file just opened, with no PostHog call in it.
            plainMs: median(plain.slice(1).map((t) => t.hoverMs)),
            plains: plain.slice(1).map((t) => Math.round(t.hoverMs)),
            // More than one: the hover was shown again (see hoverOnce).
            attempts: times.map((t) => t.attempts),
        };
    } finally {
        await bench.close();
    }
}

/**
 * Prints the extension's code insight marks and query requests around each first hover, as ms
 * since its Show Hover key press (negative: between opening the file and the key press), and
 * returns, per run, the time from the provider's first "hover asked" after the key press to its
 * next "hover answered".
 */
function hoverMarks(lines, times) {
    return times.map((run) => {
        const host = [];
        let asked;
        let answered;
        for (const line of lines) {
            const m = /^(\S+ \S+) \[debug\] (code insight: .*|POST \S+\/query\/ .*)$/.exec(line);
            if (!m) continue;
            const at = new Date(m[1]).getTime() - run.epoch0;
            if (at < run.openedAt - run.epoch0 || at >= run.hoverMs + 1_000) continue;
            host.push(`${Math.round(at)} ${m[2]}`);
            if (at >= 0 && asked === undefined && m[2] === "code insight: hover asked") asked = at;
            if (
                asked !== undefined &&
                answered === undefined &&
                m[2] === "code insight: hover answered"
            )
                answered = at;
        }
        console.log(
            `hover ${Math.round(run.hoverMs)} ms (opened at ${Math.round(run.openedAt - run.epoch0)}):`,
            host,
        );
        return answered === undefined ? NaN : answered - asked;
    });
}

/** The `count` most received events of the last 30 days, as the sandbox answers. */
async function receivedEvents(sandbox, count) {
    const res = await fetch(`${sandbox.url}/api/projects/${sandbox.projectId}/query/`, {
        method: "POST",
        headers: {
            authorization: `Bearer ${sandbox.keys.full}`,
            "content-type": "application/json",
        },
        body: JSON.stringify({
            query: {
                kind: "HogQLQuery",
                query:
                    "SELECT event, count() AS n FROM events WHERE timestamp > now() - INTERVAL 30 DAY " +
                    `AND event NOT LIKE '%"%' GROUP BY event ORDER BY n DESC LIMIT ${count}`,
            },
        }),
    });
    if (!res.ok) throw new Error(`first hover: the events query answered HTTP ${res.status}`);
    return (await res.json()).results.map((row) => String(row[0]));
}

/** Opens `file` at its event's name, shows the hover as soon as the tab is there, times it. */
async function hoverOnce(page, file, name, { at = "2:19", shows = "Last 30 days" } = {}) {
    await page.keyboard.press("Control+P");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor({ timeout: 15_000 });
    // By default line 2 is `posthog.capture("<name>");` and column 19 the name's second character.
    await input.fill(`${file}:${at}`);
    const row = page.locator(".quick-input-list .monaco-list-row", { hasText: file }).first();
    await row.waitFor({ timeout: 15_000 });
    const opened = performance.now();
    const openedAt = Date.now();
    await row.click();
    await page.locator(`.tab.active[aria-label^="${file}"]`).first().waitFor({ timeout: 15_000 });
    // The cursor on the name: Quick Open moves it there once the editor shows.
    const [line, column] = at.split(":");
    await page
        .locator(".statusbar")
        .getByText(`Ln ${line}, Col ${column}`)
        .waitFor({ timeout: 15_000 });
    // This event's hover (an earlier file's may linger hidden in the page).
    const hover = page
        .locator(".monaco-hover:visible", { hasText: shows })
        .filter({ hasText: name })
        .first();
    const t0 = performance.now();
    const epoch0 = Date.now();
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    // A hover without the volume (or none: the cursor not yet on the name, or code insight not
    // yet started, whose provider VS Code does not ask for a hover already shown) is shown again
    // after a second: the figure is then within a second of when a hover first showed the volume.
    // The attempts are reported.
    let attempt = 0;
    const seen = [];
    for (; ; attempt++) {
        try {
            await hover.waitFor({ state: "visible", timeout: 1_000 });
            break;
        } catch (error) {
            // Read without waiting: textContent() of a missing element waits its whole default
            // timeout (30 s), which the session's first hover had counted.
            const shown = await page.$$eval(".monaco-hover", (all) =>
                all
                    .filter((e) => e.checkVisibility())
                    .map((e) => e.textContent?.slice(0, 80) ?? ""),
            );
            seen.push(shown[0] ?? "no hover");
            if (attempt >= 60) throw new Error(`first hover on ${name}: ${error}`);
            await page.keyboard.press("Escape");
            await page.keyboard.press("Control+K");
            await page.keyboard.press("Control+I");
        }
    }
    const shown = performance.now();
    if (process.env.BENCH_MARKS && seen.length) console.log(`first hover on ${name}:`, seen);
    // The baseline, alternated with each first hover: the same hover again, everything known
    // (the editor's hover itself, on this machine at this moment).
    await page.keyboard.press("Escape");
    await hover.waitFor({ state: "hidden", timeout: 15_000 });
    const t1 = performance.now();
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    await hover.waitFor({ state: "visible", timeout: 15_000 });
    const againMs = performance.now() - t1;
    return {
        hoverMs: shown - t0,
        fromOpenMs: shown - opened,
        attempts: attempt + 1,
        againMs,
        epoch0,
        openedAt,
    };
}

/**
 * Issue 46's panel row: Ctrl+Enter on the 50,000 x 20 query until the first data cell is painted,
 * with `results.location` on `panel` (the bottom panel's view) against `editor` (a new editor
 * tab), runs alternated in one workbench. Each run starts as a user's first run there does: only
 * the query's editor open, and for the panel its view hidden (the panel closed), so the view's
 * page loads afresh, as a new tab's does. The setting is switched through the workspace's
 * settings file, which the workbench watches. Shown again, the view's page first shows the
 * editor's previous result, at once: each run's LIMIT is one row less than the last, and the
 * paint timed is that of a grid with this run's row count.
 */
export async function panelViewFigures(root) {
    const require = createRequire(import.meta.url);
    const { openWorkbench, openFile, runCommand } = require(
        path.join(root, "out", "test", "ui", "workbench.js"),
    );
    const { startSandboxProcess, allowedCpus, cpuNumbers } = require(
        path.join(root, "out", "test", "sandbox", "process.js"),
    );
    const runs = Number(process.env.BENCH_PANEL_RUNS ?? 7);
    // The sandbox as workbenchFigures starts it (ahead of the workbench, on one CPU): see there.
    const startSandbox = () => {
        const mine = cpuNumbers(allowedCpus("self"));
        return startSandboxProcess({
            priority: -10,
            cpus: mine.length > 1 ? [mine[mine.length - 1]] : undefined,
        });
    };
    const bench = await openWorkbench(
        {
            name: "bench-panel",
            settings: { "posthog-workbench.query.refreshMode": "force_blocking" },
        },
        startSandbox,
    );
    try {
        const { page } = bench;
        await withoutNetworkInstrumentation(page);
        const workspace = bench.server.workspace;
        let limit = 50_000;
        const settingsFile = path.join(workspace, ".vscode", "settings.json");
        fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
        const resultTabs = page.locator('.tab[aria-label^="Results"]');
        const placed = async (location) => {
            fs.writeFileSync(
                settingsFile,
                JSON.stringify({ "posthog-workbench.results.location": location }),
            );
            await runCommand(page, "View: Close All Editors");
            fs.writeFileSync(
                path.join(workspace, "bench-50k.hogql"),
                e2eQuery.replace(/LIMIT 50000$/, `LIMIT ${limit}`) + "\n",
            );
            // Hidden, the view's page is discarded (it keeps no context when hidden).
            if (await page.locator(".part.panel").isVisible())
                await runCommand(page, "View: Hide Panel");
            // The workbench reads the changed file on its own; no event says it has.
            await page.waitForTimeout(1000);
            await openFile(page, "bench-50k.hogql");
            await page.locator(".monaco-editor .view-lines").first().click();
            await page.waitForTimeout(300);
        };
        const once = async (location) => {
            limit--;
            const run = await runOnce(
                page,
                () => placed(location),
                `[role="grid"][aria-rowcount="${limit + 1}"] ${anyCell}[aria-colindex="2"]`,
            );
            // Where it went: a tab for `editor`, none for `panel` (the view is in the panel).
            const tabs = await resultTabs.count();
            if ((location === "editor") !== tabs > 0)
                throw new Error(`a ${location} run left ${tabs} results tab(s)`);
            return run;
        };
        // Warm-up of both: activation, the bundles, the engine, the view's first resolve.
        await once("editor");
        await once("panel");
        const tab = [];
        const panel = [];
        for (let i = 0; i < runs; i++) {
            // Alternated, and which goes first alternates too: the machine's load drifts.
            const order = i % 2 === 0 ? ["editor", "panel"] : ["panel", "editor"];
            for (const location of order)
                (location === "editor" ? tab : panel).push(await once(location));
        }
        const fromLoad = (r) => r.painted - (r.marks.load ?? r.painted);
        return {
            tabMs: median(tab.map((r) => r.painted)),
            panelMs: median(panel.map((r) => r.painted)),
            tabs: tab.map((r) => Math.round(r.painted)),
            panels: panel.map((r) => Math.round(r.painted)),
            // From the page's load message to its first painted cell (the query's time left out).
            tabFromLoadMs: median(tab.map(fromLoad)),
            panelFromLoadMs: median(panel.map(fromLoad)),
        };
    } finally {
        await bench.close();
    }
}
