// Fault scenarios of the OAuth sign-in (issue 44): a refresh race, a refresh that never answers,
// and an issuer that redirects elsewhere. The hostile server plays PostHog's token endpoint and
// API; the client is the extension's: clientWithBearer with the OAuthTokenSource.
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientWithBearer } from "../../src/api/bearerClient";
import { OAuthFailure, OAuthHttp, type ServerMetadata } from "../../src/api/oauthHttp";
import { OAuthTokenSource } from "../../src/auth/oauth/tokenSource";
import { all, fails, scaledTimeouts, succeeds, type Env, type Scenario } from "./harness";
import { hang, json } from "./hostileServer";

/** Tokens the hostile server hands out; the run's key stands in for the first access token. */
let issued = 0;
/** What the last run saw: refresh grants answered, and sign-ins ended. */
const seen = { refreshes: 0, ended: 0 };

function meta(env: Env): ServerMetadata {
    return {
        issuer: env.server.url,
        authorizationEndpoint: `${env.server.url}/oauth/authorize/`,
        tokenEndpoint: `${env.server.url}/oauth/token/`,
        registrationEndpoint: `${env.server.url}/oauth/register/`,
        revocationEndpoint: `${env.server.url}/oauth/revoke/`,
    };
}

/** A client of the hostile server whose bearer is an OAuth sign-in with an expired token. */
function signedInClient(env: Env, requestMs?: number) {
    const http = new OAuthHttp({
        origin: env.server.url,
        userAgent: "faults",
        timeouts: scaledTimeouts(env.scale),
        log: (level, message) => env.logs.push(`${level} ${message}`),
    });
    const source = new OAuthTokenSource({
        session: {
            host: env.server.url,
            clientId: "faults-client",
            accessToken: env.key,
            refreshToken: `${env.key}-refresh`,
            // Not expired as far as the client knows: the server says otherwise.
            expiresAt: Date.now() + 3_600_000,
            scope: "experiment:read",
        },
        refresh: (token) => http.refresh(meta(env), "faults-client", token),
        save: () => Promise.resolve(),
        ended: () => {
            seen.ended++;
        },
    });
    const client = clientWithBearer(
        {
            host: env.server.url,
            projectId: 1,
            log: (level, message) => env.logs.push(`${level} ${message}`),
            timeouts: { ...scaledTimeouts(env.scale), ...(requestMs ? { requestMs } : {}) },
            retry: { baseDelayMs: 500 / env.scale, maxDelayMs: 8000 / env.scale },
        },
        source,
    );
    return { client, source, close: () => Promise.all([client.close(), http.close()]) };
}

/** PostHog's answer to an expired access token (posthog/auth.py OAuthAccessTokenAuthentication). */
function expired(res: ServerResponse): void {
    json(res, 401, {
        type: "authentication_error",
        code: "authentication_failed",
        detail: "Access token has expired.",
        attr: null,
    });
}

/** API: the run's key is expired, any token the server issued works. Token endpoint: `token`. */
function oauthServer(token: (req: IncomingMessage, res: ServerResponse) => void) {
    return (req: IncomingMessage, res: ServerResponse): void => {
        const path = (req.url ?? "").split("?")[0];
        if (path === "/oauth/token/") return token(req, res);
        const auth = req.headers.authorization ?? "";
        if (!/^Bearer pha_faults\d+$/.test(auth)) return expired(res);
        json(res, 200, { count: 0, next: null, previous: null, results: [] });
    };
}

const rotate = (_req: IncomingMessage, res: ServerResponse) => {
    seen.refreshes++;
    issued++;
    json(res, 200, {
        access_token: `pha_faults${issued}`,
        refresh_token: `phr_faults${issued}`,
        expires_in: 3600,
        token_type: "Bearer",
        scope: "experiment:read",
    });
};

export function oauthScenarios(): Scenario[] {
    return [
        {
            group: "oauth",
            name: "refresh race: 20 requests meet an expired token, one refresh serves them all",
            handler: oauthServer(rotate),
            // Twenty calls, each with its own deadline: the race is about the count of refreshes,
            // and twenty scaled deadlines of 0.3 s are too short for this machine's scheduling.
            deadlineMs: 20 * 30_000,
            async run(env) {
                seen.refreshes = 0;
                const c = signedInClient(env, (20 * 30_000) / env.scale);
                try {
                    await Promise.all(
                        Array.from({ length: 20 }, () => c.client.listExperimentsPage()),
                    );
                } finally {
                    await c.close();
                }
            },
            check: all(succeeds(), () =>
                seen.refreshes === 1 ? undefined : `expected 1 refresh, got ${seen.refreshes}`,
            ),
        },
        {
            group: "oauth",
            name: "refresh timeout: a token endpoint that never answers fails within the call's deadline, the sign-in kept",
            handler: oauthServer(hang),
            async run(env) {
                seen.ended = 0;
                const c = signedInClient(env);
                try {
                    await c.client.listExperimentsPage();
                } finally {
                    await c.close();
                }
            },
            // Whichever ends first, the refresh's own deadline or the call's, the user reads why.
            check: all(fails(/Could not renew the PostHog sign-in|did not answer within/), () =>
                seen.ended === 0 ? undefined : "a refresh that timed out ended the sign-in",
            ),
        },
        {
            group: "oauth",
            name: "issuer elsewhere: discovery redirecting to another origin is not followed",
            // Installed by run(), which knows the foreign server's address.
            handler: (_req, res) => res.end(),
            async run(env) {
                env.server.use((_req, res) => {
                    res.writeHead(302, {
                        location: `${env.foreign.url}/.well-known/oauth-authorization-server`,
                    }).end();
                });
                const http = new OAuthHttp({
                    origin: env.server.url,
                    userAgent: "faults",
                    timeouts: scaledTimeouts(env.scale),
                    log: (level, message) => env.logs.push(`${level} ${message}`),
                });
                try {
                    await http.discover();
                } catch (err) {
                    if (err instanceof OAuthFailure && err.kind === "elsewhere")
                        return err.userMessage;
                    throw err;
                } finally {
                    await http.close();
                }
                throw new Error("discovery followed the redirect");
            },
            check: succeeds(/sent the sign-in somewhere else; nothing was sent there/),
        },
    ];
}
