// A sort or filter the parse worker cannot answer settles: the page says so in the log and the
// result stays usable. A row that is not an array (a malformed or hostile response) makes the
// worker's sort and filter throw.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import type { FromWebview } from "../../src/protocol";
import { makeFixture } from "./fixtures";
import { launch, loadResults, openPage, posted } from "./page";
import { startServer, type TestServer } from "./server";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;

const root = path.resolve(__dirname, "../../..");

function errorLogs(messages: FromWebview[]): string[] {
    return messages.flatMap((m) => (m.type === "log" && m.level === "error" ? [m.message] : []));
}

describe("sort and filter requests that fail (webview)", function () {
    let browser: Browser;
    let server: TestServer;
    let page: Page;

    before(async function () {
        this.timeout(120_000);
        execFileSync(process.execPath, [path.join(root, "bench", "buildWebview.mjs")], {
            cwd: root,
        });
        // 300 good rows, then a null where a row belongs (never drawn: it is far below the fold).
        const fixture = makeFixture(300, [null as unknown as unknown[]]);
        server = await startServer();
        server.setData("malformed", fixture.text);
        browser = await launch();
        page = await openPage(browser, server);
        await loadResults(page, [{ name: "malformed", fixture }]);
    });

    after(async () => {
        await browser?.close();
        await server?.close();
    });

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
