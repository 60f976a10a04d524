// The exploit of issue 39 as a user meets it: anyone with a project's public token can create an
// event definition named `x" [Undo](command:…sendSequence…) "`; deleting that junk definition
// showed "Undo" as a working link in the notification, and one click typed and ran a shell
// command in the terminal. Here the real workbench deletes it and the notification's DOM must
// hold no link at all, with the name inside its quotes.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { inMessage } from "../../src/plainText";
import { hostileNames } from "../hostile/liveMarkup";
import { quotedName } from "../hostile/messages";
import { openWorkbench, ROOT, runCommand, showViewContainer, type Workbench } from "./workbench";

const EXPLOIT = hostileNames()[0].name;
const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");
/** What VS Code renders a link of a message as (`<a href="command:…">`). */
const LINK = "a, .monaco-link";

describe("the hostile-name exploit in VS Code", function () {
    let bench: Workbench;

    before(async () => {
        bench = await openWorkbench({ name: "ui-hostile-names" });
        const { state, projectId } = bench.sandbox;
        const base = state.eventDefinitions.find((d) => d.team_id === projectId);
        assert.ok(base, "the seed has definitions");
        state.eventDefinitions.push({
            ...base,
            id: "00000000-0000-4000-8000-00000000e391",
            name: EXPLOIT,
            description: null,
            tags: [],
            verified: false,
            hidden: false,
        });
    });

    after(async () => {
        await bench?.close();
    });

    it("deleting the exploit-named definition shows a notification with no link", async () => {
        const { page } = bench;
        await showViewContainer(page, "PostHog");
        // Signed in (through the demo key hand-over) once the views list the sandbox's rows.
        await page
            .locator('.monaco-list-row[aria-label^="Checkout button color"]')
            .first()
            .waitFor({ timeout: 60_000 });
        // Only the exploit's row, so it is on screen whatever the view's height.
        await runCommand(page, "PostHog: Search Event Definitions...");
        const input = page.locator(".quick-input-widget input");
        await input.waitFor({ timeout: 15_000 });
        await input.fill("sendSequence");
        await page.keyboard.press("Enter");
        const row = page.locator('.monaco-list-row[aria-label*="sendSequence"]').first();
        await row.waitFor({ timeout: 30_000 });
        await row.click({ button: "right" });
        await page
            .locator(".context-view .action-item", { hasText: "Delete Event Definition" })
            .first()
            .click({ timeout: 15_000 });

        const dialog = page.locator(".monaco-dialog-box");
        await dialog.waitFor({ timeout: 30_000 });
        // Its buttons are links themselves; the question and its detail must hold none.
        const text = dialog.locator(".dialog-message-text, .dialog-message-detail");
        assert.equal(await text.count(), 2);
        assert.equal(await text.locator(LINK).count(), 0, "no link in the confirmation");
        const question = (await dialog.locator(".dialog-message-text").innerText()).trim();
        await dialog.locator(".dialog-buttons .monaco-button", { hasText: "Delete" }).click();

        // The headless workbench keeps toasts hidden; the notification centre lists them.
        await runCommand(page, "Notifications: Show Notifications");
        const notification = page
            .locator(".notifications-center .notification-list-item", {
                hasText: "Deleted the event definition",
            })
            .first();
        await notification.waitFor({ timeout: 30_000 });
        await page.locator(".quick-input-widget").waitFor({ state: "hidden", timeout: 15_000 });
        // Expanded, so the screenshot shows the whole message.
        await notification.hover();
        await notification.locator(".codicon-notifications-expand").click({ timeout: 15_000 });
        await notification.locator(".codicon-notifications-collapse").waitFor({ timeout: 15_000 });
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, "hostile-name-deleted.png") });
        // Its own buttons (configure, expand, clear) are links; the message must hold none.
        const shown = notification.locator(".notification-list-item-message");
        assert.equal(await shown.locator(LINK).count(), 0, "no link in the notification");
        const message = (await shown.innerText()).trim();
        assert.equal(quotedName(message, "Deleted the event definition ", "."), inMessage(EXPLOIT));
        assert.equal(quotedName(question, "Delete the event definition ", "?"), inMessage(EXPLOIT));
        assert.ok(
            !bench.sandbox.state.eventDefinitions.some((d) => d.name === EXPLOIT),
            "the definition is gone from the service",
        );
    });
});
