// The results grid inside the real VS Code: run a .hogql file on the sandbox and read the
// grid's cells through the webview frames, as a user would see them.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import {
    openFile,
    openWorkbench,
    ROOT,
    runCommand,
    webviewFrame,
    type Workbench,
} from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

for (const theme of ["Default Dark Modern", "Default Light Modern"]) {
    describe(`results grid in VS Code (${theme})`, function () {
        let bench: Workbench;

        before(async () => {
            bench = await openWorkbench({
                name: `ui-results-${theme.includes("Dark") ? "dark" : "light"}`,
                settings: { "workbench.colorTheme": theme },
            });
        });

        after(async () => {
            await bench?.close();
        });

        it("highlights HogQL in the theme's colours", async () => {
            const { page } = bench;
            await openFile(page, "showcase.hogql");
            const lines = page.locator(".monaco-editor .view-lines").first();
            await lines.waitFor({ timeout: 15_000 });
            await page.waitForTimeout(1500); // the grammar loads after the file opens
            const classes = await lines
                .locator("span[class^='mtk']")
                .evaluateAll((spans) => spans.map((span) => span.getAttribute("class") ?? ""));
            const distinct = new Set(
                classes.flatMap((c) => c.split(/\s+/)).filter((c) => /^mtk\d+$/.test(c)),
            );
            assert.ok(distinct.size >= 6, `several token colours (${[...distinct].join(" ")})`);
            fs.mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({
                path: path.join(SHOTS, `hogql-${theme.includes("Dark") ? "dark" : "light"}.png`),
            });
        });

        it("runs a file on the sandbox and shows each statement's rows in the grid", async () => {
            const { page } = bench;
            await openFile(page, "pageviews.hogql");
            await page.locator(".monaco-editor .view-lines").first().click();
            await runCommand(page, "PostHog: Run File");
            const frame = await webviewFrame(page, '[role="grid"]', 60_000);
            const headers = frame.locator('[role="columnheader"]');
            await headers.first().waitFor({ timeout: 30_000 });
            const headerText = (await headers.allTextContents()).join(" | ");
            assert.match(headerText, /day/);
            assert.match(headerText, /pageviews/);
            assert.match(headerText, /UInt64|Int64/, "headers show ClickHouse types");
            const cells = await frame.locator('[role="gridcell"]').allTextContents();
            assert.ok(cells.length > 2, `the grid shows cells (${cells.length})`);
            assert.ok(
                cells.some((text) => /^\d+$/.test(text.trim())),
                `a count is shown: ${cells.slice(0, 8).join(", ")}`,
            );
            const grid = frame.locator('[role="grid"]').first();
            assert.ok(Number(await grid.getAttribute("aria-rowcount")) > 1);
            // Two statements ran: two tabs.
            const tabs = await frame.locator('[role="tab"]').count();
            assert.ok(tabs >= 2, `one tab per statement (${tabs})`);
            fs.mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({
                path: path.join(SHOTS, `results-${theme.includes("Dark") ? "dark" : "light"}.png`),
            });
        });
    });
}
