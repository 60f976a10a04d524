// Columns the user controls in the results grid (headless Chromium, the real page): hide and show
// (header menu, column chooser), move (dragging a header's grip, Alt+Shift+Left/Right), freeze
// (a frozen column stays in place while scrolling right), reset, the layout kept for the query
// across a reload; copies and exports follow the visible columns, with "all columns" as an
// option; the record view; Copy as Markdown.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { FromWebview } from "../../src/shared/resultsProtocol";
import { headerNames } from "../gridHeaders";
import { typedResponse } from "./fixtures";
import {
    clickCell,
    copyCount,
    lastCopy,
    loadResults,
    nextCopy,
    nextFrame,
    openPage,
    posted,
} from "./page";
import { pageHtml } from "./server";
import { startWebviewSuite, type WebviewSuite } from "./suite";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;

const cols: [string, string][] = [
    ["a", "String"],
    ["b", "Int64"],
    ["c", "String"],
    ["d", "UInt64"],
    ["e", "String"],
];
const rows: unknown[][] = [];
for (let i = 0; i < 40; i++) rows.push([`a${i}`, i, `c${i}`, i * 10, `e${i}`]);
const small = typedResponse(cols, rows);

/** More rows than the page copies itself (2,000): the worker builds their copies. */
const many = typedResponse(
    [
        ["x", "String"],
        ["y", "Int64"],
        ["z", "String"],
    ],
    Array.from({ length: 2500 }, (_, i) => [`x${i}`, i, `z${i}`]),
);

/** Twenty wide columns: enough to scroll right. */
const wideCols: [string, string][] = Array.from({ length: 20 }, (_, i) => [`w${i}`, "String"]);
const wideRows = Array.from({ length: 30 }, (_, r) =>
    wideCols.map((_, c) => `r${r}c${c}-${"x".repeat(30)}`),
);
const wide = typedResponse(wideCols, wideRows);

/** Values that must stay text and keep every digit. */
const hostile = typedResponse(
    [
        ["name | pipe", "String"],
        ["big", "UInt64"],
        ["text", "String"],
    ],
    [
        ["x|y", "18446744073709551615", 'a\\b\nc <img src=x onerror="window.__xss=1"> *em* [l](u)'],
        ["two", "12345678901234567890", "plain"],
    ],
);
// The big numbers must be bare JSON numbers, as ClickHouse writes UInt64.
hostile.text = hostile.text.replace(/"(18446744073709551615|12345678901234567890)"/g, "$1");
hostile.firstRowsJson = hostile.firstRowsJson.replace(
    /"(18446744073709551615|12345678901234567890)"/g,
    "$1",
);

describe("columns the user controls (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({
            small: small.text,
            wide: wide.text,
            hostile: hostile.text,
            many: many.text,
        });
    });

    after(() => suite?.close());

    afterEach(() => page?.close());

    async function open(name: "small" | "wide" | "hostile" | "many" = "small"): Promise<void> {
        page = await openPage(suite.browser, suite.server);
        const fixture = { small, wide, hostile, many }[name];
        await loadResults(page, [{ name, fixture }]);
    }

    /** The header names painted, left to right. */
    function headers(p: Page = page): Promise<string[]> {
        return headerNames(p);
    }

    async function waitHeaders(expected: string[], p: Page = page): Promise<void> {
        await p.waitForFunction(
            (want) =>
                JSON.stringify(
                    [...document.querySelectorAll(".hcell")]
                        .sort(
                            (x: any, y: any) =>
                                Number(x.getAttribute("aria-colindex")) -
                                Number(y.getAttribute("aria-colindex")),
                        )
                        .map((c: any) => c.querySelector(".hname")?.textContent ?? ""),
                ) === JSON.stringify(want),
            expected,
        );
        assert.deepEqual(await headers(p), expected);
    }

    /** Waits for the page to tell screen readers `text`. */
    async function announced(text: string): Promise<void> {
        await page.waitForFunction(
            (t) => document.querySelector("[data-announcer]")?.textContent === t,
            text,
        );
    }

    const header = (col: number) => page.locator(`.hcell[aria-colindex="${col + 2}"]`);

    /** Runs a header menu item on grid column `col`. */
    async function headerMenu(col: number, item: string): Promise<void> {
        await header(col).locator(".hname").click({ button: "right" });
        await page.locator(".menu-item", { hasText: item }).click();
    }

    it("hides a column from the header menu and shows it again from the chooser", async () => {
        await open();
        await headerMenu(1, "Hide Column");
        await waitHeaders(["a", "c", "d", "e"]);
        await announced("Column b hidden.");
        // The chooser from a cell's menu, opened with the keyboard's menu key.
        await clickCell(page, 0, 0);
        await page.keyboard.press("Shift+F10");
        // The cell's menu (the keyboard has no header to point at), with the column items.
        await page.locator(".menu-item", { hasText: "Show Record" }).waitFor();
        await page.locator(".menu-item", { hasText: "Choose Columns…" }).click();
        const dialog = page.locator('.chooser[role="dialog"]');
        assert.equal(await dialog.getAttribute("aria-label"), "Columns");
        assert.equal(await page.locator('.chooser-list[role="group"]').count(), 1);
        // Keyboard alone: the focus is on the first check box; Down to "b" (listed last, hidden).
        const focused = () =>
            page.evaluate(() => document.activeElement?.parentElement?.textContent);
        assert.equal(await focused(), "a");
        for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
        assert.equal(await focused(), "b");
        assert.equal(await page.locator('.chooser input[data-col="1"]').isChecked(), false);
        await page.keyboard.press("Space");
        await waitHeaders(["a", "b", "c", "d", "e"]);
        assert.equal(await page.locator('.chooser input[data-col="1"]').isChecked(), true);
        // Space again hides it; Escape closes the chooser and gives the grid its focus.
        await page.locator('.chooser input[data-col="3"]').focus();
        await page.keyboard.press("Space");
        await waitHeaders(["a", "b", "c", "e"]);
        await page.keyboard.press("Escape");
        assert.equal(await dialog.isHidden(), true);
        assert.equal(await page.evaluate(() => document.activeElement?.className), "grid");
    });

    it("moves a column by dragging its header's grip", async () => {
        await open();
        const from = await header(0).boundingBox();
        const to = await header(2).boundingBox();
        if (!from || !to) throw new Error("headers not painted");
        await header(0).hover();
        const grip = await header(0).locator(".hgrip").boundingBox();
        if (!grip) throw new Error("no grip");
        await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
        await page.mouse.down();
        await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
        await page.mouse.up();
        await waitHeaders(["b", "c", "a", "d", "e"]);
        // The cells moved with their header.
        assert.equal(
            await page.textContent('.row[aria-rowindex="2"] .cell[aria-colindex="4"]'),
            "a0",
        );
    });

    it("moves the focused column with Alt+Shift+Left/Right, the focus going with it", async () => {
        await open();
        await clickCell(page, 3, 0);
        await page.keyboard.press("Alt+Shift+ArrowRight");
        await waitHeaders(["b", "a", "c", "d", "e"]);
        await page.keyboard.press("Alt+Shift+ArrowRight");
        await waitHeaders(["b", "c", "a", "d", "e"]);
        const focus = page.locator(".cell.focus");
        assert.equal(await focus.textContent(), "a3");
        assert.equal(await focus.getAttribute("aria-colindex"), "4");
        await page.keyboard.press("Alt+Shift+ArrowLeft");
        await waitHeaders(["b", "a", "c", "d", "e"]);
        // The sort follows the column, wherever it is.
        await header(1).locator(".hsort").click();
        await page.waitForFunction(
            () =>
                document.querySelector('.hcell[aria-colindex="3"]')?.getAttribute("aria-sort") ===
                "ascending",
        );
    });

    it("keeps frozen columns in place while scrolling right, and resets", async () => {
        await open("wide");
        await headerMenu(1, "Freeze up to This Column");
        await page.waitForFunction(() => document.querySelectorAll(".hcell.frozen").length === 2);
        const before = await header(1).boundingBox();
        await page.$eval(".grid", (g: any) => (g.scrollLeft = 1500));
        await page.waitForFunction(() => (document.querySelector(".grid")?.scrollLeft ?? 0) > 1000);
        await nextFrame(page);
        const after = await header(1).boundingBox();
        assert.ok(before && after);
        assert.ok(
            Math.abs(after.x - before.x) < 0.5,
            `frozen header moved: ${before.x} -> ${after.x}`,
        );
        // Its cells stay with it; a scrolled column's cells are painted to the right of them.
        const frozenCell = await page
            .locator('.row[aria-rowindex="3"] .cell[aria-colindex="3"]')
            .boundingBox();
        assert.ok(frozenCell && Math.abs(frozenCell.x - before.x) < 0.5);
        const firstScrolled = await page.evaluate(() => {
            const cells = [
                ...document.querySelectorAll('.row[aria-rowindex="3"] .cell:not(.frozen)'),
            ];
            return Math.min(...cells.map((c: any) => c.getBoundingClientRect().right));
        });
        assert.ok(
            firstScrolled > before.x + before.width,
            "the scrolled cells end right of the frozen ones",
        );
        assert.equal(
            await page.textContent('.row[aria-rowindex="3"] .cell[aria-colindex="3"]'),
            `r1c1-${"x".repeat(30)}`,
        );
        // A click on a frozen cell selects it, not the column scrolled under it.
        await page.mouse.click(before.x + 10, frozenCell.y + 5);
        assert.equal(await page.locator(".cell.focus").getAttribute("aria-colindex"), "3");
        await headerMenu(0, "Reset Columns");
        await page.waitForFunction(() => document.querySelectorAll(".hcell.frozen").length === 0);
        await announced("Columns reset.");
    });

    it("remembers the layout for the query across a reload", async () => {
        await open();
        await headerMenu(2, "Hide Column");
        await waitHeaders(["a", "b", "d", "e"]);
        await clickCell(page, 0, 3);
        await page.keyboard.press("Alt+Shift+ArrowLeft");
        await waitHeaders(["a", "b", "e", "d"]);
        await headerMenu(0, "Freeze up to This Column");
        await page.waitForFunction(() =>
            Object.values(window.__state?.layouts ?? {}).some((l: any) => l.frozen === 1),
        );
        const state = await page.evaluate(() => window.__state);
        // A new page (a reload) with that state, then a new run of the same query.
        const p2 = await suite.browser.newPage({ viewport: { width: 1100, height: 640 } });
        await p2.addInitScript((s) => ((window as any).__restore = s), state);
        const { html } = pageHtml(suite.server.origin, "");
        suite.server.setPage(
            "reload",
            html.replace("window.__state = undefined;", "window.__state = window.__restore;"),
        );
        await p2.goto(`${suite.server.origin}/page/reload.html`);
        await p2.waitForFunction(() => window.__posted.some((m: any) => m.type === "ready"));
        await loadResults(p2, [{ name: "small", fixture: small }]);
        await waitHeaders(["a", "b", "e", "d"], p2);
        assert.equal(await p2.locator(".hcell.frozen").count(), 1);
        await p2.close();
    });

    it("copies the visible columns in their order, or every column when asked", async () => {
        await open();
        await headerMenu(1, "Hide Column");
        await waitHeaders(["a", "c", "d", "e"]);
        await clickCell(page, 0, 3);
        await page.keyboard.press("Alt+Shift+ArrowLeft");
        await waitHeaders(["a", "c", "e", "d"]);
        await clickCell(page, 0, 0);
        await clickCell(page, 1, 3, ["Shift"]);
        await page.keyboard.press("Control+Shift+c");
        assert.equal(await lastCopy(page), "a\tc\te\td\r\na0\tc0\te0\t0\r\na1\tc1\te1\t10");
        await page.locator('vscode-button[data-action="copyJson"]').click();
        assert.deepEqual(Object.keys(JSON.parse(await lastCopy(page))[0]), ["a", "c", "e", "d"]);
        await page.mouse.click(...(await point(0, 0)), { button: "right" });
        await page.locator(".menu-item", { hasText: "Copy as Markdown" }).click();
        assert.equal(
            await lastCopy(page),
            "| a | c | e | d |\n| --- | --- | --- | --- |\n| a0 | c0 | e0 | 0 |\n| a1 | c1 | e1 | 10 |",
        );
        await clickCell(page, 1, 1, ["Shift"]);
        await page.mouse.click(...(await point(0, 0)), { button: "right" });
        await page.locator(".menu-item", { hasText: "Copy Rows with All Columns" }).click();
        assert.equal(
            await lastCopy(page),
            "a\tb\tc\td\te\r\na0\t0\tc0\t0\te0\r\na1\t1\tc1\t10\te1",
        );
        // A whole column, from its header.
        await header(2).locator(".hname").click();
        const copies = await copyCount(page);
        await page.keyboard.press("Control+c");
        assert.equal((await nextCopy(page, copies)).split("\r\n")[39], "e39");
    });

    it("copies the visible columns in their order when the worker builds the copy", async () => {
        await open("many");
        await headerMenu(0, "Hide Column");
        await clickCell(page, 0, 1);
        await page.keyboard.press("Alt+Shift+ArrowLeft");
        await waitHeaders(["z", "y"]);
        await page.keyboard.press("Control+a");
        let copies = await copyCount(page);
        await page.keyboard.press("Control+Shift+c");
        const lines = (await nextCopy(page, copies)).split("\r\n");
        assert.equal(lines.length, 2501);
        assert.deepEqual([lines[0], lines[1], lines[2500]], ["z\ty", "z0\t0", "z2499\t2499"]);
        copies = await copyCount(page);
        await page.mouse.click(...(await point(0, 0)), { button: "right" });
        await page.locator(".menu-item", { hasText: "Copy Rows with All Columns" }).click();
        const all = (await nextCopy(page, copies)).split("\r\n");
        assert.deepEqual([all[0], all[2500]], ["x\ty\tz", "x2499\t2499\tz2499"]);
    });

    async function point(row: number, col: number): Promise<[number, number]> {
        const box = await page
            .locator(`.row[aria-rowindex="${row + 2}"] .cell[aria-colindex="${col + 2}"]`)
            .boundingBox();
        if (!box) throw new Error("cell not painted");
        return [box.x + 5, box.y + 5];
    }

    it("asks for an export of the visible columns, or of all of them", async () => {
        await open();
        const exports = async () =>
            (await posted(page)).filter(
                (m): m is Extract<FromWebview, { type: "export" }> => m.type === "export",
            );
        await page.locator('vscode-button[data-action="export"]').click();
        assert.equal(await page.locator(".menu-item", { hasText: "All Columns" }).count(), 0);
        await page.locator(".menu-item", { hasText: "CSV" }).click();
        assert.equal((await exports())[0].columns, undefined);
        await headerMenu(0, "Hide Column");
        await clickCell(page, 0, 2);
        await page.keyboard.press("Alt+Shift+ArrowLeft");
        await waitHeaders(["b", "d", "c", "e"]);
        await page.locator('vscode-button[data-action="export"]').click();
        await page.locator(".menu-item", { hasText: /^CSV$/ }).click();
        assert.deepEqual((await exports())[1], {
            type: "export",
            resultId: "small",
            format: "csv",
            columns: [1, 3, 2, 4],
        });
        await page.locator('vscode-button[data-action="export"]').click();
        await page.locator(".menu-item", { hasText: "JSON, All Columns" }).click();
        assert.deepEqual((await exports())[2], {
            type: "export",
            resultId: "small",
            format: "json",
        });
    });

    /** The text of what describes the focused element (`aria-describedby`). */
    function focusedDescription(): Promise<string | undefined> {
        return page.evaluate(() => {
            const ids = document.activeElement?.getAttribute("aria-describedby") ?? "";
            return ids
                .split(" ")
                .map((id: string) => document.getElementById(id)?.textContent ?? "")
                .join(" ");
        });
    }

    it("shows a row as fields and values: keyboard, every digit, copy a field, roles", async () => {
        await open("hostile");
        await clickCell(page, 0, 1);
        await page.keyboard.press("Shift+Enter");
        const record = page.locator('.record[role="dialog"]');
        await record.waitFor({ state: "visible" });
        const labelledBy = await record.getAttribute("aria-labelledby");
        assert.equal(await page.textContent(`#${labelledBy}`), "Row 1 of 2");
        assert.equal(await page.locator('.record-list[role="list"] [role="listitem"]').count(), 3);
        const values = () => page.locator(".record-value").allTextContents();
        assert.deepEqual((await values()).slice(0, 2), ["x|y", "18446744073709551615"]);
        assert.equal(
            (await values())[2],
            'a\\b\nc <img src=x onerror="window.__xss=1"> *em* [l](u)',
        );
        assert.equal(await page.locator(".record img").count(), 0);
        // Down to the second field, copy it.
        assert.equal(
            await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
            "Copy name | pipe",
        );
        await page.keyboard.press("ArrowDown");
        // A screen reader hears the field's value with its button (its description).
        assert.equal(await focusedDescription(), "18446744073709551615");
        await page.keyboard.press("Control+c");
        assert.equal(await lastCopy(page), "18446744073709551615");
        // The next row keeps the focused field.
        await page.keyboard.press("PageDown");
        assert.equal(await page.textContent(`#${labelledBy}`), "Row 2 of 2");
        await announced("Row 2 of 2");
        assert.equal((await values())[1], "12345678901234567890");
        assert.equal(
            await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
            "Copy big",
        );
        await page.keyboard.press("Enter");
        assert.equal(await lastCopy(page), "12345678901234567890");
        // Escape closes; the grid has the focus, on the row last shown.
        await page.keyboard.press("Escape");
        assert.equal(await record.isHidden(), true);
        assert.equal(await page.evaluate(() => document.activeElement?.className), "grid");
        assert.equal(
            await page
                .locator(".cell.focus")
                .evaluate((c: any) => c.parentElement.getAttribute("aria-rowindex")),
            "3",
        );
        // Also from a row's context menu.
        await page.mouse.click(...(await point(0, 0)), { button: "right" });
        await page.locator(".menu-item", { hasText: "Show Record" }).click();
        await record.waitFor({ state: "visible" });
        assert.equal(await page.evaluate(() => window.__xss), undefined);
    });

    it("copies a Markdown table with |, newlines and backslashes escaped, markup kept as text", async () => {
        await open("hostile");
        await clickCell(page, 0, 0);
        await clickCell(page, 1, 2, ["Shift"]);
        await page.mouse.click(...(await point(0, 0)), { button: "right" });
        await page.locator(".menu-item", { hasText: "Copy as Markdown" }).click();
        assert.equal(
            await lastCopy(page),
            "| name \\| pipe | big | text |\n" +
                "| --- | --- | --- |\n" +
                '| x\\|y | 18446744073709551615 | a\\\\b<br>c \\<img src=x onerror="window.\\_\\_xss=1"\\> \\*em\\* \\[l\\](u) |\n' +
                "| two | 12345678901234567890 | plain |",
        );
    });
});
