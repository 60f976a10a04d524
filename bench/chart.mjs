/* global window, document, performance, MessageEvent, MutationObserver */
// The chart at 50,000 points (issue 20: drawn in under 100 ms; issue 46: at most 1.5x Chart.js
// alone drawing the same points): our chart view from Alt+C to the drawn plot (the page's own
// `data-draw-ms`), once the page has been idle (its read-ahead done), and again with Alt+C pressed
// the moment every row is parsed; and Chart.js alone drawing the same points, warm in one page
// and cold in a fresh one. The chart's columns are read by the parse worker with its scan, so
// neither of ours reads them after Alt+C; what that costs shows in the grid's "all rows parsed".
// Medians of alternated runs, ours in fresh pages.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// BENCH_CHART_RUNS: more alternated runs on a loaded machine.
const RUNS = Number(process.env.BENCH_CHART_RUNS ?? 5);
const start = Date.UTC(2026, 7, 1);

/**
 * A 50,000-row time series as the service sends it (the webview chart test's `big` shape), built
 * by the webview tests' fixtures (compiled to out/ by the bench's `tsc -p .`).
 */
export function chartResponse(root) {
    const { typedResponse } = createRequire(import.meta.url)(
        path.join(root, "out", "test", "webview", "fixtures.js"),
    );
    const rows = Array.from({ length: 50_000 }, (_, i) => [
        new Date(start + i * 60_000).toISOString(),
        Math.sin(i / 500) * 100 + (i % 97),
    ]);
    const fixture = typedResponse(
        [
            ["timestamp", "DateTime64(6, 'UTC')"],
            ["value", "Float64"],
        ],
        rows,
    );
    return { ...fixture, rows };
}

/** A page with Chart.js, for the baseline. */
export function chartLibPage(root) {
    const lib = fs.readFileSync(path.join(root, "node_modules/chart.js/dist/chart.umd.min.js"));
    return `<!DOCTYPE html><html><body><canvas id="c" width="1000" height="500"></canvas><script>${lib}</script></body></html>`;
}

async function oursOnce(browser, origin, fixture, viewport, readAhead) {
    const page = await browser.newPage({ viewport });
    try {
        await page.goto(`${origin}/ours.html`);
        await page.waitForFunction(() => window.__posted.some((m) => m.type === "ready"));
        await page.evaluate(
            async ({ meta, firstRowsJson }) => {
                const bytes = new Uint8Array(await (await fetch("/chart50k.json")).arrayBuffer());
                const result = { id: "c", title: "c", queryText: "", durationMs: 0 };
                window.dispatchEvent(
                    new MessageEvent("message", {
                        data: {
                            type: "load",
                            results: [{ ...result, meta, firstRowsJson, bytes }],
                            active: 0,
                            storeKey: null,
                        },
                    }),
                );
            },
            { meta: fixture.meta, firstRowsJson: fixture.firstRowsJson },
        );
        // Every row parsed, and with `readAhead` the chart's columns read ahead while the page
        // was idle (as they are while a user reads the grid: app.ts readChartAhead); then the
        // chart (Alt+C, as a user would).
        const parsed = await page.waitForFunction(
            () =>
                window.__posted.find((m) => m.type === "rendered" && m.fullyLoadedMs !== null)
                    ?.fullyLoadedMs,
        );
        // The rows' parse (BENCH_MARKS): what any work beside it costs it shows here.
        if (process.env.BENCH_MARKS)
            console.log(`all rows parsed in ${(await parsed.jsonValue()).toFixed(0)} ms`);
        if (readAhead) {
            const ahead = await page.waitForFunction(
                () =>
                    window.__posted.find(
                        (m) => m.type === "log" && /^read \d+ chart column/.test(m.message),
                    )?.message,
                undefined,
                { timeout: 10_000 },
            );
            if (process.env.BENCH_MARKS) console.log(`chart: ${await ahead.jsonValue()}`);
        }
        // BENCH_CHART_PROFILE=<dir>: Chrome's CPU profile of Alt+C to the drawn plot, one file a
        // run (summed by bench/chartProfile.mjs); BENCH_MARKS also prints the keydown to the draw.
        const profileDir = process.env.BENCH_CHART_PROFILE;
        const cdp = profileDir ? await page.context().newCDPSession(page) : null;
        if (cdp) {
            await cdp.send("Profiler.enable");
            await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
            await cdp.send("Profiler.start");
        }
        // The main thread's CPU time (thread ticks) and V8's compile time over the same span.
        const marks = process.env.BENCH_MARKS ? await page.context().newCDPSession(page) : null;
        let before = null;
        if (marks) {
            await marks.send("Performance.enable", { timeDomain: "threadTicks" });
            before = await threadMetrics(marks);
        }
        if (process.env.BENCH_MARKS)
            await page.evaluate(() => {
                window.addEventListener("keydown", (e) => (window.__keyAt = e.timeStamp), true);
                new MutationObserver(() => {
                    if (document.querySelector(".chart")?.dataset.drawMs)
                        window.__drawnAt ??= performance.now();
                }).observe(document.body, { attributes: true, subtree: true });
            });
        await page.keyboard.press("Alt+KeyC");
        const drawn = await page.waitForFunction(() => {
            const chart = document.querySelector(".chart");
            return chart?.dataset.drawMs ? Number(chart.dataset.drawMs) : null;
        });
        const drawMs = await drawn.jsonValue();
        if (cdp) {
            const { profile } = await cdp.send("Profiler.stop");
            fs.mkdirSync(profileDir, { recursive: true });
            const name = `${readAhead ? "ahead" : "cold"}-${Date.now()}.cpuprofile`;
            fs.writeFileSync(path.join(profileDir, name), JSON.stringify(profile));
        }
        if (process.env.BENCH_MARKS) {
            const after = await threadMetrics(marks);
            const keyToDraw = await page.evaluate(() => window.__drawnAt - window.__keyAt);
            const steps = await page.evaluate(() => {
                // The page's marks (chartView.ts, warmUp.ts, app.ts), from the keydown.
                const marks = performance.getEntriesByType("mark");
                const at = (name) =>
                    marks
                        .filter((e) => e.name === name)
                        .map((e) => (e.startTime - window.__keyAt).toFixed(0));
                return [
                    "results:painted",
                    "results:parsed",
                    "chart:warm",
                    "chart:start",
                    "chart:read",
                    "chart:made",
                    "chart:drawn",
                ]
                    .map((n) => `${n} ${at(n).join(",")}`)
                    .join("; ");
            });
            console.log(steps);
            const cpu = Object.entries(after)
                .map(([k, v]) => `${k} ${((v - before[k]) * 1000).toFixed(1)}`)
                .join(", ");
            console.log(
                `chart ${readAhead ? "ahead" : "cold"}: drawMs ${drawMs}, keydown to drawn ${keyToDraw.toFixed(1)} ms; ms of ${cpu}`,
            );
        }
        // The chart drawn again in the same page, as Chart.js's warm runs draw again: back to the
        // grid and to the chart (Alt+C twice), reading the columns again. Timed in the cold runs
        // only (chartFigures).
        if (readAhead) return { first: drawMs, again: null };
        await page.keyboard.press("Alt+KeyC");
        await page.waitForFunction(() => document.querySelector(".chart").hidden);
        await page.keyboard.press("Alt+KeyC");
        const again = await page.waitForFunction(() => {
            const chart = document.querySelector(".chart");
            return !chart.hidden && chart.dataset.drawMs ? Number(chart.dataset.drawMs) : null;
        });
        return { first: drawMs, again: await again.jsonValue() };
    } finally {
        await page.close();
    }
}

/** The page's main-thread CPU figures (thread time), in seconds. */
async function threadMetrics(cdp) {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const keep = [
        "ThreadTime",
        "ScriptDuration",
        "V8CompileDuration",
        "LayoutDuration",
        "RecalcStyleDuration",
    ];
    return Object.fromEntries(
        metrics.filter((m) => keep.includes(m.name)).map((m) => [m.name, m.value]),
    );
}

/**
 * Medians of RUNS alternated runs (issue 46: ratios to a baseline measured in the same run), in
 * ms: `ours` (our chart view's first chart in a page, its columns read ahead), `oursCold` (the
 * first chart with Alt+C as soon as every row is parsed: reading the columns included),
 * `oursAgain` (the same chart drawn again in its page), `chartjs` (Chart.js alone drawing the same
 * points again on its canvas) and `chartjsCold` (Chart.js's first chart in a fresh page). A
 * page's first chart pays for Chromium setting up the canvas's memory and for the code's first
 * run, which a chart drawn again does not: so first is compared with first and again with again
 * (see docs/performance.md, "Chart"). Best-of-N hid how often a run was slow.
 */
export async function chartFigures(browser, origin, fixture, viewport) {
    const ours = [];
    const oursCold = [];
    const oursAgain = [];
    const chartjs = [];
    const chartjsCold = [];
    const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
    try {
        await page.goto(`${origin}/chart-lib.html`);
        const xs = fixture.rows.map((r) => Date.parse(r[0]));
        const ys = fixture.rows.map((r) => r[1]);
        for (let k = 0; k < RUNS; k++) {
            ours.push((await oursOnce(browser, origin, fixture, viewport, true)).first);
            const cold = await oursOnce(browser, origin, fixture, viewport, false);
            oursCold.push(cold.first);
            oursAgain.push(cold.again);
            chartjs.push(await drawWithChartJs(page, xs, ys));
            // Chart.js's first chart in a fresh page, as ours is measured: its code runs cold.
            const fresh = await browser.newPage({ viewport: { width: 1100, height: 700 } });
            try {
                await fresh.goto(`${origin}/chart-lib.html`);
                chartjsCold.push(await drawWithChartJs(fresh, xs, ys));
            } finally {
                await fresh.close();
            }
        }
    } finally {
        await page.close();
    }
    const median = (values) => [...values].sort((x, y) => x - y)[values.length >> 1];
    return {
        ours: median(ours),
        oursCold: median(oursCold),
        oursAgain: median(oursAgain),
        chartjs: median(chartjs),
        chartjsCold: median(chartjsCold),
    };
}

/** Chart.js alone drawing the points, with its advised fast settings, in `page`; in ms. */
function drawWithChartJs(page, xs, ys) {
    return page.evaluate(
        ({ xs, ys }) => {
            window.chart?.destroy();
            const points = xs.map((x, i) => ({ x, y: ys[i] }));
            const t0 = performance.now();
            window.chart = new window.Chart(document.getElementById("c"), {
                type: "line",
                data: {
                    datasets: [{ data: points, pointRadius: 0, borderWidth: 1.5 }],
                },
                options: {
                    animation: false,
                    parsing: false,
                    normalized: true,
                    responsive: false,
                    scales: { x: { type: "linear" } },
                },
            });
            return performance.now() - t0;
        },
        { xs, ys },
    );
}
