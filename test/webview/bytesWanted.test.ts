// The results page draws a result's first screen from the load message, and only then asks the
// extension for the response's bytes (a `bytesWanted` with the load's number): sent with the load,
// megabytes crossed to the page while it drew that first screen (resultsProtocol.ts
// BytesWantedMessage).
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import type { BytesMessage, FromWebview, LoadMessage } from "../../src/shared/resultsProtocol";
import { makeFixture, type Fixture } from "./fixtures";
import { openPage, posted, rowsInView } from "./page";
import { startWebviewSuite, type WebviewSuite } from "./suite";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const document: any;
declare function requestAnimationFrame(fn: () => void): number;

describe("results page asks for the bytes after its first screen (webview)", function () {
    let suite: WebviewSuite;
    let page: Page;
    const fixture = makeFixture(3_000);

    before(async function () {
        this.timeout(120_000);
        suite = await startWebviewSuite({ rows: fixture.text });
        page = await openPage(suite.browser, suite.server);
    });

    after(() => suite?.close());

    /** Waits until the page says every row is parsed, and returns what it said. */
    async function whenFullyLoaded(on: Page): Promise<FromWebview[]> {
        await on.waitForFunction(
            () =>
                window.__posted.some((m: any) => m.type === "rendered" && m.fullyLoadedMs !== null),
            undefined,
            { timeout: 10_000 },
        );
        return (await posted(on)).filter((m) => m.type === "rendered" && m.fullyLoadedMs !== null);
    }

    /** Sorts the third column descending; returns the top row's value there. */
    async function topSortedDescending(on: Page): Promise<string> {
        await on.locator('.hcell[aria-colindex="3"] .hsort').click();
        await on.locator('.hcell[aria-colindex="3"] .hsort').click();
        await on.waitForFunction(
            () =>
                document.querySelector('.hcell[aria-colindex="3"]')?.getAttribute("aria-sort") ===
                "descending",
        );
        return (await rowsInView(on))[0].cells[1];
    }

    /** Posts a load that announces the bytes without sending them. */
    async function postLoad(seq: number, f: Fixture, on = page): Promise<void> {
        await on.evaluate(
            ({ seq, meta, firstRowsJson }) => {
                const msg: LoadMessage = {
                    type: "load",
                    results: [
                        {
                            id: "0",
                            title: `load ${seq}`,
                            queryText: "select * from rows",
                            durationMs: 5,
                            meta,
                            firstRowsJson,
                            bytes: new Uint8Array(0),
                            bytesFollow: true,
                            chart: null,
                        },
                    ],
                    active: 0,
                    storeKey: null,
                    seq,
                };
                window.__framesAtLoad = window.__frames;
                window.postMessage(msg, "*");
            },
            { seq, meta: f.meta, firstRowsJson: f.firstRowsJson },
        );
    }

    it("asks once per load, after a frame has shown the first rows, and shows every row when they come", async () => {
        await page.evaluate(() => {
            // Frames counted, and what the page showed when it asked.
            window.__frames = 0;
            const tick = () => {
                window.__frames++;
                requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
            window.__asked = [];
            const push = window.__posted.push.bind(window.__posted);
            window.__posted.push = (m: any) => {
                if (m.type === "bytesWanted")
                    window.__asked.push({
                        seq: m.seq,
                        framesSinceLoad: window.__frames - window.__framesAtLoad,
                        firstCell:
                            document.querySelector('.row:not([hidden]) .cell[aria-colindex="2"]')
                                ?.textContent ?? null,
                    });
                return push(m);
            };
        });
        await postLoad(1, fixture);
        await page.waitForFunction(() => window.__asked.length === 1, undefined, {
            timeout: 10_000,
        });
        // A newer load before the bytes came: the page asks for its bytes, not the first's.
        await postLoad(2, fixture);
        await page.waitForFunction(() => window.__asked.length === 2, undefined, {
            timeout: 10_000,
        });
        const asked = (await page.evaluate(() => window.__asked)) as {
            seq: number;
            framesSinceLoad: number;
            firstCell: string | null;
        }[];
        assert.deepEqual(
            asked.map((a) => a.seq),
            [1, 2],
            "one request per load",
        );
        for (const a of asked) {
            assert.ok(a.framesSinceLoad >= 1, `asked before a frame: ${JSON.stringify(a)}`);
            assert.equal(a.firstCell, "$pageview", "the first screen was drawn when it asked");
        }
        // Until the bytes come, no row beyond the first screen is parsed.
        const loaded = (await posted(page)).filter(
            (m) => m.type === "rendered" && m.fullyLoadedMs !== null,
        );
        assert.equal(loaded.length, 0, "fully loaded without its bytes");

        await page.evaluate((text) => {
            const bytes = new TextEncoder().encode(text);
            const msg: BytesMessage = {
                type: "bytes",
                id: "0",
                offset: 0,
                total: bytes.byteLength,
                part: bytes,
            };
            window.postMessage(msg, "*");
        }, fixture.text);
        const rendered = await whenFullyLoaded(page);
        assert.equal(rendered.length, 1, "every row parsed once");
        // The last row, from the bytes, sorted to the top.
        assert.equal(await topSortedDescending(page), "2999");
        const wanted = (await posted(page)).filter((m) => m.type === "bytesWanted");
        assert.equal(wanted.length, 2, "no request after the bytes came");
    });

    /**
     * Posts a load, waits for the page to ask, and answers with the bytes gzip-compressed in three
     * parts, as the extension sends a large result over a network (panel.ts postBytes); then sorts
     * the third column descending and returns the top row's value and where the rows were parsed.
     */
    async function compressedRoundTrip(on: Page): Promise<{ top: string; worker: boolean }> {
        await postLoad(1, fixture, on);
        await on.waitForFunction(
            () => window.__posted.some((m: any) => m.type === "bytesWanted" && m.seq === 1),
            undefined,
            { timeout: 10_000 },
        );
        const packed = [...gzipSync(Buffer.from(fixture.text))];
        assert.ok(packed.length < fixture.text.length / 3, "the fixture compresses");
        await on.evaluate((packed) => {
            const bytes = new Uint8Array(packed);
            const size = Math.ceil(bytes.byteLength / 3);
            for (let offset = 0; offset < bytes.byteLength; offset += size) {
                const msg: BytesMessage = {
                    type: "bytes",
                    id: "0",
                    offset,
                    total: bytes.byteLength,
                    part: bytes.slice(offset, offset + size),
                    encoding: "gzip",
                };
                window.postMessage(msg, "*");
            }
        }, packed);
        const [rendered] = await whenFullyLoaded(on);
        const top = await topSortedDescending(on);
        return { top, worker: rendered?.type === "rendered" && rendered.worker };
    }

    it("takes the bytes gzip-compressed, as they come over a network, and inflates them in its worker", async () => {
        const fresh = await openPage(suite.browser, suite.server);
        try {
            assert.deepEqual(await compressedRoundTrip(fresh), { top: "2999", worker: true });
        } finally {
            await fresh.close();
        }
    });

    it("takes gzip-compressed bytes on a page whose worker could not start", async () => {
        const fresh = await openPage(suite.browser, suite.server, "/", async (p) => {
            await p.route("**/results.parse.worker.js", (route) => route.abort());
        });
        try {
            assert.deepEqual(await compressedRoundTrip(fresh), { top: "2999", worker: false });
        } finally {
            await fresh.close();
        }
    });
});
