// Signing in to one host in the browser: discovery, a client registered once per host and redirect
// address (and kept), PKCE S256 and a state, the user's consent in the browser, the code exchanged
// for tokens. No vscode here: the caller opens the browser and routes callbacks to `pending`.
import type { OAuthHttp, RegisteredClient, ServerMetadata } from "../../api/oauthHttp";
import { OPERATION_SCOPES, type OperationScope } from "../../api/operationScopes";
import type { PendingSignIns } from "./callbacks";
import { challengeOf, createState, createVerifier } from "./pkce";
import { type OAuthSession, sessionFrom } from "./tokens";

/**
 * The name PostHog shows on its consent page. posthog/api/oauth/dcr.py
 * @168b83ce59ff9e5207bd50d8d39c400ec7318f9e refuses names that start with "posthog" or contain
 * "official", "verified" or "trusted", so the product's own name cannot be used.
 */
export const CLIENT_NAME = "Workbench for PostHog (VS Code)";

/** Every scope some operation the extension calls needs, from the contract's table. */
export function neededScopes(): string[] {
    const operations = Object.values(OPERATION_SCOPES as Record<string, OperationScope>);
    return [...new Set(operations.flatMap((op) => op.scopes ?? []))].sort();
}

/** Registered clients, kept per host and redirect address (client ids are not secret). */
export interface RegistrationStore {
    get(host: string, redirectUri: string): RegisteredClient | undefined;
    set(host: string, client: RegisteredClient): Thenable<void> | Promise<void>;
}

/** The OAuth calls the flow makes (OAuthHttp, from the API bundle). */
export type OAuthCalls = Pick<OAuthHttp, "origin" | "discover" | "register" | "exchange">;

/** A redirect address and how to stop listening on it. */
export interface Redirect {
    /** The address PostHog sends the browser back to (registered, and sent as redirect_uri). */
    uri: string;
    /**
     * Where the callback then arrives, when not at `uri`: the URI handler sees the editor's own
     * URI (vscode://...), whatever external address asExternalUri made of it.
     */
    callback?: string;
    close?: () => Promise<void>;
}

export interface BrowserSignInDeps {
    http: OAuthCalls;
    registrations: RegistrationStore;
    pending: PendingSignIns;
    /** The editor's own redirect address (vscode.env.asExternalUri of its URI handler). */
    redirect: () => Promise<Redirect>;
    /** A loopback listener, for a host that refuses the editor's address. */
    loopback: () => Promise<Redirect>;
    /** Opens the authorization URL in the browser; false when it could not be opened. */
    openBrowser: (url: string) => Promise<boolean>;
    /** Told the URL when the browser could not be opened, so the user can copy it. */
    cannotOpen?: (url: string) => void;
    scopes?: string[];
    signal?: AbortSignal;
}

/** Runs the whole browser sign-in; the tokens are returned, not stored. */
export async function signInWithBrowser(deps: BrowserSignInDeps): Promise<OAuthSession> {
    const { http, signal } = deps;
    const meta = await http.discover(signal);
    let redirect = await deps.redirect();
    let client: RegisteredClient;
    try {
        client = await registered(deps, meta, redirect.uri);
    } catch (err) {
        if ((err as { kind?: unknown }).kind !== "redirect_refused") throw err;
        await redirect.close?.();
        redirect = await deps.loopback();
        client = await registered(deps, meta, redirect.uri);
    }
    try {
        const verifier = createVerifier();
        const state = createState();
        const supported = meta.scopesSupported ? new Set(meta.scopesSupported) : undefined;
        const scopes = (deps.scopes ?? neededScopes()).filter(
            (s) => !supported || supported.has(s),
        );
        const url = new URL(meta.authorizationEndpoint);
        url.searchParams.set("response_type", "code");
        url.searchParams.set("client_id", client.clientId);
        url.searchParams.set("redirect_uri", redirect.uri);
        url.searchParams.set("scope", scopes.join(" "));
        url.searchParams.set("state", state);
        url.searchParams.set("code_challenge", challengeOf(verifier));
        url.searchParams.set("code_challenge_method", "S256");
        const answer = deps.pending.expect(
            state,
            http.origin,
            redirect.callback ?? redirect.uri,
            signal,
        );
        // Rejections are read by the await below; without this one an early one goes unheard.
        answer.catch(() => undefined);
        if (!(await deps.openBrowser(url.toString()))) deps.cannotOpen?.(url.toString());
        const code = await answer;
        const tokens = await http.exchange(
            meta,
            { clientId: client.clientId, code, verifier, redirectUri: redirect.uri },
            signal,
        );
        return sessionFrom(tokens, { host: http.origin, clientId: client.clientId });
    } finally {
        await redirect.close?.();
    }
}

async function registered(
    deps: BrowserSignInDeps,
    meta: ServerMetadata,
    redirectUri: string,
): Promise<RegisteredClient> {
    const kept = deps.registrations.get(deps.http.origin, redirectUri);
    if (kept) return kept;
    const client = await deps.http.register(meta, CLIENT_NAME, redirectUri, deps.signal);
    await deps.registrations.set(deps.http.origin, client);
    return client;
}
