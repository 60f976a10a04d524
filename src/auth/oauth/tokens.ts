// The tokens of one OAuth sign-in, as kept in SecretStorage and read back.
import type { TokenAnswer } from "../../api/oauthHttp";

/** One host's OAuth sign-in. */
export interface OAuthSession {
    /** Normalised origin of the host that issued the tokens; they go nowhere else. */
    host: string;
    /** The registered client they were issued to (needed to refresh and revoke). */
    clientId: string;
    accessToken: string;
    refreshToken?: string;
    /** When the access token expires, ms since the epoch. */
    expiresAt: number;
    /** The scopes granted, space-separated. */
    scope: string;
}

/**
 * PostHog's access tokens live an hour, or 7 days for dynamically registered clients
 * (posthog/api/oauth/views.py @00cf18db EXTENDED_ACCESS_TOKEN_EXPIRE_SECONDS); an answer without
 * `expires_in` is taken as the shorter.
 */
const DEFAULT_LIFETIME_S = 3600;

/** The session a token answer makes; a refresh answer without a new refresh token keeps the old one. */
export function sessionFrom(
    answer: TokenAnswer,
    base: { host: string; clientId: string; refreshToken?: string; scope?: string },
    now = Date.now(),
): OAuthSession {
    return {
        host: base.host,
        clientId: base.clientId,
        accessToken: answer.accessToken,
        refreshToken: answer.refreshToken ?? base.refreshToken,
        expiresAt: now + (answer.expiresIn ?? DEFAULT_LIFETIME_S) * 1000,
        scope: answer.scope ?? base.scope ?? "",
    };
}

/** A stored session read back, or undefined when it is not one (nothing is trusted blindly). */
export function parseSession(text: string | undefined, host: string): OAuthSession | undefined {
    if (!text) return undefined;
    try {
        const s = JSON.parse(text) as Partial<OAuthSession>;
        if (
            s.host !== host ||
            typeof s.clientId !== "string" ||
            typeof s.accessToken !== "string" ||
            typeof s.expiresAt !== "number" ||
            (s.refreshToken !== undefined && typeof s.refreshToken !== "string")
        )
            return undefined;
        return {
            host,
            clientId: s.clientId,
            accessToken: s.accessToken,
            refreshToken: s.refreshToken,
            expiresAt: s.expiresAt,
            scope: typeof s.scope === "string" ? s.scope : "",
        };
    } catch {
        return undefined;
    }
}
