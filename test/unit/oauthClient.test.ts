// The client's OAuth core (src/auth/oauth/ and src/api/oauthHttp.ts, bearer.ts) against the
// sandbox's OAuth server over real HTTP.
import assert from "node:assert/strict";
import { clientWithBearer } from "../../src/api/bearerClient";
import { PostHogApiError } from "../../src/api/errors";
import { HttpTransport, resolveTimeouts } from "../../src/api/http";
import type { LogLevel } from "../../src/api/log";
import { OAuthFailure, OAuthHttp, type RegisteredClient } from "../../src/api/oauthHttp";
import { redact } from "../../src/api/redact";
import {
    CLIENT_NAME,
    type BrowserSignInDeps,
    neededScopes,
    signInWithBrowser,
} from "../../src/auth/oauth/browserSignIn";
import { PendingSignIns, SignInRefused } from "../../src/auth/oauth/callbacks";
import { listenOnLoopback } from "../../src/auth/oauth/loopback";
import { OAuthTokenSource } from "../../src/auth/oauth/tokenSource";
import type { OAuthSession } from "../../src/auth/oauth/tokens";
import { type Sandbox } from "../sandbox/index";
import { consent } from "../sandbox/oauthConsent";
import { useSandbox } from "./useSandbox";

const EDITOR_REDIRECT = "vscode://posthog.posthog-workbench/oauth-callback";

describe("OAuth client core", function () {
    this.timeout(30_000);
    let sb: Sandbox;
    let logs: { level: LogLevel; message: string }[];

    useSandbox((started) => ({ sb } = started));
    beforeEach(() => {
        sb.oauth.reset();
        logs = [];
    });
    afterEach(() => {
        // No token in any log line.
        for (const { message } of logs) assert.doesNotMatch(message, /ph[ar]_[A-Za-z0-9_-]{8,}/);
    });

    const log = (level: LogLevel, message: string) => logs.push({ level, message });

    function oauthHttp(origin = sb.url, requestMs = 5000) {
        return new OAuthHttp({
            origin,
            userAgent: "oauth-test",
            timeouts: resolveTimeouts({ requestMs }),
            log,
        });
    }

    function memoryRegistrations() {
        const kept = new Map<string, RegisteredClient>();
        return {
            kept,
            get: (host: string, uri: string) => kept.get(`${host} ${uri}`),
            set: (host: string, client: RegisteredClient) => {
                for (const uri of client.redirectUris) kept.set(`${host} ${uri}`, client);
                return Promise.resolve();
            },
        };
    }

    /** A sign-in whose "browser" answers consent with `choice` and hands the redirect back. */
    function deps(
        overrides: Partial<BrowserSignInDeps> & { choice?: "allow" | "deny" } = {},
    ): BrowserSignInDeps {
        const pending = overrides.pending ?? new PendingSignIns();
        return {
            http: oauthHttp(),
            registrations: memoryRegistrations(),
            pending,
            redirect: () => Promise.resolve({ uri: EDITOR_REDIRECT }),
            loopback: () => listenOnLoopback(pending),
            openBrowser: async (url) => {
                const location = await consent(url, overrides.choice ?? "allow");
                if (location.startsWith("http://127.0.0.1")) await fetch(location);
                else pending.handle(new URL(location));
                return true;
            },
            ...overrides,
        };
    }

    async function signedIn(): Promise<OAuthSession> {
        return signInWithBrowser(deps());
    }

    /** A client whose token source refreshes through the sandbox. */
    function clientFor(session: OAuthSession, ended: string[] = [], saved: OAuthSession[] = []) {
        const http = oauthHttp();
        let meta: Awaited<ReturnType<OAuthHttp["discover"]>> | undefined;
        const source = new OAuthTokenSource({
            session,
            refresh: async (token) => {
                meta ??= await http.discover();
                return http.refresh(meta, session.clientId, token);
            },
            save: (s) => {
                saved.push(s);
                return Promise.resolve();
            },
            ended: (reason) => void ended.push(reason),
        });
        const client = clientWithBearer(
            {
                host: sb.url,
                projectId: sb.projectId,
                log,
                retry: { maxAttempts: 2, baseDelayMs: 10 },
            },
            source,
        );
        return { client, source };
    }

    it("signs in in the browser: registers once per host, PKCE, the contract's scopes", async () => {
        const d = deps();
        const session = await signInWithBrowser(d);
        assert.equal(session.host, sb.url);
        assert.match(session.accessToken, /^pha_/);
        assert.match(session.refreshToken ?? "", /^phr_/);
        assert.equal(session.scope, neededScopes().join(" "));
        const [client] = [...sb.oauth.clients.values()];
        assert.equal(client.name, CLIENT_NAME);
        assert.deepEqual(client.redirectUris, [EDITOR_REDIRECT]);
        // The registration is kept: a second sign-in to the host registers nothing.
        await signInWithBrowser({ ...d, pending: d.pending });
        assert.equal(sb.oauth.registrations, 1);
    });

    it("falls back to a loopback redirect when the host refuses the editor's address", async () => {
        const session = await signInWithBrowser(
            deps({ redirect: () => Promise.resolve({ uri: "http://editor.example/callback" }) }),
        );
        assert.match(session.accessToken, /^pha_/);
        const [client] = [...sb.oauth.clients.values()];
        assert.match(client.redirectUris[0], /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    });

    it("tells a host without OAuth apart, with a sentence that says to use a key", async () => {
        sb.oauth.settings.enabled = false;
        await assert.rejects(signInWithBrowser(deps()), (err: OAuthFailure) => {
            assert.equal(err.kind, "no_oauth");
            assert.match(err.userMessage, /personal API key/);
            return true;
        });
    });

    it("refuses discovery that redirects elsewhere or names another issuer", async () => {
        sb.oauth.settings.discoveryRedirect = "https://evil.example/.well-known/x";
        await assert.rejects(
            oauthHttp().discover(),
            (err: OAuthFailure) => err.kind === "elsewhere",
        );
        sb.oauth.settings.discoveryRedirect = undefined;
        sb.oauth.settings.issuer = "https://evil.example";
        await assert.rejects(
            oauthHttp().discover(),
            (err: OAuthFailure) => err.kind === "elsewhere",
        );
        assert.equal(sb.oauth.registrations, 0);
    });

    it("refuses a callback with another state, and stores nothing", async () => {
        const registrations = memoryRegistrations();
        const pending = new PendingSignIns();
        const flow = signInWithBrowser(
            deps({
                pending,
                registrations,
                openBrowser: async (url) => {
                    const location = new URL(await consent(url, "allow"));
                    location.searchParams.set("state", "forged");
                    const outcome = pending.handle(location);
                    assert.equal(outcome.ok, false);
                    return true;
                },
            }),
        );
        await assert.rejects(flow, (err: SignInRefused) => err.reason === "state");
        assert.equal(sb.oauth.liveAccessTokens, 0);
        assert.equal(pending.size, 0);
    });

    it("refuses a callback for another host (iss) and a denied consent", async () => {
        const pending = new PendingSignIns();
        const other = signInWithBrowser(
            deps({
                pending,
                openBrowser: async (url) => {
                    const location = new URL(await consent(url, "allow"));
                    location.searchParams.set("iss", "https://eu.posthog.com");
                    pending.handle(location);
                    return true;
                },
            }),
        );
        await assert.rejects(other, (err: SignInRefused) => err.reason === "host");
        await assert.rejects(
            signInWithBrowser(deps({ choice: "deny" })),
            (err: SignInRefused) => err.reason === "denied",
        );
        assert.equal(sb.oauth.liveAccessTokens, 0);
    });

    it("a replayed callback finds no sign-in waiting", async () => {
        const pending = new PendingSignIns();
        let location: URL | undefined;
        await signInWithBrowser(
            deps({
                pending,
                openBrowser: async (url) => {
                    location = new URL(await consent(url, "allow"));
                    pending.handle(location);
                    return true;
                },
            }),
        );
        const replay = pending.handle(location!);
        assert.equal(replay.ok, false);
    });

    it("refuses a replayed or expired code at the exchange", async () => {
        const http = oauthHttp();
        const meta = await http.discover();
        const client = await http.register(meta, CLIENT_NAME, EDITOR_REDIRECT);
        const pending = new PendingSignIns();
        let code = "";
        const registrations = memoryRegistrations();
        await registrations.set(sb.url, client);
        const session = await signInWithBrowser(
            deps({
                pending,
                registrations,
                openBrowser: async (url) => {
                    const location = new URL(await consent(url, "allow"));
                    code = location.searchParams.get("code")!;
                    pending.handle(location);
                    return true;
                },
            }),
        );
        assert.ok(session.accessToken);
        const replay = http.exchange(meta, {
            clientId: client.clientId,
            code,
            verifier: "x".repeat(43),
            redirectUri: EDITOR_REDIRECT,
        });
        await assert.rejects(replay, (err: OAuthFailure) => err.kind === "refused");
        sb.oauth.settings.codeTtlSeconds = -1;
        await assert.rejects(
            signInWithBrowser(deps({ registrations })),
            (err: OAuthFailure) => err.kind === "refused",
        );
    });

    it("refreshes ahead of expiry, before the request goes out", async () => {
        sb.oauth.settings.accessTtlSeconds = 30; // inside the 60 s the source refreshes ahead
        const session = await signedIn();
        const saved: OAuthSession[] = [];
        const { client } = clientFor(session, [], saved);
        sb.requests.length = 0;
        await client.listExperimentsPage();
        assert.equal(sb.oauth.refreshes, 1);
        assert.equal(saved.length, 1);
        assert.notEqual(saved[0].refreshToken, session.refreshToken);
        // The only API request carried the new token: nothing was refused first.
        assert.deepEqual(
            sb.requests.map((r) => [r.response?.status, r.headers.authorization]),
            [[200, `Bearer ${saved[0].accessToken}`]],
        );
        await client.close();
    });

    it("refreshes once on a 401 that says the token expired, and retries once", async () => {
        const session = await signedIn();
        const { client } = clientFor(session);
        sb.oauth.expireAccessTokens();
        sb.requests.length = 0;
        const page = await client.listExperimentsPage();
        assert.ok(page.results.length > 0);
        assert.equal(sb.oauth.refreshes, 1);
        assert.deepEqual(
            sb.requests.map((r) => r.response?.status),
            [401, 200],
        );
        await client.close();
    });

    it("20 concurrent requests with an expired token share one refresh", async () => {
        const session = await signedIn();
        const saved: OAuthSession[] = [];
        const { client } = clientFor(session, [], saved);
        sb.oauth.expireAccessTokens();
        const results = await Promise.all(
            Array.from({ length: 20 }, () => client.listExperimentsPage()),
        );
        assert.equal(results.length, 20);
        assert.equal(sb.oauth.refreshes, 1);
        assert.equal(saved.length, 1);
        await client.close();
    });

    it("a revoked refresh ends the session once; nothing is retried in a loop", async () => {
        const session = await signedIn();
        const ended: string[] = [];
        const { client, source } = clientFor(session, ended);
        sb.oauth.revokeEverything();
        sb.requests.length = 0;
        const failures = await Promise.allSettled(
            Array.from({ length: 5 }, () => client.listExperimentsPage()),
        );
        for (const f of failures) {
            assert.equal(f.status, "rejected");
            const err = (f as PromiseRejectedResult).reason as PostHogApiError;
            assert.ok(err instanceof PostHogApiError);
            assert.match(err.userMessage, /sign-in .* has ended|Sign in again/);
        }
        assert.equal(ended.length, 1);
        assert.ok(source.ended);
        // Later requests fail at once, without asking the server again.
        const before = sb.requests.length;
        await assert.rejects(client.listExperimentsPage());
        assert.equal(sb.requests.length, before);
        await client.close();
    });

    it("a refresh that gets no answer fails the request and leaves the session", async () => {
        const session = await signedIn();
        const ended: string[] = [];
        const http = oauthHttp(sb.url, 300);
        const meta = await http.discover();
        const source = new OAuthTokenSource({
            session,
            refresh: (token) => http.refresh(meta, session.clientId, token),
            save: () => Promise.resolve(),
            ended: (reason) => void ended.push(reason),
        });
        const client = clientWithBearer(
            { host: sb.url, projectId: sb.projectId, log, retry: { maxAttempts: 1 } },
            source,
        );
        sb.oauth.settings.refreshDelayMs = 2000;
        sb.oauth.expireAccessTokens();
        await assert.rejects(client.listExperimentsPage(), (err: PostHogApiError) => {
            assert.match(err.userMessage, /Could not renew/);
            return true;
        });
        assert.equal(ended.length, 0);
        assert.ok(!source.ended);
        await client.close();
    });

    it("redacts OAuth access and refresh tokens like keys", () => {
        const text = "a pha_Ab-cD_ef0123456789 and a phr_Zy-xW_vu9876543210 token";
        assert.equal(redact(text), "a pha_[REDACTED] and a phr_[REDACTED] token");
    });

    it("never sends a token to another host", () => {
        const source = new OAuthTokenSource({
            session: {
                host: "https://us.posthog.com",
                clientId: "c",
                accessToken: "pha_x",
                expiresAt: Date.now() + 3_600_000,
                scope: "",
            },
            refresh: () => Promise.reject(new Error("no")),
            save: () => Promise.resolve(),
            ended: () => undefined,
        });
        assert.throws(
            () =>
                new HttpTransport({
                    origin: sb.url,
                    apiKey: "unused-key-value",
                    bearer: source,
                    userAgent: "t",
                    timeouts: resolveTimeouts({}),
                    log,
                }),
            /never sent to/,
        );
    });
});
