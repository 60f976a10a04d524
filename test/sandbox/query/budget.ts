// The hourly read budget of API queries, as posthog/api_queries_budget.py @21f310d9 keeps it: a
// token bucket of bytes per project, refilled lazily at its hourly rate up to its capacity,
// debited by what each query read after it ran (posthog/clickhouse/client/execute.py), and read
// before a query is admitted (the query runner's _enforce_api_queries_budget, which raises
// APIQueriesBudgetExceeded, a 429 whose wait is seconds_until_positive). The balance floors at
// minus one hour of refill. The request that ran a query answers with X-PostHog-Query-Bytes-Read, and
// with X-PostHog-Query-Budget-Remaining-Bytes when the balance is known (QueryCost.remaining_bytes
// is None when the budget is off): a sandbox whose budget was never set sends only the first.
// Tests set a project's budget with POST /_sandbox/budget; a reset turns it off.
import { ApiError, errorBody } from "../errors";
import type { SandboxState } from "../types";

/** One project's bucket. */
interface Bucket {
    /** Bytes left; below zero once a query read more than was left. */
    tokens: number;
    /** Refill rate. */
    bytesPerHour: number;
    /** The most the bucket holds. */
    capacity: number;
    /** When `tokens` was last brought up to date (ms). */
    refilledAt: number;
}

/** A project's ClickHouse limits and budget, per sandbox state (a reset drops them). */
interface ProjectLimits {
    bucket?: Bucket;
    /** ClickHouse's max_rows_to_read for the project's queries: past it, code 158 TOO_MANY_ROWS. */
    maxRowsToRead?: number;
}

const limits = new WeakMap<SandboxState, Map<number, ProjectLimits>>();

function limitsOf(state: SandboxState, teamId: number): ProjectLimits {
    let all = limits.get(state);
    if (!all) limits.set(state, (all = new Map()));
    let mine = all.get(teamId);
    if (!mine) all.set(teamId, (mine = {}));
    return mine;
}

/** refill_and_read: the balance brought up to date. */
function refill(bucket: Bucket, now = Date.now()): number {
    const hours = Math.max(0, now - bucket.refilledAt) / 3_600_000;
    bucket.tokens = Math.max(
        Math.min(bucket.capacity, bucket.tokens + hours * bucket.bytesPerHour),
        -bucket.bytesPerHour,
    );
    bucket.refilledAt = now;
    return bucket.tokens;
}

/** seconds_until_positive: a zero balance is spent too, and DRF sends only a positive wait. */
function secondsUntilPositive(bucket: Bucket): number {
    if (bucket.tokens > 0) return 0;
    if (bucket.bytesPerHour <= 0) return 1;
    return Math.max(1, Math.ceil(-bucket.tokens / (bucket.bytesPerHour / 3600)));
}

/**
 * Before a query runs: the 429 when the project's budget is spent. DRF's Throttled, which
 * APIQueriesBudgetExceeded is (its `wait` becomes Retry-After and the detail's last sentence);
 * the detail's first sentence is the sandbox's, posthog/exceptions.py's class was not readable.
 */
export function admitQuery(state: SandboxState, teamId: number): void {
    const bucket = limitsOf(state, teamId).bucket;
    if (!bucket || refill(bucket) > 0) return;
    const wait = secondsUntilPositive(bucket);
    throw new ApiError(
        429,
        errorBody(
            "throttled_error",
            "api_queries_budget_exceeded",
            `This project's API query read budget is spent. Expected available in ${wait} second${wait === 1 ? "" : "s"}.`,
        ),
        { "Retry-After": String(wait) },
    );
}

/** After a query ran: takes what it read off the bucket; the balance left, when there is a budget. */
export function debitQuery(state: SandboxState, teamId: number, bytesRead: number): number | null {
    const bucket = limitsOf(state, teamId).bucket;
    if (!bucket) return null;
    refill(bucket);
    if (bytesRead > 0) bucket.tokens = Math.max(bucket.tokens - bytesRead, -bucket.bytesPerHour);
    return bucket.tokens;
}

/** The response headers of the request that ran queries reading `bytesRead` in all. */
export function costHeaders(bytesRead: number, remaining: number | null): Record<string, string> {
    return {
        "X-PostHog-Query-Bytes-Read": String(bytesRead),
        ...(remaining !== null
            ? { "X-PostHog-Query-Budget-Remaining-Bytes": String(Math.floor(remaining)) }
            : {}),
    };
}

/** ClickHouse's max_rows_to_read for the project's queries, when a test set one. */
export function maxRowsToRead(state: SandboxState, teamId: number): number | undefined {
    return limitsOf(state, teamId).maxRowsToRead;
}

/**
 * POST /_sandbox/budget {projectId?, remainingBytes?, bytesPerHour?, maxRowsToRead?}: sets the
 * project's bucket (remainingBytes null turns it off; bytesPerHour defaults to the bytes given,
 * the capacity to the larger of the two) and its ClickHouse read limit (null removes it).
 */
export function setLimits(state: SandboxState, rawBody: string): ProjectLimits {
    const body = JSON.parse(rawBody || "{}") as Record<string, unknown>;
    const count = (k: string): number | null | undefined => {
        const v = body[k];
        if (v === undefined || v === null) return v;
        if (typeof v !== "number" || !Number.isFinite(v)) throw new Error(`${k}: a number`);
        return v;
    };
    for (const k of Object.keys(body))
        if (!["projectId", "remainingBytes", "bytesPerHour", "maxRowsToRead"].includes(k))
            throw new Error(`unknown budget setting: ${k}`);
    const mine = limitsOf(state, count("projectId") ?? 1);
    const remaining = count("remainingBytes");
    if (remaining === null) delete mine.bucket;
    else if (remaining !== undefined) {
        const bytesPerHour = count("bytesPerHour") ?? Math.max(1, remaining);
        mine.bucket = {
            tokens: remaining,
            bytesPerHour,
            capacity: Math.max(remaining, bytesPerHour),
            refilledAt: Date.now(),
        };
    }
    const rows = count("maxRowsToRead");
    if (rows === null) delete mine.maxRowsToRead;
    else if (rows !== undefined) mine.maxRowsToRead = rows;
    return mine;
}

/** A reset: every project's budget off, no read limits. */
export function clearLimits(state: SandboxState): void {
    limits.delete(state);
}
