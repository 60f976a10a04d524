// The browser's part of signing in with PostHog in code-server, shared by the UI tests: the tab
// the extension's vscode.env.openExternal opens on the sandbox's consent page, Allow, and the
// redirect back through code-server's callback page to the extension's URI handler.
import * as assert from "node:assert/strict";
import type { Page } from "playwright-core";

/**
 * The loopback address for a sandbox that a browser sign-in runs against: one VS Code does not
 * forward, as PostHog's own hosts are not. VS Code (as in code-server 4.139.1) sends a link to
 * localhost or 127.0.0.1 through its port mapping (http://<code-server>/proxy/<port>/...), and its
 * opener then writes the mapped link out as encodeURI(uri.toString(true)) (openerService.ts
 * _resolveExternalUriOpenTarget): the escapes in the query are decoded and lost, so `redirect_uri`
 * (code-server's callback, with a query of its own) came apart and the sandbox answered
 * "Mismatching redirect URI".
 */
export const BROWSER_SANDBOX_ADDRESS = "127.0.0.2";

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

/**
 * Chooses the browser at Sign In's "how" prompt, clicks Allow on the consent page that opens,
 * follows the redirect to code-server's callback and picks the sandbox's main project. Call it
 * with Sign In's host prompt open. `screenshot` is where the consent page's picture goes.
 */
export async function signInInBrowser(
    page: Page,
    sandbox: { url: string; projectId: number },
    screenshot?: string,
): Promise<void> {
    const opening = page.context().waitForEvent("page", { timeout: 60_000 });
    const rows = page.locator(".quick-input-list .monaco-list-row");
    await rows.filter({ hasText: "Configured host" }).first().click();
    await rows.filter({ hasText: "Sign in with PostHog (browser)" }).first().click();

    const consent = await externalPage(page, opening);
    await consent.waitForLoadState("domcontentloaded");
    assert.ok(consent.url().startsWith(`${sandbox.url}/oauth/authorize/?`), consent.url());
    await consent.locator("#allow").waitFor({ timeout: 15_000 });
    if (screenshot) await consent.screenshot({ path: screenshot });
    await consent.locator("#allow").click();
    // The sandbox redirects to code-server's callback page, which hands the code to the
    // workbench that waits for it.
    await consent.waitForURL((url) => url.pathname.endsWith("/callback"), { timeout: 30_000 });
    assert.equal(new URL(consent.url()).origin, new URL(page.url()).origin, consent.url());
    await consent.close();

    await page.bringToFront();
    // The sandbox's user sees two projects, so the sign-in asks which.
    await page
        .locator(".quick-input-widget", { hasText: "Pick the project to work in" })
        .waitFor({ timeout: 60_000 });
    await rows
        .filter({ hasText: `id ${sandbox.projectId}` })
        .first()
        .click();
}
