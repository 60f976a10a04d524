// A new results page's start-up is one task (in code-server, on the editor's own thread), so it
// does only what the page needs to listen; the toolbar and grid are built in the next task, and a
// result posted before then waits for them. The locale's date format, number format and collation
// (30-70 ms of ICU data) are made afterwards, each in a task of its own, before a result arrives.
// The chart's code (uPlot, the choosers, the image exports) is a chunk of its own, fetched once a
// result is parsed and the page is idle or when a chart is asked for; a chart that cannot be
// fetched leaves the grid usable. A panel opened as its run starts says so until the result.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { FromWebview } from "../../src/shared/resultsProtocol";
import { typedResponse } from "./fixtures";
import {
    closeWithoutErrors,
    loadResults,
    openPage,
    posted,
    recordErrors,
    rowsInView,
} from "./page";
import { pageHtml } from "./server";
import { startWebviewSuite, type WebviewSuite } from "./suite";
import { waitFor } from "../waitFor";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const document: any;
declare const performance: any;
declare function requestIdleCallback(fn: () => void): number;

const daily = typedResponse(
    [
        ["day", "Date"],
        ["pageviews", "UInt64"],
    ],
    Array.from({ length: 30 }, (_, i) => [`2026-11-${String(i + 1).padStart(2, "0")}`, i * 3]),
);

// Column widths fitted to the first screen: ASCII texts of varied length, and CJK ones (wider
// than their length in a monospace font's characters).
const mixedWidths = typedResponse(
    [
        ["event", "String"],
        ["city", "String"],
    ],
    Array.from({ length: 30 }, (_, i) => [
        "$pageview".padEnd(9 + (i % 7), "x"),
        "数据分析".repeat(1 + (i % 3)),
    ]),
);

/** Records each text measured on a canvas, before the page runs. */
const recordMeasureText = `
window.__measured = [];
const real = CanvasRenderingContext2D.prototype.measureText;
CanvasRenderingContext2D.prototype.measureText = function (text) {
    window.__measured.push(String(text));
    return real.call(this, text);
};`;

/** The chart chunk's file, as the page fetched it (null until it did). */
const CHART_CHUNK = /\/results\.chunk\.chartView-[A-Z0-9]+\.js$/;

async function announced(page: Page): Promise<string> {
    return page.evaluate(() => document.querySelector("[data-announcer]")?.textContent ?? "");
}

/** Holds the page's requests for `url` until the returned function is called. */
async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(url, async (route) => {
        await held;
        await route.continue();
    });
    return release;
}

async function chartChunkFetched(page: Page): Promise<boolean> {
    const urls: string[] = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((e: any) => e.name),
    );
    return urls.some((u) => CHART_CHUNK.test(u));
}

/** Records when each Intl object is made (ms since the page's time origin), before the page runs. */
const recordIntl = `
window.__intl = [];
// Which task each is made in: a message posted at each making counts on, in a later task, so two
// made in one task see the same count.
window.__task = 0;
const tasks = new MessageChannel();
tasks.port1.onmessage = () => window.__task++;
for (const name of ["DateTimeFormat", "NumberFormat", "Collator"]) {
    const Real = Intl[name];
    Intl[name] = new Proxy(Real, {
        construct(target, args) {
            window.__intl.push({ name, at: performance.now(), task: window.__task });
            tasks.port2.postMessage(0);
            return Reflect.construct(target, args);
        },
    });
}`;

/** Each toolbar control's aria-disabled, in order; "disabled" must agree with it. */
function controlsDisabled(page: Page): Promise<string[]> {
    return page.$$eval(".controls :is(vscode-button, vscode-textfield)", (els: any[]) =>
        els.map((e) =>
            e.hasAttribute("disabled") === (e.getAttribute("aria-disabled") === "true")
                ? e.getAttribute("aria-disabled")
                : `disagree: ${e.outerHTML}`,
        ),
    );
}

describe("results page start-up (webview)", function () {
    let suite: WebviewSuite;
    let page: Page | undefined;

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({ daily: daily.text, mixedWidths: mixedWidths.text });
    });

    afterEach(() => closeWithoutErrors(page));

    after(() => suite?.close());

    it("says what runs while its script loads, then that it waits for the result", async () => {
        // A panel opened as its run starts (manager.ts prepare); the name is the file's.
        const waiting = "Running <b>odd</b>.hogql… Its result will show here.";
        suite.server.setPage("waiting", pageHtml(suite.server.origin, "", waiting).html);
        page = await suite.browser.newPage();
        recordErrors(page);
        const release = await holdRequests(page, /\/dist\/results\.js$/);
        // Not waiting for "load" nor DOMContentLoaded: both wait for the held module script.
        await page.goto(`${suite.server.origin}/page/waiting.html`, { waitUntil: "commit" });
        const line = page.locator(".waiting");
        await line.waitFor();
        assert.equal(await line.textContent(), waiting, "shown before the script ran");
        assert.equal(await line.getAttribute("role"), "status");
        assert.equal(await page.locator(".waiting b").count(), 0, "the name is text, not markup");
        release();
        await page.locator(".status").getByText("Waiting for the result…").waitFor();
        assert.equal(await line.count(), 0, "one message at a time");
        await loadResults(page, [{ name: "daily", fixture: daily }]);
        assert.ok((await rowsInView(page)).length > 0);
    });

    it("builds the page in a task after the one in which it says it is ready", async () => {
        // In code-server the start-up runs on the editor's own thread: it was one task of 49-53 ms
        // in the bench's traces, building the toolbar and grid included.
        page = await openPage(suite.browser, suite.server, "/", async (p) => {
            await p.addInitScript(() => {
                const w = window as any;
                const mark = performance.mark.bind(performance);
                performance.mark = ((name: string, options?: unknown) => {
                    if (name === "results:ready") {
                        w.__gridAtReady = document.querySelector(".grid") !== null;
                        // Runs when the task that said ready has run its script to the end.
                        queueMicrotask(
                            () =>
                                (w.__gridAfterReadyTask = document.querySelector(".grid") !== null),
                        );
                    }
                    return mark(name, options);
                }) as typeof performance.mark;
            });
        });
        await page.locator(".grid").waitFor({ state: "attached" });
        assert.deepEqual(
            await page.evaluate(() => [window.__gridAtReady, window.__gridAfterReadyTask]),
            [false, false],
            "no grid yet when it said ready, nor when that task ended",
        );
        await page.locator(".status").getByText("Waiting for the result…").waitFor();
        await loadResults(page, [{ name: "daily", fixture: daily }]);
        assert.ok((await rowsInView(page)).length > 0);
    });

    it("makes and connects the toolbar's controls a few per task, after the grid, and shows them together", async () => {
        // The toolkit's elements (Lit) render when connected; all nine with the grid were the
        // one building task that took 133-287 ms in the bench's runs while the query computed.
        page = await openPage(suite.browser, suite.server, "/", async (p) => {
            await p.addInitScript(() => {
                const w = window as any;
                // One entry per mutation observer call (one per task that changed the page):
                // what it added, and whether the controls were hidden then.
                w.__calls = [];
                new w.MutationObserver((records: any[]) => {
                    const added: string[] = [];
                    for (const r of records)
                        for (const node of r.addedNodes) {
                            if (node.nodeType !== 1) continue; // elements only
                            for (const el of [node, ...node.querySelectorAll("*")])
                                if (el.localName.startsWith("vscode-")) added.push(el.localName);
                                else if (el.classList.contains("grid")) added.push("grid");
                        }
                    if (added.length === 0) return;
                    const controls = document.querySelector(".controls");
                    w.__calls.push({
                        added,
                        toolbarHeight: document.querySelector(".toolbar")?.offsetHeight,
                        hidden: controls
                            ? window.getComputedStyle(controls).visibility === "hidden"
                            : null,
                    });
                }).observe(document, { childList: true, subtree: true });
            });
        });
        const toolkit = ".toolbar :is(vscode-tabs, vscode-button, vscode-textfield)";
        await waitFor("the toolbar's ten controls", async () => {
            return (await page!.locator(toolkit).count()) === 10;
        });
        await page.locator(".controls vscode-button").first().waitFor({ state: "visible" });
        const calls: { added: string[]; toolbarHeight: number; hidden: boolean | null }[] =
            await page.evaluate(() => window.__calls);
        const made = calls.flatMap((c) => c.added).filter((a) => a !== "grid");
        assert.equal(made.length, 10, JSON.stringify(calls));
        const gridCall = calls.findIndex((c) => c.added.includes("grid"));
        assert.ok(gridCall >= 0, JSON.stringify(calls));
        assert.deepEqual(calls[gridCall].added, ["grid"], "the grid's task connects no control");
        for (const call of calls)
            assert.ok(
                call.added.filter((a) => a !== "grid").length <= 4,
                `too many controls in one task: ${JSON.stringify(calls)}`,
            );
        // Hidden while some are missing; the last step shows them (its call runs after it).
        assert.deepEqual(
            calls.map((c) => c.hidden),
            calls.map((_, i) => i < calls.length - 1),
            JSON.stringify(calls),
        );
        // The grid below keeps its height as they come (one line of controls, this page's width).
        assert.deepEqual(
            [...new Set(calls.map((c) => c.toolbarHeight))],
            [await page.locator(".toolbar").evaluate((t: any) => t.offsetHeight)],
            JSON.stringify(calls),
        );
        assert.deepEqual(
            await page.$$eval(".controls > *, .controls .group > *", (els: any[]) =>
                els.map((e) => e.dataset.action ?? e.className),
            ),
            [
                "chart",
                "filter",
                "group",
                "copy",
                "copyWithHeaders",
                "copyCsv",
                "copyJson",
                "export",
                "openJson",
                "move",
            ],
        );
        await loadResults(page, [{ name: "daily", fixture: daily }]);
        assert.ok((await rowsInView(page)).length > 0);
    });

    it("shows a result posted before the page was built", async () => {
        // The extension posts a result as soon as the page says it is ready: here in the very task
        // that says so, before the toolbar and grid exist.
        page = await openPage(suite.browser, suite.server, "/", async (p) => {
            await p.addInitScript(
                ({ meta, firstRowsJson }) => {
                    const mark = performance.mark.bind(performance);
                    performance.mark = ((name: string, options?: unknown) => {
                        const entry = mark(name, options);
                        if (name !== "results:ready") return entry;
                        const result = {
                            id: "daily",
                            title: "daily",
                            queryText: "select * from daily",
                            durationMs: 123,
                            meta,
                            firstRowsJson,
                            bytes: new Uint8Array(0),
                            bytesFollow: true,
                            chart: null,
                        };
                        const load = {
                            type: "load",
                            results: [result],
                            active: 0,
                            storeKey: null,
                            seq: 1,
                        };
                        window.dispatchEvent(new MessageEvent("message", { data: load }));
                        return entry;
                    }) as typeof performance.mark;
                },
                { meta: daily.meta, firstRowsJson: daily.firstRowsJson },
            );
        });
        await waitFor("the page to ask for the early result's bytes", () =>
            posted(page!).then((messages) =>
                messages.some((m: FromWebview) => m.type === "bytesWanted" && m.seq === 1),
            ),
        );
        await page.locator('[role="columnheader"]', { hasText: "pageviews" }).waitFor();
        assert.ok((await rowsInView(page)).length > 0, "its first screen shows");
        // Its controls, connected after the result came, act on it.
        await page.locator(".controls vscode-button").first().waitFor({ state: "visible" });
        assert.deepEqual(await controlsDisabled(page), Array(9).fill("false"));
    });

    it("turns its controls on only once a result is shown", async () => {
        // A panel opened as its run starts shows its controls while it waits: a click on Chart
        // or a filter typed then acted on nothing (a UI test clicked Chart just before the result
        // and the chart never came).
        page = await openPage(suite.browser, suite.server);
        await page.locator(".controls vscode-button").first().waitFor({ state: "visible" });
        assert.deepEqual(await controlsDisabled(page), Array(9).fill("true"));
        const chart = page.locator('vscode-button[data-action="chart"]');
        assert.equal(await chart.isEnabled(), false, "Chart can't be clicked");
        await loadResults(page, [{ name: "daily", fixture: daily }]);
        assert.deepEqual(await controlsDisabled(page), Array(9).fill("false"));
        await chart.click();
        await page.locator(".chart[data-chart-type]").waitFor();
    });

    it("makes the locale's formats after it is ready, not while it starts", async () => {
        page = await openPage(suite.browser, suite.server, "/", async (p) => {
            await p.addInitScript(recordIntl);
        });
        await page.waitForFunction(() => window.__intl.length >= 3);
        const { made, ready } = await page.evaluate(() => ({
            made: window.__intl as { name: string; at: number; task: number }[],
            ready: performance.getEntriesByName("results:ready")[0].startTime as number,
        }));
        assert.deepEqual(
            made.filter((m) => m.at <= ready),
            [],
            "nothing made before the page said it was ready",
        );
        assert.deepEqual(
            new Set(made.map((m) => m.name)),
            new Set(["DateTimeFormat", "NumberFormat", "Collator"]),
        );
        // Each in a task of its own: together they were one long task (57-97 ms in a new page).
        assert.equal(
            new Set(made.map((m) => m.task)).size,
            made.length,
            `made in one task: ${JSON.stringify(made)}`,
        );
        // And a result then shows with them (its dates formatted in the page's locale).
        await loadResults(page, [{ name: "daily", fixture: daily }]);
        assert.ok((await rowsInView(page)).length > 0);
    });

    it("gets the grid's font ready before a result, and fits ASCII columns without measuring each text", async () => {
        // Measuring was 2.5 ms of the load message's task, most of it the font's first
        // measurement (CPU profile of `npm run bench`'s first paint).
        page = await openPage(suite.browser, suite.server, "/", async (p) => {
            await p.addInitScript(recordMeasureText);
        });
        // Measured while the page waits: a narrow and a wide text tell whether it is monospace.
        await page.waitForFunction(() => window.__measured.length >= 2);
        const { mono, charWidth, font } = await page.evaluate(() => {
            const style = window.getComputedStyle(document.querySelector(".grid"));
            const ctx = document.createElement("canvas").getContext("2d");
            ctx.font = `${style.fontSize} ${style.fontFamily}`;
            const narrow = ctx.measureText("iiiiiiiiii").width;
            return {
                mono: narrow === ctx.measureText("WWWWWWWWWW").width,
                charWidth: narrow / 10,
                font: ctx.font,
            };
        });
        assert.ok(mono, `the grid's font (${font}) is monospace in this browser`);
        const before: number = await page.evaluate(() => window.__measured.length);
        await loadResults(page, [{ name: "mixedWidths", fixture: mixedWidths }]);
        const measured: string[] = await page.evaluate(
            (from: number) => window.__measured.slice(from),
            before,
        );
        assert.deepEqual(
            measured.filter((t) => /^[\x20-\x7e]*$/.test(t)),
            [],
            "ASCII texts are as wide as their length in a monospace font",
        );
        assert.ok(measured.includes("数据分析".repeat(3)), "the CJK texts are measured");
        const widths: number[] = await page.$$eval(".hcell", (cells: any[]) =>
            cells.map((c) => c.getBoundingClientRect().width),
        );
        const cjk = await page.evaluate((text: string) => {
            const style = window.getComputedStyle(document.querySelector(".grid"));
            const ctx = document.createElement("canvas").getContext("2d");
            ctx.font = `${style.fontSize} ${style.fontFamily}`;
            return ctx.measureText(text).width;
        }, "数据分析".repeat(3));
        // The longest text and the cells' padding (grid.ts fitWidth).
        assert.equal(widths[0], Math.round("$pageview".length * charWidth + 6 * charWidth + 16));
        assert.equal(widths[1], Math.round(cjk + 16));
        assert.ok(widths[1] > 12 * charWidth + 16, "CJK characters are wider than ASCII ones");
    });

    it("starts without the chart's code, fetches it once the result is parsed, and draws from it", async () => {
        page = await openPage(suite.browser, suite.server);
        assert.equal(await chartChunkFetched(page), false, "no chart code at start-up");
        await loadResults(page, [{ name: "daily", fixture: daily }]);
        // Fetched while the page is idle after the parse, before any chart is asked for.
        await page.waitForFunction(
            (source) =>
                performance
                    .getEntriesByType("resource")
                    .some((e: any) => new RegExp(source).test(e.name)),
            CHART_CHUNK.source,
        );
        assert.equal(
            await page.evaluate(() => document.querySelector(".chart")?.dataset.drawMs),
            undefined,
            "no chart drawn unasked",
        );
        await page.keyboard.press("Alt+KeyC");
        await page.waitForFunction(() => document.querySelector(".chart")?.dataset.drawMs);
        assert.equal(await page.locator(".chart").isVisible(), true);
        assert.equal(await page.locator(".grid").isVisible(), false);
        // A small result's chart is quick to draw first: its code is not run ahead off-screen.
        const logs = await page.evaluate(() =>
            window.__posted.filter((m: any) => m.type === "log").map((m: any) => m.message),
        );
        assert.ok(!logs.some((m: string) => /off-screen/.test(m)), logs.join("\n"));
    });

    it("a chart asked for before its code arrived is drawn when it does, with the focus in it", async () => {
        let release: () => void = () => {};
        page = await openPage(suite.browser, suite.server, "/", async (p) => {
            release = await holdRequests(p, CHART_CHUNK);
        });
        await loadResults(page, [{ name: "daily", fixture: daily }]);
        await page.keyboard.press("Alt+KeyC");
        assert.equal(await page.locator(".chart").count(), 0, "the chunk is held back");
        release();
        await page.waitForFunction(() => document.querySelector(".chart")?.dataset.drawMs);
        assert.equal(
            await page.evaluate(() => document.activeElement?.classList.contains("chart-type")),
            true,
            "Alt+C moved the focus to the chart's first chooser",
        );
    });

    it("a chart whose code cannot be fetched leaves the grid showing and says why", async () => {
        let failedFetches = 0;
        page = await openPage(suite.browser, suite.server, "/", async (p) => {
            await p.route(CHART_CHUNK, (route) => route.abort());
            p.on("requestfailed", (r) => {
                if (CHART_CHUNK.test(r.url())) failedFetches++;
            });
        });
        await loadResults(page, [{ name: "daily", fixture: daily }]);
        // The preload's failure (once the page is idle) is not the user's business.
        await waitFor("the preload to fail", async () => failedFetches === 1);
        await page.evaluate(
            () => new Promise<void>((resolve) => requestIdleCallback(() => resolve())),
        );
        assert.doesNotMatch(
            await announced(page),
            /chart/,
            "nothing said before a chart is asked for",
        );
        await page.keyboard.press("Alt+KeyC");
        await page.waitForFunction(() =>
            /chart could not be loaded/.test(
                document.querySelector("[data-announcer]")?.textContent ?? "",
            ),
        );
        assert.equal(await page.locator(".grid").isVisible(), true, "the grid is back");
        const logged = (await posted(page)).filter(
            (m): m is Extract<FromWebview, { type: "log" }> =>
                m.type === "log" && m.level === "error",
        );
        assert.ok(
            logged.some((m) => /the chart could not be loaded/.test(m.message)),
            JSON.stringify(logged),
        );
        // The next Alt+C tries again (the failed fetch is not kept).
        await page.unroute(CHART_CHUNK);
        await page.keyboard.press("Alt+KeyC");
        await page.waitForFunction(() => document.querySelector(".chart")?.dataset.drawMs);
    });
});
