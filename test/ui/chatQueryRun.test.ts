// `@posthog /query` in VS Code's chat as a user sees it: the drafted query shows with a
// "Run in PostHog" button and nothing reaches PostHog until the button is pressed; then the
// query runs once and its result opens in the grid. The draft comes from the test fixture's
// scripted model (test/fixtures/lm-test-model), asked through its command.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { waitFor } from "../waitFor";
import { openWorkbench, ROOT, runCommand, webviewFrame, type Workbench } from "./workbench";

const QUERY = "SELECT event, count() AS n FROM events GROUP BY event ORDER BY n DESC LIMIT 4";

describe("@posthog /query's Run button in VS Code's chat", function () {
    let bench: Workbench;

    /** How many queries PostHog received that were exactly QUERY. */
    const ran = () =>
        bench.sandbox.requests.filter(
            (r) =>
                r.method === "POST" &&
                /\/query\/$/.test(r.path) &&
                (JSON.parse(r.body) as { query?: { query?: unknown } }).query?.query === QUERY,
        ).length;

    before(async () => {
        bench = await openWorkbench({
            name: "ui-chat-query-run",
            extensions: [path.join(ROOT, "test", "fixtures", "lm-test-model")],
            // The harness's default turns VS Code's AI features (and so the chat) off.
            settings: { "chat.disableAIFeatures": false },
        });
    });

    after(async () => {
        await bench?.close();
    });

    it("shows the drafted query with a Run button, runs nothing until it is pressed, then runs it once", async () => {
        const { page } = bench;
        // The fixture's command reaches the palette once its extension is scanned.
        await waitFor(
            "the fixture's command in the command palette",
            () =>
                runCommand(page, "Ask @posthog /query With a Scripted Draft").then(
                    () => true,
                    async () => {
                        await page.keyboard.press("Escape");
                        return false;
                    },
                ),
            90_000,
            500,
        );
        const prompt = page.locator(".quick-input-widget", { hasText: "HogQL the model drafts" });
        await prompt.waitFor({ timeout: 15_000 });
        await prompt.locator("input").fill(QUERY);
        await page.keyboard.press("Enter");

        const response = page.locator(".interactive-item-container.interactive-response").last();
        const button = response.locator(".monaco-button", { hasText: "Run in PostHog" });
        // The draft is checked by PostHog's parser first, whose first load is slow on a busy
        // machine; a failure says what the chat showed instead.
        await button.waitFor({ timeout: 120_000 }).catch(async (error: unknown) => {
            const shown = (await response.innerText().catch(() => "(no response)")).trim();
            throw new Error(`no Run in PostHog button; the chat shows: ${shown}\n${String(error)}`);
        });
        const text = (await response.innerText()).replace(/\s+/g, " ");
        assert.ok(text.includes(QUERY), `the response shows the query: ${text}`);
        assert.match(text, /Check the query above: Run in PostHog runs it/);
        const shots = path.join(ROOT, ".vscode-test", "screenshots");
        fs.mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, "chat-query-run-button.png") });
        assert.equal(ran(), 0, "PostHog received nothing before the click");

        await button.click();
        const frame = await webviewFrame(page, '[role="gridcell"]', 60_000);
        const cells = await frame.locator('[role="gridcell"]').allTextContents();
        assert.ok(cells.includes("$pageview"), `the grid shows the events: ${cells.join(" | ")}`);
        assert.equal(ran(), 1, "the query ran once");
    });
});
