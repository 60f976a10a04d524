// The notebook renderer (src/webview/notebook) in headless Chromium, on outputs at the per-output
// cap as the controller makes them (src/notebook/resultOutput.ts storedResult). It parses the rows
// on the output frame's own thread, so the worst case must not hold that thread for 50 ms: no
// long task (>= 50 ms, Chromium's Long Tasks API) from the output's arrival until its grid shows
// rows and every row is parsed.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { ObjectScanner } from "../../src/shared/json/responseScan";
import { resultBytes, storedResult } from "../../src/notebook/resultOutput";
import { fromRendererSchema } from "../../src/notebook/rendererMessageSchema";
import { launch, postedButDropped } from "./page";
import { startServer, type TestServer } from "./server";

// These callbacks run in the page; the root tsconfig has no DOM lib, so name its globals here.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const performance: any;
declare const document: any;
declare function requestAnimationFrame(callback: () => void): number;

const root = path.resolve(__dirname, "../../..");
/** The most rows the `notebook.outputRows` setting allows (package.json maximum). */
const MAX_OUTPUT_ROWS = 50_000;

/** The renderer bundle as esbuild.mjs builds it (bench/buildWebview.mjs). */
function buildRenderer(): void {
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
        { bytes, head, rowStarts: scan.rowStarts, rowEnds: scan.rowEnds },
        cap,
    );
    return { bytes: resultBytes(result), kept: result.results.length };
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"></head>
<body class="vscode-dark"><div id="out"></div>
<script type="module">
import { activate } from "/dist/notebook.js";
window.__posted = [];
window.__longTasks = [];
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

describe("notebook renderer (webview)", function () {
    let browser: Browser;
    let server: TestServer;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        buildRenderer();
        server = await startServer();
        server.setPage("notebook", PAGE);
        browser = await launch();
        page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
        await page.goto(`${server.origin}/page/notebook.html`);
        await page.waitForFunction(() => window.__ready === true);
    });

    after(async () => {
        const dropped = page ? await postedButDropped(page, fromRendererSchema) : [];
        await browser?.close();
        await server?.close();
        assert.deepEqual(dropped, [], "the extension accepts every message the renderer posted");
    });

    /**
     * Renders an output's bytes and waits until its grid shows rows and every row is parsed;
     * returns the long tasks seen since the output arrived, and the parse time.
     */
    async function renderAndMeasure(
        id: string,
        bytes: Uint8Array,
    ): Promise<{ longTasks: { ms: number }[]; parseMs: number; rows: number; syncMs: number }> {
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
                new Promise<void>((r) =>
                    requestAnimationFrame(() => requestAnimationFrame(() => r())),
                ),
        );
        const longTasks = await page.evaluate(() =>
            (window.__longTasks as { start: number; ms: number }[]).filter(
                (t) => t.start + t.ms >= window.__since,
            ),
        );
        return {
            longTasks,
            parseMs: Number(await output.getAttribute("data-parse-ms")),
            rows: Number(await output.getAttribute("data-parsed-rows")),
            syncMs,
        };
    }

    it("sees a long task when there is one (the measure below can fail)", async () => {
        const since = await page.evaluate(() => {
            const t0 = performance.now();
            setTimeout(() => {
                const start = performance.now();
                while (performance.now() - start < 80) {
                    // busy: one 80 ms task
                }
            });
            return t0;
        });
        const seen = await page.waitForFunction(
            (since) => window.__longTasks.some((t: { start: number }) => t.start >= since),
            since,
            { timeout: 5_000 },
        );
        assert.ok(await seen.jsonValue());
    });

    const cases = [
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

    for (const c of cases) {
        it(`holds the output frame's thread under 50 ms: ${c.name}`, async function () {
            this.timeout(60_000);
            const { bytes, kept } = cappedOutput(c.columns, c.types, c.rows, c.row);
            assert.ok(kept < c.rows, "the output is capped");
            // Up to three trials, each in a freshly loaded frame (cold, as a notebook's first
            // output): CPU stolen by a shared machine (seen: a fifth to a third of the time,
            // /proc/pressure/cpu) only lengthens tasks, so one trial without a long task shows
            // the renderer's own work stays under 50 ms; a long task of its own shows in all.
            const trials: Awaited<ReturnType<typeof renderAndMeasure>>[] = [];
            for (let t = 0; t < 3; t++) {
                await page.goto(`${server.origin}/page/notebook.html`);
                await page.waitForFunction(() => window.__ready === true);
                const measured = await renderAndMeasure(`${c.name} #${t}`, bytes);
                assert.equal(measured.rows, kept, "every kept row parsed");
                trials.push(measured);
                // The figures, for the report and for whoever makes this slower.
                console.log(
                    `      ${c.name}: ${kept} rows, ${(bytes.length / 1024).toFixed(0)} KB; ` +
                        `render call ${measured.syncMs.toFixed(1)} ms, parse ${measured.parseMs} ms, ` +
                        `long tasks: ${measured.longTasks.map((l) => l.ms.toFixed(0)).join(", ") || "none"}`,
                );
                if (measured.longTasks.length === 0) break;
            }
            assert.ok(
                trials.some((m) => m.longTasks.length === 0),
                `no task of 50 ms or more in some trial: ${JSON.stringify(trials.map((m) => m.longTasks))}`,
            );
        });
    }

    it("draws a wide output's first screen a few rows a frame, headers first, then every row in view", async () => {
        const columns = Array.from({ length: 20 }, (_, i) => `c${i}`);
        const { bytes } = cappedOutput(
            columns,
            columns.map(() => "UInt8"),
            400,
            (i) => columns.map((_, j) => (i + j) % 10),
        );
        await page.goto(`${server.origin}/page/notebook.html`);
        await page.waitForFunction(() => window.__ready === true);
        // What each animation frame shows: header cells and row cells drawn so far, counted in
        // the frame's own animation callback (that is, what the frame before it painted).
        await page.evaluate(() => {
            window.__frames = [];
            const count = () => {
                const grid = document.querySelector(".phnb .grid");
                window.__frames.push({
                    headers: grid ? grid.querySelectorAll(".hcell").length : 0,
                    cells: grid ? grid.querySelectorAll(".row:not([hidden]) .cell").length : 0,
                });
                if (window.__frames.length < 40) requestAnimationFrame(count);
            };
            requestAnimationFrame(count);
        });
        await renderAndMeasure("frames", bytes);
        await page.waitForFunction(() => window.__frames.length >= 40, undefined, {
            timeout: 10_000,
        });
        const frames: { headers: number; cells: number }[] = await page.evaluate(
            () => window.__frames,
        );
        const shown = frames.filter((f) => f.headers > 0);
        assert.ok(shown.length > 0, "the headers were drawn");
        assert.equal(shown[0].cells, 0, "the frame with the first headers has no rows yet");
        const headers = shown[0].headers;
        const perRow = await page
            .locator(".phnb .row:not([hidden])")
            .first()
            .locator(".cell")
            .count();
        assert.equal(perRow, headers, "a row has a cell under each header");
        // Rows in view: the grid's height over the row height (the overscan rows come after).
        const inView = await page.evaluate(() => {
            const grid = document.querySelector(".phnb .grid");
            return Math.ceil((grid.clientHeight - 40) / 22) + 1;
        });
        for (let i = 1; i < shown.length; i++) {
            assert.ok(
                shown[i].cells - shown[i - 1].cells <= 100,
                `at most 100 cells a frame: ${JSON.stringify(shown.map((f) => f.cells))}`,
            );
        }
        const last = shown[shown.length - 1].cells;
        assert.ok(
            last >= inView * perRow,
            `every row in view drawn in the end (${inView} rows of ${perRow}): ${last}`,
        );
        assert.ok(
            shown.filter((f) => f.cells > 0 && f.cells < inView * perRow).length >= 2,
            `the first screen took more than one frame: ${JSON.stringify(shown.map((f) => f.cells))}`,
        );
    });

    it("offers Open in Results Panel on a capped output only, reached with Tab and pressed with Enter", async () => {
        const capped = cappedOutput(["n"], ["Int64"], 40, (i) => [i], 10);
        const whole = cappedOutput(["n"], ["Int64"], 4, (i) => [i], 10);
        await renderAndMeasure("whole", whole.bytes);
        await renderAndMeasure("capped", capped.bytes);
        const outputs = page.locator(".phnb");
        const wholeOutput = outputs.nth((await outputs.count()) - 2);
        const cappedOutputView = outputs.last();
        assert.equal(await wholeOutput.locator('[data-action="openFull"]').count(), 0);
        assert.match(
            (await cappedOutputView.locator(".phnb-summary").textContent()) ?? "",
            /^10 of 40 rows kept/,
        );
        const open = cappedOutputView.locator('vscode-button[data-action="openFull"]');
        assert.equal(await open.textContent(), "Open in Results Panel");
        // Tab from the Chart button lands on it; Enter sends the request for this output.
        await cappedOutputView.locator('vscode-button[data-action="chart"]').focus();
        await page.keyboard.press("Tab");
        assert.equal(
            await open.evaluate((el) => el.ownerDocument.activeElement === el),
            true,
            "Tab reaches Open in Results Panel",
        );
        await page.keyboard.press("Enter");
        await page.waitForFunction(() =>
            window.__posted.some(
                (m: { type: string; outputId?: string }) =>
                    m.type === "openFull" && m.outputId === "capped",
            ),
        );
    });

    it("asks for VS Code's translations and relabels its outputs with them", async () => {
        const asked = await page.evaluate(() =>
            window.__posted.some((m: { type: string }) => m.type === "l10n"),
        );
        assert.ok(asked, "the renderer asked for the bundle when it started");
        await page.evaluate(() =>
            window.__send({
                type: "l10n",
                bundle: {
                    "Open in Results Panel": "Im Ergebnisbereich öffnen",
                    Grid: "Raster",
                },
            }),
        );
        const open = page.locator('.phnb vscode-button[data-action="openFull"]').last();
        assert.equal(await open.textContent(), "Im Ergebnisbereich öffnen");
        assert.equal(
            await page.locator('.phnb vscode-button[data-action="grid"]').last().textContent(),
            "Raster",
        );
        // Back to English for the tests after this one.
        await page.evaluate(() => window.__send({ type: "l10n", bundle: {} }));
    });

    it("copies formula-like text made inert, raw once the extension says the setting is off", async () => {
        const link = '=HYPERLINK("https://evil.example/","Open")';
        const out = cappedOutput(["url", "n"], ["String", "Int64"], 1, () => [link, -5]);
        await renderAndMeasure("formulas", out.bytes);
        const copied = async (): Promise<string> => {
            const before = await page.evaluate(
                () => window.__posted.filter((m: { type: string }) => m.type === "copy").length,
            );
            const cells = page.locator(".phnb").last().locator(".row .cell");
            await cells.first().click();
            await cells.nth(1).click({ modifiers: ["Shift"] });
            await page.keyboard.press("Control+c");
            const handle = await page.waitForFunction((n) => {
                const copies = window.__posted.filter((m: { type: string }) => m.type === "copy");
                return copies.length > n && copies[copies.length - 1].text;
            }, before);
            return String(await handle.jsonValue());
        };
        assert.equal(await copied(), `"'=HYPERLINK(""https://evil.example/"",""Open"")"\t-5`);
        await page.evaluate(() => window.__send({ type: "settings", neutraliseFormulas: false }));
        assert.equal(await copied(), `"=HYPERLINK(""https://evil.example/"",""Open"")"\t-5`);
        await page.evaluate(() => window.__send({ type: "settings", neutraliseFormulas: true }));
    });
});
