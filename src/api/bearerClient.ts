// A PostHogClient whose Authorization header comes from a token source (an OAuth sign-in) instead
// of a personal API key. Built like PostHogClient's own constructor builds its transport, with the
// source added; everything past the header (retries, errors, paging) is the same client.
import type { BearerSource } from "./bearer";
import { PostHogClient, type PostHogClientOptions } from "./client";
import { ApiCore } from "./core";
import { checkHost } from "./host";
import { HttpTransport, resolveTimeouts } from "./http";
import { silentLog, type LogFn } from "./log";
import { redact } from "./redact";
import { resolveRetryOptions } from "./retry";
import { USER_AGENT } from "./version";

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
    const userLog = options.log ?? silentLog;
    // Tokens have the pha_/phr_ shapes redact() removes; bearer headers are removed as well.
    const log: LogFn = (level, message) => userLog(level, redact(message));
    const timeouts = resolveTimeouts(options.timeouts);
    const http = new HttpTransport({
        origin: checked.origin,
        apiKey: NO_KEY,
        bearer,
        userAgent: options.userAgent ?? USER_AGENT,
        timeouts,
        log,
        maxResponseBytes: options.maxResponseBytes,
        acceptGzip: options.acceptGzip,
        network: options.network,
    });
    const core = new ApiCore(http, resolveRetryOptions(options.retry), log, timeouts);
    return new PostHogClient({ ...options, apiKey: NO_KEY }, core);
}
