import { createHash } from "node:crypto";
import * as vscode from "vscode";
import type { PostHogClient } from "../api";
import { checkHost } from "../api/host";
import { loadApi } from "../apiLoader";
import type { Config } from "../config";
import { redact } from "../log";
import type { KeyStore } from "./keyStore";

/** Where the session stands; views, commands and the status bar render from this. */
export type SessionState =
    | {
          signedIn: true;
          /** Normalised origin of the host the key was saved for. */
          host: string;
          projectId: string;
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
    private readonly subscriptions: vscode.Disposable[] = [];

    constructor(
        private readonly config: Config,
        private readonly keys: KeyStore,
        private readonly log: vscode.LogOutputChannel,
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
        if (!key) {
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
        return { signedIn: true, host, projectId };
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
        if (!key)
            throw new NotSignedInError(`Not signed in to ${state.host}. Run "PostHog: Sign In".`);
        // The client is cached per host, project and key; the key enters the cache id only as a
        // hash held in memory, so switching keys on one host gets a new client.
        const id = `${state.host}|${state.projectId}|${createHash("sha256").update(key).digest("hex")}|${settings}`;
        if (this.cachedClient?.id !== id) {
            void this.cachedClient?.client.close();
            this.cachedClient = {
                id,
                client: this.createClient(state.host, key, state.projectId),
                keyGeneration: generation,
                place,
            };
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
            log: (level, message) => {
                if (level === "trace" || (level === "debug" && !this.config.logHttp)) return;
                this.log[level](redact(message));
            },
        });
    }

    dispose(): void {
        void this.cachedClient?.client.close();
        for (const subscription of this.subscriptions) subscription.dispose();
        this.changed.dispose();
    }
}
