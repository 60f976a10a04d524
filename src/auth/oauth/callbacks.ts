// The sign-ins waiting for the browser to come back, keyed by `state`. A callback is accepted
// only with the state of a waiting sign-in, on that sign-in's redirect address, for its host;
// anything else is refused and nothing is stored (RFC 6749 §10.12, RFC 9207 `iss`).
import * as l10n from "@vscode/l10n";

/** A refused or failed sign-in, with the sentence to show. */
export class SignInRefused extends Error {
    override readonly name = "SignInRefused";
    constructor(
        message: string,
        readonly userMessage: string,
        /** "cancelled" when the user stopped it; nothing to report then */
        readonly reason: "state" | "host" | "denied" | "error" | "cancelled" = "error",
    ) {
        super(message);
    }
}

interface Waiting {
    host: string;
    /** where the callback must arrive (scheme, authority and path compared) */
    callback: string;
    resolve: (code: string) => void;
    reject: (err: SignInRefused) => void;
}

/** What a callback came to: the code went to its sign-in, or why it was refused. */
export type CallbackOutcome = { ok: true } | { ok: false; error: SignInRefused };

export class PendingSignIns {
    private readonly waiting = new Map<string, Waiting>();

    /** Waits for the callback carrying `state`; rejects when refused or `signal` aborts. */
    expect(state: string, host: string, callback: string, signal?: AbortSignal): Promise<string> {
        return new Promise<string>((resolve, reject) => {
            const done = () => {
                this.waiting.delete(state);
                signal?.removeEventListener("abort", onAbort);
            };
            const onAbort = () => {
                done();
                reject(
                    new SignInRefused(
                        "sign-in cancelled",
                        l10n.t("Sign-in cancelled."),
                        "cancelled",
                    ),
                );
            };
            if (signal?.aborted) return onAbort();
            signal?.addEventListener("abort", onAbort);
            this.waiting.set(state, {
                host,
                callback,
                resolve: (code) => {
                    done();
                    resolve(code);
                },
                reject: (err) => {
                    done();
                    reject(err);
                },
            });
        });
    }

    /** Whether any sign-in waits for the browser. */
    get size(): number {
        return this.waiting.size;
    }

    /** Takes a callback URL (from the URI handler or the loopback listener). */
    handle(callback: URL): CallbackOutcome {
        const params = callback.searchParams;
        const state = params.get("state") ?? "";
        const entry = this.waiting.get(state);
        if (!entry) {
            // Not an answer to any sign-in this window started (a forged or stale link): the
            // sign-ins that wait are not trusted to be the user's own any more either.
            const error = new SignInRefused(
                "callback with an unknown state",
                l10n.t(
                    "The answer from the browser does not belong to a sign-in started here (state mismatch); nothing was saved. Sign in again.",
                ),
                "state",
            );
            for (const w of [...this.waiting.values()]) w.reject(error);
            return { ok: false, error };
        }
        const fail = (error: SignInRefused): CallbackOutcome => {
            entry.reject(error);
            return { ok: false, error };
        };
        if (!sameRedirect(entry.callback, callback))
            return fail(
                new SignInRefused(
                    `callback on ${callback.protocol}//${callback.host}${callback.pathname}, expected ${entry.callback}`,
                    l10n.t(
                        "The answer from the browser came to an address this sign-in did not give; nothing was saved. Sign in again.",
                    ),
                    "host",
                ),
            );
        const iss = params.get("iss");
        if (iss !== null && iss.replace(/\/+$/, "") !== entry.host)
            return fail(
                new SignInRefused(
                    `callback from issuer ${iss}, expected ${entry.host}`,
                    l10n.t(
                        "The answer from the browser came from another host than {0}; nothing was saved. Sign in again.",
                        entry.host,
                    ),
                    "host",
                ),
            );
        const error = params.get("error");
        if (error !== null)
            return fail(
                error === "access_denied"
                    ? new SignInRefused(
                          "access denied in the browser",
                          l10n.t("Access was denied in the browser; nothing was saved."),
                          "denied",
                      )
                    : new SignInRefused(
                          `authorization error ${error.slice(0, 60)}`,
                          l10n.t(
                              "{0} refused the sign-in; nothing was saved. Try again, or use a personal API key.",
                              entry.host,
                          ),
                      ),
            );
        const code = params.get("code");
        if (!code)
            return fail(
                new SignInRefused(
                    "callback without a code",
                    l10n.t(
                        "The answer from the browser had no sign-in code; nothing was saved. Sign in again.",
                    ),
                ),
            );
        entry.resolve(code);
        return { ok: true };
    }
}

/** The callback arrived where the sign-in said: same scheme, authority and path. */
function sameRedirect(redirectUri: string, callback: URL): boolean {
    try {
        const r = new URL(redirectUri);
        return (
            r.protocol === callback.protocol &&
            r.host.toLowerCase() === callback.host.toLowerCase() &&
            r.pathname === callback.pathname
        );
    } catch {
        return false;
    }
}
