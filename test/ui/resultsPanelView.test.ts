// Results in VS Code's bottom panel (`results.location` = `panel`), as a user sees them: a run's
// grid opens in the panel, not in a tab; the page's Move button takes it to an editor tab and back;
// columns frozen and hidden through the header's menu. Leaves screenshots of the panel's results
// in .vscode-test/screenshots/results-panel.png and results-panel-columns.png.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Locator } from "playwright-core";
import { headerNames } from "../gridHeaders";
import { waitFor } from "../waitFor";
import { openWorkbench, ROOT, webviewFrame, type Workbench, runFile } from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

/** Waits for `locator` to be visible, or fails saying what it waited for. */
async function shown(what: string, locator: Locator, timeout = 30_000): Promise<void> {
    await locator.waitFor({ timeout }).catch((e: Error) => {
        throw new Error(`timed out waiting for ${what}: ${e.message.split("\n")[0]}`);
    });
}

/** Clicks `locator`, or fails saying what it tried to click. */
async function click(what: string, locator: Locator, right = false): Promise<void> {
    await locator.click({ timeout: 30_000, button: right ? "right" : "left" }).catch((e: Error) => {
        throw new Error(`could not click ${what}: ${e.message.split("\n")[0]}`);
    });
}

describe("results in the bottom panel in VS Code", function () {
    // Each test runs a query and moves the page around in a workbench shared by the machine's
    // other runs: the steps have their own bounded waits, each saying what it waited for.
    this.timeout(240_000);
    let bench: Workbench;

    before(async () => {
        bench = await openWorkbench({
            name: "ui-results-panel",
            settings: { "posthog-workbench.results.location": "panel" },
        });
        // Written now, long before Quick Open looks for it: the workbench's file search finds a
        // file written just before only once its watcher has seen it.
        fs.writeFileSync(
            path.join(bench.server.workspace, "panel-columns.hogql"),
            "SELECT number AS n, concat('user', toString(number)) AS name, number * 3 AS score, " +
                "concat('https://example.com/a/fairly/long/path/', toString(number)) AS url, " +
                'concat(\'{"plan":"team","seats":\', toString(number), \'}\') AS props, ' +
                "toString(number % 5) AS bucket, concat('a longer note written for row ', " +
                "toString(number), ', to make the grid wider than the panel') AS note, " +
                "concat('second note for row ', toString(number), ', also wide') AS more " +
                "FROM numbers(60) LIMIT 60\n",
        );
    });

    after(async () => {
        await bench?.close();
    });

    it("shows a run's grid in the panel, and moves it to a tab and back", async () => {
        const { page } = bench;
        await runFile(page, "pageviews.hogql");
        const frame = await webviewFrame(page, '[role="gridcell"]', 60_000);
        await shown("a grid cell in the panel's page", frame.locator('[role="gridcell"]').first());
        // In the panel's Results view, and in no editor tab.
        const view = page.locator(
            '.part.panel .pane-header[aria-label*="Results"], .part.panel .composite.title:has-text("Results")',
        );
        await shown("the Results view in the bottom panel", view.first());
        assert.equal(await page.locator('.tab[aria-label^="Results:"]').count(), 0);
        // The keyboard works there: a cell selected, moved down a row.
        await click("the first grid cell", frame.locator('[role="gridcell"]').first());
        await page.keyboard.press("ArrowDown");
        await waitFor(
            "a selected cell",
            async () =>
                (await frame.locator('[role="gridcell"][aria-selected="true"]').count()) > 0,
        );
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, "results-panel.png") });

        await click("the panel page's To Editor button", frame.locator('[data-action="move"]'));
        const tab = page.locator('.tab[aria-label^="Results:"]').first();
        await shown("a Results editor tab", tab);
        const inTab = await webviewFrame(page, '[data-action="move"]:has-text("To Panel")');
        await shown("a grid cell in the tab's page", inTab.locator('[role="gridcell"]').first());
        await click("the tab page's To Panel button", inTab.locator('[data-action="move"]'));
        await waitFor(
            "the Results editor tab to close",
            async () => (await page.locator('.tab[aria-label^="Results:"]').count()) === 0,
            30_000,
        );
        const back = await webviewFrame(page, '[data-action="move"]:has-text("To Editor")');
        await shown(
            "a grid cell in the panel's page again",
            back.locator('[role="gridcell"]').first(),
        );
    });

    it("freezes the first column and hides another through the header menu", async () => {
        const { page } = bench;
        await runFile(page, "panel-columns.hogql");
        const frame = await webviewFrame(page, '.hcell .hname:text-is("bucket")', 60_000);
        const header = (name: string) =>
            frame.locator(".hcell", { has: frame.locator(`.hname:text-is("${name}")`) });
        const menuItem = (text: string) => frame.locator(".menu-item", { hasText: text });
        await click("the header of n", header("n").locator(".hname"), true);
        await click("Freeze up to This Column", menuItem("Freeze up to This Column"));
        await waitFor("n frozen", async () =>
            (await header("n").getAttribute("class"))?.includes("frozen"),
        );
        await click("the header of score", header("score").locator(".hname"), true);
        await click("Hide Column", menuItem("Hide Column"));
        await waitFor(
            "score hidden",
            async () => !(await headerNames(frame)).includes("score") || undefined,
        );
        // The grid draws the columns in view only: the first ones, score gone from between them.
        assert.deepEqual((await headerNames(frame)).slice(0, 4), ["n", "name", "url", "props"]);
        // Scrolled right: the frozen column stays, the others slide under it.
        const before = await header("n").boundingBox();
        await frame.$eval(".grid", (g) => (g.scrollLeft = 120));
        await waitFor("the grid scrolled right", () =>
            frame.$eval(".grid", (g) => g.scrollLeft > 0),
        ).catch(async (e: Error) => {
            const size = await frame.$eval(".grid", (g) => [g.scrollWidth, g.clientWidth]);
            throw new Error(`${e.message} (grid scroll width, client width: ${size.join(", ")})`);
        });
        await waitFor("a column scrolled under the frozen n, n in its place", async () => {
            const n = await header("n").boundingBox({ timeout: 5_000 });
            const under = await frame.$$eval(".hcell:not(.frozen)", (cells) =>
                Math.min(...cells.map((c) => c.getBoundingClientRect().left)),
            );
            return !!n && !!before && Math.abs(n.x - before.x) < 0.5 && under < n.x + n.width;
        });
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, "results-panel-columns.png") });
    });
});
