const PERSONAL_KEY = /\bphx_[A-Za-z0-9_-]+/g;
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi;

/**
 * Removes secrets from text that may reach a log or an error message: personal API keys
 * (`phx_...`), bearer tokens, and the configured key itself (legacy keys lack the prefix).
 */
export function redact(text: string, key?: string): string {
    let out = text;
    if (key && key.length >= 8) out = out.split(key).join("[REDACTED]");
    return out.replace(PERSONAL_KEY, "phx_[REDACTED]").replace(BEARER, "$1 [REDACTED]");
}
