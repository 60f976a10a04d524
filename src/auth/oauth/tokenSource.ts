// The bearer token of an OAuth sign-in, kept fresh. PostHog rotates the refresh token on every
// refresh and, past a grace period, treats a reused one as stolen and revokes the whole family
// (ROTATE_REFRESH_TOKEN, REFRESH_TOKEN_REUSE_PROTECTION, REFRESH_TOKEN_GRACE_PERIOD_SECONDS in
// posthog/settings/web.py @000798bf8784a9d3d2ba4f133c3486d0cc0a1669). So there is never more than
// one refresh at a time: every request that needs a new token waits for the same one.
import * as l10n from "@vscode/l10n";
import type { BearerSource } from "../../api/bearer";
import type { TokenAnswer } from "../../api/oauthHttp";
import { type OAuthSession, sessionFrom } from "./tokens";

/** Why a token cannot be had; `userMessage` is shown, `code` tells the session ended. */
export class TokenUnavailable extends Error {
    override readonly name = "TokenUnavailable";
    constructor(
        message: string,
        readonly userMessage: string,
        /** "signed_out": the sign-in ended for good; "refresh_failed": try again later */
        readonly code: "signed_out" | "refresh_failed",
        /** 401 for an ended sign-in; 0 (a network failure) for a refresh that got no answer */
        readonly status: number,
    ) {
        super(message);
    }
}

/** What the source needs from the outside. */
export interface TokenSourceOptions {
    session: OAuthSession;
    /** The refresh grant (OAuthHttp.refresh); rejects with an OAuthFailure. */
    refresh: (refreshToken: string) => Promise<TokenAnswer>;
    /** Keeps the rotated tokens (SecretStorage). */
    save: (session: OAuthSession) => Promise<void>;
    /**
     * The server refused the refresh (revoked, expired, client deleted): forget the sign-in. The
     * refresh settles after it, so whoever waited for the refresh sees the sign-in forgotten.
     */
    ended: (reason: string) => Promise<void> | void;
    /** Refresh this long before expiry (default 60 s). */
    aheadMs?: number;
    now?: () => number;
}

export class OAuthTokenSource implements BearerSource {
    readonly origin: string;
    private session: OAuthSession;
    private generation = 0;
    private inflight: Promise<boolean> | undefined;
    private endedWith: TokenUnavailable | undefined;
    private readonly aheadMs: number;
    private readonly now: () => number;
    /** Every access token this source has had: a session holding another is a new sign-in. */
    private readonly held = new Set<string>();

    constructor(private readonly options: TokenSourceOptions) {
        this.session = options.session;
        this.held.add(options.session.accessToken);
        this.origin = options.session.host;
        this.aheadMs = options.aheadMs ?? 60_000;
        this.now = options.now ?? Date.now;
    }

    /** The tokens as they are now (after any rotation). */
    get tokens(): OAuthSession {
        return this.session;
    }

    /** Whether `session` is this source's (its tokens now or before a rotation). */
    holds(session: OAuthSession): boolean {
        return this.held.has(session.accessToken);
    }

    /** Whether the server refused a refresh: the sign-in is over. */
    get ended(): boolean {
        return this.endedWith !== undefined;
    }

    async current(): Promise<{ token: string; generation: number }> {
        if (this.endedWith) throw this.endedWith;
        if (this.now() >= this.session.expiresAt - this.aheadMs) {
            const generation = this.generation;
            try {
                await this.refreshOnce(generation);
            } catch (err) {
                // A refresh ahead of time that got no answer: the token still works until it
                // expires, so use it; after that, the request fails with the refresh's error.
                if (this.now() >= this.session.expiresAt) throw err;
            }
            if (this.endedWith) throw this.endedWith;
        }
        return { token: this.session.accessToken, generation: this.generation };
    }

    async renew(generation: number): Promise<void> {
        if (this.endedWith || generation !== this.generation) return;
        // Resolves false when the refresh was refused: `current` then rejects with why.
        await this.refreshOnce(generation);
    }

    /** One refresh for everyone who saw the token of `generation` fail or near its end. */
    private refreshOnce(generation: number): Promise<boolean> {
        if (generation !== this.generation) return Promise.resolve(true);
        this.inflight ??= this.refreshNow().finally(() => {
            this.inflight = undefined;
        });
        return this.inflight;
    }

    private async refreshNow(): Promise<boolean> {
        const refreshToken = this.session.refreshToken;
        if (!refreshToken) {
            await this.end("the sign-in has no refresh token");
            return false;
        }
        let answer: TokenAnswer;
        try {
            answer = await this.options.refresh(refreshToken);
        } catch (err) {
            const e = err as Error & { kind?: unknown };
            if (e.kind === "refused") {
                await this.end(e.message);
                return false;
            }
            throw new TokenUnavailable(
                `token refresh failed: ${e.message}`,
                l10n.t(
                    "Could not renew the PostHog sign-in on {0}; check the connection and try again.",
                    this.origin,
                ),
                "refresh_failed",
                0,
            );
        }
        this.session = sessionFrom(answer, this.session, this.now());
        this.held.add(this.session.accessToken);
        this.generation++;
        await this.options.save(this.session);
        return true;
    }

    private async end(reason: string): Promise<void> {
        this.endedWith = new TokenUnavailable(
            `sign-in ended: ${reason}`,
            l10n.t(
                "Your PostHog sign-in on {0} has ended (revoked or expired). Sign in again.",
                this.origin,
            ),
            "signed_out",
            401,
        );
        await this.options.ended(reason);
    }
}
