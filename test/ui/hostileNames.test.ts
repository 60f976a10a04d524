// The exploit of issue 39 as a user meets it: anyone with a project's public token can create an
// event definition named `x" [Undo](command:…sendSequence…) "`; deleting that junk definition
// showed "Undo" as a working link in the notification, and one click typed and ran a shell
// command in the terminal. Here the real workbench deletes it and the notification's DOM must
// hold no link at all, with the name inside its quotes.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { inMessage } from "../../src/shared/plainText";
import { hostileNames } from "../hostile/liveMarkup";
import { quotedName } from "../hostile/messages";
import { waitFor } from "../waitFor";
import {
    openWorkbench,
    ROOT,
    runCommand,
    runRowMenuItemToModal,
    showViewContainer,
    type Workbench,
} from "./workbench";

const EXPLOIT = hostileNames()[0].name;
/** The corpus' theme icon name: the status bar and quick picks render `$(name)` as an icon. */
const ICON_NAME = hostileNames().find((n) => n.name.startsWith("$(warning)"))?.name ?? "";
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
        // The definition's own row (the view's "no match" row names the search term too).
        const row = page.locator(".monaco-list-row", { hasText: "[Undo]" }).first();
        const dialog = page.locator(".monaco-dialog-box");
        // The view redraws as its search result arrives, which can close a context menu just
        // opened on the row: open it again until the confirmation shows. A search answered
        // before the row was listed is asked again.
        try {
            await waitFor(
                "the delete confirmation",
                async () => {
                    if ((await row.count()) === 0) {
                        await runCommand(page, "PostHog: Refresh Event Definitions");
                        await row.waitFor({ timeout: 10_000 }).catch(() => undefined);
                        return false;
                    }
                    return runRowMenuItemToModal(page, row, "Delete Event Definition");
                },
                90_000,
                200,
            );
        } catch (error) {
            // What the workbench showed instead, for whoever reads the failure.
            fs.mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({ path: path.join(SHOTS, "hostile-name-failed.png") });
            throw error;
        }
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

    it("a project named with a theme icon shows as text in the project pick and the status bar", async () => {
        const { page } = bench;
        const { state, projectId } = bench.sandbox;
        // The other project: switching to it changes the session, which redraws the status bar.
        const project = state.projects.find((p) => p.id !== projectId);
        assert.ok(project && ICON_NAME, "the sandbox's project and the corpus' icon name");
        project.name = ICON_NAME;
        await runCommand(page, "PostHog: Switch Project");
        const row = page
            .locator(".quick-input-list .monaco-list-row", { hasText: "fence" })
            .first();
        await row.waitFor({ timeout: 30_000 });
        assert.equal(await row.locator(".codicon-warning").count(), 0, "no icon in the pick");
        assert.match(await row.innerText(), /\$\(warning\)/, "the name as typed");
        await row.click();
        const item = page.locator(".statusbar-item", { hasText: "fence" }).first();
        await item.waitFor({ timeout: 30_000 });
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, "hostile-name-status-bar.png") });
        assert.equal(await item.locator(".codicon-warning").count(), 0, "no icon from the name");
        assert.equal(await item.locator(".codicon-graph").count(), 1, "our own icon");
        assert.match(await item.innerText(), /\$\(warning\)/, "the name as typed");
    });
});
