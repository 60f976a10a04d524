// Signing in with PostHog in the browser (issue 44) as a user does it in a browser workbench
// (code-server): Sign In, the sandbox's consent page in a new tab, Allow, the redirect back
// through code-server's callback page to the extension's URI handler; then the views, the
// Accounts menu, and Sign Out from it, which revokes the tokens at the sandbox.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { startSandbox } from "../sandbox";
import { waitFor } from "../waitFor";
import { BROWSER_SANDBOX_ADDRESS, signInInBrowser } from "./browserConsent";
import {
    openWorkbench,
    ROOT,
    runMenuItemToModal,
    showViewContainer,
    type Workbench,
} from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");

describe("browser sign-in in VS Code", function () {
    let bench: Workbench;

    before(async () => {
        fs.mkdirSync(SHOTS, { recursive: true });
        bench = await openWorkbench(
            {
                name: "ui-browser-sign-in",
                settings: { "workbench.colorTheme": "Default Dark Modern" },
                // Signed out at the start: no key handed over.
                env: { POSTHOG_WORKBENCH_DEMO_KEY: "" },
            },
            () => startSandbox({ address: BROWSER_SANDBOX_ADDRESS }),
        );
    });

    afterEach(async function () {
        if (this.currentTest?.state === "failed")
            for (const [i, p] of (bench?.page.context().pages() ?? []).entries())
                await p
                    .screenshot({ path: path.join(SHOTS, `browser-sign-in-failed-${i}.png`) })
                    .catch(() => undefined);
    });

    after(async () => {
        await bench?.close();
    });

    it("signs in through the consent page and fills the views", async () => {
        const { page, sandbox } = bench;
        // The status bar's Sign In, where a signed-out user finds it.
        await page
            .locator(".statusbar-item", { hasText: "PostHog: Sign In" })
            .first()
            .click({ timeout: 60_000 });
        await signInInBrowser(page, sandbox, path.join(SHOTS, "browser-sign-in-consent.png"));
        await page
            .locator(".statusbar-item", { hasText: "Hogflix (production)" })
            .first()
            .waitFor({ timeout: 30_000 });

        await showViewContainer(page, "PostHog");
        await page
            .locator('.monaco-list-row[aria-label^="Checkout button color"]')
            .first()
            .waitFor({ timeout: 60_000 });
        assert.ok(sandbox.oauth.liveAccessTokens > 0, "the sandbox issued an access token");
    });

    it("shows the account in the Accounts menu, and Sign Out there revokes it", async () => {
        const { page, sandbox } = bench;
        const host = new URL(sandbox.url).host;
        const menu = page.locator(".monaco-menu-container .monaco-menu").first();
        const account = menu.locator(".action-item", { hasText: host }).first();
        const dialog = page.locator(".monaco-dialog-box");
        // VS Code asks before it signs an account out.
        await waitFor(
            "Sign Out in the Accounts menu to ask for confirmation",
            async () => {
                await page.keyboard.press("Escape");
                await page
                    .locator('.activitybar .action-item [aria-label^="Accounts"]')
                    .first()
                    .click();
                await account.waitFor({ timeout: 15_000 });
                await page.screenshot({ path: path.join(SHOTS, "browser-sign-in-accounts.png") });
                await account.hover();
                return runMenuItemToModal(
                    page,
                    page
                        .locator(".monaco-menu-container .action-item", { hasText: "Sign Out" })
                        .last(),
                );
            },
            90_000,
            200,
        );
        await dialog.locator(".monaco-button", { hasText: "Sign Out" }).first().click();
        await waitFor(
            "the sandbox to record the revocation",
            () => sandbox.oauth.revocations.length > 0,
            30_000,
            200,
        );
        assert.ok(
            sandbox.oauth.revocations.some((r) => r.kind === "refresh_token"),
            JSON.stringify(sandbox.oauth.revocations),
        );
    });
});
