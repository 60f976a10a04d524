// The OAuth 2.0 calls of a public client to one PostHog host: discovery, dynamic client
// registration, the code exchange, refresh and revocation. Through undici on the transport's
// connection (proxy and certificates as for the API), to the host's own origin only, never
// following a redirect. What PostHog answers, and why each check is made, is from:
// - posthog/api/oauth/metadata.py @44cfbfe1ac1bdb525982aade719eaa99629ec874 (discovery fields;
//   `code_challenge_methods_supported` is ["S256"]);
// - posthog/api/oauth/dcr.py @168b83ce59ff9e5207bd50d8d39c400ec7318f9e (registration: 201 with
//   client_id; 400 `invalid_client_metadata` or `invalid_redirect_uri`; throttled per IP);
// - django-oauth-toolkit's TokenView and RevokeTokenView as posthog/api/oauth/views.py
//   @00cf18db9c95a710a173b5004ddc7c7d46679dc6 wraps them (form-encoded; RFC 6749 §5.2 errors).
import { request, type Dispatcher } from "undici";
import { connectionTo } from "./dispatcher";
import { resolveTimeouts, type ResolvedTimeouts, type Timeouts } from "./http";
import type { LogFn } from "./log";
import type { NetworkSettings } from "./network";

/** What went wrong, for the caller to choose a message and what to do next. */
export type OAuthFailureKind =
    /** the host has no OAuth server (an older self-hosted PostHog): use a personal API key */
    | "no_oauth"
    /** the host answered with a redirect, or named endpoints on another origin */
    | "elsewhere"
    /** registration refused the redirect URI (the caller may try a loopback one) */
    | "redirect_refused"
    /** the server refused a grant: a bad, used or expired code; a revoked refresh token */
    | "refused"
    /** the request never got an answer in time, or the network failed */
    | "unreachable"
    /** anything else the server answered (5xx, 429, HTML) */
    | "server";

/** An OAuth call that failed; `message` is for the log, `userMessage` for people. */
export class OAuthFailure extends Error {
    override readonly name = "OAuthFailure";
    constructor(
        readonly kind: OAuthFailureKind,
        message: string,
        readonly userMessage: string,
        /** the RFC 6749 `error` code, when the server sent one */
        readonly error?: string,
    ) {
        super(message);
    }
}

/** RFC 8414 metadata, the fields a public client uses. */
export interface ServerMetadata {
    issuer: string;
    authorizationEndpoint: string;
    tokenEndpoint: string;
    registrationEndpoint: string;
    revocationEndpoint?: string;
    scopesSupported?: string[];
}

/** A registered public client. */
export interface RegisteredClient {
    clientId: string;
    redirectUris: string[];
}

/** A token endpoint answer. */
export interface TokenAnswer {
    accessToken: string;
    refreshToken?: string;
    /** seconds, as sent */
    expiresIn?: number;
    scope?: string;
}

/** Settings of an {@link OAuthHttp}. */
export interface OAuthHttpOptions {
    /** Normalised origin of the PostHog host (checkHost). */
    origin: string;
    userAgent: string;
    /** The client's timeouts; each OAuth call has the whole-call `requestMs`. */
    timeouts?: Timeouts;
    log: LogFn;
    network?: NetworkSettings;
}

/** Largest answer read: every OAuth answer is a small JSON object. */
const MAX_BYTES = 64 * 1024;

/** The OAuth calls to one host. */
export class OAuthHttp {
    private readonly dispatcher: Dispatcher;
    private readonly timeouts: ResolvedTimeouts;

    constructor(private readonly options: OAuthHttpOptions) {
        this.timeouts = resolveTimeouts(options.timeouts);
        this.dispatcher = connectionTo(
            options.origin,
            options.network ?? {},
            this.timeouts,
        ).dispatcher;
    }

    get origin(): string {
        return this.options.origin;
    }

    /**
     * RFC 8414 discovery at `/.well-known/oauth-authorization-server`. A 404 (or an HTML page)
     * means the host has no OAuth server. The issuer must be this origin and every endpoint on
     * it: a token must never be sent to, or a code fetched from, anywhere else.
     */
    async discover(signal?: AbortSignal): Promise<ServerMetadata> {
        const res = await this.send("GET", "/.well-known/oauth-authorization-server", {}, signal);
        if (res.status === 404 || (res.status === 200 && !res.json))
            throw new OAuthFailure(
                "no_oauth",
                `${this.origin} has no OAuth discovery document (${res.status})`,
                `${this.origin} does not offer sign-in in the browser (an older PostHog); use a personal API key instead.`,
            );
        if (res.status !== 200 || !res.json) throw this.unexpected("discovery", res);
        const doc = res.json;
        const str = (k: string) => (typeof doc[k] === "string" ? (doc[k] as string) : undefined);
        const issuer = str("issuer")?.replace(/\/+$/, "");
        if (issuer !== this.origin)
            throw this.elsewhere(`discovery names the issuer ${String(issuer)}`);
        const endpoint = (k: string, required: boolean): string | undefined => {
            const value = str(k);
            if (value === undefined) {
                if (!required) return undefined;
                throw new OAuthFailure(
                    "no_oauth",
                    `discovery has no ${k}`,
                    `${this.origin} does not let an app register itself for sign-in in the browser; use a personal API key instead.`,
                );
            }
            let url: URL;
            try {
                url = new URL(value);
            } catch {
                throw this.unexpected(`discovery's ${k}`, res);
            }
            if (url.origin !== this.origin)
                throw this.elsewhere(`discovery's ${k} is ${url.origin}`);
            return url.toString();
        };
        const methods = doc.code_challenge_methods_supported;
        if (!Array.isArray(methods) || !methods.includes("S256"))
            throw new OAuthFailure(
                "no_oauth",
                "discovery does not offer PKCE S256",
                `${this.origin} does not offer a safe sign-in in the browser (PKCE); use a personal API key instead.`,
            );
        return {
            issuer,
            authorizationEndpoint: endpoint("authorization_endpoint", true)!,
            tokenEndpoint: endpoint("token_endpoint", true)!,
            registrationEndpoint: endpoint("registration_endpoint", true)!,
            revocationEndpoint: endpoint("revocation_endpoint", false),
            scopesSupported: Array.isArray(doc.scopes_supported)
                ? doc.scopes_supported.filter((s): s is string => typeof s === "string")
                : undefined,
        };
    }

    /** RFC 7591 registration of a public client (`token_endpoint_auth_method: none`). */
    async register(
        meta: ServerMetadata,
        clientName: string,
        redirectUri: string,
        signal?: AbortSignal,
    ): Promise<RegisteredClient> {
        const res = await this.send(
            "POST",
            meta.registrationEndpoint,
            {
                json: {
                    client_name: clientName,
                    redirect_uris: [redirectUri],
                    grant_types: ["authorization_code", "refresh_token"],
                    response_types: ["code"],
                    token_endpoint_auth_method: "none",
                },
            },
            signal,
        );
        if (res.status === 400 && res.json?.error === "invalid_redirect_uri")
            throw new OAuthFailure(
                "redirect_refused",
                `registration refused the redirect URI: ${describe(res.json)}`,
                `${this.origin} does not accept this editor's sign-in address.`,
                "invalid_redirect_uri",
            );
        const clientId = res.json?.client_id;
        if (res.status !== 201 || typeof clientId !== "string")
            throw this.unexpected("registration", res);
        return { clientId, redirectUris: [redirectUri] };
    }

    /** The authorization code grant with its PKCE verifier. */
    exchange(
        meta: ServerMetadata,
        fields: { clientId: string; code: string; verifier: string; redirectUri: string },
        signal?: AbortSignal,
    ): Promise<TokenAnswer> {
        return this.grant(
            meta,
            {
                grant_type: "authorization_code",
                code: fields.code,
                redirect_uri: fields.redirectUri,
                client_id: fields.clientId,
                code_verifier: fields.verifier,
            },
            signal,
        );
    }

    /** The refresh token grant (PostHog rotates the refresh token each time). */
    refresh(
        meta: ServerMetadata,
        clientId: string,
        refreshToken: string,
        signal?: AbortSignal,
    ): Promise<TokenAnswer> {
        return this.grant(
            meta,
            { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId },
            signal,
        );
    }

    /** RFC 7009 revocation; false when the host has no revocation endpoint. */
    async revoke(
        meta: ServerMetadata,
        clientId: string,
        token: string,
        hint: "access_token" | "refresh_token",
        signal?: AbortSignal,
    ): Promise<boolean> {
        if (!meta.revocationEndpoint) return false;
        const res = await this.send(
            "POST",
            meta.revocationEndpoint,
            { form: { token, token_type_hint: hint, client_id: clientId } },
            signal,
        );
        if (res.status !== 200) throw this.unexpected("revocation", res);
        return true;
    }

    async close(): Promise<void> {
        await this.dispatcher.destroy();
    }

    private async grant(
        meta: ServerMetadata,
        form: Record<string, string>,
        signal?: AbortSignal,
    ): Promise<TokenAnswer> {
        const res = await this.send("POST", meta.tokenEndpoint, { form }, signal);
        const j = res.json;
        if (res.status === 400 || res.status === 401) {
            const error = typeof j?.error === "string" ? j.error : undefined;
            if (error === "invalid_grant" || error === "invalid_client")
                throw new OAuthFailure(
                    "refused",
                    `${form.grant_type} refused: ${describe(j)}`,
                    form.grant_type === "refresh_token"
                        ? `Your PostHog sign-in on ${this.origin} has ended (revoked or expired).`
                        : `${this.origin} did not accept the sign-in (the code was used, expired or not meant for this editor).`,
                    error,
                );
        }
        if (res.status !== 200 || typeof j?.access_token !== "string")
            throw this.unexpected(form.grant_type, res);
        const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
        return {
            accessToken: j.access_token,
            refreshToken: typeof j.refresh_token === "string" ? j.refresh_token : undefined,
            expiresIn: num(j.expires_in),
            scope: typeof j.scope === "string" ? j.scope : undefined,
        };
    }

    private async send(
        method: "GET" | "POST",
        url: string,
        body: { json?: unknown; form?: Record<string, string> },
        signal?: AbortSignal,
    ): Promise<{ status: number; json?: Record<string, unknown> }> {
        const target = new URL(url, this.origin);
        if (target.origin !== this.origin)
            throw this.elsewhere(`refused to send an OAuth request to ${target.origin}`);
        const headers: Record<string, string> = {
            accept: "application/json",
            "user-agent": this.options.userAgent,
        };
        let payload: string | undefined;
        if (body.json !== undefined) {
            headers["content-type"] = "application/json";
            payload = JSON.stringify(body.json);
        } else if (body.form) {
            headers["content-type"] = "application/x-www-form-urlencoded";
            payload = new URLSearchParams(body.form).toString();
        }
        const deadline = AbortSignal.timeout(this.timeouts.requestMs);
        const both = signal ? AbortSignal.any([signal, deadline]) : deadline;
        const started = performance.now();
        let res: Dispatcher.ResponseData;
        try {
            res = await request(target, {
                dispatcher: this.dispatcher,
                method,
                headers,
                body: payload,
                signal: both,
            });
        } catch (err) {
            if (signal?.aborted) throw err;
            const why = deadline.aborted ? "no answer in time" : String((err as Error).message);
            this.options.log("warn", `${method} ${target.pathname}: ${why}`);
            throw new OAuthFailure(
                "unreachable",
                `${method} ${target.pathname}: ${why}`,
                `Could not reach ${this.origin}; check the connection and try again.`,
            );
        }
        const ms = Math.round(performance.now() - started);
        this.options.log("info", `${method} ${target.pathname} ${res.statusCode} (${ms} ms)`);
        if (res.statusCode >= 300 && res.statusCode < 400) {
            await res.body.dump();
            const to = String(res.headers.location ?? "");
            throw this.elsewhere(`${target.pathname} redirected to ${safeOrigin(to)}`);
        }
        const text = await readText(res, MAX_BYTES);
        let json: Record<string, unknown> | undefined;
        try {
            const parsed = JSON.parse(text) as unknown;
            if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
                json = parsed as Record<string, unknown>;
        } catch {
            json = undefined;
        }
        return { status: res.statusCode, json };
    }

    private elsewhere(detail: string): OAuthFailure {
        return new OAuthFailure(
            "elsewhere",
            detail,
            `${this.origin} sent the sign-in somewhere else; nothing was sent there. Check the host, or use a personal API key.`,
        );
    }

    private unexpected(what: string, res: { status: number; json?: Record<string, unknown> }) {
        return new OAuthFailure(
            "server",
            `${what}: ${res.status} ${res.json ? describe(res.json) : "(not JSON)"}`,
            `${this.origin} answered the sign-in with an error (${res.status}); try again in a moment.`,
        );
    }
}

/** An OAuth error answer in one line, without anything else it may hold. */
function describe(j: Record<string, unknown> | undefined): string {
    const error = typeof j?.error === "string" ? j.error : "error";
    const text = typeof j?.error_description === "string" ? j.error_description : "";
    return `${error}${text ? `: ${text.slice(0, 300)}` : ""}`;
}

/** The origin of a redirect target (its path and query may hold anything). */
function safeOrigin(location: string): string {
    try {
        return new URL(location).origin;
    } catch {
        return "an address that is not valid";
    }
}

async function readText(res: Dispatcher.ResponseData, max: number): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > max) {
            res.body.destroy();
            break;
        }
        chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
}
