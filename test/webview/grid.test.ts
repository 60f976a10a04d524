// The results grid in headless Chromium, on the real page with the panel's CSP.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { meanLuminance } from "../screenshotLuminance";
import { makeFixture, tableMeta, typedResponse } from "./fixtures";
import {
    applyTheme,
    cellPoint,
    clickCell,
    copyCount,
    lastCopy,
    nextCopy,
    loadResults,
    nextFrame,
    openPage,
    pageErrors,
    posted,
    postedButDropped,
    rowsInView,
    themes,
    visibleRows,
} from "./page";
import { pageHtml, type TestServer } from "./server";
import { startWebviewSuite, type WebviewSuite } from "./suite";

// These callbacks run in the page; the root tsconfig has no DOM lib, so name its globals here
// (module-scoped, so nothing leaks into other test files).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;
declare function getComputedStyle(element: unknown): any;
declare const navigator: any;

const xssImg = `<img src=x onerror="window.__xss='img'">`;
const xssScript = `<script>window.__xss='script'</script>`;

describe("results grid (webview)", function () {
    let suite: WebviewSuite;
    let browser: Browser;
    let server: TestServer;
    let page: Page;
    const big = makeFixture(50_000, [
        [xssImg, 50_000, 1, "2024-01-01T00:00:00Z", xssScript, "{}", [], true, "x", "2024-01-01"],
    ]);

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({ big: big.text });
        ({ browser, server } = suite);
        page = await openPage(browser, server);
        await loadResults(page, [{ name: "big", fixture: big }]);
    });

    after(async () => {
        const dropped = page && !page.isClosed() ? await postedButDropped(page) : [];
        await suite?.close();
        assert.deepEqual(dropped, [], "the extension host accepts every message the page posted");
    });

    afterEach(async () => {
        await page.keyboard.press("Escape");
        await resetView();
    });

    async function resetView(): Promise<void> {
        for (;;) {
            const sorted = page.locator('.hcell:not([aria-sort="none"]) .hsort');
            if ((await sorted.count()) === 0) break;
            const header = page.locator('.hcell:not([aria-sort="none"])').first();
            const column = await header.getAttribute("aria-colindex");
            const was = await header.getAttribute("aria-sort");
            await sorted.first().click();
            await page.waitForFunction(
                ({ column, was }) =>
                    document
                        .querySelector(`.hcell[aria-colindex="${column}"]`)
                        ?.getAttribute("aria-sort") !== was,
                { column, was },
            );
        }
        await page.locator(".filter input").fill("");
        await page.waitForFunction(
            () => document.querySelector(".grid")?.getAttribute("aria-rowcount") === "50002",
        );
        await page.$eval(".grid", (g) => {
            g.scrollTop = 0;
            g.scrollLeft = 0;
        });
        await nextFrame(page);
    }

    it("keeps row numbers at the left edge, level with their rows, when scrolled both ways", async () => {
        await page.$eval(".grid", (g) => {
            g.scrollTop = 1234 * 22;
            g.scrollLeft = g.scrollWidth;
        });
        await page.waitForFunction(() => (document.querySelector(".grid")?.scrollLeft ?? 0) > 100);
        await nextFrame(page);
        await nextFrame(page);
        const placed = await page.evaluate(() => {
            const grid = document.querySelector(".grid")!.getBoundingClientRect();
            return [...document.querySelectorAll(".row:not([hidden])")].map((row) => {
                const index = row.getAttribute("aria-rowindex");
                const num = document.querySelector(
                    `.rownum:not([hidden])[data-rowindex="${index}"]`,
                );
                const r = row.getBoundingClientRect();
                const n = num?.getBoundingClientRect();
                return {
                    index: Number(index),
                    text: num?.textContent ?? "",
                    dy: n ? Math.abs(n.top - r.top) : -1,
                    dx: n ? Math.abs(n.left - grid.left) : -1,
                };
            });
        });
        assert.ok(placed.length > 10, `rows: ${placed.length}`);
        for (const p of placed) {
            assert.equal(p.text, String(p.index - 1), `row ${p.index}'s number`);
            assert.ok(p.dy < 0.5 && p.dx < 0.5, `row ${p.index}: ${JSON.stringify(p)}`);
        }
    });

    it("renders 50,001 rows with few DOM nodes, parsed in the worker", async () => {
        const grid = page.locator(".grid");
        assert.equal(await grid.getAttribute("role"), "grid");
        assert.equal(await grid.getAttribute("aria-rowcount"), "50002");
        assert.equal(await grid.getAttribute("aria-colcount"), "11");
        const rows = await rowsInView(page);
        assert.ok(rows.length > 10, `rows in view: ${rows.length}`);
        assert.equal(rows[0].num, "1");
        assert.equal(rows[0].cells[0], "$pageview");
        const nodes = await page.evaluate(() => document.querySelectorAll("*").length);
        assert.ok(nodes < 2000, `DOM nodes: ${nodes}`);
        const rendered = (await posted(page)).filter((m) => m.type === "rendered");
        assert.ok(
            rendered.every((m) => m.type === "rendered" && m.worker),
            "parsed in a worker",
        );
        const headers = await page.$$eval("[role=columnheader]", (h) =>
            h.map((e) => e.textContent),
        );
        assert.ok(
            headers.some((h) => h?.includes("timestamp") && h.includes("DateTime64")),
            "name and type in header",
        );
        assert.deepEqual(pageErrors(page), []);
    });

    it("scrolling to the end shows the last row", async () => {
        await page.$eval(".grid", (g) => (g.scrollTop = g.scrollHeight));
        await nextFrame(page);
        const rows = await rowsInView(page);
        const last = rows[rows.length - 1];
        assert.equal(last.num, "50001");
        assert.equal(last.index, 50_002);
        const prev = rows[rows.length - 2];
        assert.equal(prev.cells[1], "49999");
        const nodes = await page.evaluate(() => document.querySelectorAll("*").length);
        assert.ok(nodes < 2000, `DOM nodes after scrolling: ${nodes}`);
    });

    it("shows markup in cells as text and runs none of it", async () => {
        await page.locator(".filter input").fill("onerror");
        await page.waitForFunction(
            () => document.querySelector(".grid")?.getAttribute("aria-rowcount") === "2",
        );
        await nextFrame(page);
        const rows = await visibleRows(page);
        assert.equal(rows.length, 1);
        assert.equal(rows[0].cells[0], xssImg);
        assert.equal(rows[0].cells[4], xssScript);
        assert.equal(await page.locator(".grid img, .grid script").count(), 0);
        // An <img src=x> made from the cell would have failed to load by the time this one has.
        await page.evaluate(
            () =>
                new Promise((resolve) => {
                    const probe = document.createElement("img");
                    probe.onerror = resolve;
                    probe.src = "x";
                }),
        );
        assert.equal(
            await page.evaluate(() => (window as unknown as { __xss?: string }).__xss),
            undefined,
        );
        await clickCell(page, 0, 0);
        await page.keyboard.press("Enter");
        assert.equal(await page.locator(".detail-body").textContent(), xssImg);
        assert.equal(await page.locator(".detail img").count(), 0);
        await page.keyboard.press("Escape");
    });

    it("distinguishes null from the empty string and formats by type", async () => {
        // Tooltips are written when the pointer comes over a cell: hover the timestamp first.
        await page.hover('.row[aria-rowindex="2"] .cell[aria-colindex="5"]');
        const cls = await page.$$eval(
            '.row[aria-rowindex="2"] .cell, .row[aria-rowindex="3"] .cell',
            (cells) =>
                cells.map((c) => ({
                    col: c.getAttribute("aria-colindex"),
                    text: c.textContent,
                    cls: c.className,
                    title: c.getAttribute("title"),
                })),
        );
        const maybe0 = cls.find((c) => c.col === "6")!; // row 0: null
        const maybe1 = cls.filter((c) => c.col === "6")[1]; // row 1: ""
        assert.equal(maybe0.text, "NULL");
        assert.match(maybe0.cls, /\bnull\b/);
        assert.equal(maybe1.text, "");
        assert.doesNotMatch(maybe1.cls, /\bnull\b/);
        const n = cls.find((c) => c.col === "3")!;
        assert.match(n.cls, /\bnum\b/);
        const ts = cls.find((c) => c.col === "5")!;
        assert.match(ts.cls, /\bdate\b/);
        assert.equal(ts.title, "2024-01-01T00:00:00.000000Z", "raw value on hover");
        assert.notEqual(ts.text, ts.title);
        const tags = cls.find((c) => c.col === "8")!;
        assert.equal(tags.text, "[]");
        assert.match(tags.cls, /\bjson\b/);
        const align = await page.$eval(
            '.row[aria-rowindex="2"] .cell.num',
            (c) => getComputedStyle(c).textAlign,
        );
        assert.equal(align, "right");
    });

    it("sorts by a column: typed, stable, ascending, descending, then none", async () => {
        const sortButton = (col: number) =>
            page.locator(`.hcell[aria-colindex="${col + 2}"] .hsort`);
        const waitFirst = async (col: number, text: string) => {
            await page.waitForFunction(
                ({ col, text }) =>
                    document.querySelector(
                        `.row[aria-rowindex="2"] .cell[aria-colindex="${col + 2}"]`,
                    )?.textContent === text,
                { col, text },
            );
        };
        // price (Float64): numeric order, so "10.5" sorts after "9.1".
        await sortButton(2).click();
        // The arrow shows at once; the rows follow when the worker answers.
        await page.waitForFunction(() => {
            const v = [
                ...document.querySelectorAll('.row:not([hidden]) .cell[aria-colindex="4"]'),
            ].map((c: any) => Number(c.textContent));
            return v.length > 5 && v.every((x, i) => i === 0 || v[i - 1] <= x);
        });
        let rows = await rowsInView(page);
        const prices = rows.map((r) => Number(r.cells[2]));
        assert.deepEqual(
            prices,
            [...prices].sort((a, b) => a - b),
        );
        assert.equal(prices[0], 0);
        await sortButton(2).click();
        await waitFirst(
            2,
            String(Math.max(...JSON.parse(big.text).results.map((r: unknown[]) => r[2]))),
        );
        assert.equal(
            await page.locator('.hcell[aria-colindex="4"]').getAttribute("aria-sort"),
            "descending",
        );
        await sortButton(2).click();
        await waitFirst(1, "0");
        assert.equal(
            await page.locator('.hcell[aria-colindex="4"]').getAttribute("aria-sort"),
            "none",
        );
        // event (String): stable, ties keep the service's order (n ascending).
        await sortButton(0).click();
        // The markup row's "<" may collate before "$"; look at the first few rows.
        await page.waitForFunction(() =>
            [...document.querySelectorAll('.row:not([hidden]) .cell[aria-colindex="2"]')].some(
                (c: any) =>
                    c.textContent === "$autocapture" &&
                    Number(c.parentElement.getAttribute("aria-rowindex")) < 5,
            ),
        );
        rows = await rowsInView(page);
        const ns = rows.filter((r) => r.cells[0] === "$autocapture").map((r) => Number(r.cells[1]));
        assert.deepEqual(ns.slice(0, 4), [1, 6, 11, 16]);
        await sortButton(0).click();
        await sortButton(0).click();
        await waitFirst(1, "0");
    });

    it("filters across columns", async () => {
        await page.locator(".filter input").fill("SIGNED_UP");
        await page.waitForFunction(
            () => document.querySelector(".grid")?.getAttribute("aria-rowcount") === "10001",
        );
        await nextFrame(page);
        const rows = await rowsInView(page);
        assert.ok(rows.every((r) => r.cells[0] === "signed_up"));
        assert.match(
            (await page.locator(".status-rows").textContent()) ?? "",
            /10,000 of 50,001 rows/,
        );
        await page.locator(".filter input").fill("user-996");
        await page.waitForFunction(
            () => Number(document.querySelector(".grid")?.getAttribute("aria-rowcount")) < 100,
        );
        const expected = (JSON.parse(big.text).results as unknown[][]).filter(
            (r) => r[8] === "user-996",
        );
        assert.equal(
            await page.locator(".grid").getAttribute("aria-rowcount"),
            String(expected.length + 1),
        );
        const filtered = await visibleRows(page);
        assert.deepEqual(
            filtered.map((r) => r.cells[1]),
            expected.slice(0, filtered.length).map((r) => String(r[1])),
        );
    });

    it("selects with click, shift-click and drag, and copies TSV, CSV, JSON", async () => {
        await clickCell(page, 1, 0);
        await clickCell(page, 2, 1, ["Shift"]);
        assert.equal(await page.locator(".row:not([hidden]) .cell.sel").count(), 4);
        assert.equal(
            await page.locator('.row:not([hidden]) .cell[aria-selected="true"]').count(),
            4,
        );
        await page.keyboard.press("Control+c");
        assert.equal(await lastCopy(page), "$autocapture\t1\r\nsigned_up\t2");
        await page.locator('vscode-button[data-action="copyWithHeaders"]').click();
        assert.equal(await lastCopy(page), "event\tn\r\n$autocapture\t1\r\nsigned_up\t2");
        await page.locator('vscode-button[data-action="copyCsv"]').click();
        assert.equal(await lastCopy(page), "event,n\r\n$autocapture,1\r\nsigned_up,2");
        await page.locator('vscode-button[data-action="copyJson"]').click();
        assert.deepEqual(JSON.parse(await lastCopy(page)), [
            { event: "$autocapture", n: 1 },
            { event: "signed_up", n: 2 },
        ]);
        // A value with a tab and a quote is quoted for spreadsheets; null copies as empty.
        await clickCell(page, 0, 4);
        await clickCell(page, 0, 5, ["Shift"]);
        await page.keyboard.press("Control+c");
        assert.equal(await lastCopy(page), `\t"{""$browser"":""Firefox"",""idx"":0}"`);
        // Drag from (0,0) to (3,2).
        const a = await cellPoint(page, 0, 0);
        const b = await cellPoint(page, 3, 2);
        await page.mouse.move(a.x, a.y);
        await page.mouse.down();
        await page.mouse.move(b.x, b.y, { steps: 5 });
        await page.mouse.up();
        assert.equal(await page.locator(".row:not([hidden]) .cell.sel").count(), 12);
        // Row number selects the row; header selects the column.
        await page.locator('.rownum:not([hidden])[data-rowindex="3"]').click();
        await page.keyboard.press("Control+c");
        assert.equal((await lastCopy(page)).split("\t").length, 10);
        await page.locator('.hcell[aria-colindex="3"] .hname').click();
        const copies = await copyCount(page);
        await page.keyboard.press("Control+c");
        const col = (await nextCopy(page, copies)).split("\r\n");
        assert.equal(col.length, 50_001);
        assert.equal(col[49_999], "49999");
        // The page wrote those 50,001 lines to the clipboard itself: no megabytes to the extension.
        const report = (await posted(page)).filter((m) => m.type === "copy").pop();
        assert.ok(report?.type === "copy" && report.text === undefined && report.rows === 50_001);
        // Where the page may not write the clipboard, the text goes to the extension instead.
        await page.evaluate(() => {
            navigator.clipboard.write = () => Promise.reject(new Error("not allowed"));
        });
        await page.keyboard.press("Control+c");
        const fallback = await nextCopy(page, copies + 1);
        const sent = (await posted(page)).filter((m) => m.type === "copy").pop();
        assert.ok(sent?.type === "copy" && sent.text === fallback);
        assert.equal(fallback.split("\r\n").length, 50_001);
    });

    it("moves with the keyboard: arrows, PageDown, Home/End, Ctrl+End, Ctrl+A", async () => {
        await clickCell(page, 0, 0);
        const focus = () =>
            page.$eval(".row:not([hidden]) .cell.focus", (c) => [
                Number(c.parentElement!.getAttribute("aria-rowindex")) - 2,
                Number(c.getAttribute("aria-colindex")) - 2,
            ]);
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowRight");
        assert.deepEqual(await focus(), [2, 1]);
        await page.keyboard.press("End");
        assert.deepEqual(await focus(), [2, 9]);
        await page.keyboard.press("Home");
        assert.deepEqual(await focus(), [2, 0]);
        await page.keyboard.press("PageDown");
        const [r] = await focus();
        assert.ok(r > 15, `PageDown moved to ${r}`);
        await page.keyboard.press("Control+End");
        await nextFrame(page);
        assert.deepEqual(await focus(), [50_000, 9]);
        const rows = await rowsInView(page);
        assert.equal(rows[rows.length - 1].num, "50001");
        assert.equal(
            await page.locator(".grid").getAttribute("aria-activedescendant"),
            "grid-active-cell",
        );
        await page.keyboard.press("Control+Home");
        assert.deepEqual(await focus(), [0, 0]);
        await page.keyboard.press("Shift+ArrowDown");
        await page.keyboard.press("Shift+ArrowRight");
        assert.equal(await page.locator(".row:not([hidden]) .cell.sel").count(), 4);
        await page.keyboard.press("Control+a");
        const copies = await copyCount(page);
        await page.keyboard.press("Control+c");
        await nextCopy(page, copies);
        const copy = (await posted(page)).filter((m) => m.type === "copy").pop();
        assert.ok(copy && copy.type === "copy" && copy.rows === 50_001);
    });

    it("resizes a column by dragging its edge and auto-fits on double-click", async () => {
        const header = page.locator('.hcell[aria-colindex="3"]');
        const before = (await header.boundingBox())!;
        const edgeX = before.x + before.width - 1;
        const y = before.y + before.height / 2;
        await page.mouse.move(edgeX, y);
        await page.mouse.down();
        await page.mouse.move(edgeX + 80, y, { steps: 4 });
        await page.mouse.up();
        const after = (await header.boundingBox())!;
        assert.ok(
            Math.abs(after.width - (before.width + 80)) <= 2,
            `${before.width} -> ${after.width}`,
        );
        const cell = (await page
            .locator('.row[aria-rowindex="2"] .cell[aria-colindex="3"]')
            .boundingBox())!;
        assert.ok(Math.abs(cell.width - after.width) <= 1, "cells follow the header");
        // The new width is kept in the view state (a panel hidden and shown again restores it).
        await page.waitForFunction(
            (w) =>
                Object.values(window.__state?.views ?? {}).some(
                    (v: any) => Math.abs(v.widths[1] - w) <= 2,
                ),
            after.width,
        );
        await page.mouse.dblclick(after.x + after.width - 1, y);
        const fitted = (await header.boundingBox())!;
        assert.ok(fitted.width < after.width, `auto-fit: ${fitted.width}`);
    });

    /** 30 text columns of 4-character values but one, c25, of 60: far right of the window. */
    function wideFixture() {
        const cols = Array.from({ length: 30 }, (_, c): [string, string] => [`c${c}`, "String"]);
        const rows = Array.from({ length: 40 }, (_, r) =>
            cols.map((_, c) => (c === 25 ? "x".repeat(60) : `v${String(r).padStart(3, "0")}`)),
        );
        return typedResponse(cols, rows);
    }

    it("fits the columns beyond the window to their content once the first screen is painted", async () => {
        const wide = wideFixture();
        server.setData("wide", wide.text);
        const p = await openPage(browser, server);
        await loadResults(p, [{ name: "wide", fixture: wide }]);
        const widths = await p.waitForFunction(() => {
            const w = (window.__state?.views?.wide as { widths: number[] } | undefined)?.widths;
            return w && w[25] !== 120 ? w : null;
        });
        const w = (await widths.jsonValue()) as number[];
        assert.ok(w[25] > 250, `the long column is fitted: ${w[25]}`);
        assert.ok(w[3] < 100 && w[28] < 100, `short ones too: ${w[3]}, ${w[28]}`);
        assert.equal(w[28], w[3], "columns alike get alike widths, in view or not");
        await p.close();
    });

    it("fits columns scrolled into view before the page was idle as it draws them", async () => {
        const wide = wideFixture();
        server.setData("wide", wide.text);
        const p = await openPage(browser, server);
        // All in one task: the load, then a scroll to the right before any idle time or timer.
        const drawn = await p.evaluate(
            async ({ meta, firstRowsJson }) => {
                const bytes = new Uint8Array(await (await fetch("/data/wide.json")).arrayBuffer());
                const result = { id: "wide", title: "wide", queryText: "", durationMs: 0 };
                const load = { ...result, meta, firstRowsJson, bytes };
                window.dispatchEvent(
                    new MessageEvent("message", {
                        data: { type: "load", results: [load], active: 0, storeKey: null },
                    }),
                );
                const grid = document.querySelector(".grid");
                grid.scrollLeft = 1500;
                grid.dispatchEvent(new Event("scroll"));
                const header = document.querySelector('.hcell[aria-colindex="27"]');
                const cell = document.querySelector(
                    '.row[aria-rowindex="2"] .cell[aria-colindex="27"]',
                );
                return {
                    header: header ? parseFloat(header.style.width) : null,
                    cell: cell ? parseFloat(cell.style.width) : null,
                };
            },
            { meta: wide.meta, firstRowsJson: wide.firstRowsJson },
        );
        assert.ok(drawn.header !== null && drawn.header > 250, `header: ${drawn.header}`);
        assert.equal(drawn.cell, drawn.header, "its cells as wide as its header");
        await p.close();
    });

    it("explains hasMore and shows duration, cache state and SQL buttons", async () => {
        const small = makeFixture(100, [], { hasMore: true, limit: 100, isCached: true });
        server.setData("small", small.text);
        const other = makeFixture(3);
        server.setData("other", other.text);
        const p = await openPage(browser, server);
        await loadResults(p, [
            { name: "small", fixture: small, title: "Statement 1" },
            { name: "other", fixture: other, title: "Statement 2" },
        ]);
        const status = (await p.locator(".status").textContent()) ?? "";
        assert.match(
            status,
            /Showing the first 100 rows: HogQL adds LIMIT 100 when a query has none; add an explicit LIMIT \(max 50,000\) to get more/,
        );
        assert.match(status, /123 ms/);
        assert.match(status, /cached \(last refresh/);
        await p.locator(".status button", { hasText: "ClickHouse SQL" }).click();
        const sql = (await posted(p)).filter((m) => m.type === "showSql").pop();
        assert.deepEqual(sql, { type: "showSql", resultId: "small", dialect: "clickhouse" });
        // Two results: tabs; the second has 3 rows.
        assert.equal(await p.locator("vscode-tab-header").count(), 2);
        await p.locator("vscode-tab-header", { hasText: "Statement 2" }).click();
        await p.waitForFunction(
            () => document.querySelector(".grid")?.getAttribute("aria-rowcount") === "4",
        );
        assert.match((await p.locator(".status-rows").textContent()) ?? "", /^3 rows/);
        await p.locator('vscode-button[data-action="export"]').click();
        await p.locator(".menu-item", { hasText: "NDJSON" }).click();
        const exp = (await posted(p)).filter((m) => m.type === "export").pop();
        assert.deepEqual(exp, { type: "export", resultId: "other", format: "ndjson" });
        await p.close();
    });

    it("shows what a run read and the query budget left, only when the service said", async () => {
        const fixture = makeFixture(3);
        server.setData("costly", fixture.text);
        server.setData("silent", fixture.text);
        const p = await openPage(browser, server);
        await loadResults(p, [
            {
                name: "costly",
                fixture,
                title: "Statement 1",
                cost: { bytesRead: 38_400, budgetRemainingBytes: 2_100_000_000 },
            },
            { name: "silent", fixture, title: "Statement 2", cost: { bytesRead: 0 } },
        ]);
        const info = async () => (await p.locator(".status-info").textContent()) ?? "";
        assert.match(await info(), /123 ms · 38 kB read · 2\.1 GB of the query budget left · /);
        await p.locator("vscode-tab-header", { hasText: "Statement 2" }).click();
        await p.waitForFunction(() =>
            document.querySelector(".status-info")?.textContent?.includes("0 byte read"),
        );
        const silent = await info();
        assert.doesNotMatch(silent, /budget|undefined|NaN/, silent);
        await p.close();
    });

    it("keeps the view in webview state and restores it for the same stored result", async () => {
        const small = makeFixture(500);
        server.setData("state", small.text);
        const p = await openPage(browser, server);
        await loadResults(p, [{ name: "state", fixture: small }], "key-1");
        await p.locator('.hcell[aria-colindex="3"] .hsort').click();
        await p.locator('.hcell[aria-colindex="3"] .hsort').click();
        await p.waitForFunction(
            () =>
                document.querySelector('.row[aria-rowindex="2"] .cell[aria-colindex="3"]')
                    ?.textContent === "499",
        );
        // The view is saved a moment after it changes: wait until the sort is in the state.
        await p.waitForFunction(() =>
            Object.values(window.__state?.views ?? {}).some(
                (v: any) => v.sortColumn === 1 && v.sortDir === "desc",
            ),
        );
        const state = await p.evaluate(() => (window as unknown as { __state: unknown }).__state);
        // A hidden-then-shown webview is a new page with the old state. The race: the page
        // resizes (and renders) before the extension's load arrives; the save that follows must
        // not replace the state it is about to restore from. The fake clock runs the save timer
        // for certain instead of hoping it fires before the load.
        const p2 = await browser.newPage({ viewport: { width: 900, height: 500 } });
        await p2.clock.install();
        await p2.addInitScript((s) => {
            (window as unknown as { __restore: unknown }).__restore = s;
            // Counts the grid's resize handling, so the test knows when the render has run.
            const Observer = window.ResizeObserver;
            window.__resizes = 0;
            window.ResizeObserver = class extends Observer {
                constructor(callback: (...args: unknown[]) => void) {
                    super((...args: unknown[]) => {
                        callback(...args);
                        window.__resizes++;
                    });
                }
            };
        }, state);
        const { html } = pageHtml(server.origin, "");
        server.setPage(
            "restore",
            html.replace("window.__state = undefined;", "window.__state = window.__restore;"),
        );
        await p2.goto(`${server.origin}/page/restore.html`);
        await p2.waitForFunction(() => window.__posted.some((m: any) => m.type === "ready"));
        const resizes = await p2.evaluate(() => window.__resizes as number);
        await p2.setViewportSize({ width: 700, height: 400 });
        await p2.waitForFunction((n) => window.__resizes > n, resizes);
        await p2.clock.runFor(1000);
        assert.deepEqual(
            await p2.evaluate(() => window.__state),
            state,
            "the saved view survives the resize before the load",
        );
        await loadResults(p2, [{ name: "state", fixture: small }], "key-1");
        await p2.waitForFunction(
            () =>
                document.querySelector('.row[aria-rowindex="2"] .cell[aria-colindex="3"]')
                    ?.textContent === "499",
        );
        await p.close();
        await p2.close();
    });

    it("shows, copies and sorts 64-bit and wider numbers with every digit", async () => {
        // Bare JSON numbers, as ClickHouse (and the service) write UInt64/Int64/Int128/Decimal.
        const rows = [
            ["18446744073709551615", "-9223372036854775808", "9007199254740993", "1.5"],
            ["12345678901234567890", "9223372036854775807", "9007199254740994", "2.25"],
            ["0", "-1", "9007199254740992", "1234567890123456789.0123456789"],
        ];
        const types: [string, string][] = [
            ["u", "UInt64"],
            ["i", "Int64"],
            ["n", "Int64"],
            ["d", "Decimal(38, 10)"],
        ];
        const rowsText = `[${rows.map((r) => `[${r.join(",")}]`).join(",")}]`;
        const text = `{"columns":["u","i","n","d"],"types":${JSON.stringify(types)},"results":${rowsText},"hasMore":false}`;
        server.setData("wide", text);
        const p = await openPage(browser, server);
        const fixture = {
            text,
            firstRowsJson: `[${rows
                .slice(0, 1)
                .map((r) => `[${r.join(",")}]`)
                .join(",")}]`,
            meta: tableMeta(
                ["u", "i", "n", "d"],
                types.map((t) => t[1]),
                3,
            ),
        };
        await loadResults(p, [{ name: "wide", fixture }]);
        const cells = async () => (await visibleRows(p)).map((r) => r.cells);
        assert.deepEqual(await cells(), rows, "every digit in the cells");
        // Copy: TSV, CSV and JSON (as numbers, not strings).
        await clickCell(p, 0, 0);
        await clickCell(p, 2, 3, ["Shift"]);
        await p.keyboard.press("Control+c");
        assert.equal(await lastCopy(p), rows.map((r) => r.join("\t")).join("\r\n"));
        await p.locator('vscode-button[data-action="copyCsv"]').click();
        assert.equal(await lastCopy(p), ["u,i,n,d", ...rows.map((r) => r.join(","))].join("\r\n"));
        await p.locator('vscode-button[data-action="copyJson"]').click();
        const json = await lastCopy(p);
        assert.match(json, /"u": 18446744073709551615,/);
        assert.match(json, /"i": -9223372036854775808,/);
        assert.match(json, /"n": 9007199254740993,/);
        assert.match(json, /"d": 1234567890123456789.0123456789\n/);
        // Sort as numbers, exactly: 9007199254740992 < ...993 < ...994 (doubles see a tie).
        const sortBy = async (col: number, expected: string[]) => {
            await p.locator(`.hcell[aria-colindex="${col + 2}"] .hsort`).click();
            await p.waitForFunction(
                ({ col, expected }) =>
                    [...document.querySelectorAll(".row:not([hidden])")]
                        .sort(
                            (a: any, b: any) =>
                                Number(a.getAttribute("aria-rowindex")) -
                                Number(b.getAttribute("aria-rowindex")),
                        )
                        .map(
                            (r: any) =>
                                r.querySelector(`.cell[aria-colindex="${col + 2}"]`)?.textContent,
                        )
                        .join() === expected.join(),
                { col, expected },
            );
        };
        await sortBy(2, ["9007199254740992", "9007199254740993", "9007199254740994"]);
        await sortBy(0, ["0", "12345678901234567890", "18446744073709551615"]);
        await sortBy(0, ["18446744073709551615", "12345678901234567890", "0"]);
        await sortBy(1, ["-9223372036854775808", "-1", "9223372036854775807"]);
        // Filter matches the digits as shown.
        await p.locator(".filter input").fill("9007199254740993");
        await p.waitForFunction(
            () => document.querySelector(".grid")?.getAttribute("aria-rowcount") === "2",
        );
        assert.deepEqual(pageErrors(p), []);
        await p.close();
    });

    it("the CSP blocks inline script without the nonce", async () => {
        const { html } = pageHtml(server.origin, `<script>window.__inline = true</script>`);
        server.setPage("csp", html);
        const p = await browser.newPage();
        const violations: string[] = [];
        p.on("console", (m) => violations.push(m.text()));
        await p.goto(`${server.origin}/page/csp.html`);
        await p.waitForFunction(() =>
            (window as unknown as { __posted: { type: string }[] }).__posted.some(
                (m) => m.type === "ready",
            ),
        );
        assert.equal(
            await p.evaluate(() => (window as unknown as { __inline?: boolean }).__inline),
            undefined,
        );
        assert.ok(
            violations.some((v) => /Content Security Policy/.test(v)),
            "a CSP violation was reported",
        );
        // The page's own module script (with the nonce) did run, and styles applied.
        assert.equal(await p.locator(".grid[role=grid]").count(), 1);
        await p.close();
    });

    it("looks right in light and dark themes (screenshots in /tmp)", async () => {
        await clickCell(page, 1, 1);
        await clickCell(page, 3, 3, ["Shift"]);
        const rgb = (hex: string) => {
            const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
            return `rgb(${r}, ${g}, ${b})`;
        };
        const luminance: Record<string, number> = {};
        for (const theme of ["light", "dark"] as const) {
            await applyTheme(page, theme);
            await nextFrame(page);
            const colour = (selector: string, property: "color" | "backgroundColor") =>
                page.$eval(selector, (e, p) => getComputedStyle(e)[p], property);
            const vars = themes[theme];
            const cell = (col: number) => `.row[aria-rowindex="2"] .cell[aria-colindex="${col}"]`;
            assert.deepEqual(
                {
                    background: await colour("body", "backgroundColor"),
                    text: await colour(cell(2), "color"),
                    number: await colour(cell(3), "color"),
                    json: await colour(cell(8), "color"),
                    rowNumber: await colour('.rownum:not([hidden])[data-rowindex="2"]', "color"),
                    selection: await colour(".cell.sel", "backgroundColor"),
                },
                {
                    background: rgb(vars["--vscode-editor-background"]),
                    text: rgb(vars["--vscode-editor-foreground"]),
                    number: rgb(vars["--vscode-debugTokenExpression-number"]),
                    json: rgb(vars["--vscode-debugTokenExpression-string"]),
                    rowNumber: rgb(vars["--vscode-editorLineNumber-foreground"]),
                    selection: rgb(vars["--vscode-list-activeSelectionBackground"]),
                },
                `${theme} theme colours`,
            );
            const png = await page.screenshot({ path: `/tmp/results-grid-${theme}.png` });
            luminance[theme] = await meanLuminance(browser, png);
        }
        assert.ok(luminance.dark < 0.3, `the dark grid is dark (${luminance.dark.toFixed(2)})`);
        assert.ok(luminance.light > 0.7, `the light grid is light (${luminance.light.toFixed(2)})`);
    });
});
