// Signing in with PostHog in the browser (issue 44) as a user does it in a browser workbench
// (code-server): Sign In, the sandbox's consent page in a new tab, Allow, the redirect back
// through code-server's callback page to the extension's URI handler; then the views, the
// Accounts menu, and Sign Out from it, which revokes the tokens at the sandbox.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Page } from "playwright-core";
import { startSandbox } from "../sandbox";
import { waitFor } from "../waitFor";
import { openWorkbench, ROOT, showViewContainer, type Workbench } from "./workbench";

const SHOTS = path.join(ROOT, ".vscode-test", "screenshots");
/**
 * The sandbox listens on a loopback address VS Code does not forward, as PostHog's own hosts are
 * not. VS Code (as in code-server 4.139.1) sends a link to localhost or 127.0.0.1 through its port
 * mapping (http://<code-server>/proxy/<port>/...), and its opener then writes the mapped link out
 * as encodeURI(uri.toString(true)) (openerService.ts _resolveExternalUriOpenTarget): the escapes
 * in the query are decoded and lost, so `redirect_uri` (code-server's callback, with a query of
 * its own) came apart and the sandbox answered "Mismatching redirect URI".
 */
const SANDBOX_ADDRESS = "127.0.0.2";

/**
 * The page the extension's vscode.env.openExternal opened. code-server opens an external link
 * in a new tab, or first asks in a dialog (then Open opens it): either way a new tab comes.
 */
async function externalPage(page: Page, opening: Promise<Page>): Promise<Page> {
    const dialog = page.locator(".monaco-dialog-box");
    const first = await Promise.race([
        opening,
        dialog.waitFor({ timeout: 30_000 }).then(() => undefined),
    ]);
    if (first) return first;
    await dialog.locator(".monaco-button", { hasText: "Open" }).first().click();
    return opening;
}

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
            () => startSandbox({ address: SANDBOX_ADDRESS }),
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
        const opening = page.context().waitForEvent("page", { timeout: 60_000 });
        // The status bar's Sign In, where a signed-out user finds it.
        await page
            .locator(".statusbar-item", { hasText: "PostHog: Sign In" })
            .first()
            .click({ timeout: 60_000 });
        const rows = page.locator(".quick-input-list .monaco-list-row");
        await rows.filter({ hasText: "Configured host" }).first().click();
        await rows.filter({ hasText: "Sign in with PostHog (browser)" }).first().click();

        const consent = await externalPage(page, opening);
        await consent.waitForLoadState("domcontentloaded");
        assert.ok(consent.url().startsWith(`${sandbox.url}/oauth/authorize/?`), consent.url());
        await consent.locator("#allow").waitFor({ timeout: 15_000 });
        await consent.screenshot({ path: path.join(SHOTS, "browser-sign-in-consent.png") });
        await consent.locator("#allow").click();
        // The sandbox redirects to code-server's callback page, which hands the code to the
        // workbench that waits for it.
        await consent.waitForURL((url) => url.pathname.endsWith("/callback"), { timeout: 30_000 });
        const callback = new URL(consent.url());
        assert.equal(callback.origin, new URL(page.url()).origin, callback.href);

        await page.bringToFront();
        // The sandbox's user sees two projects, so the sign-in asks which.
        await page
            .locator(".quick-input-widget", { hasText: "Pick the project to work in" })
            .waitFor({ timeout: 60_000 });
        await rows
            .filter({ hasText: `id ${sandbox.projectId}` })
            .first()
            .click();
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
        await page.locator('.activitybar .action-item [aria-label^="Accounts"]').first().click();
        const menu = page.locator(".monaco-menu-container .monaco-menu").first();
        const account = menu.locator(".action-item", { hasText: host }).first();
        await account.waitFor({ timeout: 15_000 });
        await page.screenshot({ path: path.join(SHOTS, "browser-sign-in-accounts.png") });
        await account.hover();
        await page
            .locator(".monaco-menu-container .action-item", { hasText: "Sign Out" })
            .last()
            .click();
        // VS Code asks before it signs an account out.
        const dialog = page.locator(".monaco-dialog-box");
        await dialog.waitFor({ timeout: 15_000 });
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
