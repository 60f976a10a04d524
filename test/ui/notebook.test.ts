// A HogQL notebook inside the real VS Code: Run All on traffic.hogqlnb shows the first cell's
// result in our renderer's grid and the second's as a line chart (the cell asks for the chart),
// in the dark and the light theme (screenshots under .vscode-test/screenshots).
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { openFile, describeInEachTheme, ROOT, runCommand, webviewFrame } from "./workbench";
import { waitFor } from "../waitFor";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

describeInEachTheme("HogQL notebook", "ui-notebook", ({ mode, bench }) => {
    it("runs every cell: a grid output and a chart output", async () => {
        const { page } = bench();
        await openFile(page, "traffic.hogqlnb");
        await page
            .locator(".notebook-editor .cell-list-container")
            .first()
            .waitFor({ timeout: 30_000 });
        fs.mkdirSync(SHOTS, { recursive: true });
        await page
            .locator('.notebook-toolbar-container .action-label[aria-label^="Run All"]')
            .first()
            .click({ timeout: 15_000 });
        // Every output of a notebook lives in one webview: wait for both outputs there.
        const frame = await webviewFrame(page, ".phnb .grid", 90_000);
        await frame
            .locator(".phnb .grid:not([hidden]) .hname")
            .first()
            .waitFor({ timeout: 30_000 })
            .catch(async (error: unknown) => {
                await page.screenshot({
                    path: path.join(SHOTS, `notebook-${mode}-failed.png`),
                });
                throw error;
            });
        const headers = await frame.locator(".phnb .grid:not([hidden]) .hname").allTextContents();
        assert.ok(
            headers.includes("browser") && headers.includes("c"),
            `grid columns: ${headers.join(", ")}`,
        );
        const chart = frame.locator(".phnb .chart[data-chart-type]");
        await chart.waitFor({ timeout: 30_000 });
        assert.equal(await chart.getAttribute("data-chart-type"), "line");
        await frame.locator(".phnb .chart[data-draw-ms]:not([data-draw-ms=''])").waitFor();
        const legend = await frame.locator(".phnb .chart .u-legend .u-series").allTextContents();
        assert.ok(
            legend.some((t) => /pageviews/.test(t)),
            `pageviews is a series: ${legend.join(", ")}`,
        );
        const bodyClass = await frame.locator("body").getAttribute("class");
        assert.match(bodyClass ?? "", new RegExp(`vscode-${mode}`));
        const summaries = await frame.locator(".phnb-summary").allTextContents();
        assert.equal(summaries.length, 2, `two outputs: ${summaries.join(" | ")}`);
        // Scroll the notebook until the chart output is in view for the screenshot.
        await page.locator(".notebook-editor .cell-list-container").first().hover();
        await waitFor("the chart output in view", async () => {
            const box = await chart.boundingBox();
            if (box && box.y > 60 && box.y + box.height < 790) return true;
            await page.mouse.wheel(0, 120);
            return false;
        });
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `notebook-${mode}.png`) });

        // Choosing the grid for the chart output is kept in the cell, so in the saved file.
        const file = path.join(bench().server.workspace, "queries", "traffic.hogqlnb");
        assert.match(fs.readFileSync(file, "utf8"), /"view": "chart"/);
        // The output that drew the line chart (its chart stays in the page while hidden).
        const pageviews = frame
            .locator(".phnb")
            .filter({ has: frame.locator('.chart[data-chart-type="line"]') });
        await pageviews.locator('vscode-button[data-action="grid"]').click();
        // Focus back on the workbench (F1 inside the output frame opens nothing).
        await page.locator('.tab[aria-label^="traffic.hogqlnb"]').first().click();
        await runCommand(page, "File: Save");
        await waitFor("the grid choice in the saved file", () =>
            /"view": "grid"/.test(fs.readFileSync(file, "utf8")),
        );
        // The notebook scrolled the output out of the page's view: click it where it is.
        await pageviews.locator('vscode-button[data-action="chart"]').dispatchEvent("click");
        await pageviews.locator(".chart:not([hidden])").waitFor();

        // The Markdown export carries the chart as the image the renderer drew.
        await page.locator('.tab[aria-label^="traffic.hogqlnb"]').first().click();
        await runCommand(page, "PostHog: Export Notebook as Markdown");
        await page
            .locator(".monaco-editor .view-lines", {
                hasText: "![Chart of cell 3](data:image/png;base64,",
            })
            .first()
            .waitFor({ timeout: 15_000 });
    });
});
