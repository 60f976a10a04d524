// Hostile cell values render as inert text in the results grid (headless Chromium, the real
// page with the panel's CSP): markup, scripts, javascript:/data: URLs, bidi overrides, NUL,
// a 1 MB string. Nothing runs, nothing navigates, no element is created from a value, and a
// value can't move or restyle its neighbours.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { makeFixture } from "./fixtures";
import { clickCell, loadResults, nextFrame, openPage, pageErrors, visibleRows } from "./page";
import { startWebviewSuite, type WebviewSuite } from "./suite";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;

/** The corpus: each value goes into a string column, the JSON column and an array. */
const HOSTILE: [string, string][] = [
    ["img onerror", `<img src=x onerror="window.__xss='img'">`],
    ["script", `<script>window.__xss='script'</script>`],
    ["svg onload", `<svg onload="window.__xss='svg'"><circle r=9></svg>`],
    ["iframe", `<iframe src="javascript:parent.__xss='iframe'"></iframe>`],
    ["anchor", `<a href="javascript:window.__xss='a'">click me</a>`],
    ["javascript: URL", `javascript:window.__xss='url'`],
    ["data: URL", `data:text/html,<script>window.__xss='data'</script>`],
    ["style injection", `"><style>*{display:none!important}</style>`],
    ["template", "{{constructor.constructor('window.__xss=1')()}}"],
    ["entities", "&lt;b&gt;bold&lt;/b&gt; &amp; &#x3C;"],
    ["RLO override", "invoice\u202Efdp.exe"],
    ["bidi isolates and marks", "a\u2066b\u2069\u200Fc\u202Bd"],
    ["NUL", "before\u0000after"],
    ["control characters", "bell\u0007esc\u001b[31mred"],
    ["newlines and tabs", "line1\nline2\r\n\tindented"],
    ["combining marks", "Z\u0336\u0322\u031b\u0353\u031c\u034e\u0324"],
    ["1 MB string", `${"<b>".repeat(10)}${"x".repeat(1_000_000)}`],
];

describe("results grid with hostile cell values (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        const rows = HOSTILE.map(([, v], i) => [
            v,
            i,
            1.5,
            "2024-01-01T00:00:00.000000Z",
            v,
            v,
            [v],
            true,
            v,
            "2024-01-01",
        ]);
        const fixture = makeFixture(0, rows);
        suite = await startWebviewSuite({ hostile: fixture.text });
        page = await openPage(suite.browser, suite.server);
        await loadResults(page, [{ name: "hostile", fixture }]);
    });

    after(() => suite?.close());

    it("shows every value as text, cut only by the grid's own clip", async () => {
        const rows = await visibleRows(page);
        assert.equal(rows.length, HOSTILE.length);
        for (const [i, [name, value]] of HOSTILE.entries()) {
            const shown = rows[i].cells[0];
            const expected = value.length > 300 ? `${value.slice(0, 300)}…` : value;
            assert.equal(shown, expected, `${name}: shown ${JSON.stringify(shown.slice(0, 80))}`);
            assert.equal(rows[i].cells[1], String(i), `${name}: the next cell is intact`);
        }
    });

    it("creates no element from a value and runs nothing", async () => {
        const tags: string[] = await page.$$eval(".grid *", (els: any[]) => [
            ...new Set(els.map((e) => e.tagName)),
        ]);
        assert.deepEqual(
            // The grid's own structure: rows and cells are divs, header sort toggles are buttons.
            tags.filter((t) => !["DIV", "SPAN", "BUTTON"].includes(t)),
            [],
            `unexpected elements in the grid: ${tags.join(", ")}`,
        );
        const dangerous =
            "img, script:not([nonce]), svg, iframe, a[href], style:not([nonce]), object, embed, form";
        assert.equal(await page.locator(`body ${dangerous}`).count(), 0);
        await nextFrame(page);
        await nextFrame(page);
        assert.equal(await page.evaluate(() => window.__xss), undefined);
        assert.deepEqual(pageErrors(page), []);
    });

    it("keeps every row the same height and every column in place (bidi, 1 MB, newlines)", async () => {
        const boxes: { top: number; height: number; lefts: number[] }[] = await page.$$eval(
            ".row:not([hidden])",
            (rows: any[]) =>
                rows
                    .sort(
                        (a, b) =>
                            Number(a.getAttribute("aria-rowindex")) -
                            Number(b.getAttribute("aria-rowindex")),
                    )
                    .map((r) => ({
                        top: r.getBoundingClientRect().top,
                        height: r.getBoundingClientRect().height,
                        lefts: [...r.querySelectorAll(".cell")].map(
                            (c: any) => c.getBoundingClientRect().left,
                        ),
                    })),
        );
        for (const [i, b] of boxes.entries()) {
            assert.equal(b.height, boxes[0].height, `${HOSTILE[i][0]}: row height`);
            assert.deepEqual(b.lefts, boxes[0].lefts, `${HOSTILE[i][0]}: column positions`);
        }
        const visible = await page.locator(".grid").isVisible();
        assert.ok(visible, "a value's <style> text hid nothing");
    });

    it("opens hostile values in the detail view as text, and clicking navigates nowhere", async () => {
        const url = page.url();
        for (const name of ["anchor", "javascript: URL", "script", "NUL", "RLO override"]) {
            const i = HOSTILE.findIndex(([n]) => n === name);
            await page.$eval(".grid", (g: any) => (g.scrollTop = 0));
            await nextFrame(page);
            await clickCell(page, i, 0);
            await page.keyboard.press("Enter");
            await page.locator(".detail-body").waitFor();
            assert.equal(await page.locator(".detail-body").textContent(), HOSTILE[i][1], name);
            assert.equal(await page.locator(".detail a, .detail img, .detail script").count(), 0);
            await page.keyboard.press("Escape");
        }
        assert.equal(page.url(), url);
        assert.equal(await page.evaluate(() => window.__xss), undefined);
    });

    it("isolates bidi controls inside their cell", async () => {
        const styles: string[] = await page.$$eval(".cell, .detail-body", (cells: any[]) => [
            ...new Set(cells.map((c) => window.getComputedStyle(c).unicodeBidi as string)),
        ]);
        assert.deepEqual(styles, ["isolate"]);
    });
});
