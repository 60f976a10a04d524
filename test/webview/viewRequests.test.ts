// A sort or filter the parse worker cannot answer settles: the page says so in the log and the
// result stays usable. A row that is not an array (a malformed or hostile response) makes the
// worker's sort and filter throw.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { FromWebview } from "../../src/shared/resultsProtocol";
import { makeFixture } from "./fixtures";
import { loadResults, openPage, posted } from "./page";
import { startWebviewSuite, type WebviewSuite } from "./suite";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;

function errorLogs(messages: FromWebview[]): string[] {
    return messages.flatMap((m) => (m.type === "log" && m.level === "error" ? [m.message] : []));
}

describe("sort and filter requests that fail (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        // 300 good rows, then a null where a row belongs (never drawn: it is far below the fold).
        const fixture = makeFixture(300, [null as unknown as unknown[]]);
        suite = await startWebviewSuite({ malformed: fixture.text });
        page = await openPage(suite.browser, suite.server);
        await loadResults(page, [{ name: "malformed", fixture }]);
    });

    after(() => suite?.close());

    /** Waits until the page has logged `count` errors, and returns them. */
    async function waitForErrors(count: number): Promise<string[]> {
        await page.waitForFunction(
            (n) =>
                window.__posted.filter((m: any) => m.type === "log" && m.level === "error")
                    .length >= n,
            count,
            { timeout: 10_000 },
        );
        return errorLogs(await posted(page));
    }

    it("a failed sort settles with an error in the log, and the result is not marked failed", async () => {
        assert.deepEqual(errorLogs(await posted(page)), []);
        await page.locator('.hcell[aria-colindex="3"] .hsort').click();
        const errors = await waitForErrors(1);
        assert.match(errors[0], /^could not sort or filter: /);
        assert.ok(!errors.some((e) => /could not parse result/.test(e)), errors.join("\n"));
    });

    it("a failed filter settles the same way", async () => {
        await page.locator(".filter input").fill("signed_up");
        const errors = await waitForErrors(2);
        assert.match(errors[1], /^could not sort or filter: /);
        assert.ok(!errors.some((e) => /could not parse result/.test(e)), errors.join("\n"));
    });
});
