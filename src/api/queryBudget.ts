// PostHog's hourly read budget of API queries: each project has a bucket of bytes that every
// query run with a personal API key draws on (posthog/api_queries_budget.py @21f310d9). The query
// endpoint says what a run read and what is left in two response headers, and refuses a run once
// the bucket is empty with a 429 whose Retry-After is the time until it refills above zero
// (seconds_until_positive). That 429 is not a rate limit: waiting out a Retry-After of up to an
// hour and more inside a run, or sending the run again, only spends the wait; so it is never
// retried (retry.ts).

/** The code of the budget's 429 (APIQueriesBudgetExceeded in posthog/exceptions.py). */
export const BUDGET_EXCEEDED_CODE = "api_queries_budget_exceeded";

/** Bytes the run read in ClickHouse: set by the request whose query ran, absent for a cached answer. */
export const BYTES_READ_HEADER = "x-posthog-query-bytes-read";

/** The project's budget left after the run: absent when PostHog does not know it (budget off). */
export const BUDGET_REMAINING_HEADER = "x-posthog-query-budget-remaining-bytes";

/** What a query run cost, as the query endpoint's response headers say. */
export interface QueryCost {
    /** Bytes the run read (`X-PostHog-Query-Bytes-Read`); absent when the header was. */
    bytesRead?: number;
    /**
     * Bytes left in the project's budget (`X-PostHog-Query-Budget-Remaining-Bytes`), never below
     * zero (the bucket itself goes negative: what the run that crossed the line read beyond it);
     * absent when the header was.
     */
    budgetRemainingBytes?: number;
}

type Headers = Record<string, string | string[] | undefined>;

/** A byte count from a header: digits (a float's `.0` allowed, as Python's `str` writes one). */
function byteCount(value: string | string[] | undefined): number | undefined {
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    if (text === undefined || !/^-?\d{1,20}(\.\d+)?$/.test(text)) return undefined;
    const n = Number(text);
    return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : undefined;
}

/** The cost headers of a query response; a missing or malformed header is left out. */
export function queryCostOf(headers: Headers): QueryCost {
    const bytesRead = byteCount(headers[BYTES_READ_HEADER]);
    const budgetRemainingBytes = byteCount(headers[BUDGET_REMAINING_HEADER]);
    return {
        ...(bytesRead !== undefined ? { bytesRead } : {}),
        ...(budgetRemainingBytes !== undefined ? { budgetRemainingBytes } : {}),
    };
}

/** Whether an error body's code is the budget's. */
export function isBudgetCode(code: string | undefined): boolean {
    return code === BUDGET_EXCEEDED_CODE;
}

/**
 * Longest refill time worth naming: the bucket floors at minus one capacity (a day of refill in
 * PostHog's settings), so a longer Retry-After is a confused or hostile server's.
 */
const LONGEST_REFILL_SECONDS = 48 * 3600;

/** "12 seconds", "25 minutes", "3 hours 5 minutes": a wait as a person says it. */
export function durationPhrase(seconds: number): string {
    const s = Math.max(0, Math.ceil(seconds));
    if (s <= 90) return `${s} second${s === 1 ? "" : "s"}`;
    const minutes = Math.ceil(s / 60);
    if (minutes <= 90) return `${minutes} minutes`;
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return `${hours} hour${hours === 1 ? "" : "s"}${rest ? ` ${rest} minute${rest === 1 ? "" : "s"}` : ""}`;
}

/** The clock time `seconds` from `now`, e.g. "14:35" (with the date when it is not today). */
function clockTime(seconds: number, now: number): string {
    const at = new Date(now + seconds * 1000);
    const time = at.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
    return at.toDateString() === new Date(now).toDateString()
        ? time
        : `${at.toLocaleDateString(undefined, { month: "short", day: "numeric" })} ${time}`;
}

/**
 * The user's sentence for the budget's 429: the budget is spent, when it is back (from
 * Retry-After), and what still works meanwhile.
 */
export function budgetSpentMessage(
    retryAfterSeconds: number | undefined,
    now = Date.now(),
): string {
    const spent = "This project's PostHog query budget (bytes read per hour) is spent";
    const meanwhile = "a query PostHog has a cached result for still answers";
    if (retryAfterSeconds === undefined || retryAfterSeconds > LONGEST_REFILL_SECONDS)
        return `${spent}; it refills over the hour, so run the query again later. Meanwhile ${meanwhile}.`;
    const when =
        retryAfterSeconds >= 60
            ? `${durationPhrase(retryAfterSeconds)} (around ${clockTime(retryAfterSeconds, now)})`
            : durationPhrase(retryAfterSeconds);
    return `${spent}; queries run again in ${when}. Meanwhile ${meanwhile}.`;
}
