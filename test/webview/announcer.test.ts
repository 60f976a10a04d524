// Screen readers hear when a query finished: the results page has one polite live region that
// says so, once per new result, with the size of the result (headless Chromium, the real page).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { makeFixture } from "./fixtures";
import { loadResults, nextFrame, openPage } from "./page";
import { startWebviewSuite, type WebviewSuite } from "./suite";

async function liveRegions(page: Page): Promise<{ text: string; live: string | null }[]> {
    return page
        .locator('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]')
        .evaluateAll((els) =>
            els.map((el) => ({
                text: (el.textContent ?? "").trim(),
                live: el.getAttribute("aria-live"),
            })),
        );
}

describe("query finished announcement (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;
    const small = makeFixture(8);
    const one = makeFixture(1);

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({ small: small.text, one: one.text });
        page = await openPage(suite.browser, suite.server);
    });

    after(() => suite?.close());

    it("announces a new result once, in one polite live region", async () => {
        await loadResults(page, [{ name: "small", fixture: small }], "first");
        await nextFrame(page);
        const columns = small.meta.columns.length;
        const regions = await liveRegions(page);
        assert.deepEqual(regions, [
            { text: `Query finished: 8 rows, ${columns} columns.`, live: "polite" },
        ]);
    });

    it("says how many results a file run gave", async () => {
        await loadResults(
            page,
            [
                { name: "one", fixture: one },
                { name: "small", fixture: small },
            ],
            "second",
        );
        await nextFrame(page);
        const [region] = await liveRegions(page);
        assert.match(region.text, /^Query finished: 2 results; this one has 1 row, \d+ columns\.$/);
    });
});
