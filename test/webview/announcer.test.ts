// Screen readers hear when a query finished: the results page has one polite live region that
// says so, once per new result, with the size of the result (headless Chromium, the real page).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { makeFixture } from "./fixtures";
import { launch, loadResults, nextFrame, openPage } from "./page";
import { startServer, TestServer } from "./server";

const root = path.resolve(__dirname, "../../..");

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
    let browser: Browser;
    let server: TestServer;
    let page: Page;
    const small = makeFixture(8);
    const one = makeFixture(1);

    before(async function () {
        this.timeout(120_000);
        execFileSync(process.execPath, [path.join(root, "bench", "buildWebview.mjs")], {
            cwd: root,
        });
        server = await startServer();
        server.setData("small", small.text);
        server.setData("one", one.text);
        browser = await launch();
        page = await openPage(browser, server);
    });

    after(async () => {
        await browser?.close();
        await server?.close();
    });

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
