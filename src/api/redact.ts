// The one redactor: the API client (errors, its log) and the extension's log and messages use it.
// No `vscode` import, so the client bundle and plain-Node tests share it.

/**
 * PostHog's key shapes: personal API keys (`phx_`), project tokens (`phc_`), and OAuth access and
 * refresh tokens (`pha_`, `phr_`: posthog/models/utils.py @93e9907a16733ddfe13a05d6834c6a30292fdb0c
 * generate_random_oauth_access_token and generate_random_oauth_refresh_token),
 * whose bodies may hold `-` and `_`. Not preceded by a letter or digit, so `sk_phx_...` is caught
 * too; at least 8 characters after the prefix, so prose such as "phx_..." stays readable.
 */
const POSTHOG_KEY = /(?<![A-Za-z0-9])(ph[xcar]_)[A-Za-z0-9_-]{8,}/g;
/** A bearer token, in a header echoed back or an error text. */
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi;

/**
 * Removes secrets from text that may reach a log, an error message or an export: PostHog keys
 * and tokens, bearer tokens, and the configured key itself (legacy keys lack the prefix).
 */
export function redact(text: string, key?: string): string {
    let out = text;
    if (key && key.length >= 8) out = out.split(key).join("[REDACTED]");
    return out.replace(POSTHOG_KEY, "$1[REDACTED]").replace(BEARER, "$1 [REDACTED]");
}
