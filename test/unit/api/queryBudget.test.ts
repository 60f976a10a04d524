// The query endpoint's read budget and its 500 reasons, against the sandbox doing what PostHog
// does (posthog/api_queries_budget.py, posthog/errors.py): the budget's 429 is told apart from a
// rate limit and never retried, the cost headers reach the result, and a ClickHouse error the
// query caused comes back with PostHog's reason instead of "try again later".
import assert from "node:assert/strict";
import {
    BUDGET_EXCEEDED_CODE,
    readResponse,
    type PostHogClient,
    type QueryResponse,
} from "../../../src/api";
import { errorFromResponse } from "../../../src/api/errors";
import { budgetSpentMessage } from "../../../src/api/queryBudget";
import { apiError, assertNoSecrets, requestsTo, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

const hogql = (query: string) => ({ kind: "HogQLQuery", query });

async function setBudget(sb: Sandbox, body: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${sb.url}/_sandbox/budget`, {
        method: "POST",
        body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, await res.text());
}

describe("api/query budget and reasons", () => {
    let sb: Sandbox;
    let client: PostHogClient;

    useSandbox((started) => ({ sb, client } = started));
    afterEach(() => setBudget(sb, { remainingBytes: null, maxRowsToRead: null }));

    it("a run says what it read; the budget left only when the service reports it", async () => {
        const first = await client.runQuery(hogql("select count() from events"));
        assert.ok((first.cost.bytesRead ?? 0) > 0, JSON.stringify(first.cost));
        assert.equal("budgetRemainingBytes" in first.cost, false, "no budget: no header");

        await setBudget(sb, { remainingBytes: 50_000_000 });
        const second = await client.runQuery(hogql("select count() from events where 1 = 1"));
        const read = second.cost.bytesRead ?? 0;
        assert.ok(read > 0);
        assert.equal(second.cost.budgetRemainingBytes, 50_000_000 - read);

        // A cached answer reads nothing: no cost headers.
        const cached = await client.runQuery(hogql("select count() from events where 1 = 1"));
        assert.deepEqual(cached.cost, {});
    });

    it("the budget's 429 says the budget is spent and when it refills, and is sent once", async () => {
        // One byte a second: 1,500 bytes overdrawn refill in 25 minutes.
        await setBudget(sb, { remainingBytes: -1500, bytesPerHour: 3600 });
        sb.requests.length = 0;
        const retries: unknown[] = [];
        const err = await apiError(
            client.runQuery(hogql("select 11"), { onRetry: (i) => retries.push(i) }),
        );
        assert.equal(err.status, 429);
        assert.equal(err.code, BUDGET_EXCEEDED_CODE);
        assert.equal(err.retryAfterSeconds, 1500);
        assert.match(err.userMessage, /query budget .*is spent/);
        // The clock time, with the date before it when the refill falls on another day.
        assert.match(err.userMessage, /in 25 minutes \(around (?:[A-Z][a-z]{2} \d{1,2} )?\d/);
        assert.doesNotMatch(err.userMessage, /rate limit/i);
        assert.deepEqual(retries, []);
        assert.equal(requestsTo(sb, "POST", /\/query\/$/).length, 1, "never retried");
    });

    it("the budget's 429 is not waited out even when it refills within the wait", async () => {
        // One byte overdrawn at a byte a second: Retry-After 1, well within the longest wait.
        await setBudget(sb, { remainingBytes: -1, bytesPerHour: 3600 });
        sb.requests.length = 0;
        const err = await apiError(client.runQuery(hogql("select 13")));
        assert.equal(err.retryAfterSeconds, 1);
        assert.match(err.userMessage, /is spent; queries run again in 1 second\./);
        assert.equal(requestsTo(sb, "POST", /\/query\/$/).length, 1, "never retried");
    });

    it("a budget refill that falls on the next day gives that day beside the clock time", () => {
        const lateEvening = new Date(2026, 10, 29, 23, 50).getTime();
        const nextDay = new Date(2026, 10, 30).toLocaleDateString(undefined, {
            month: "short",
            day: "numeric",
        });
        const sameDay = new Date(2026, 10, 29).toLocaleDateString(undefined, {
            month: "short",
            day: "numeric",
        });
        assert.ok(budgetSpentMessage(1500, lateEvening).includes(`(around ${nextDay} `));
        assert.ok(!budgetSpentMessage(300, lateEvening).includes(sameDay), "same day: time only");
    });

    it("a budget 429 whose Retry-After is far off says only that it refills", async () => {
        const err = errorFromResponseForTest(429, BUDGET_EXCEEDED_CODE, "500000");
        assert.match(err.userMessage, /run the query again later/);
        assert.doesNotMatch(err.userMessage, /hours|days/);
    });

    it("a throttling 429 keeps its retry", async () => {
        sb.faults.add({ method: "POST", path: /\/query\/$/, kind: "429", retryAfter: 1 });
        const retries: number[] = [];
        const res = await client.runQuery(hogql("select 12"), {
            onRetry: (i) => retries.push(i.delayMs),
        });
        assert.deepEqual((await readResponse<QueryResponse>(res)).results, [[12]]);
        assert.deepEqual(retries, [1000]);
    });

    it("code 158 (reads too much) comes back as PostHog's reason with what to change", async () => {
        await setBudget(sb, { maxRowsToRead: 10 });
        const err = await apiError(
            client.runQuery(hogql("select count() from events where event != ''")),
        );
        assert.equal(err.status, 500);
        assert.match(err.userMessage, /reads or returns more data than the limit allows/);
        assert.match(err.userMessage, /shorter date range.*LIMIT/);
        assert.doesNotMatch(err.userMessage, /server problem|try again later/);
    });

    it("code 47 (unknown identifier) comes back as PostHog's reason: check the columns", async () => {
        const err = await apiError(
            client.runQuery(
                hogql(
                    "select t1.a from (select 1 as a) as t1 join (select 1 as b) as t2 using (a)",
                ),
            ),
        );
        assert.equal(err.status, 500);
        assert.match(err.userMessage, /column in this query doesn't exist.*Check the column names/);
        assert.doesNotMatch(err.userMessage, /server problem|try again later/);
        // ClickHouse's own text (which can hold stored values) stays with the server.
        assert.doesNotMatch(errorText(err), /DB::Exception|cannot be resolved/);
    });

    it("a query's 500 without a reason still says to try again later", async () => {
        const err = errorFromResponseForTest(
            500,
            "error",
            undefined,
            "ClickHouse error while executing query.",
        );
        assert.match(err.userMessage, /server problem \(status 500\).*try again later/);
    });

    it("a hostile reason is kept as plain text, without the key", async () => {
        const key = sb.keys.full;
        const err = errorFromResponseForTest(
            500,
            "error",
            undefined,
            `<b>Use</b> [a link](https://evil.example) $(alert) Bearer ${key}\nsecond line`,
            key,
        );
        assert.match(err.userMessage, /^PostHog could not run this query: <b>Use<\/b> \[a link\]/);
        assertNoSecrets(sb, err.userMessage);
    });
});

/** A query's error response as errors.ts reads it. */
function errorFromResponseForTest(
    status: number,
    code: string,
    retryAfter?: string,
    detail = "Request was throttled.",
    apiKey?: string,
) {
    return errorFromResponse(
        {
            method: "POST",
            path: "/api/projects/1/query/",
            origin: "https://us.posthog.com",
            query: true,
            apiKey,
        },
        {
            status,
            headers: {
                "content-type": "application/json",
                ...(retryAfter !== undefined ? { "retry-after": retryAfter } : {}),
            },
            text: JSON.stringify({ type: "server_error", code, detail, attr: null }),
        },
    );
}

function errorText(err: { message: string; userMessage: string; detail?: string }): string {
    return [err.message, err.userMessage, err.detail ?? ""].join("\n");
}
