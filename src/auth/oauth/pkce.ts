// PKCE (RFC 7636, S256 only: PostHog requires PKCE for every client and refuses `plain`, see
// PKCE_REQUIRED in posthog/settings/web.py @000798bf8784a9d3d2ba4f133c3486d0cc0a1669 and
// code_challenge_methods_supported in posthog/api/oauth/metadata.py @44cfbfe1) and the `state`
// that ties a browser's answer to the sign-in that asked.
import { createHash, randomBytes } from "node:crypto";

/** A code verifier: 32 random bytes, 43 base64url characters (RFC 7636 §4.1). */
export function createVerifier(): string {
    return randomBytes(32).toString("base64url");
}

/** The S256 challenge of a verifier. */
export function challengeOf(verifier: string): string {
    return createHash("sha256").update(verifier).digest("base64url");
}

/** A state value nobody can guess (RFC 6749 §10.12). */
export function createState(): string {
    return randomBytes(24).toString("base64url");
}
