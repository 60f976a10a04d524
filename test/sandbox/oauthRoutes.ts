// The sandbox's OAuth endpoints, at PostHog's paths (its OAuth urlpatterns: oauth/authorize,
// oauth/token, oauth/revoke, oauth/register, each with or without the trailing slash, and
// .well-known/oauth-authorization-server), plus /_sandbox/oauth for tests. These exchanges are
// not recorded with the API's: PostHog's openapi.yaml (the contract) does not describe them.
import { OPERATION_SCOPES } from "../../src/api/operationScopes";
import { ApiError } from "./errors";
import { type OAuthSettings, OAuthError, type SandboxOAuth } from "./oauth";
import { consentPage, errorPage } from "./oauthPage";

/** An answer for server.ts to send. */
export interface OAuthAnswer {
    status: number;
    body?: string;
    headers?: Record<string, string>;
    contentType?: string;
}

/** Whether the sandbox's OAuth (or its admin endpoint) answers this path. */
export function isOAuthPath(path: string): boolean {
    return /^\/(\.well-known\/oauth-authorization-server|oauth\/|_sandbox\/oauth)/.test(path);
}

/**
 * metadata.py `scopes_supported` (get_oauth_scopes_supported(): identity scopes and every
 * object's read and write, `*` left out). The sandbox lists the objects the contract's
 * operations use; PostHog lists all of its own.
 */
export function scopesSupported(): string[] {
    const objects = new Set<string>();
    for (const op of Object.values(OPERATION_SCOPES))
        for (const scope of op.scopes ?? []) objects.add(scope.split(":")[0]);
    return [
        "openid",
        "profile",
        "email",
        "introspection",
        ...[...objects].sort().flatMap((o) => [`${o}:read`, `${o}:write`]),
    ];
}

/** metadata.py authorization_server_metadata(base_url), the parts a public client reads. */
function metadata(base: string): Record<string, unknown> {
    return {
        issuer: base,
        authorization_endpoint: `${base}/oauth/authorize/`,
        token_endpoint: `${base}/oauth/token/`,
        userinfo_endpoint: `${base}/oauth/userinfo/`,
        revocation_endpoint: `${base}/oauth/revoke/`,
        introspection_endpoint: `${base}/oauth/introspect/`,
        registration_endpoint: `${base}/oauth/register/`,
        jwks_uri: `${base}/.well-known/jwks.json`,
        scopes_supported: scopesSupported(),
        response_types_supported: ["code"],
        response_modes_supported: ["query"],
        grant_types_supported: [
            "authorization_code",
            "refresh_token",
            "urn:ietf:params:oauth:grant-type:jwt-bearer",
        ],
        token_endpoint_auth_methods_supported: ["none", "client_secret_post", "private_key_jwt"],
        code_challenge_methods_supported: ["S256"],
        service_documentation: "https://posthog.com/docs/api",
        client_id_metadata_document_supported: true,
    };
}

const json = (
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
): OAuthAnswer => ({
    status,
    body: JSON.stringify(body),
    headers: { "Cache-Control": "no-store", ...headers },
});

const html = (status: number, body: string): OAuthAnswer => ({
    status,
    body,
    contentType: "text/html; charset=utf-8",
});

const redirect = (location: string): OAuthAnswer => ({
    status: 302,
    headers: { Location: location },
});

/** Answers an OAuth request. `origin` is the sandbox's own, from the Host header. */
export async function serveOAuth(
    oauth: SandboxOAuth,
    method: string,
    url: URL,
    rawBody: string,
    origin: string,
    ip: string,
): Promise<OAuthAnswer> {
    const path = url.pathname.replace(/\/+$/, "");
    if (path === "/_sandbox/oauth") return admin(oauth, method, rawBody);
    const s = oauth.settings;
    if (!s.enabled)
        return json(404, {
            type: "invalid_request",
            code: "not_found",
            detail: "Not found.",
            attr: null,
        });
    try {
        if (path === "/.well-known/oauth-authorization-server" && method === "GET") {
            if (s.discoveryRedirect) return redirect(s.discoveryRedirect);
            return json(200, metadata(s.issuer ?? origin));
        }
        if (path === "/oauth/register" && method === "POST")
            return json(201, oauth.register(parseJson(rawBody), ip));
        if (path === "/oauth/authorize" && method === "GET")
            return authorizePage(oauth, url.searchParams);
        if (path === "/oauth/authorize" && method === "POST")
            return decide(oauth, new URLSearchParams(rawBody));
        if (path === "/oauth/token" && method === "POST")
            return json(200, await oauth.grant(new URLSearchParams(rawBody)));
        if (path === "/oauth/revoke" && method === "POST") {
            oauth.revoke(new URLSearchParams(rawBody));
            return { status: 200 };
        }
        return json(404, {
            type: "invalid_request",
            code: "not_found",
            detail: "Not found.",
            attr: null,
        });
    } catch (e) {
        if (e instanceof OAuthError)
            return json(e.status, { error: e.error, error_description: e.description });
        if (e instanceof ApiError) return json(e.status, e.body ?? {}, e.headers);
        throw e;
    }
}

function parseJson(text: string): unknown {
    try {
        return JSON.parse(text || "{}");
    } catch {
        throw new OAuthError(400, "invalid_client_metadata", "JSON parse error.");
    }
}

/** The request's parameters, checked as PostHog's authorize view checks them before consent. */
interface AuthorizeRequest {
    clientId: string;
    redirectUri: string;
    state: string | null;
    challenge: string;
    scope: string[];
}

/**
 * Checks an authorization request. A bad client or redirect URI gets a page (never a redirect
 * to an address nobody registered); anything else wrong goes back to the client as
 * `?error=...&state=...`.
 */
function checkRequest(
    oauth: SandboxOAuth,
    params: URLSearchParams,
): { ok: AuthorizeRequest } | { answer: OAuthAnswer } {
    const client = oauth.clients.get(params.get("client_id") ?? "");
    if (!client) return { answer: html(400, errorPage("Unknown client_id.")) };
    const redirectUri = params.get("redirect_uri") ?? "";
    if (!oauth.redirectAllowed(client, redirectUri))
        return { answer: html(400, errorPage("Mismatching redirect URI.")) };
    const state = params.get("state");
    const back = (error: string, description: string) => {
        const to = new URL(redirectUri);
        to.searchParams.set("error", error);
        to.searchParams.set("error_description", description);
        if (state !== null) to.searchParams.set("state", state);
        return { answer: redirect(to.toString()) };
    };
    if (params.get("response_type") !== "code")
        return back("unsupported_response_type", "Only the code flow is implemented.");
    const challenge = params.get("code_challenge");
    // PKCE_REQUIRED, and enforce_supported_code_challenge_method refuses `plain`.
    if (!challenge) return back("invalid_request", "Code challenge required.");
    if (params.get("code_challenge_method") !== "S256")
        return back("invalid_request", "Transform algorithm not supported.");
    const scope = (params.get("scope") ?? "").split(/\s+/).filter(Boolean);
    const supported = new Set(scopesSupported());
    if (scope.length === 0 || scope.some((x) => !supported.has(x)))
        return back("invalid_scope", "The requested scope is invalid, unknown, or malformed.");
    return { ok: { clientId: client.clientId, redirectUri, state, challenge, scope } };
}

function authorizePage(oauth: SandboxOAuth, params: URLSearchParams): OAuthAnswer {
    const checked = checkRequest(oauth, params);
    if ("answer" in checked) return checked.answer;
    const client = oauth.clients.get(checked.ok.clientId)!;
    return html(200, consentPage(client.name, params));
}

/** The consent form's answer: Allow gives a code, Deny gives `access_denied`. */
function decide(oauth: SandboxOAuth, form: URLSearchParams): OAuthAnswer {
    const checked = checkRequest(oauth, form);
    if ("answer" in checked) return checked.answer;
    const r = checked.ok;
    const to = new URL(r.redirectUri);
    if (form.get("allow") === "true") {
        const client = oauth.clients.get(r.clientId)!;
        to.searchParams.set("code", oauth.issueCode(client, r.redirectUri, r.challenge, r.scope));
    } else {
        to.searchParams.set("error", "access_denied");
        to.searchParams.set("error_description", "The user denied the request.");
    }
    if (r.state !== null) to.searchParams.set("state", r.state);
    return redirect(to.toString());
}

/**
 * GET: what tests read (clients, revocations, refreshes, settings). POST: settings to change, and
 * the actions `expireAccessTokens`, `revokeEverything` and `reset`.
 */
function admin(oauth: SandboxOAuth, method: string, rawBody: string): OAuthAnswer {
    if (method === "POST") {
        const body = JSON.parse(rawBody || "{}") as Record<string, unknown>;
        if (body.reset === true) oauth.reset();
        if (body.expireAccessTokens === true) oauth.expireAccessTokens();
        if (body.revokeEverything === true) oauth.revokeEverything();
        const settings = (body.settings ?? {}) as Partial<OAuthSettings>;
        for (const [k, v] of Object.entries(settings)) {
            if (!(k in oauth.settings) && k !== "issuer" && k !== "discoveryRedirect")
                return json(400, { error: `unknown OAuth setting: ${k}` });
            (oauth.settings as unknown as Record<string, unknown>)[k] = v;
        }
    } else if (method !== "GET") return json(405, { error: "GET or POST" });
    return json(200, {
        settings: oauth.settings,
        clients: [...oauth.clients.values()],
        revocations: oauth.revocations,
        refreshes: oauth.refreshes,
        registrations: oauth.registrations,
        liveAccessTokens: oauth.liveAccessTokens,
    });
}
