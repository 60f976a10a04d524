// The results panel's life in the real workbench: export the whole result through the save
// dialog, see the last result again after a window reload without re-running the query, and
// get every row of a result longer than its first screen (the bytes come when the page asks).
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { waitFor } from "../waitFor";
import {
    exportThroughSaveDialog,
    extensionLog,
    openWorkbench,
    runCommand,
    webviewFrame,
    type Workbench,
    runFile,
} from "./workbench";

describe("results panel in VS Code", function () {
    let bench: Workbench;

    // The user's queries only: completion data is fetched in the background under names that
    // start with "PostHog Workbench:" when a .hogql file opens, a reload included.
    const queryPosts = () =>
        bench.sandbox.requests.filter(
            (r) =>
                r.method === "POST" &&
                /\/query\/$/.test(r.path) &&
                !String((JSON.parse(r.body) as { name?: string }).name).startsWith(
                    "PostHog Workbench:",
                ),
        ).length;

    before(async () => {
        // Debug lines in the extension's log: how the panel posted a result's bytes.
        bench = await openWorkbench({ name: "ui-results-lifecycle", args: ["--log", "debug"] });
        const { page } = bench;
        await runFile(page, "pageviews.hogql");
        const frame = await webviewFrame(page, '[role="gridcell"]', 60_000);
        await frame.locator('[role="gridcell"]').first().waitFor({ timeout: 30_000 });
    });

    after(async () => {
        await bench?.close();
    });

    it("exports the whole result to CSV through the save dialog", async () => {
        const { page } = bench;
        const frame = await webviewFrame(page, '[data-action="export"]');
        const target = path.join(bench.server.workspace, "exported-pageviews.csv");
        const text = await exportThroughSaveDialog(page, frame, "CSV", target);
        const lines = text.trim().split(/\r?\n/);
        assert.equal(lines[0], "day,pageviews");
        assert.ok(lines.length >= 2, `rows were exported (${lines.length - 1})`);
        assert.match(lines[1], /^\d{4}-\d{2}-\d{2}/);
    });

    it("shows the last result again after a window reload, without re-running", async () => {
        const { page } = bench;
        const before = queryPosts();
        // Reloaded as VS Code reloads its window: the workbench saves its state (the open
        // editors, this panel among them) and then reloads the page. A browser reload saves it
        // while the page unloads without waiting for the save (BrowserLifecycleService: an
        // expected shutdown flushes storage first), and one fresh-clone run then came back with
        // no Results tab at all.
        const reloaded = page.waitForEvent("load", { timeout: 60_000 });
        await runCommand(page, "Developer: Reload Window");
        await reloaded;
        await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
        // VS Code restores the panel's tab; its webview is created when the tab is shown, so
        // show it as a user would if the reload left another editor in front.
        const tab = page.locator('.tab[aria-label^="Results:"]').first();
        await tab.waitFor({ timeout: 60_000 });
        await tab.click();
        const frame = await webviewFrame(page, '[role="gridcell"]', 60_000);
        const cells = await frame.locator('[role="gridcell"]').allTextContents();
        assert.ok(
            cells.some((text) => /^\d+$/.test(text.trim())),
            "the counts are back",
        );
        assert.equal(queryPosts(), before, "no query ran again");
    });

    it("sorts every row of a result longer than its first screen, whose bytes follow it compressed", async () => {
        const { page } = bench;
        // About 100 KB: code-server is a browser workbench, so the panel sends the bytes
        // gzip-compressed (results of 64 KB or more, panel.ts postBytes).
        fs.writeFileSync(
            path.join(bench.server.workspace, "thousand.hogql"),
            "SELECT number AS n, concat('row ', toString(number), ' with enough words to make " +
                "the whole result larger than sixty-four kilobytes') AS note " +
                "FROM numbers(1000) LIMIT 1000\n",
        );
        await runCommand(page, "View: Close All Editors");
        await runFile(page, "thousand.hogql");
        // The load brings the first 200 rows; the page asks for the response's bytes once it has
        // drawn them (panel.ts postBytes). Sorted descending, n = 999 comes from those bytes.
        const frame = await webviewFrame(page, '[role="grid"][aria-rowcount="1001"]', 60_000);
        const sort = frame.locator('.hcell[aria-colindex="2"] .hsort');
        await sort.click();
        await frame.locator('.hcell[aria-colindex="2"][aria-sort="ascending"]').waitFor();
        await sort.click();
        await frame.locator('.hcell[aria-colindex="2"][aria-sort="descending"]').waitFor();
        const first = frame.locator('.row:not([hidden]) .cell[aria-colindex="2"]').first();
        const text = await waitFor(
            "the largest n at the top",
            async () => {
                const t = (await first.textContent())?.trim();
                return t === "999" ? t : undefined;
            },
            30_000,
        );
        assert.equal(text, "999");
        // The log file is written a little after the line is logged.
        const posted = await waitFor(
            "the panel's log line on how it posted the bytes",
            async () =>
                extensionLog(bench.server)
                    .map((line) => /results: posted (\d+) bytes for (\d+)( \(gzip\))?/.exec(line))
                    .filter((m) => m !== null)
                    .at(-1),
            10_000,
        );
        const [, sent, total, gzip] = posted;
        assert.ok(gzip, `posted plain: ${posted[0]}`);
        assert.ok(Number(total) > 64 * 1024, `the result is ${total} bytes`);
        assert.ok(Number(sent) < Number(total) / 3, `sent ${sent} of ${total}`);
    });

    it("counts a running query's seconds in the status bar without animating it, and cancels the run from there", async () => {
        const { page, sandbox } = bench;
        // Every query waits 30 s before the sandbox answers: the run is still going while the
        // item is looked at.
        sandbox.faults.add({
            method: "POST",
            path: "/query/",
            kind: "slow",
            delayMs: 30_000,
            times: Infinity,
        });
        try {
            await runCommand(page, "View: Close All Editors");
            // A one-statement file of the workspace from the start: quick open may not list a file
            // written moments before (one fresh-clone run waited 15 s for it).
            await runFile(page, "wide-numbers.hogql");
            const item = page
                .locator(".part.statusbar .statusbar-item", { hasText: "HogQL" })
                .filter({ hasText: "Cancel" });
            await item.filter({ hasText: /HogQL( 1 s)? · Cancel/ }).waitFor();
            await item.filter({ hasText: "HogQL 2 s · Cancel" }).waitFor({ timeout: 10_000 });
            // A spinning icon would make the workbench draw many frames a second while the
            // query runs (runStatusItem.ts).
            const animations = await page
                .locator(".part.statusbar")
                .evaluate(
                    (bar: { getAnimations(o: { subtree: boolean }): unknown[] }) =>
                        bar.getAnimations({ subtree: true }).length,
                );
            assert.equal(animations, 0, "animations in the status bar while the query runs");
            await item.click();
            await item.waitFor({ state: "detached", timeout: 10_000 });
            // The panel opened for the run's result closes with nothing to show.
            await page
                .locator('.tab[aria-label^="Running: wide-numbers.hogql"]')
                .waitFor({ state: "detached", timeout: 10_000 });
        } finally {
            sandbox.faults.clear();
        }
    });
});
