// The HogQL editor as a user sees it: signature help with PostHog's argument counts while a call
// is typed, and the outline built from PostHog's parse (statements and the CTE), in a screenshot.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import {
    openFile,
    openWorkbench,
    ROOT,
    runCommand,
    shownEditorLines,
    type Workbench,
} from "./workbench";

describe("HogQL editor in VS Code: signature help and outline", function () {
    let bench: Workbench;

    before(async () => {
        bench = await openWorkbench({
            name: "ui-hogql-editor",
            settings: { "workbench.colorTheme": "Default Dark Modern" },
        });
    });

    after(async () => {
        await bench?.close();
    });

    it("shows the call's signature and the file's outline", async () => {
        const { page } = bench;
        await openFile(page, "showcase.hogql");
        await runCommand(page, "Explorer: Focus on Outline View");
        const row = (label: string) =>
            page.locator(`.outline-pane .monaco-list-row[aria-label^="${label}"]`).first();
        await row("Statement 1").waitFor({ timeout: 30_000 });
        if ((await row("Statement 1").getAttribute("aria-expanded")) === "false")
            await row("Statement 1").click();
        await row("signups").waitFor({ timeout: 15_000 });
        await row("Statement 2").waitFor({ timeout: 15_000 });

        // Line 13 is `    toStartOfWeek(first_seen) AS "week start",`: cursor after the `(`.
        await shownEditorLines(page).click();
        await page.keyboard.press("Control+G");
        await page.locator(".quick-input-widget input").waitFor({ timeout: 15_000 });
        await page.keyboard.type("13:19");
        await page.keyboard.press("Enter");
        await page.keyboard.press("Control+Shift+Space");
        // The widget fills in once the provider answers: wait for PostHog's counts in it.
        const hints = page.locator(".parameter-hints-widget", { hasText: "Takes" }).first();
        await hints.waitFor({ state: "visible", timeout: 15_000 });
        const text = (await hints.textContent()) ?? "";
        assert.match(text, /toStartOfWeek\(/);
        assert.match(text, /Takes 1 to 2 arguments/);

        const shots = path.join(ROOT, ".vscode-test", "screenshots");
        fs.mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, "hogql-signature-outline.png") });
    });
});
