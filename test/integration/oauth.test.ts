// Signing in with PostHog in the browser (issue 44), in a real VS Code against the sandbox's OAuth
// server. The "browser" is the test: it submits the sandbox's consent form and hands the redirect
// to the extension's URI handler, as VS Code does with the editor's callback URI.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { startSandbox, type Sandbox } from "../sandbox";
import { consent } from "../sandbox/oauthConsent";
import { activateExtension, waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";
import { KEY_PATH, clearWorkspaceSettings } from "./signIn";

const BROWSER_PATH = "Sign in with PostHog (browser)";

describe("sign in with PostHog in the browser", function () {
    this.timeout(120_000);
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let openExternal: ExtensionApi["ctx"]["auth"]["browser"]["openExternal"];

    before(async () => {
        api = await activateExtension();
        sandbox = await startSandbox();
        openExternal = api.ctx.auth.browser.openExternal;
    });

    beforeEach(async () => {
        await forget();
        sandbox.oauth.reset();
    });

    after(async () => {
        api.ctx.auth.browser.openExternal = openExternal;
        await forget();
        await clearWorkspaceSettings();
        await sandbox?.close();
    });

    /** Leaves nothing of this sandbox's host behind (tokens, key, token source). */
    async function forget(): Promise<void> {
        await api.ctx.auth.oauth.delete(sandbox.url);
        await api.ctx.auth.keys.delete(sandbox.url);
        api.ctx.auth.session.forgetTokenSource(sandbox.url);
        await api.ctx.auth.session.reload();
    }

    /**
     * Runs Sign In, choosing the browser; the browser allows access and `tamper` may change the
     * redirect before it reaches the URI handler.
     */
    async function signInInBrowser(
        options: { tamper?: (location: URL) => void; answers?: unknown[] } = {},
    ): Promise<ScriptedUi> {
        api.ctx.auth.browser.openExternal = async (url) => {
            const location = new URL(await consent(url, "allow"));
            options.tamper?.(location);
            const uri = api.ctx.auth.browser
                .callbackUri()
                .with({ query: location.search.slice(1) });
            api.ctx.auth.browser.handleUri(uri);
            return true;
        };
        const ui = new ScriptedUi().answer(
            "Self-hosted...",
            sandbox.url,
            BROWSER_PATH,
            ...((options.answers as []) ?? [
                (choices: { description?: string; value: unknown }[]) =>
                    choices.find((c) => c.description?.startsWith(`id ${sandbox.projectId}`))
                        ?.value,
            ]),
        );
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.signIn");
        return ui;
    }

    async function signedInViaOAuth(): Promise<void> {
        const ui = await signInInBrowser();
        assert.deepEqual(
            ui.messages.filter((m) => m.level === "error"),
            [],
        );
        await waitFor("signed in through the browser", () => {
            const state = api.ctx.auth.session.state;
            return state.signedIn && state.host === sandbox.url && state.via === "oauth";
        });
    }

    const client = () => api.ctx.auth.session.client();

    it("signs in: tokens only in SecretStorage, the API called with the access token, the account listed", async () => {
        await signedInViaOAuth();
        const stored = await api.ctx.auth.oauth.get(sandbox.url);
        assert.ok(stored, "the tokens are kept");
        assert.match(stored.accessToken, /^pha_/);
        assert.equal(await api.ctx.auth.keys.get(sandbox.url), undefined, "no key was stored");
        assert.equal(sandbox.oauth.registrations, 1);
        const [registered] = [...sandbox.oauth.clients.values()];
        assert.equal(registered.name, "Workbench for PostHog (VS Code)");
        const page = await (await client()).listExperimentsPage();
        assert.ok(page.results.length > 0);
        assert.ok(
            sandbox.requests.some(
                (r) => r.headers.authorization === `Bearer ${stored.accessToken}`,
            ),
        );
        // What VS Code's Accounts menu lists: one account for the host, from the provider.
        const sessions = (await api.ctx.auth.accounts?.getSessions()) ?? [];
        assert.deepEqual(
            sessions.map((s) => [s.account.id, s.account.label]),
            [[sandbox.url, new URL(sandbox.url).host]],
        );
    });

    it("refreshes ahead of expiry, before the request goes out", async () => {
        sandbox.oauth.settings.accessTtlSeconds = 30; // inside the minute the client refreshes ahead
        await signedInViaOAuth();
        sandbox.requests.length = 0;
        await (await client()).listExperimentsPage();
        // The views may load at the same time and their refresh may be the one this request
        // shares, so count no refreshes here: ask which token each request carried. Every one
        // carries a token a refresh issued, none the token the sign-in's code was exchanged for.
        const bearers = sandbox.requests.map((r) => String(r.headers.authorization));
        assert.ok(bearers.length > 0, "the request went out");
        const unrefreshed = bearers.filter(
            (b) => !sandbox.oauth.refreshedAccessTokens.has(b.replace(/^Bearer /, "")),
        );
        assert.equal(
            unrefreshed.length,
            0,
            `${unrefreshed.length} of ${bearers.length} requests carried a token no refresh issued`,
        );
        const statuses = sandbox.requests.map((r) => r.response?.status);
        assert.ok(
            statuses.every((s) => s === 200),
            String(statuses),
        );
        // Kept: what SecretStorage holds is a refreshed pair (a view's later refresh may have
        // rotated it again since, so not necessarily the one this request carried).
        const stored = await api.ctx.auth.oauth.get(sandbox.url);
        assert.ok(
            stored && sandbox.oauth.refreshedAccessTokens.has(stored.accessToken),
            "the rotated tokens were kept",
        );
    });

    it("refreshes once on a 401 that says the token expired, and retries", async () => {
        await signedInViaOAuth();
        sandbox.oauth.expireAccessTokens();
        sandbox.requests.length = 0;
        const page = await (await client()).listExperimentsPage();
        assert.ok(page.results.length > 0);
        assert.equal(sandbox.oauth.refreshes, 1);
        // Refused once with the old token, then answered with the new one (the views' own
        // requests, if any went out meanwhile, share the same refresh).
        const statuses = sandbox.requests.map((r) => r.response?.status);
        assert.equal(statuses[0], 401, String(statuses));
        assert.equal(statuses[statuses.length - 1], 200, String(statuses));
    });

    it("a refresh refused for an earlier sign-in leaves the newer one signed in", async () => {
        // A request of the last sign-in still in flight when the user signed out and in again
        // (min-vscode run: its refusal ended the new sign-in and showed "has ended").
        await signedInViaOAuth();
        const first = await api.ctx.auth.oauth.get(sandbox.url);
        assert.ok(first);
        const earlier = await api.ctx.auth.session.tokenSource(first);
        const { generation } = await earlier.current();
        await forget();
        sandbox.oauth.reset();
        await signedInViaOAuth();
        const second = await api.ctx.auth.oauth.get(sandbox.url);
        assert.ok(second && second.refreshToken !== first.refreshToken);
        const ui = api.ctx.ui as ScriptedUi;
        // The earlier sign-in's refresh token is unknown to the server now: refused.
        await earlier.renew(generation);
        assert.ok(earlier.ended, "the earlier sign-in's refresh was refused");
        await (await client()).listExperimentsPage();
        assert.deepEqual(await api.ctx.auth.oauth.get(sandbox.url), second, "the tokens are kept");
        const state = api.ctx.auth.session.state;
        assert.ok(state.signedIn && state.via === "oauth");
        assert.deepEqual(
            ui.messages.filter((m) => m.level === "error"),
            [],
        );
    });

    it("20 concurrent requests share one refresh", async () => {
        await signedInViaOAuth();
        const c = await client();
        sandbox.oauth.expireAccessTokens();
        const pages = await Promise.all(Array.from({ length: 20 }, () => c.listExperimentsPage()));
        assert.equal(pages.length, 20);
        assert.equal(sandbox.oauth.refreshes, 1);
    });

    it("a revoked refresh clears the session, with one message offering Sign In", async () => {
        await signedInViaOAuth();
        const ui = new ScriptedUi();
        api.ctx.ui = ui;
        const c = await client();
        sandbox.oauth.revokeEverything();
        sandbox.requests.length = 0;
        const results = await Promise.allSettled(
            Array.from({ length: 3 }, () => c.listExperimentsPage()),
        );
        assert.ok(results.every((r) => r.status === "rejected"));
        await waitFor("signed out", () => !api.ctx.auth.session.state.signedIn);
        assert.equal(await api.ctx.auth.oauth.get(sandbox.url), undefined, "tokens forgotten");
        await waitFor("the message", () => ui.messages.length > 0);
        const errors = ui.messages.filter((m) => m.level === "error");
        assert.equal(errors.length, 1, JSON.stringify(ui.messages));
        assert.match(errors[0].text, /sign-in on .* has ended/);
        // Nothing retried in a loop: what went out (these calls', and the views' own) went with
        // the revoked token and met its 401, and a call made now sends nothing at all.
        assert.ok(sandbox.requests.length > 0);
        assert.ok(sandbox.requests.every((r) => r.response?.status === 401));
        assert.equal(new Set(sandbox.requests.map((r) => r.headers.authorization)).size, 1);
        const sent = sandbox.requests.length;
        await assert.rejects(c.listExperimentsPage());
        assert.equal(sandbox.requests.length, sent);
    });

    it("refuses a callback with another state, says so, and stores nothing", async () => {
        const ui = await signInInBrowser({
            tamper: (location) => location.searchParams.set("state", "forged-state"),
            answers: [],
        });
        const errors = ui.messages.filter((m) => m.level === "error").map((m) => m.text);
        assert.equal(errors.length, 1, JSON.stringify(ui.messages));
        assert.match(errors[0], /state mismatch/);
        assert.equal(await api.ctx.auth.oauth.get(sandbox.url), undefined);
        assert.equal(api.ctx.auth.session.state.signedIn, false);
        assert.equal(sandbox.oauth.liveAccessTokens, 0, "the code was never exchanged");
    });

    it("Sign Out revokes the tokens at PostHog, then forgets them", async () => {
        await signedInViaOAuth();
        const ui = new ScriptedUi();
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.signOut");
        assert.deepEqual(
            sandbox.oauth.revocations.map((r) => r.kind),
            ["refresh_token"],
        );
        assert.equal(sandbox.oauth.liveAccessTokens, 0);
        assert.equal(await api.ctx.auth.oauth.get(sandbox.url), undefined);
        await waitFor("signed out", () => !api.ctx.auth.session.state.signedIn);
    });

    it("signing out from the Accounts menu revokes, then forgets", async () => {
        await signedInViaOAuth();
        api.ctx.ui = new ScriptedUi();
        await api.ctx.auth.accounts?.removeSession(sandbox.url);
        assert.deepEqual(
            sandbox.oauth.revocations.map((r) => r.kind),
            ["refresh_token"],
        );
        assert.equal(await api.ctx.auth.oauth.get(sandbox.url), undefined);
        assert.deepEqual(await api.ctx.auth.accounts?.getSessions(), []);
        await waitFor("signed out", () => !api.ctx.auth.session.state.signedIn);
    });

    it("offers the key path, with why, on a host without OAuth", async () => {
        sandbox.oauth.settings.enabled = false;
        const ui = new ScriptedUi()
            .answer(
                "Self-hosted...",
                sandbox.url,
                BROWSER_PATH,
                sandbox.keys.full,
                (choices: { description?: string; value: unknown }[]) =>
                    choices.find((c) => c.description?.startsWith(`id ${sandbox.projectId}`))
                        ?.value,
            )
            .press("Use a Personal API Key");
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.signIn");
        const info = ui.messages.find((m) => m.level === "info")?.text ?? "";
        assert.match(info, /does not offer sign-in in the browser.*personal API key/);
        await waitFor("signed in with the key", () => {
            const state = api.ctx.auth.session.state;
            return state.signedIn && state.via === "key";
        });
        assert.equal(await api.ctx.auth.keys.get(sandbox.url), sandbox.keys.full);
    });

    it("the key path is offered second and works as before", async () => {
        const ui = new ScriptedUi().answer(
            "Self-hosted...",
            sandbox.url,
            (choices: { label: string; value: unknown }[]) => {
                assert.deepEqual(
                    choices.map((c) => c.label),
                    [BROWSER_PATH, KEY_PATH],
                );
                return choices[1].value;
            },
            sandbox.keys.full,
            (choices: { description?: string; value: unknown }[]) =>
                choices.find((c) => c.description?.startsWith(`id ${sandbox.projectId}`))?.value,
        );
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.signIn");
        await waitFor("signed in with the key", () => {
            const state = api.ctx.auth.session.state;
            return state.signedIn && state.via === "key";
        });
        assert.equal(sandbox.oauth.registrations, 0, "no OAuth call was made");
    });
});
