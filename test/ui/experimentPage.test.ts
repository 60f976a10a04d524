// The experiment page inside the real VS Code: Show Timeseries Results on a running sandbox
// experiment opens its page, whose change-over-time chart draws the interval as a band, in the
// dark and the light theme (screenshots under .vscode-test/screenshots).
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import {
    describeInEachTheme,
    ROOT,
    runCommand,
    showViewContainer,
    webviewFrame,
} from "./workbench";

/* eslint-disable @typescript-eslint/no-explicit-any -- page callbacks get DOM elements */
const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

describeInEachTheme(
    "experiment page",
    "ui-experiment",
    ({ mode, bench }) => {
        it("Show Timeseries Results opens the experiment page with interval bands", async () => {
            const { page } = bench();
            await showViewContainer(page, "PostHog");
            await page
                .locator('.monaco-list-row[aria-label^="Checkout button color"]')
                .first()
                .waitFor({ timeout: 30_000 });
            // From the palette with no row selected: pick the experiment, then its first metric.
            await runCommand(page, "PostHog: Show Timeseries Results");
            const input = page.locator(".quick-input-widget input");
            await page
                .locator(".quick-input-widget", { hasText: "Pick an experiment" })
                .waitFor({ timeout: 15_000 });
            await input.fill("Checkout button color");
            await page
                .locator(".quick-input-list .monaco-list-row", { hasText: "Checkout button color" })
                .first()
                .waitFor({ timeout: 15_000 });
            await page.keyboard.press("Enter");
            await page
                .locator(".quick-input-widget", { hasText: "Metric of" })
                .waitFor({ timeout: 15_000 });
            await page.locator(".quick-input-list .monaco-list-row").first().waitFor();
            await page.keyboard.press("Enter");
            const frame = await webviewFrame(
                page,
                "article.metric .chart-box.lines canvas",
                60_000,
            );
            await page
                .locator('.tab[aria-label^="Experiment: Checkout button color"]')
                .first()
                .waitFor({ timeout: 15_000 });
            assert.equal(
                await frame.locator("h1").evaluate((h: any) => h.firstChild.textContent),
                "Checkout button color",
            );
            const bodyClass = await frame.locator("body").getAttribute("class");
            assert.match(bodyClass ?? "", new RegExp(`vscode-${mode}`));
            // The first metric's result in PostHog's words, and its chart with one band.
            const metric = frame.locator("article.metric").first();
            const headers = await metric.locator("table.latest th").allInnerTexts();
            assert.ok(headers.includes("Chance to win"), headers.join(", "));
            assert.ok(headers.includes("Credible interval (95%)"), headers.join(", "));
            assert.match(await metric.locator(".summary").innerText(), /test: .*Chance to win: /);
            const lines = metric.locator(".chart-box.lines");
            await lines.scrollIntoViewIfNeeded();
            // The band is drawn: pixels of the band's translucent fill inside the plot.
            // The first series colour of the theme's palette (src/webview/results/chart/theme.ts).
            const series = mode === "dark" ? [0x6f, 0x8c, 0xff] : [0x1d, 0x4a, 0xff];
            const bandPixels = await lines.evaluate((box: any, rgb: number[]) => {
                const canvas = box.querySelector("canvas");
                const over = box.querySelector(".u-over");
                const ratio = canvas.width / canvas.clientWidth;
                const ctx = canvas.getContext("2d");
                const x0 = Math.round(over.offsetLeft * ratio);
                const y0 = Math.round(over.offsetTop * ratio);
                const w = Math.round(over.clientWidth * ratio);
                const h = Math.round(over.clientHeight * ratio);
                const data = ctx.getImageData(x0, y0, w, h).data;
                let count = 0;
                // The band: the series colour at 18% alpha (46); grid lines are grey, lines opaque.
                for (let i = 0; i < data.length; i += 4)
                    if (
                        Math.abs(data[i + 3] - 46) < 12 &&
                        rgb.every((c, k) => Math.abs(data[i + k] - c) < 25)
                    )
                        count++;
                return count / (w * h);
            }, series);
            assert.ok(bandPixels > 0.05, `a band covers part of the plot (${bandPixels})`);
            const box = await lines.locator(".u-over").boundingBox();
            assert.ok(box && box.width > 200 && box.height > 100, "the chart has room");
            await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5);
            await lines.locator(".chart-tip:not([hidden])").waitFor({ timeout: 5_000 });
            assert.match(await lines.locator(".chart-tip").innerText(), /Credible interval/);
            fs.mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({ path: path.join(SHOTS, `experiment-${mode}.png`) });
        });
    },
    // Verified on one workbench: the test finds only what it opened in its own suite.
    { oneWorkbench: true },
);
