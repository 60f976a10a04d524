// Results in VS Code's bottom panel (`results.location` = `panel`), as a user sees them: a run's
// grid opens in the panel, not in a tab; the page's Move button takes it to an editor tab and back.
// Leaves a screenshot of the panel's results in .vscode-test/screenshots/results-panel.png.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { waitFor } from "../waitFor";
import { openWorkbench, ROOT, webviewFrame, type Workbench, runFile } from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

describe("results in the bottom panel in VS Code", function () {
    let bench: Workbench;

    before(async () => {
        bench = await openWorkbench({
            name: "ui-results-panel",
            settings: { "posthog-workbench.results.location": "panel" },
        });
    });

    after(async () => {
        await bench?.close();
    });

    it("shows a run's grid in the panel, and moves it to a tab and back", async () => {
        const { page } = bench;
        await runFile(page, "pageviews.hogql");
        const frame = await webviewFrame(page, '[role="gridcell"]', 60_000);
        await frame.locator('[role="gridcell"]').first().waitFor({ timeout: 30_000 });
        // In the panel's Results view, and in no editor tab.
        const view = page.locator(
            '.part.panel .pane-header[aria-label*="Results"], .part.panel .composite.title:has-text("Results")',
        );
        await view.first().waitFor({ timeout: 30_000 });
        assert.equal(await page.locator('.tab[aria-label^="Results:"]').count(), 0);
        // The keyboard works there: a cell selected, moved down a row.
        await frame.locator('[role="gridcell"]').first().click();
        await page.keyboard.press("ArrowDown");
        await waitFor(
            "a selected cell",
            async () =>
                (await frame.locator('[role="gridcell"][aria-selected="true"]').count()) > 0,
        );
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, "results-panel.png") });

        await frame.locator('[data-action="move"]').click();
        const tab = page.locator('.tab[aria-label^="Results:"]').first();
        await tab.waitFor({ timeout: 30_000 });
        const inTab = await webviewFrame(page, '[data-action="move"]:has-text("To Panel")');
        await inTab.locator('[role="gridcell"]').first().waitFor({ timeout: 30_000 });
        await inTab.locator('[data-action="move"]').click();
        await waitFor(
            "the tab closed",
            async () => (await page.locator('.tab[aria-label^="Results:"]').count()) === 0,
            30_000,
        );
        const back = await webviewFrame(page, '[data-action="move"]:has-text("To Editor")');
        await back.locator('[role="gridcell"]').first().waitFor({ timeout: 30_000 });
    });
});
