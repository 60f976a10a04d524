import { PostHogApiError, PostHogCancelledError } from "./errors";
import { isBudgetCode } from "./queryBudget";

/** Retry settings of a client. */
export interface RetryOptions {
    /** Total attempts including the first (default 3). */
    maxAttempts?: number;
    /** First backoff delay in ms (default 500); doubles per attempt, with jitter. */
    baseDelayMs?: number;
    /** Largest backoff delay in ms (default 8000). */
    maxDelayMs?: number;
    /** Longest `Retry-After` the client waits out (default 60 000 ms); longer throws the 429. */
    maxWaitMs?: number;
}

/** Reported before each wait so a UI can say e.g. "rate limited, retrying in 12 s". */
export interface RetryInfo {
    /** Number of this retry: 1 for the first retry. */
    attempt: number;
    /** How long the client waits before retrying, in ms. */
    delayMs: number;
    /** Why: e.g. "rate limited", "status 503", "connection refused". */
    reason: string;
    /** HTTP status that caused the retry; absent for network errors. */
    status?: number;
}

/**
 * How safe a request is to repeat.
 * - `idempotent`: GET, PATCH, DELETE and side-effect-free POSTs. Retried on network errors,
 *   429 and 502/503/504.
 * - `once`: POSTs that create something (or start a query). Retried only when the server can't
 *   have acted on them: 429 (throttled before handling) and connect failures (never sent).
 */
export type RetryMode = "idempotent" | "once";

/** Retry settings with defaults filled in. */
export type ResolvedRetryOptions = Required<RetryOptions>;

/** Fills in defaults. */
export function resolveRetryOptions(options: RetryOptions | undefined): ResolvedRetryOptions {
    return {
        maxAttempts: Math.max(1, options?.maxAttempts ?? 3),
        baseDelayMs: Math.max(0, options?.baseDelayMs ?? 500),
        maxDelayMs: Math.max(0, options?.maxDelayMs ?? 8000),
        maxWaitMs: Math.max(0, options?.maxWaitMs ?? 60_000),
    };
}

/** Exponential backoff with jitter: a random delay in [d/2, d] where d = base * 2^(retry-1). */
export function backoffDelay(retry: number, options: ResolvedRetryOptions): number {
    const full = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
    return Math.round(full / 2 + Math.random() * (full / 2));
}

/** A decision to retry after `delayMs`, or not to retry. */
export type RetryDecision = { retry: false } | { retry: true; delayMs: number; reason: string };

/** Decides whether a failed attempt (1-based `attempt`) is retried. */
export function decideRetry(
    err: unknown,
    mode: RetryMode,
    attempt: number,
    options: ResolvedRetryOptions,
): RetryDecision {
    if (!(err instanceof PostHogApiError) || attempt >= options.maxAttempts)
        return { retry: false };
    const retryAfterMs =
        err.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : undefined;
    // The project's read budget is spent: a retry would be refused the same until it refills.
    if (err.status === 429 && isBudgetCode(err.code)) return { retry: false };
    if (err.status === 429) {
        if (retryAfterMs !== undefined) {
            if (retryAfterMs > options.maxWaitMs) return { retry: false };
            return { retry: true, delayMs: retryAfterMs, reason: "rate limited" };
        }
        return { retry: true, delayMs: backoffDelay(attempt, options), reason: "rate limited" };
    }
    // Only failures of the network are worth repeating; local refusals (another origin, a bad id,
    // a key HTTP can't carry), TLS errors and oversized headers fail the same way every time.
    if (err.status === 0 && !(err.code !== undefined && NOT_RETRIED.has(err.code))) {
        if (err.notSent || mode === "idempotent") {
            return {
                retry: true,
                delayMs: backoffDelay(attempt, options),
                reason: err.code === "timeout" ? "timed out" : "network error",
            };
        }
        return { retry: false };
    }
    if (mode === "idempotent" && (err.status === 502 || err.status === 503 || err.status === 504)) {
        // A 503 "at capacity" may say when to come back; honour it like a 429's.
        if (retryAfterMs !== undefined) {
            if (retryAfterMs > options.maxWaitMs) return { retry: false };
            return { retry: true, delayMs: retryAfterMs, reason: `status ${err.status}` };
        }
        return {
            retry: true,
            delayMs: backoffDelay(attempt, options),
            reason: `status ${err.status}`,
        };
    }
    return { retry: false };
}

/** Status-0 failures that end the same way every time they are tried. */
const NOT_RETRIED = new Set([
    "invalid_json",
    "html_response",
    "cross_origin",
    "cross_origin_next",
    "invalid_next",
    "invalid_id",
    "invalid_request",
    "tls_error",
    "proxy_auth",
    "proxy_invalid",
    "headers_overflow",
    "response_too_large",
    "deadline",
    "pagination_loop",
    "too_many_pages",
]);

/** Waits `ms`, rejecting with a cancellation error as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
        if (signal?.aborted) {
            reject(new PostHogCancelledError());
            return;
        }
        const onAbort = (): void => {
            clearTimeout(timer);
            reject(new PostHogCancelledError());
        };
        const timer = setTimeout(() => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
        }, ms);
        signal?.addEventListener("abort", onAbort, { once: true });
    });
}
