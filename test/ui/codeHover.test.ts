// The hovers on PostHog calls in application code as a user sees them: the event hover (its
// definition, 30-day volume and sparkline, actions) and the flag hover (the experiment, its
// variants and primary result), screenshotted into .vscode-test/screenshots/.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Page } from "playwright-core";
import { openFile, openWorkbench, ROOT, shownEditorLines, type Workbench } from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

/** Puts the cursor at line:column (Go to Line) and shows the hover there (Show Hover). */
async function hoverAt(page: Page, where: string, text: string): Promise<string> {
    await shownEditorLines(page).click();
    await page.keyboard.press("Control+G");
    await page.locator(".quick-input-widget input").waitFor({ timeout: 15_000 });
    await page.keyboard.type(where);
    await page.keyboard.press("Enter");
    const hover = page.locator(".monaco-hover", { hasText: text }).first();
    // The data arrives in the background after the file opens: show the hover until it has it.
    for (let attempt = 0; ; attempt++) {
        await page.keyboard.press("Control+K");
        await page.keyboard.press("Control+I");
        try {
            await hover.waitFor({ state: "visible", timeout: 5_000 });
            break;
        } catch (error) {
            if (attempt >= 8) throw error;
            await page.keyboard.press("Escape");
        }
    }
    // Shown once its fade-in has ended, so the screenshot is not of a half-drawn hover.
    await hover.evaluate(
        (element: { getAnimations(o: object): { finished: Promise<unknown> }[] }) =>
            Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    return (await hover.textContent()) ?? "";
}

describe("PostHog calls in application code: the hovers", function () {
    let bench: Workbench;

    before(async () => {
        bench = await openWorkbench({
            name: "ui-code-hover",
            settings: { "workbench.colorTheme": "Default Dark Modern" },
        });
        fs.mkdirSync(SHOTS, { recursive: true });
    });

    after(async () => {
        await bench?.close();
    });

    it("shows an event's definition, volume and actions, and an experiment's result on its flag", async () => {
        const { page } = bench;
        await openFile(page, "app.js");
        // Line 2 is `posthog.capture("signed_up");`: the cursor inside the name.
        const event = await hoverAt(page, "2:20", "Last 30 days");
        assert.match(event, /PostHog event/);
        assert.match(event, /A user finished the signup form/);
        assert.match(event, /Query This Event/);
        assert.match(event, /Reveal in Event Definitions/);
        await page.screenshot({ path: path.join(SHOTS, "code-hover-event.png") });
        await page.keyboard.press("Escape");

        // Line 6 is `posthog.isFeatureEnabled("checkout-button-color");`.
        const flag = await hoverAt(page, "6:30", "Primary metric");
        assert.match(flag, /Checkout button color/);
        assert.match(flag, /Open Experiment/);
        await page.screenshot({ path: path.join(SHOTS, "code-hover-flag.png") });
    });
});
