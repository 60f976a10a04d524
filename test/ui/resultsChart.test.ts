// The Chart view inside the real VS Code: a daily pageviews query on the sandbox opens as a line
// chart, in the dark and the light theme (screenshots under .vscode-test/screenshots).
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Frame } from "playwright-core";
import { describeInEachTheme, ROOT, webviewFrame, runFile } from "./workbench";

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

describeInEachTheme("results chart", "ui-chart", ({ mode, bench }) => {
    it("shows a daily pageviews query as a line chart", async () => {
        const { page } = bench();
        await runFile(page, "pageviews.hogql");
        const frame = await webviewFrame(page, '[role="grid"]', 60_000);
        // The result's own column: the row-number header is there while the page waits for it.
        await frame
            .locator('[role="columnheader"]', { hasText: "pageviews" })
            .first()
            .waitFor({ timeout: 30_000 });
        const chartButton = frame.locator('vscode-button[data-action="chart"]');
        await chartButton.click();
        const chart = frame.locator(".chart[data-chart-type]");
        // In two steps, each saying what the page showed if it fails: a CI run once timed out
        // here with no clue whether the click reached the page or the chart did not come.
        await frame
            .locator('vscode-button[data-action="chart"][aria-pressed="true"]')
            .waitFor({ timeout: 15_000 })
            .catch(async (e: Error) => {
                throw new Error(
                    `the page did not switch to the chart: ${e.message}; ${await shown(frame)}`,
                );
            });
        await chart.waitFor({ timeout: 15_000 }).catch(async (e: Error) => {
            throw new Error(`the chart was not drawn: ${e.message}; ${await shown(frame)}`);
        });
        assert.equal(await chart.getAttribute("data-chart-type"), "line");
        await frame.locator(".chart[data-draw-ms]:not([data-draw-ms=''])").waitFor();
        const legend = await frame.locator(".chart .u-legend .u-series").allTextContents();
        assert.ok(
            legend.some((t) => /pageviews/.test(t)),
            `pageviews is a series: ${legend.join(", ")}`,
        );
        // The theme reached the chart: VS Code's body class says dark or light.
        const bodyClass = await frame.locator("body").getAttribute("class");
        assert.match(bodyClass ?? "", new RegExp(`vscode-${mode}`));
        const box = await frame.locator(".chart .u-over").boundingBox();
        assert.ok(box && box.width > 100 && box.height > 50, "the plot has room");
        await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
        await frame.locator(".chart-tip:not([hidden])").waitFor({ timeout: 5_000 });
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `chart-${mode}.png`) });
    });
});

/** What the results page shows: the grid or the chart, the chart's state, and what it announced. */
function shown(frame: Frame): Promise<string> {
    return frame
        .evaluate(() => {
            const chart = document.querySelector(".chart");
            return JSON.stringify({
                gridHidden: document.querySelector('[role="grid"]')?.hidden,
                chartButton: document.querySelector('[data-action="chart"]')?.outerHTML,
                chart: chart ? { hidden: chart.hidden, data: { ...chart.dataset } } : "not loaded",
                note: document.querySelector(".chart-note")?.textContent,
                announced: document.querySelector("[data-announcer]")?.textContent,
            });
        })
        .catch((err: unknown) => `the page could not be read: ${String(err)}`);
}
