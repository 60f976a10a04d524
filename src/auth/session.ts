import { nodeCrypto } from "../nodeCrypto";
import * as vscode from "vscode";
import type { LogFn, OAuthHttp, PostHogClient } from "../api";
import { checkHost } from "../api/host";
import { loadApi } from "../apiLoader";
import type { Config } from "../config";
import { lazily } from "../lazily";
import { redact } from "../log";
import type { KeyStore } from "./keyStore";
import type { OAuthTokenSource } from "./oauth/tokenSource";
import type { OAuthStore } from "./oauth/store";
import type { OAuthSession } from "./oauth/tokens";

/** The token source's code, loaded with the first OAuth client: a key's session never needs it. */
const tokenSourceCode = lazily(() => import("./oauth/tokenSource"));

/** Where the session stands; views, commands and the status bar render from this. */
export type SessionState =
    | {
          signedIn: true;
          /** Normalised origin of the host the key was saved for. */
          host: string;
          projectId: string;
          /** How: a personal API key, or tokens from signing in in the browser. */
          via: "key" | "oauth";
      }
    | {
          signedIn: false;
          /** The configured host (may be unusable, see `reason`). */
          host: string;
          /** Why there is no session, in words for a tooltip or message. */
          reason: string;
      };

/** Thrown by `client()` when nobody is signed in; its message says what to do. */
export class NotSignedInError extends Error {
    readonly userMessage: string;
    constructor(reason: string) {
        super(reason);
        this.name = "NotSignedInError";
        this.userMessage = reason;
    }
}

/**
 * The signed-in state: which host, which project, and the API client for them. The key is read
 * from the key store for the configured host only, so a host set by a workspace never receives a
 * key saved for another host.
 */
export class Session implements vscode.Disposable {
    private current: SessionState;
    private cachedClient:
        { id: string; client: PostHogClient; keyGeneration: number; place: string } | undefined;
    /**
     * Counts key changes and reloads. A client cached in the same generation was made with the
     * key SecretStorage holds now, so a run needs no secret read: in the browser (code-server,
     * vscode.dev) that read waits for the workbench's busy main thread, up to seconds.
     */
    private keyGeneration = 0;
    private readonly changed = new vscode.EventEmitter<SessionState>();
    /** Fires after sign-in, sign-out, a project or host switch, or a key change elsewhere. */
    readonly onDidChange = this.changed.event;
    /** The token source of each host signed in in the browser (one refresh at a time each). */
    private readonly sources = new Map<string, OAuthTokenSource>();
    private readonly oauthEnded = new vscode.EventEmitter<{ host: string; reason: string }>();
    /**
     * Fires once when the server refused to renew a browser sign-in (revoked, expired, the client
     * deleted): its tokens are already forgotten.
     */
    readonly onDidEndOAuth = this.oauthEnded.event;
    private readonly subscriptions: vscode.Disposable[] = [];

    constructor(
        private readonly config: Config,
        private readonly keys: KeyStore,
        private readonly log: vscode.LogOutputChannel,
        private readonly oauth: OAuthStore,
    ) {
        this.current = { signedIn: false, host: config.host, reason: "Not signed in yet." };
        this.subscriptions.push(
            config.onDidChange((event) => {
                if (
                    event.affectsConfiguration("posthog-workbench.host") ||
                    event.affectsConfiguration("posthog-workbench.projectId")
                )
                    void this.reload();
            }),
            keys.onDidChange(() => {
                this.keyGeneration++;
                void this.reload();
            }),
            oauth.onDidChange(() => {
                this.keyGeneration++;
                void this.reload();
            }),
            vscode.workspace.onDidGrantWorkspaceTrust(() => void this.reload()),
        );
    }

    get state(): SessionState {
        return this.current;
    }

    /** Re-reads host, project and key, and tells listeners when anything changed. */
    async reload(): Promise<SessionState> {
        this.keyGeneration++;
        const next = await this.compute();
        const before = JSON.stringify(this.current);
        this.current = next;
        await vscode.commands.executeCommand(
            "setContext",
            "posthog-workbench.signedIn",
            next.signedIn,
        );
        if (JSON.stringify(next) !== before) {
            this.log.info(
                next.signedIn
                    ? `session: ${next.host}, project ${next.projectId}`
                    : `session: signed out (${next.reason})`,
            );
            this.changed.fire(next);
        }
        return next;
    }

    private async compute(): Promise<SessionState> {
        const configured = this.config.host;
        const check = checkHost(configured);
        if (!check.ok) return { signedIn: false, host: configured, reason: check.reason };
        const host = check.origin;
        const key = await this.keys.get(host);
        const via = key ? "key" : (await this.oauth.get(host)) ? "oauth" : undefined;
        if (!via) {
            const fromWorkspace = this.config.hostSource === "workspace";
            return {
                signedIn: false,
                host,
                reason: fromWorkspace
                    ? `This workspace sets the PostHog host to ${host}, which has no key of its own; no other host's key is sent there. Sign in to ${host} to use it.`
                    : `Not signed in to ${host}.`,
            };
        }
        const projectId = this.config.projectId;
        if (!projectId) return { signedIn: false, host, reason: "No project selected." };
        return { signedIn: true, host, projectId, via };
    }

    /** The client for the current host and project; throws `NotSignedInError` when signed out. */
    async client(): Promise<PostHogClient> {
        const state = this.current.signedIn ? this.current : await this.reload();
        if (!state.signedIn) throw new NotSignedInError(`${state.reason} Run "PostHog: Sign In".`);
        // Settings a client is built with: a change (a timeout, a proxy) gets a new client.
        const settings = JSON.stringify([this.config.deadlines, this.config.network]);
        const place = `${state.host}|${state.projectId}|${settings}`;
        const cached = this.cachedClient;
        if (cached?.keyGeneration === this.keyGeneration && cached.place === place)
            return cached.client;
        const generation = this.keyGeneration;
        const key = await this.keys.get(state.host);
        const oauth = key ? undefined : await this.oauth.get(state.host);
        if (!key && !oauth)
            throw new NotSignedInError(`Not signed in to ${state.host}. Run "PostHog: Sign In".`);
        // The client is cached per host, project and key (or OAuth client: its tokens rotate in
        // the token source); the key enters the cache id only as a hash held in memory, so
        // switching keys on one host gets a new client.
        const credential = key
            ? nodeCrypto().createHash("sha256").update(key).digest("hex")
            : `oauth:${oauth!.clientId}`;
        const id = `${state.host}|${state.projectId}|${credential}|${settings}`;
        if (this.cachedClient?.id !== id) {
            const client = key
                ? this.createClient(state.host, key, state.projectId)
                : await this.createOAuthClient(oauth!, state.projectId);
            // A call that ran alongside may have cached the same client while this one waited
            // for the token source's code: the client in use is kept, this one closed.
            if (this.cachedClient?.id === id) void client.close();
            else {
                void this.cachedClient?.client.close();
                this.cachedClient = { id, client, keyGeneration: generation, place };
            }
        }
        // Read in this generation: valid until the next key change or reload.
        this.cachedClient.keyGeneration = generation;
        this.cachedClient.place = place;
        return this.cachedClient.client;
    }

    /**
     * `text` without the signed-in key (a legacy key has no `phx_` prefix for the pattern to
     * find), PostHog keys and bearer tokens. The key is the one the current client holds: no
     * other copy of it is kept.
     */
    redact(text: string): string {
        return this.cachedClient ? this.cachedClient.client.redact(text) : redact(text);
    }

    /** A client for checks before anything is saved (sign-in); the caller closes it. */
    createClient(host: string, apiKey: string, projectId?: string): PostHogClient {
        const { PostHogClient } = loadApi();
        return new PostHogClient({
            host,
            apiKey,
            projectId,
            timeouts: this.config.deadlines,
            network: this.config.network,
            log: this.httpLog,
        });
    }

    /** The API clients' log: redacted, and their debug lines only with `logHttp` set. */
    private readonly httpLog: LogFn = (level, message) => {
        if (level === "trace" || (level === "debug" && !this.config.logHttp)) return;
        this.log[level](redact(message));
    };

    /**
     * A client that sends the host's OAuth access token, refreshed by the host's one token
     * source. The caller closes a client made for checks before anything is saved.
     */
    async createOAuthClient(session: OAuthSession, projectId?: string): Promise<PostHogClient> {
        const source = await this.tokenSource(session);
        return loadApi().clientWithBearer(
            {
                host: session.host,
                projectId,
                timeouts: this.config.deadlines,
                network: this.config.network,
                log: this.httpLog,
            },
            source,
        );
    }

    /**
     * The host's token source, made anew for a new sign-in: tokens the known source never had
     * (signed in again, or rotated by another window), or another client.
     */
    async tokenSource(session: OAuthSession): Promise<OAuthTokenSource> {
        const { OAuthTokenSource } = await tokenSourceCode();
        const known = this.sources.get(session.host);
        if (
            known &&
            !known.ended &&
            known.tokens.clientId === session.clientId &&
            known.holds(session)
        )
            return known;
        const host = session.host;
        const source: OAuthTokenSource = new OAuthTokenSource({
            session,
            refresh: (refreshToken) => this.refreshTokens(host, session.clientId, refreshToken),
            save: (tokens) => this.oauth.set(tokens),
            ended: (reason) => this.endOAuth(host, reason, source),
        });
        this.sources.set(host, source);
        return source;
    }

    /**
     * The refresh grant. Another window may have refreshed first (SecretStorage is shared): its
     * rotated tokens are taken instead, since sending the old refresh token again would, past
     * PostHog's grace period, revoke the whole sign-in.
     */
    private async refreshTokens(host: string, clientId: string, refreshToken: string) {
        const stored = await this.oauth.get(host);
        if (
            stored?.clientId === clientId &&
            stored.refreshToken !== refreshToken &&
            stored.expiresAt - Date.now() > 120_000
        ) {
            return {
                accessToken: stored.accessToken,
                refreshToken: stored.refreshToken,
                expiresIn: Math.floor((stored.expiresAt - Date.now()) / 1000),
                scope: stored.scope,
            };
        }
        const http = this.oauthHttp(host);
        try {
            const meta = await http.discover();
            return await http.refresh(meta, clientId, refreshToken);
        } finally {
            void http.close();
        }
    }

    /**
     * The OAuth endpoints of `host` (sign-in, refresh, revocation), with the settings' deadlines
     * and network and a redacted log without debug lines; the caller closes it.
     */
    oauthHttp(host: string): OAuthHttp {
        const { OAuthHttp, USER_AGENT } = loadApi();
        return new OAuthHttp({
            origin: host,
            userAgent: USER_AGENT,
            timeouts: this.config.deadlines,
            network: this.config.network,
            log: (level, message) => {
                if (level === "trace" || level === "debug") return;
                this.log[level](redact(`oauth: ${message}`));
            },
        });
    }

    /**
     * Forgets the tokens of a sign-in the server ended, once, and says so. A source that is no
     * longer the host's (signed out, or signed in again since; a request of it was still in
     * flight) ends alone: the newer sign-in's tokens are not its to forget.
     */
    private async endOAuth(host: string, reason: string, source: OAuthTokenSource): Promise<void> {
        if (this.sources.get(host) !== source) {
            this.log.info(`an earlier sign-in on ${host} ended: ${redact(reason)}`);
            return;
        }
        this.log.warn(`sign-in on ${host} ended: ${redact(reason)}`);
        this.sources.delete(host);
        await this.oauth.delete(host);
        await this.reload();
        this.oauthEnded.fire({ host, reason });
    }

    /** Drops the host's token source (after Sign Out). */
    forgetTokenSource(host: string): void {
        this.sources.delete(host);
    }

    dispose(): void {
        void this.cachedClient?.client.close();
        this.oauthEnded.dispose();
        for (const subscription of this.subscriptions) subscription.dispose();
        this.changed.dispose();
    }
}
