// A new results page's start-up is one task (in code-server, on the editor's own thread), so it
// does only what the page needs to listen: the locale's date format, number format and collation
// (30-70 ms of ICU data) are made in a task of their own afterwards, before a result arrives.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { makeFixture } from "./fixtures";
import { closeWithoutErrors, loadResults, openPage, rowsInView } from "./page";
import { startWebviewSuite, type WebviewSuite } from "./suite";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const performance: any;

/** Records when each Intl object is made (ms since the page's time origin), before the page runs. */
const recordIntl = `
window.__intl = [];
for (const name of ["DateTimeFormat", "NumberFormat", "Collator"]) {
    const Real = Intl[name];
    Intl[name] = new Proxy(Real, {
        construct(target, args) {
            window.__intl.push({ name, at: performance.now() });
            return Reflect.construct(target, args);
        },
    });
}`;

describe("results page start-up (webview)", function () {
    let suite: WebviewSuite;
    let page: Page | undefined;
    const fixture = makeFixture(200);

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({ rows: fixture.text });
    });

    afterEach(() => closeWithoutErrors(page));

    after(() => suite?.close());

    it("makes the locale's formats after it is ready, not while it starts", async () => {
        page = await openPage(suite.browser, suite.server, "/", async (p) => {
            await p.addInitScript(recordIntl);
        });
        await page.waitForFunction(() => window.__intl.length >= 3);
        const { made, ready } = await page.evaluate(() => ({
            made: window.__intl as { name: string; at: number }[],
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
        // And a result then shows with them (its dates formatted in the page's locale).
        await loadResults(page, [{ name: "rows", fixture }]);
        assert.ok((await rowsInView(page)).length > 0);
    });
});
