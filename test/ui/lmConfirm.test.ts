// The run tool's confirmation as VS Code shows it. An extension (here the test fixture
// test/fixtures/lm-test-model, standing in for any caller) invokes `posthog_run_query` through
// vscode.lm.invokeTool outside a chat; VS Code asks with a modal dialog built from the tool's
// confirmationMessages before it calls the tool. Only this workbench shows it: in an extension
// test run VS Code's dialog service confirms by itself, so the integration suite cannot see it.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Page } from "playwright-core";
import { waitFor } from "../waitFor";
import { openWorkbench, ROOT, runCommand, webviewFrame, type Workbench } from "./workbench";

const QUERY = "SELECT event, count() AS n FROM events GROUP BY event ORDER BY n DESC LIMIT 3";

describe("language model run tool confirmation in VS Code", function () {
    let bench: Workbench;

    /** The user's query requests (not the background ones named "PostHog Workbench: ..."). */
    const ran = () =>
        bench.sandbox.requests.filter(
            (r) => r.method === "POST" && /\/query\/$/.test(r.path) && r.body.includes(QUERY),
        ).length;

    /** Runs the fixture's command, types the query, and returns the dialog VS Code shows. */
    async function invokeTool(page: Page) {
        // The fixture's command reaches the palette once its extension is scanned, which a busy
        // machine may not have done yet: reopen the palette until it is listed.
        await waitFor(
            "the fixture's command in the command palette",
            () =>
                runCommand(page, "Invoke the PostHog Run Query Tool").then(
                    () => true,
                    async () => {
                        await page.keyboard.press("Escape");
                        return false;
                    },
                ),
            90_000,
            500,
        );
        const prompt = page.locator(".quick-input-widget", {
            hasText: "HogQL for posthog_run_query",
        });
        await prompt.waitFor({ timeout: 15_000 });
        await prompt.locator("input").fill(QUERY);
        await page.keyboard.press("Enter");
        const dialog = page.locator(".monaco-dialog-box");
        await dialog.waitFor({ timeout: 30_000 });
        return dialog;
    }

    /** Waits for a message the fixture's command shows (read from the screen reader's alerts). */
    const message = (page: Page, text: string) =>
        waitFor(
            `the message "${text}"`,
            async () => (await page.locator(".monaco-alert", { hasText: text }).count()) > 0,
            30_000,
        );

    before(async () => {
        bench = await openWorkbench({
            name: "ui-lm-confirm",
            extensions: [path.join(ROOT, "test", "fixtures", "lm-test-model")],
        });
    });

    afterEach(async () => {
        // A failed test may leave the modal open; the next one needs the workbench free.
        const open = bench.page.locator(".monaco-dialog-box .monaco-button", { hasText: "Cancel" });
        if (await open.isVisible()) await open.click();
    });

    after(async () => {
        await bench?.close();
    });

    it("shows the query and runs nothing when the user cancels", async () => {
        const { page } = bench;
        const dialog = await invokeTool(page);
        assert.equal(
            (await dialog.locator(".dialog-message-text").innerText()).trim(),
            "Run this HogQL query in PostHog?",
        );
        // The query on a line of its own (a code block in the Markdown, shown as plain text).
        const detail = await dialog.locator(".dialog-message-detail").innerText();
        assert.deepEqual(
            detail
                .split("\n")
                .map((line) => line.trim())
                .filter(Boolean),
            ["The model sees at most 50 rows of the result.", QUERY],
        );
        const shots = path.join(ROOT, ".vscode-test", "screenshots");
        fs.mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, "lm-run-query-confirmation.png") });
        await dialog.locator(".monaco-button", { hasText: "Cancel" }).click();
        await message(page, "The tool did not run: Canceled");
        assert.equal(ran(), 0, "PostHog was not asked");
    });

    it("runs the query once and opens the full result when the user confirms", async () => {
        const { page } = bench;
        const dialog = await invokeTool(page);
        const buttons = (await dialog.locator(".dialog-buttons .monaco-button").allInnerTexts())
            .map((b) => b.trim())
            .filter((b) => b && b !== "Cancel");
        assert.equal(buttons.length, 1, `one button besides Cancel: ${buttons.join(", ")}`);
        await dialog.locator(".dialog-buttons .monaco-button", { hasText: buttons[0] }).click();
        await message(page, "The tool answered: 3 rows, 2 columns.");
        assert.equal(ran(), 1, "the query ran once");
        const frame = await webviewFrame(page, '[role="gridcell"]', 60_000);
        const cells = await frame.locator('[role="gridcell"]').allTextContents();
        assert.ok(cells.includes("$pageview"), `the grid shows the events: ${cells.join(" | ")}`);
    });
});
