// The Chart view in headless Chromium, on the real page with the panel's CSP: which chart each
// column shape opens as, exact tooltips, the legend, remembered choices, 50,000 points (timed
// against Chart.js by `npm run bench`), and PNG/SVG export.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import type { ChartPrefs, FromWebview } from "../../src/shared/resultsProtocol";
import {
    axisLabels,
    chartLegend,
    chartType as chartTypeOf,
    exportSvg as exportSvgOf,
} from "./chartPage";
import { typedResponse } from "./fixtures";
import { applyTheme, closeWithoutErrors, loadResults, nextFrame, openPage, posted } from "./page";
import type { TestServer } from "./server";
import { startWebviewSuite, type WebviewSuite } from "./suite";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;
declare const MouseEvent: any;
declare const DOMParser: any;
declare const Image: any;
declare const OffscreenCanvas: any;
declare function createImageBitmap(blob: unknown): Promise<any>;
declare function requestAnimationFrame(callback: (time: number) => void): number;

const day = 86_400_000;
const start = Date.UTC(2026, 7, 1);

const isoDay = (i: number) => new Date(start + i * day).toISOString().slice(0, 10);
// Past 2^53: a JS number would round these; the tooltip must keep every digit.
const wide = (i: number) => (9_007_199_254_740_993n + BigInt(i) * 1_000_003n).toString();

const shapes = {
    daily: typedResponse(
        [
            ["day", "Date"],
            ["pageviews", "UInt64"],
            ["users", "UInt64"],
        ],
        Array.from({ length: 90 }, (_, i) => [isoDay(i), wide(i), 100 + (i % 7) * 20]),
    ),
    breakdown: typedResponse(
        [
            ["browser", "String"],
            ["count", "UInt64"],
        ],
        Array.from({ length: 30 }, (_, i) => [`Browser ${i}`, 1000 - i * 10]),
    ),
    breakdownOverTime: typedResponse(
        [
            ["day", "Date"],
            ["browser", "String"],
            ["count", "UInt64"],
        ],
        Array.from({ length: 30 }, (_, i) =>
            ["Chrome", "Firefox", "Safari"].map((b, k) => [isoDay(i), b, 50 * (k + 1) + i]),
        ).flat(),
    ),
    single: typedResponse([["total", "UInt64"]], [["18446744073709551615"]]),
    text: typedResponse([["event", "String"]], [["$pageview"], ["$identify"]]),
    sparkline: typedResponse(
        [
            ["pageview", "String"],
            ["hours", "Tuple(String, String, String, Array(UInt64))"],
            ["pageview_count", "UInt64"],
        ],
        [
            ["/home", ["__hx_tag", "Sparkline", "data", [0, 3, 9, 4, 12, 7]], 35],
            ["/pricing", ["__hx_tag", "Sparkline", "data", [5, 5], "labels", ["a", "b"]], 10],
            ["/docs", ["__hx_tag", "Other", "data", [1, 2]], 3],
        ],
    ),
    big: typedResponse(
        [
            ["timestamp", "DateTime64(6, 'UTC')"],
            ["value", "Float64"],
        ],
        Array.from({ length: 50_000 }, (_, i) => [
            new Date(start + i * 60_000).toISOString(),
            Math.sin(i / 500) * 100 + (i % 97),
        ]),
    ),
    // As wide as a table read in the grid first (more than five columns), and as long as `big`.
    wideBig: typedResponse(
        [
            ["timestamp", "DateTime64(6, 'UTC')"],
            ["value", "Float64"],
            ["event", "String"],
            ["distinct_id", "String"],
            ["browser", "String"],
            ["url", "String"],
        ],
        Array.from({ length: 50_000 }, (_, i) => [
            new Date(start + i * 60_000).toISOString(),
            i % 1000,
            "$pageview",
            `user-${i % 500}`,
            "Chrome",
            `/p/${i % 50}`,
        ]),
    ),
};

describe("results chart (webview)", function () {
    let suite: WebviewSuite;
    let browser: Browser;
    let server: TestServer;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite(
            Object.fromEntries(Object.entries(shapes).map(([name, f]) => [name, f.text])),
        );
        ({ browser, server } = suite);
    });

    beforeEach(async () => {
        page = await openPage(browser, server);
        await applyTheme(page, "dark");
    });

    afterEach(() => closeWithoutErrors(page));

    after(() => suite?.close());

    async function openChart(name: keyof typeof shapes, chart?: ChartPrefs): Promise<void> {
        await loadResults(page, [{ name, fixture: shapes[name], chart }]);
        if (!chart) await page.keyboard.press("Alt+KeyC");
        await page.waitForFunction(() => {
            const c = document.querySelector(".chart");
            return c && !c.hidden && c.dataset.chartType;
        });
        await page.waitForFunction(() => {
            const c = document.querySelector(".chart");
            return (
                c.dataset.chartType === "number" ||
                c.dataset.chartType === "none" ||
                c.dataset.drawMs
            );
        });
        await nextFrame(page);
    }

    const chartType = () => chartTypeOf(page);
    const legend = () => chartLegend(page);
    const exportSvg = () => exportSvgOf(page);

    it("a date column with numeric columns is a line over time, one series per column", async () => {
        await openChart("daily");
        assert.equal(await chartType(), "line");
        assert.deepEqual(await legend(), ["pageviews", "users"]);
        assert.equal(await page.locator(".grid").isHidden(), true, "the grid is hidden");
        // Axis labels are locale dates, not raw ISO text.
        const svg = await exportSvg();
        assert.match(svg, /Aug|Sep|Oct/);
        assert.doesNotMatch(svg, /2026-08-/);
    });

    it("draws once when shown, and again when its box is resized", async () => {
        // uPlot builds every path again on setSize, even at the same size: the first frame
        // once drew the plot twice, at a height measured too early and then at its own.
        await openChart("daily");
        const draws = () =>
            page.evaluate(() => Number(document.querySelector(".chart").dataset.draws));
        await nextFrame(page);
        assert.equal(await draws(), 1);
        await page.setViewportSize({ width: 900, height: 600 });
        await page.waitForFunction(
            () => Number(document.querySelector(".chart").dataset.draws) > 1,
        );
        const plot = await page.locator(".chart .u-over").boundingBox();
        assert.ok(plot && plot.width < 900, "the plot fits the new width");
    });

    it("a text column with one numeric column is sorted bars, the top ones and Other", async () => {
        await openChart("breakdown");
        assert.equal(await chartType(), "bar");
        const svg = await exportSvg();
        const labels = axisLabels(svg);
        assert.equal(labels[0], "Browser 0", "largest first");
        assert.ok(labels.includes("Other (11)"), `Other sums the rest: ${labels.join(", ")}`);
        assert.equal(labels.length, 20);
    });

    it("a text, a date and a numeric column is one line per text value", async () => {
        await openChart("breakdownOverTime");
        assert.equal(await chartType(), "line");
        assert.deepEqual((await legend()).sort(), ["Chrome", "Firefox", "Safari"]);
    });

    it("the filter box narrows the chart to the rows it matches", async () => {
        await openChart("breakdownOverTime");
        await page.locator(".filter input").fill("firefox");
        await page.waitForFunction(() =>
            /match the filter/.test(document.querySelector(".chart-note").textContent),
        );
        assert.deepEqual(await legend(), ["Firefox"]);
        assert.match((await page.locator(".chart-note").textContent()) ?? "", /^30 rows match/);
    });

    it("a single number is a big number with every digit", async () => {
        await openChart("single");
        assert.equal(await chartType(), "number");
        const text = (await page.locator(".chart-number").textContent()) ?? "";
        assert.equal(text.replace(/\D/g, ""), "18446744073709551615");
    });

    it("a result with nothing numeric says so instead of drawing", async () => {
        await openChart("text");
        assert.equal(await chartType(), "none");
        assert.match((await page.locator(".chart-note").textContent()) ?? "", /no numeric column/);
    });

    it("the tooltip shows exact values, every digit of a wide integer", async () => {
        await openChart("daily");
        const box = (await page.locator(".chart .u-over").boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
        await page.waitForFunction(() => !document.querySelector(".chart-tip").hidden);
        const rows = await page.$$eval(".chart-tip-row", (rs) =>
            rs.map((r) => [
                r.querySelector(".chart-tip-name").textContent,
                r.querySelector(".chart-tip-value").textContent,
            ]),
        );
        const head = await page.locator(".chart-tip-x").textContent();
        const i = Array.from({ length: 90 }, (_, k) => k).find(
            (k) =>
                new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(
                    start + k * day,
                ) === head,
        );
        assert.ok(i !== undefined, `tooltip date ${head} is one of the days`);
        assert.deepEqual(rows, [
            ["pageviews", wide(i)],
            ["users", String(100 + (i % 7) * 20)],
        ]);
    });

    it("the legend toggles a series off and on", async () => {
        await openChart("daily");
        const users = page.locator(".chart .u-legend .u-series", { hasText: "users" });
        await users.click();
        assert.match((await users.getAttribute("class")) ?? "", /u-off/);
        const svg = await exportSvg();
        assert.equal((svg.match(/<path d="M/g) ?? []).length, 1, "only pageviews drawn");
        await users.click();
        assert.equal(((await exportSvg()).match(/<path d="M/g) ?? []).length, 2);
    });

    it("type, x and y choosers redraw and are remembered for the query", async () => {
        await openChart("daily");
        await page.selectOption(".chart-type", "stackedBar");
        await page.locator(".chart-y", { hasText: "users" }).locator("input").uncheck();
        await page.check(".chart-log input");
        await page.waitForFunction(() => document.querySelector(".chart").dataset.drawMs);
        assert.equal(await chartType(), "stackedBar");
        const prefs = (await posted(page)).filter(
            (m): m is Extract<FromWebview, { type: "chartPrefs" }> => m.type === "chartPrefs",
        );
        const last = prefs[prefs.length - 1];
        assert.equal(last.queryText, "select * from daily");
        assert.deepEqual(last.prefs, {
            view: "chart",
            spec: { type: "stackedBar", x: 0, split: -1, ys: [1], log: true },
        });
        // The extension hands the preference back with the next run of the query.
        await page.close();
        page = await openPage(browser, server);
        await openChart("daily", last.prefs);
        assert.equal(await chartType(), "stackedBar");
        assert.equal(await page.locator(".chart-log input").isChecked(), true);
        assert.deepEqual(await legend(), ["pageviews"]);
        // Alt+C goes back to the grid, and that is remembered too.
        await page.keyboard.press("Alt+KeyC");
        assert.equal(await page.locator(".grid").isVisible(), true);
        const again = (await posted(page)).filter((m) => m.type === "chartPrefs").pop();
        assert.equal(again?.type === "chartPrefs" && again.prefs.view, "grid");
    });

    it("a chart drawn again draws on the canvas the last one drew on", async () => {
        await openChart("daily");
        await page.$eval(".chart .uplot canvas", (c: any) => (c.__drawnBefore = true));
        await page.selectOption(".chart-type", "bar");
        await page.waitForFunction(
            () =>
                document.querySelector(".chart").dataset.chartType === "bar" &&
                document.querySelector(".chart").dataset.drawMs,
        );
        // One canvas in the chart, the one the line chart had: no new canvas memory to set up.
        assert.equal(await page.locator(".chart canvas").count(), 1);
        assert.equal(
            await page.$eval(".chart .uplot canvas", (c: any) => c.__drawnBefore === true),
            true,
        );
        assert.equal(await page.$eval(".chart", (c) => c.dataset.points), "180");
    });

    // How fast (issue 20: under 100 ms, against Chart.js) is `npm run bench`'s chart row, timed
    // there against Chart.js in the same run as the standards ask; here: every point is drawn, and
    // each move of the pointer across them shows its own point by the next frame.
    it("draws 50,000 points and shows each hovered point by the next frame", async function () {
        this.timeout(60_000);
        await openChart("big");
        assert.equal(await page.$eval(".chart", (c) => c.dataset.points), "50000");
        const box = (await page.locator(".chart .u-over").boundingBox())!;
        // 40 moves, each about 1,250 points (20 hours) on from the last.
        const heads = await page.evaluate(async (b) => {
            const over = document.querySelector(".chart .u-over");
            const tip = document.querySelector(".chart-tip");
            const seen: (string | null)[] = [];
            for (let i = 0; i < 40; i++) {
                over.dispatchEvent(
                    new MouseEvent("mousemove", {
                        clientX: b.x + (b.width * (i + 0.5)) / 40,
                        clientY: b.y + b.height / 2,
                        bubbles: true,
                    }),
                );
                await new Promise((r) => requestAnimationFrame(r));
                seen.push(tip.hidden ? null : tip.querySelector(".chart-tip-x").textContent);
            }
            return seen;
        }, box);
        assert.ok(
            heads.every((h) => h),
            `the tooltip showed after every move: ${JSON.stringify(heads)}`,
        );
        for (let i = 1; i < heads.length; i++)
            assert.notEqual(heads[i], heads[i - 1], `move ${i} showed its own point`);
    });

    /** The page's first log line matching `pattern`, waited for. */
    async function logLine(on: Page, pattern: RegExp): Promise<string> {
        const message = await on.waitForFunction(
            (source) =>
                window.__posted.find(
                    (m: any) => m.type === "log" && new RegExp(source).test(m.message),
                )?.message,
            pattern.source,
            { timeout: 20_000 },
        );
        return String(await message.jsonValue());
    }

    it("reads a big result's chart columns in the parse worker, with its scan", async function () {
        this.timeout(60_000);
        await loadResults(page, [{ name: "big", fixture: shapes.big }]);
        // The time and the value column come back read, with the rows' layout.
        const text = await logLine(page, /chart column\(s\) of big read with the scan/);
        assert.match(text, /^2 chart column/, "the time and the value column");
        // So the page has nothing left to read: its read-ahead ends in its first task.
        assert.match(await logLine(page, /^read \d+ chart column/), / ahead in 1 slice\(s\)/);
        // Its chart's code ran once off-screen, after the rows were read (not while), and left
        // nothing on the page.
        await logLine(page, /^the chart's code ran once off-screen/);
        const order = await page.evaluate(() =>
            window.__posted
                .filter((m: any) => m.type === "log")
                .map((m: any) => m.message as string)
                .filter((m: string) => /^parsed big |^the chart's code ran/.test(m)),
        );
        assert.match(order.join(" / "), /^parsed big .* \/ the chart's code ran once off-screen$/);
        assert.equal(await page.locator(".uplot").count(), 0);
        // The chart draws every point from what the worker read.
        await page.keyboard.press("Alt+KeyC");
        await page.waitForFunction(() => document.querySelector(".chart")?.dataset.drawMs);
        assert.equal(await chartType(), "line");
        assert.equal(await page.$eval(".chart", (c) => c.dataset.points), "50000");
        // It is drawn on the canvas the warm-up drew on, still at the size it had then (the
        // chart's box): Chromium had no new canvas memory to set up after Alt+C.
        const canvas = await page.$eval(".chart .uplot canvas", (c: any) => ({
            ahead: c.keptSize as string | undefined,
            now: `${c.width}x${c.height}`,
        }));
        assert.equal(canvas.ahead, canvas.now);
    });

    it("leaves a wide result's chart columns to the page while idle, and runs no chart code ahead", async function () {
        this.timeout(60_000);
        await loadResults(page, [{ name: "wideBig", fixture: shapes.wideBig }]);
        // The worker's scan reads no column (the rows' layout does not wait for it): the page
        // reads the chart's columns while idle, in several tasks.
        const text = await logLine(page, /^read \d+ chart column\(s\) of wideBig/);
        const read = /ahead in (\d+) slice\(s\)/.exec(text);
        assert.ok(read && Number(read[1]) > 1, text);
        // The chart's code loads while idle, but is not run off-screen.
        await page.waitForFunction(() => document.querySelector(".chart"));
        await page.evaluate(() => {
            const idle = (window as any).requestIdleCallback as (f: () => void) => void;
            return new Promise((resolve) => idle(() => idle(() => setTimeout(resolve, 0))));
        });
        const logs: string[] = await page.evaluate(() =>
            window.__posted.filter((m: any) => m.type === "log").map((m: any) => m.message),
        );
        assert.ok(!logs.some((m) => /wideBig read with the scan/.test(m)), logs.join("\n"));
        assert.ok(!logs.some((m) => /off-screen/.test(m)), logs.join("\n"));
        await page.keyboard.press("Alt+KeyC");
        await page.waitForFunction(() => document.querySelector(".chart")?.dataset.drawMs);
        assert.equal(await page.$eval(".chart", (c) => c.dataset.points), "50000");
    });

    it("reads a wide result's chart columns with the scan when it opens as a chart", async function () {
        this.timeout(60_000);
        await loadResults(page, [
            { name: "wideBig", fixture: shapes.wideBig, chart: { view: "chart", spec: null } },
        ]);
        const text = await logLine(page, /chart column\(s\) of wideBig read with the scan/);
        assert.match(text, /^2 chart column/, "the time and the value column");
        await page.waitForFunction(() => document.querySelector(".chart")?.dataset.drawMs);
        assert.equal(await page.$eval(".chart", (c) => c.dataset.points), "50000");
    });

    it("without its worker, the page reads a big result's chart columns while idle, in several tasks", async function () {
        this.timeout(60_000);
        const fresh = await openPage(suite.browser, suite.server, "/", async (p) => {
            await p.route("**/results.parse.worker.js", (route) => route.abort());
        });
        try {
            await loadResults(fresh, [{ name: "big", fixture: shapes.big }]);
            const text = await logLine(fresh, /^read \d+ chart column/);
            const read = /^read (\d+) chart column\(s\) of big ahead in (\d+) slice\(s\)/.exec(
                text,
            );
            assert.ok(read, text);
            assert.equal(read[1], "2", "the time and the value column");
            assert.ok(Number(read[2]) > 1, `50,000 rows in more than one task: ${text}`);
            assert.equal(await fresh.locator(".grid").isVisible(), true, "the grid still shows");
            await fresh.keyboard.press("Alt+KeyC");
            await fresh.waitForFunction(() => document.querySelector(".chart")?.dataset.drawMs);
            assert.equal(await fresh.$eval(".chart", (c) => c.dataset.points), "50000");
        } finally {
            await fresh.close();
        }
    });

    it("draws HogQL's sparkline(...) column as a line in its grid cell", async () => {
        await loadResults(page, [{ name: "sparkline", fixture: shapes.sparkline }]);
        const cells = await page.$$eval('.row .cell[aria-colindex="3"]', (cs) =>
            cs.map((c) => ({
                path: c.querySelector("svg.sparkline path")?.getAttribute("d") ?? null,
                text: c.textContent,
                row: Number(c.parentElement.getAttribute("aria-rowindex")),
            })),
        );
        cells.sort((a, b) => a.row - b.row);
        assert.equal(cells.length, 3);
        // Six values: six points, the highest (12) at the top of the cell, the lowest at the bottom.
        assert.equal(cells[0].path, "M0 95L1 72.5L2 27.5L3 65L4 5L5 42.5");
        assert.equal(cells[0].text, "", "no raw tuple text in a sparkline cell");
        assert.match(cells[1].path ?? "", /^M0 /);
        // A tuple that is not a sparkline stays text.
        assert.equal(cells[2].path, null);
        assert.match(cells[2].text ?? "", /__hx_tag/);
    });

    it("exports a PNG that decodes and an SVG that parses", async () => {
        await openChart("breakdownOverTime");
        await page.locator('vscode-button[data-action="chartPng"]').click();
        await page.waitForFunction(() =>
            window.__posted.some((m: FromWebview) => m.type === "saveChart" && m.format === "png"),
        );
        const png = await page.evaluate(async () => {
            const msg = window.__posted.find(
                (m: FromWebview) => m.type === "saveChart" && m.format === "png",
            );
            const bytes = Uint8Array.from(atob(msg.data), (c: string) => c.charCodeAt(0));
            const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const ctx = canvas.getContext("2d");
            ctx.drawImage(bitmap, 0, 0);
            const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
            const colours = new Set<number>();
            for (let i = 0; i < px.length; i += 4 * 97)
                colours.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
            return {
                width: bitmap.width,
                height: bitmap.height,
                colours: colours.size,
                magic: [...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join(""),
                title: msg.title,
            };
        });
        assert.equal(png.magic, "PNG");
        assert.ok(png.width > 300 && png.height > 150, `${png.width}x${png.height}`);
        assert.ok(png.colours > 5, "the image has a chart on it, not just a background");
        assert.equal(png.title, "breakdownOverTime");

        const svg = await exportSvg();
        const parsed = await page.evaluate(async (text) => {
            const doc = new DOMParser().parseFromString(text, "image/svg+xml");
            const img = new Image();
            img.src = "data:image/svg+xml;base64," + btoa(unescape(encodeURIComponent(text)));
            await img.decode();
            return {
                error: doc.querySelector("parsererror")?.textContent ?? null,
                root: doc.documentElement.nodeName,
                paths: doc.querySelectorAll("path").length,
                width: img.naturalWidth,
            };
        }, svg);
        assert.equal(parsed.error, null);
        assert.equal(parsed.root, "svg");
        assert.equal(parsed.paths, 3, "one line per browser");
        assert.ok(parsed.width > 300);
    });

    it("follows the theme: light and dark backgrounds and text colours", async () => {
        await openChart("daily");
        const dark = await exportSvg();
        await applyTheme(page, "light");
        // VS Code changes the body's class with the theme; the chart redraws on it.
        await page.evaluate(() => document.body.classList.add("vscode-light"));
        await page.waitForFunction(() => document.querySelector(".chart").dataset.drawMs);
        const light = await exportSvg();
        assert.match(dark, /<rect width="100%" height="100%" fill="#1f1f1f"\/>/);
        assert.match(light, /<rect width="100%" height="100%" fill="#ffffff"\/>/);
        assert.notEqual(seriesColour(dark), seriesColour(light));
    });

    function seriesColour(svg: string): string {
        return /<path d="M[^"]*" fill="none" stroke="([^"]+)"/.exec(svg)?.[1] ?? "";
    }
});
