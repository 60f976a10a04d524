// The sandbox's OAuth 2.0 authorization server: registered clients, codes, tokens and what tests
// read back (revocations, refreshes). Its rules come from PostHog's own server, read at:
// - posthog/api/oauth/dcr.py @168b83ce59ff9e5207bd50d8d39c400ec7318f9e (registration, name rules,
//   throttles) and posthog/api/oauth/client_name.py @48e23fad2deaaad912fd92ce05113ee9374e07ce;
// - posthog/api/oauth/metadata.py @44cfbfe1ac1bdb525982aade719eaa99629ec874 (discovery);
// - posthog/api/oauth/views.py @00cf18db9c95a710a173b5004ddc7c7d46679dc6 (token lifetimes of
//   dynamically registered clients);
// - posthog/settings/web.py @000798bf8784a9d3d2ba4f133c3486d0cc0a1669 OAUTH2_PROVIDER (PKCE
//   required, code lifetime, rotation, reuse protection, token prefixes via
//   posthog/models/utils.py generate_random_oauth_*_token);
// - posthog/auth.py @0347ec169ed4d71ea7ce97b3631e4618f921425e OAuthAccessTokenAuthentication and
//   posthog/permissions.py @001027ced3127c76229e5b8c8802924d0ef94cef (tokens pass the same
//   APIScopePermission as personal API keys).
import { createHash, randomBytes } from "node:crypto";
import { type KeyInfo, authenticate } from "./auth";
import { ApiError, errorBody, permissionDenied, throttled } from "./errors";

/** What a test may change about the server (POST /_sandbox/oauth takes the same fields). */
export interface OAuthSettings {
    /**
     * false: the host answers like a PostHog without OAuth (an older self-hosted one): discovery
     * and every /oauth/ path are 404.
     */
    enabled: boolean;
    /**
     * Access token lifetime. PostHog gives dynamically registered clients 7 days
     * (views.py EXTENDED_ACCESS_TOKEN_EXPIRE_SECONDS); tests shorten it to see a refresh.
     */
    accessTtlSeconds: number;
    /** AUTHORIZATION_CODE_EXPIRE_SECONDS: 5 minutes (web.py). */
    codeTtlSeconds: number;
    /**
     * REFRESH_TOKEN_GRACE_PERIOD_SECONDS: 2 minutes (web.py). A rotated refresh token used again
     * within it gets the pair its first use got; after it, the whole family is revoked
     * (REFRESH_TOKEN_REUSE_PROTECTION).
     */
    refreshGraceSeconds: number;
    /** Delay before the token endpoint answers a refresh (a refresh that times out). */
    refreshDelayMs: number;
    /** Discovery names this issuer (and its endpoints) instead of the sandbox's own origin. */
    issuer?: string;
    /** Discovery answers 302 to this address instead (an issuer that redirects elsewhere). */
    discoveryRedirect?: string;
}

export const DEFAULT_OAUTH_SETTINGS: OAuthSettings = {
    enabled: true,
    accessTtlSeconds: 7 * 24 * 60 * 60,
    codeTtlSeconds: 5 * 60,
    refreshGraceSeconds: 2 * 60,
    refreshDelayMs: 0,
};

/** dcr.py BLOCKED_CLIENT_NAME_PREFIXES / BLOCKED_CLIENT_NAME_WORDS. */
const BLOCKED_NAME_PREFIXES = ["posthog"];
const BLOCKED_NAME_WORDS = ["official", "verified", "trusted"];

/** dcr.py DCRBurstThrottle (60/minute) and DCRSustainedThrottle (1000/hour), per IP. */
const THROTTLES = [
    { perMs: 60_000, limit: 60 },
    { perMs: 3_600_000, limit: 1000 },
];

export interface OAuthClient {
    clientId: string;
    name: string;
    redirectUris: string[];
    grantTypes: string[];
    issuedAt: number;
}

interface Code {
    clientId: string;
    redirectUri: string;
    challenge: string;
    scope: string[];
    expiresAt: number;
    used: boolean;
    /** the tokens it was exchanged for, revoked if it comes again */
    family?: number;
}

interface AccessToken {
    clientId: string;
    scope: string[];
    expiresAt: number;
    family: number;
}

interface RefreshToken {
    clientId: string;
    scope: string[];
    family: number;
    /** when it was exchanged for a new pair, and that pair (for the grace period) */
    rotated?: { at: number; pair: TokenPair };
}

export interface TokenPair {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    token_type: "Bearer";
    scope: string;
}

/** One revocation, as tests read it. */
export interface Revocation {
    /** "access_token" or "refresh_token": what the revoked token was */
    kind: "access_token" | "refresh_token";
    clientId: string;
    at: number;
}

/** An RFC 6749 §5.2 error answer of the token, revocation or registration endpoint. */
export class OAuthError extends Error {
    constructor(
        readonly status: number,
        readonly error: string,
        readonly description: string,
    ) {
        super(`${error}: ${description}`);
    }
}

const token = (prefix: string) => prefix + randomBytes(30).toString("base64url");

export function s256(verifier: string): string {
    return createHash("sha256").update(verifier).digest("base64url");
}

/** The OAuth state of one sandbox. */
export class SandboxOAuth {
    settings: OAuthSettings = { ...DEFAULT_OAUTH_SETTINGS };
    readonly clients = new Map<string, OAuthClient>();
    readonly revocations: Revocation[] = [];
    /** refresh grants answered with a new pair (reuse within the grace period not counted) */
    refreshes = 0;
    /** access tokens a refresh grant issued (not the code exchange) */
    readonly refreshedAccessTokens = new Set<string>();
    /** registrations answered 201 */
    registrations = 0;
    private readonly codes = new Map<string, Code>();
    private readonly access = new Map<string, AccessToken>();
    private readonly refresh = new Map<string, RefreshToken>();
    private readonly registeredAt = new Map<string, number[]>();
    private families = 0;

    /** Forgets every client, code and token and restores the default settings. */
    reset(): void {
        this.settings = { ...DEFAULT_OAUTH_SETTINGS };
        this.clients.clear();
        this.codes.clear();
        this.access.clear();
        this.refresh.clear();
        this.registeredAt.clear();
        this.revocations.length = 0;
        this.refreshes = 0;
        this.refreshedAccessTokens.clear();
        this.registrations = 0;
    }

    /** DCR (dcr.py DynamicClientRegistrationView.post), for public clients. */
    register(body: unknown, ip: string, now = Date.now()): Record<string, unknown> {
        this.throttle(ip, now);
        const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
        const problems: string[] = [];
        const uris = b.redirect_uris;
        if (!Array.isArray(uris) || uris.length === 0)
            problems.push("redirect_uris: This list may not be empty.");
        else if (uris.some((u) => typeof u !== "string" || !/^\S+$/.test(u)))
            problems.push("redirect_uris: Redirect URI cannot contain whitespace");
        const name = b.client_name;
        if (name !== undefined) {
            if (typeof name !== "string" || name.length > 255)
                problems.push("client_name: Not a valid string.");
            else {
                const lower = name.toLowerCase();
                for (const prefix of BLOCKED_NAME_PREFIXES)
                    if (lower.startsWith(prefix))
                        problems.push(`client_name: Client name cannot start with '${prefix}'`);
                for (const word of BLOCKED_NAME_WORDS)
                    if (lower.includes(word))
                        problems.push(`client_name: Client name cannot contain '${word}'`);
            }
        }
        const grantTypes = b.grant_types ?? ["authorization_code"];
        if (
            !Array.isArray(grantTypes) ||
            grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token")
        )
            problems.push("grant_types: not a valid choice.");
        const method = b.token_endpoint_auth_method ?? "none";
        // The sandbox serves public clients only: a confidential one has nothing to test here.
        if (method !== "none") problems.push("token_endpoint_auth_method: not a valid choice.");
        if (problems.length > 0)
            throw new OAuthError(400, "invalid_client_metadata", problems.join("; "));
        const redirectUris = uris as string[];
        for (const uri of redirectUris) {
            const problem = redirectUriProblem(uri);
            if (problem) throw new OAuthError(400, "invalid_redirect_uri", problem);
        }
        const client: OAuthClient = {
            clientId: randomBytes(20).toString("base64url"),
            name: typeof name === "string" ? name : "MCP Client",
            redirectUris,
            grantTypes: grantTypes as string[],
            issuedAt: Math.floor(now / 1000),
        };
        this.clients.set(client.clientId, client);
        this.registrations++;
        const answer: Record<string, unknown> = {
            client_id: client.clientId,
            redirect_uris: redirectUris,
            grant_types: client.grantTypes,
            response_types: ["code"],
            token_endpoint_auth_method: "none",
            client_id_issued_at: client.issuedAt,
        };
        if (typeof name === "string" && name) answer.client_name = name;
        return answer;
    }

    private throttle(ip: string, now: number): void {
        const times = (this.registeredAt.get(ip) ?? []).filter((t) => now - t < 3_600_000);
        for (const { perMs, limit } of THROTTLES) {
            const inWindow = times.filter((t) => now - t < perMs);
            if (inWindow.length >= limit) {
                throw throttled(Math.ceil((inWindow[0] + perMs - now) / 1000));
            }
        }
        times.push(now);
        this.registeredAt.set(ip, times);
    }

    /** The registered redirect URI `uri` matches, loopback ports aside (RFC 8252 §7.3). */
    redirectAllowed(client: OAuthClient, uri: string): boolean {
        return client.redirectUris.some((r) => r === uri || sameLoopbackBut(r, uri));
    }

    /** A code for an approved authorization request. */
    issueCode(
        client: OAuthClient,
        redirectUri: string,
        challenge: string,
        scope: string[],
        now = Date.now(),
    ): string {
        const code = randomBytes(24).toString("base64url");
        this.codes.set(code, {
            clientId: client.clientId,
            redirectUri,
            challenge,
            scope,
            expiresAt: now + this.settings.codeTtlSeconds * 1000,
            used: false,
        });
        return code;
    }

    /** The token endpoint: `authorization_code` and `refresh_token` grants of public clients. */
    async grant(form: URLSearchParams, now = Date.now()): Promise<TokenPair> {
        const clientId = form.get("client_id") ?? "";
        const client = this.clients.get(clientId);
        if (!client) throw new OAuthError(401, "invalid_client", "Client authentication failed.");
        const grantType = form.get("grant_type");
        if (grantType === "authorization_code") return this.exchangeCode(client, form, now);
        if (grantType === "refresh_token") {
            if (this.settings.refreshDelayMs > 0)
                await new Promise((r) => setTimeout(r, this.settings.refreshDelayMs));
            return this.rotate(client, form.get("refresh_token") ?? "", Date.now());
        }
        throw new OAuthError(400, "unsupported_grant_type", "Unsupported grant type.");
    }

    private exchangeCode(client: OAuthClient, form: URLSearchParams, now: number): TokenPair {
        const code = this.codes.get(form.get("code") ?? "");
        if (!code || code.clientId !== client.clientId)
            throw new OAuthError(400, "invalid_grant", "Invalid grant.");
        if (code.used) {
            // RFC 6749 §4.1.2: a code used twice revokes what it was exchanged for.
            if (code.family !== undefined) this.revokeFamily(code.family);
            throw new OAuthError(400, "invalid_grant", "Invalid grant.");
        }
        if (now > code.expiresAt) throw new OAuthError(400, "invalid_grant", "Invalid grant.");
        if (form.get("redirect_uri") !== code.redirectUri)
            throw new OAuthError(400, "invalid_request", "Mismatching redirect URI.");
        const verifier = form.get("code_verifier");
        if (!verifier) throw new OAuthError(400, "invalid_request", "Code verifier required.");
        if (s256(verifier) !== code.challenge)
            throw new OAuthError(400, "invalid_grant", "Invalid grant.");
        code.used = true;
        code.family = ++this.families;
        return this.issuePair(client.clientId, code.scope, code.family, now);
    }

    private rotate(client: OAuthClient, presented: string, now: number): TokenPair {
        const found = this.refresh.get(presented);
        if (!found || found.clientId !== client.clientId)
            throw new OAuthError(400, "invalid_grant", "Invalid grant.");
        if (found.rotated) {
            if (now - found.rotated.at <= this.settings.refreshGraceSeconds * 1000)
                return found.rotated.pair;
            this.revokeFamily(found.family);
            throw new OAuthError(400, "invalid_grant", "Invalid grant.");
        }
        const pair = this.issuePair(client.clientId, found.scope, found.family, now);
        found.rotated = { at: now, pair };
        // The access token of the old pair goes with it (ROTATE_REFRESH_TOKEN).
        for (const [value, access] of this.access)
            if (access.family === found.family && value !== pair.access_token)
                this.access.delete(value);
        this.refreshes++;
        this.refreshedAccessTokens.add(pair.access_token);
        return pair;
    }

    private issuePair(clientId: string, scope: string[], family: number, now: number): TokenPair {
        const access = token("pha_");
        const refresh = token("phr_");
        this.access.set(access, {
            clientId,
            scope,
            expiresAt: now + this.settings.accessTtlSeconds * 1000,
            family,
        });
        this.refresh.set(refresh, { clientId, scope, family });
        return {
            access_token: access,
            refresh_token: refresh,
            expires_in: this.settings.accessTtlSeconds,
            token_type: "Bearer",
            scope: scope.join(" "),
        };
    }

    private revokeFamily(family: number): void {
        for (const [value, access] of this.access)
            if (access.family === family) this.access.delete(value);
        for (const [value, refresh] of this.refresh)
            if (refresh.family === family) this.refresh.delete(value);
    }

    /**
     * RFC 7009 revocation (DOT's RevokeTokenView): always 200, known or not. Revoking a refresh
     * token revokes its family's access token too.
     */
    revoke(form: URLSearchParams, now = Date.now()): void {
        const clientId = form.get("client_id") ?? "";
        if (!this.clients.has(clientId))
            throw new OAuthError(401, "invalid_client", "Client authentication failed.");
        const value = form.get("token") ?? "";
        const access = this.access.get(value);
        if (access && access.clientId === clientId) {
            this.access.delete(value);
            this.revocations.push({ kind: "access_token", clientId, at: now });
            return;
        }
        const refresh = this.refresh.get(value);
        if (refresh && refresh.clientId === clientId) {
            this.revokeFamily(refresh.family);
            this.revocations.push({ kind: "refresh_token", clientId, at: now });
        }
    }

    /** Every live access token expires now (what a test does instead of waiting an hour). */
    expireAccessTokens(now = Date.now()): void {
        for (const access of this.access.values()) access.expiresAt = now - 1;
    }

    /** Revokes every token (an admin removing the app's access, or the client deleted). */
    revokeEverything(): void {
        this.access.clear();
        this.refresh.clear();
    }

    /** Live access tokens (tests count them). */
    get liveAccessTokens(): number {
        return this.access.size;
    }

    /**
     * posthog/auth.py OAuthAccessTokenAuthentication: a known access token authenticates (an
     * expired one is a 401 "Access token has expired."); anything else goes on to the personal
     * API key check, as PostHog's authenticator returns None for an unknown token.
     */
    authenticate(header: string | undefined, now = Date.now()): KeyInfo {
        const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
        const access = match ? this.access.get(match[1]) : undefined;
        if (!match || !access) return authenticate(header);
        if (now > access.expiresAt)
            throw new ApiError(
                401,
                errorBody(
                    "authentication_error",
                    "authentication_failed",
                    "Access token has expired.",
                ),
            );
        // permissions.py APIScopePermission: a token without scopes is refused before anything.
        if (access.scope.length === 0)
            throw permissionDenied("OAuth token has no scopes and cannot access this resource");
        return { key: match[1], scopes: access.scope, projects: null };
    }
}

/**
 * What OAuthApplication.clean() refuses (settings BLOCKED_REDIRECT_URI_SCHEMES; http only for
 * loopback), as the sandbox checks it; undefined when the URI may be registered.
 */
function redirectUriProblem(uri: string): string | undefined {
    let url: URL;
    try {
        url = new URL(uri);
    } catch {
        return `Invalid redirect URI: ${uri}`;
    }
    const scheme = url.protocol.slice(0, -1);
    if (["javascript", "data", "file", "blob", "vbscript"].includes(scheme))
        return `Redirect URI scheme '${scheme}' is not allowed.`;
    if (url.hash) return "Redirect URIs must not contain fragments";
    if (scheme === "http" && !isLoopback(url.hostname))
        return "Redirect URIs must use HTTPS unless they point to a loopback address";
    return undefined;
}

function isLoopback(hostname: string): boolean {
    return hostname === "127.0.0.1" || hostname === "[::1]" || hostname === "localhost";
}

function sameLoopbackBut(registered: string, uri: string): boolean {
    try {
        const a = new URL(registered);
        const b = new URL(uri);
        return (
            a.protocol === "http:" &&
            isLoopback(a.hostname) &&
            a.hostname === b.hostname &&
            a.protocol === b.protocol &&
            a.pathname === b.pathname &&
            a.search === b.search
        );
    } catch {
        return false;
    }
}
