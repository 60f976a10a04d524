// A PostHogClient whose Authorization header comes from a token source (an OAuth sign-in) instead
// of a personal API key. Built by PostHogClient's own transport builder (clientCore), with the
// source added; everything past the header (retries, errors, paging) is the same client.
import type { BearerSource } from "./bearer";
import { PostHogClient, clientCore, type PostHogClientOptions } from "./client";
import { checkHost } from "./host";

/**
 * Stands in for the key the client's options require; never sent (the transport sends the
 * source's token). Long enough that redaction would remove it too.
 */
const NO_KEY = "oauth-access-token";

/** A client for `bearer.origin` that sends the source's current token. */
export function clientWithBearer(
    options: Omit<PostHogClientOptions, "apiKey">,
    bearer: BearerSource,
): PostHogClient {
    const checked = checkHost(options.host);
    if (!checked.ok) throw new Error(checked.reason);
    const withKey = { ...options, apiKey: NO_KEY };
    return new PostHogClient(withKey, clientCore(checked.origin, withKey, bearer));
}
