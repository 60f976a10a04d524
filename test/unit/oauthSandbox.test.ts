// The sandbox's OAuth server over HTTP, held to PostHog's rules (see test/sandbox/oauth.ts for
// the files and commits they come from).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { type Sandbox } from "../sandbox/index";
import { s256 } from "../sandbox/oauth";
import { consent } from "../sandbox/oauthConsent";
import { useSandbox } from "./useSandbox";

const REDIRECT = "http://127.0.0.1:7777/callback";

describe("sandbox OAuth server", function () {
    this.timeout(20_000);
    let sb: Sandbox;

    useSandbox((started) => ({ sb } = started));
    beforeEach(() => sb.oauth.reset());

    async function post(path: string, body: unknown, form = false) {
        const res = await fetch(sb.url + path, {
            method: "POST",
            headers: {
                "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json",
            },
            body: form
                ? new URLSearchParams(body as Record<string, string>).toString()
                : JSON.stringify(body),
            redirect: "manual",
        });
        const text = await res.text();
        return {
            status: res.status,
            json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        };
    }

    async function register(name = "Workbench for VS Code", redirect = REDIRECT) {
        const r = await post("/oauth/register/", {
            client_name: name,
            redirect_uris: [redirect],
            grant_types: ["authorization_code", "refresh_token"],
            token_endpoint_auth_method: "none",
        });
        return r;
    }

    function authorizeUrl(clientId: string, verifier: string, state = "s1", extra = {}) {
        const u = new URL(`${sb.url}/oauth/authorize/`);
        const params: Record<string, string> = {
            response_type: "code",
            client_id: clientId,
            redirect_uri: REDIRECT,
            scope: "experiment:read query:read",
            state,
            code_challenge: s256(verifier),
            code_challenge_method: "S256",
            ...extra,
        };
        for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
        return u.toString();
    }

    /** Registers, consents and exchanges the code: a signed-in pair of tokens. */
    async function signIn() {
        const clientId = (await register()).json.client_id as string;
        const verifier = randomBytes(32).toString("base64url");
        const back = new URL(await consent(authorizeUrl(clientId, verifier), "allow"));
        const code = back.searchParams.get("code")!;
        const tokens = await post(
            "/oauth/token/",
            {
                grant_type: "authorization_code",
                code,
                redirect_uri: REDIRECT,
                client_id: clientId,
                code_verifier: verifier,
            },
            true,
        );
        return { clientId, verifier, code, tokens };
    }

    const api = (token: string, path = `/api/projects/1/experiments/`) =>
        fetch(sb.url + path, { headers: { Authorization: `Bearer ${token}` } });

    it("serves discovery with its own origin as issuer and S256 only", async () => {
        const res = await fetch(`${sb.url}/.well-known/oauth-authorization-server`);
        const doc = (await res.json()) as Record<string, unknown>;
        assert.equal(doc.issuer, sb.url);
        assert.equal(doc.registration_endpoint, `${sb.url}/oauth/register/`);
        assert.equal(doc.token_endpoint, `${sb.url}/oauth/token/`);
        assert.deepEqual(doc.code_challenge_methods_supported, ["S256"]);
        assert.ok((doc.scopes_supported as string[]).includes("experiment:read"));
        assert.ok(!(doc.scopes_supported as string[]).includes("*"));
    });

    it("answers 404 everywhere when OAuth is off (an older self-hosted PostHog)", async () => {
        sb.oauth.settings.enabled = false;
        const res = await fetch(`${sb.url}/.well-known/oauth-authorization-server`);
        assert.equal(res.status, 404);
        assert.equal((await register()).status, 404);
    });

    it("registers public clients and refuses names that impersonate PostHog", async () => {
        const ok = await register();
        assert.equal(ok.status, 201);
        assert.equal(ok.json.token_endpoint_auth_method, "none");
        assert.equal(typeof ok.json.client_id, "string");
        for (const [name, why] of [
            ["PostHog Workbench", "cannot start with 'posthog'"],
            ["Workbench (Official)", "cannot contain 'official'"],
            ["A verified app", "cannot contain 'verified'"],
            ["trusted thing", "cannot contain 'trusted'"],
        ]) {
            const r = await register(name);
            assert.equal(r.status, 400, name);
            assert.equal(r.json.error, "invalid_client_metadata");
            assert.match(
                String(r.json.error_description),
                new RegExp(why.replace(/[()]/g, "\\$&")),
            );
        }
        const bad = await register("Fine", "http://example.com/callback");
        assert.equal(bad.json.error, "invalid_redirect_uri");
        const custom = await register("Fine", "vscode://publisher.ext/oauth-callback");
        assert.equal(custom.status, 201);
    });

    it("throttles registration at 60 a minute per address (DCRBurstThrottle)", async () => {
        for (let i = 0; i < 60; i++) assert.equal((await register()).status, 201);
        const r = await register();
        assert.equal(r.status, 429);
    });

    it("shows a consent page with the client name escaped", async () => {
        const clientId = (await register('<img src=x onerror="alert(1)">')).json
            .client_id as string;
        const page = await fetch(authorizeUrl(clientId, "v".repeat(43)));
        const html = await page.text();
        assert.equal(page.status, 200);
        assert.ok(!html.includes("<img"), html);
        assert.match(html, /&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;/);
        assert.match(html, /id="allow"/);
        assert.match(html, /id="deny"/);
    });

    it("refuses an unregistered redirect URI with a page, never a redirect", async () => {
        const clientId = (await register()).json.client_id as string;
        const res = await fetch(
            authorizeUrl(clientId, "v".repeat(43), "s", {
                redirect_uri: "https://evil.example/cb",
            }),
            { redirect: "manual" },
        );
        assert.equal(res.status, 400);
        assert.equal(res.headers.get("location"), null);
    });

    it("sends a request without PKCE back with invalid_request", async () => {
        const clientId = (await register()).json.client_id as string;
        const url = new URL(authorizeUrl(clientId, "v".repeat(43)));
        url.searchParams.delete("code_challenge");
        const back = new URL(await consent(url.toString(), "allow"));
        assert.equal(back.searchParams.get("error"), "invalid_request");
        assert.equal(back.searchParams.get("state"), "s1");
    });

    it("Deny sends access_denied back with the state", async () => {
        const clientId = (await register()).json.client_id as string;
        const back = new URL(await consent(authorizeUrl(clientId, "v".repeat(43), "st"), "deny"));
        assert.equal(back.searchParams.get("error"), "access_denied");
        assert.equal(back.searchParams.get("state"), "st");
        assert.equal(back.searchParams.get("code"), null);
    });

    it("exchanges a code with PKCE for tokens that carry the granted scopes", async () => {
        const { tokens } = await signIn();
        assert.equal(tokens.status, 200);
        assert.match(String(tokens.json.access_token), /^pha_/);
        assert.match(String(tokens.json.refresh_token), /^phr_/);
        assert.equal(tokens.json.token_type, "Bearer");
        assert.equal(tokens.json.expires_in, 7 * 24 * 60 * 60);
        assert.equal(tokens.json.scope, "experiment:read query:read");
        const token = String(tokens.json.access_token);
        assert.equal((await api(token)).status, 200);
        // The same permission table as keys: no event_definition scope was granted.
        const refused = await api(token, "/api/projects/1/event_definitions/");
        assert.equal(refused.status, 403);
        const body = (await refused.json()) as { detail: string };
        assert.equal(body.detail, "API key missing required scope 'event_definition:read'");
    });

    it("refuses a wrong verifier, a replayed code and an expired one", async () => {
        const clientId = (await register()).json.client_id as string;
        const verifier = randomBytes(32).toString("base64url");
        const code = async () =>
            new URL(await consent(authorizeUrl(clientId, verifier), "allow")).searchParams.get(
                "code",
            )!;
        const exchange = (c: string, v = verifier) =>
            post(
                "/oauth/token/",
                {
                    grant_type: "authorization_code",
                    code: c,
                    redirect_uri: REDIRECT,
                    client_id: clientId,
                    code_verifier: v,
                },
                true,
            );
        const wrong = await exchange(await code(), randomBytes(32).toString("base64url"));
        assert.equal(wrong.json.error, "invalid_grant");

        const once = await code();
        const first = await exchange(once);
        assert.equal(first.status, 200);
        const replay = await exchange(once);
        assert.equal(replay.json.error, "invalid_grant");
        // A replayed code revokes what it was exchanged for.
        assert.equal((await api(String(first.json.access_token))).status, 401);

        sb.oauth.settings.codeTtlSeconds = -1;
        const expired = await exchange(await code());
        assert.equal(expired.json.error, "invalid_grant");
    });

    it("answers 401 'Access token has expired.' for an expired token", async () => {
        const { tokens } = await signIn();
        sb.oauth.expireAccessTokens();
        const res = await api(String(tokens.json.access_token));
        assert.equal(res.status, 401);
        assert.equal(
            ((await res.json()) as { detail: string }).detail,
            "Access token has expired.",
        );
    });

    it("rotates the refresh token; reuse after the grace period revokes the family", async () => {
        const { clientId, tokens } = await signIn();
        const refresh = (token: string) =>
            post(
                "/oauth/token/",
                { grant_type: "refresh_token", refresh_token: token, client_id: clientId },
                true,
            );
        const first = String(tokens.json.refresh_token);
        const next = await refresh(first);
        assert.equal(next.status, 200);
        assert.notEqual(next.json.refresh_token, first);
        assert.equal(sb.oauth.refreshes, 1);
        // The old access token went with the rotation.
        assert.equal((await api(String(tokens.json.access_token))).status, 401);
        // Within the grace period the old refresh token gets the same pair back.
        const again = await refresh(first);
        assert.equal(again.json.access_token, next.json.access_token);
        sb.oauth.settings.refreshGraceSeconds = -1;
        const reused = await refresh(first);
        assert.equal(reused.json.error, "invalid_grant");
        assert.equal((await api(String(next.json.access_token))).status, 401);
        assert.equal((await refresh(String(next.json.refresh_token))).json.error, "invalid_grant");
    });

    it("records revocations; a revoked refresh token takes its access token along", async () => {
        const { clientId, tokens } = await signIn();
        const revoked = await post(
            "/oauth/revoke/",
            { token: String(tokens.json.refresh_token), client_id: clientId },
            true,
        );
        assert.equal(revoked.status, 200);
        assert.deepEqual(
            sb.oauth.revocations.map((r) => [r.kind, r.clientId]),
            [["refresh_token", clientId]],
        );
        assert.equal((await api(String(tokens.json.access_token))).status, 401);
        const admin = await fetch(`${sb.url}/_sandbox/oauth`);
        const state = (await admin.json()) as { revocations: unknown[] };
        assert.equal(state.revocations.length, 1);
    });
});
