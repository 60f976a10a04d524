// The notebook renderer (src/webview/notebook) in headless Chromium, on outputs at the per-output
// cap as the controller makes them (src/notebook/resultOutput.ts storedResult). It reads the rows
// on the output frame's own thread, so it reads them in short tasks and gives the thread back
// between them; how long the longest task is, is `npm run bench`'s notebook row.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { fromRendererSchema } from "../../src/notebook/rendererMessageSchema";
import { launch, postedButDropped } from "./page";
import { startServer, type TestServer } from "./server";
import {
    buildRenderer,
    CAPPED_CASES,
    cappedOutput,
    NOTEBOOK_PAGE,
    openNotebookPage,
    renderOutput,
} from "./notebookOutput";

/**
 * The most bytes of an output one task of the renderer may read (the scan's slices are 32 KB):
 * an output in one task, or in a few, fails.
 */
const SLICE_BYTES_AT_MOST = 64 << 10;

// These callbacks run in the page; the root tsconfig has no DOM lib, so name its globals here.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const document: any;
declare function requestAnimationFrame(callback: () => void): number;

describe("notebook renderer (webview)", function () {
    let browser: Browser;
    let server: TestServer;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        buildRenderer();
        server = await startServer();
        server.setPage("notebook", NOTEBOOK_PAGE);
        browser = await launch();
        page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
        await openNotebookPage(page, server.origin);
    });

    after(async () => {
        const dropped = page ? await postedButDropped(page, fromRendererSchema) : [];
        await browser?.close();
        await server?.close();
        assert.deepEqual(dropped, [], "the extension accepts every message the renderer posted");
    });

    for (const c of CAPPED_CASES) {
        it(`reads an output at its cap in short tasks, giving the frame back between them: ${c.name}`, async function () {
            this.timeout(60_000);
            const { bytes, kept } = cappedOutput(c.columns, c.types, c.rows, c.row);
            assert.ok(kept < c.rows, "the output is capped");
            // The turns any output's view takes (its frames, its tasks), from a one-row output
            // of the same columns in a fresh frame; the rest of a capped output's are its reading.
            await openNotebookPage(page, server.origin);
            const one = cappedOutput(c.columns, c.types, 1, c.row);
            const viewTurns = (await renderOutput(page, `${c.name}, one row`, one.bytes)).yields;
            await openNotebookPage(page, server.origin);
            const rendered = await renderOutput(page, c.name, bytes);
            assert.equal(rendered.rows, kept, "every kept row parsed");
            // The structure that keeps the output frame's thread free: no task reads more than
            // SLICE_BYTES_AT_MOST of the output. How long its tasks take is a bench figure
            // (`npm run bench`, the notebook row), not a test's.
            const slicesAtLeast = Math.floor(bytes.length / SLICE_BYTES_AT_MOST);
            const readingTurns = rendered.yields - viewTurns;
            assert.ok(
                readingTurns >= slicesAtLeast,
                `${readingTurns} turns given back reading ${bytes.length} bytes (${rendered.yields} in all, ${viewTurns} for a one-row output); at least ${slicesAtLeast} expected`,
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
        await openNotebookPage(page, server.origin);
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
        await renderOutput(page, "frames", bytes);
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
        await renderOutput(page, "whole", whole.bytes);
        await renderOutput(page, "capped", capped.bytes);
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
        await renderOutput(page, "formulas", out.bytes);
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
