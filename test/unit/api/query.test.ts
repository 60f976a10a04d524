// Query endpoints (#12-#18) against the sandbox: blocking, async polling, cancel, errors.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import {
    isCancellation,
    isScopedKeyRefusal,
    readResponse,
    type PostHogClient,
    type QueryResponse,
    type QueryRun,
    type QueryStatus,
} from "../../../src/api";
import { NO_PERSONAL_KEY_ACCESS } from "../../../src/api/forbidden";
import { isBigNumber, parseLossless, stringifyLossless } from "../../../src/shared/json/lossless";
import { waitFor } from "../../waitFor";
import { apiError, makeClient, requestsTo, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

const hogql = (query: string) => ({ kind: "HogQLQuery", query });
/** The parsed response of a run, read from its bytes. */
const parsed = (run: QueryRun) => readResponse<QueryResponse>(run);
/** The run's bytes as text. */
const textOf = (run: QueryRun) => Buffer.from(run.bytes).toString("utf8");

describe("api/query", () => {
    let sb: Sandbox;
    let client: PostHogClient;

    useSandbox((started) => ({ sb, client } = started), { asyncPolls: 3 });
    beforeEach(() => sb.faults.clear());

    it("#12 runs a blocking HogQL query, always sending a client_query_id", async () => {
        const res = await client.runQuery(hogql("select 1 as x, 'a' as y"), {
            name: "client test",
        });
        assert.equal(res.polled, false);
        const response = await parsed(res);
        assert.deepEqual(response.results, [[1, "a"]]);
        assert.deepEqual(response.columns, ["x", "y"]);
        assert.deepEqual(JSON.parse(textOf(res)), response);
        // The layout says where the one row is in the bytes, and holds the other fields.
        assert.deepEqual(res.layout.rowStarts.length, 1);
        assert.equal(textOf(res).slice(res.layout.rowStarts[0], res.layout.rowEnds[0]), '[1,"a"]');
        assert.deepEqual(res.layout.head["columns"], ["x", "y"]);
        assert.equal("results" in res.layout.head, false);
        const post = requestsTo(sb, "POST", /\/query\/$/).at(-1)!;
        const body = JSON.parse(post.body);
        assert.equal(body.client_query_id, res.queryId);
        assert.match(res.queryId, /^[0-9a-f-]{36}$/);
        assert.equal(body.name, "client test");
        assert.equal(body.query.kind, "HogQLQuery");
        assert.match(post.headers["content-type"] ?? "", /application\/json/);
    });

    it("#12 asks a remote host for gzip and reads the compressed result, every digit kept", async () => {
        // The sandbox is loopback (asked nothing by default); acceptGzip stands for a remote host.
        const { client: zipping, logs } = makeClient(sb, { acceptGzip: true });
        try {
            const query = hogql("select 18446744073709551615 as u, number from numbers(100)");
            const zipped = await zipping.runQuery(query);
            const plain = await client.runQuery(query);
            const posts = requestsTo(sb, "POST", /\/query\/$/).slice(-2);
            assert.equal(posts[0].headers["accept-encoding"], "gzip");
            assert.equal(posts[1].headers["accept-encoding"], undefined, "loopback: not asked");
            assert.ok(
                logs.some((l) => /POST .*\/query\/ 200 .* B \(gzip\)$/.test(l.message)),
                `the log names the gzip body: ${JSON.stringify(logs)}`,
            );
            assert.equal(zipped.layout.rowStarts.length, 100);
            const rows = (raw: typeof zipped) =>
                Buffer.from(
                    raw.bytes.subarray(raw.layout.rowStarts[0], raw.layout.rowEnds[99]),
                ).toString();
            assert.equal(rows(zipped), rows(plain));
            assert.match(rows(zipped), /^\[18446744073709551615,0\]/);
        } finally {
            await zipping.close();
        }
    });

    it("#12 counts seeded events and reads properties", async () => {
        const res = await client.runQuery(
            hogql(
                "select count() as c, properties.$browser as b from events group by b order by c desc",
            ),
        );
        const rows = (await parsed(res)).results ?? [];
        assert.ok(rows.length >= 1);
        assert.equal(typeof rows[0][0], "number");
    });

    it("#12 uses the caller's clientQueryId", async () => {
        const id = randomUUID();
        const res = await client.runQuery(hogql("select 2"), { clientQueryId: id });
        assert.equal(res.queryId, id);
        assert.equal(
            JSON.parse(requestsTo(sb, "POST", /\/query\/$/).at(-1)!.body).client_query_id,
            id,
        );
    });

    it("#12/#13 an async query (asyncPolls 3) is polled to completion", async () => {
        const statuses: QueryStatus[] = [];
        const res = await client.runQuery(hogql("select 3 as n"), {
            refresh: "async",
            pollInterval: { initialMs: 20, maxMs: 50 },
            onStatus: (s) => statuses.push(s),
        });
        assert.equal(res.polled, true);
        const response = await parsed(res);
        assert.deepEqual(response.results, [[3]]);
        // The bytes are the completed status's `results` object, as the server sent it.
        assert.deepEqual(JSON.parse(textOf(res)), response);
        assert.deepEqual(response.columns, ["n"]);
        const polls = requestsTo(sb, "GET", `/query/${res.queryId}/`);
        assert.ok(polls.length >= 3, `polls: ${polls.length}`);
        assert.ok(statuses.length >= 3);
        assert.equal(statuses.at(-1)!.complete, true);
    });

    it("#12 the parsed response is read from the bytes a slice of rows per turn, every digit kept", async () => {
        const run = await client.runQuery(
            hogql(
                "select 18446744073709551615 as u, number as n, concat('row ', toString(number)) as s " +
                    "from numbers(20000) limit 20000",
            ),
        );
        // Turns of the event loop taken while the response is read: one parse of the whole
        // result would leave none to anyone else.
        let turns = 0;
        let reading = true;
        const tick = () => {
            if (!reading) return;
            turns++;
            setImmediate(tick);
        };
        setImmediate(tick);
        const response = await parsed(run);
        reading = false;
        assert.ok(turns >= 3, `turns while reading: ${turns}`);
        const rows = response.results as unknown[][];
        assert.equal(rows.length, 20000);
        assert.ok(isBigNumber(rows[19999][0]));
        assert.equal(String(rows[19999][0]), "18446744073709551615");
        assert.deepEqual(rows[19999].slice(1), [19999, "row 19999"]);
        assert.deepEqual(response.columns, ["u", "n", "s"]);
        // Every field the server sent is there, as a parse of the whole text gives it.
        const whole = parseLossless(textOf(run)) as Record<string, unknown>;
        assert.deepEqual(Object.keys(response).sort(), Object.keys(whole).sort());
        assert.equal(stringifyLossless(response.results), stringifyLossless(whole["results"]));
    });

    it("#12 a kind without rows (HogQLMetadata) reads whole from the bytes", async () => {
        const run = await client.runQuery({
            kind: "HogQLMetadata",
            language: "hogQL",
            query: "select nope from events",
        });
        assert.deepEqual(run.layout.rowStarts, []);
        const response = await readResponse<{ isValid?: boolean; errors?: unknown[] }>(run);
        assert.deepEqual(response, JSON.parse(textOf(run)));
        assert.equal(response.isValid, false);
    });

    it("#14 an aborted async query is cancelled on the server with DELETE", async () => {
        const ac = new AbortController();
        const id = randomUUID();
        const err = await client
            .runQuery(hogql("select 4"), {
                refresh: "async",
                clientQueryId: id,
                pollInterval: { initialMs: 50, maxMs: 50 },
                signal: ac.signal,
                onStatus: () => ac.abort(),
            })
            .then(
                () => assert.fail("expected a cancellation"),
                (e: unknown) => e,
            );
        assert.ok(isCancellation(err));
        assert.ok(sb.state.cancelledQueryIds.includes(id));
        assert.equal(requestsTo(sb, "DELETE", `/query/${id}/`).length, 1);
    });

    it("#14 an aborted blocking query also sends DELETE with its client_query_id", async () => {
        // Held far longer than the abort may take, so a loaded machine cannot blur the two.
        sb.faults.add({ method: "POST", path: /\/query\/$/, kind: "slow", delayMs: 20_000 });
        const ac = new AbortController();
        const id = randomUUID();
        // Abort while the service holds the query (it records it on arrival).
        void waitFor("the query to reach the sandbox", () => sb.state.queries.has(id)).then(() =>
            ac.abort(),
        );
        const started = Date.now();
        const err = await client
            .runQuery(hogql("select 5"), { clientQueryId: id, signal: ac.signal })
            .catch((e: unknown) => e);
        assert.ok(isCancellation(err));
        assert.ok(Date.now() - started < 10_000, "the abort ends the wait, not the service");
        assert.ok(sb.state.cancelledQueryIds.includes(id));
    });

    it("#13 getQueryStatus and #14 cancelQuery (200 {message} or 204)", async () => {
        const id = randomUUID();
        await client.runQuery(hogql("select 6"), { clientQueryId: id });
        const status = await client.getQueryStatus(id);
        assert.equal(status.query_status.id, id);
        assert.equal(status.query_status.complete, true);
        const cancelled = await client.cancelQuery(id);
        assert.ok([200, 204].includes(cancelled.status));
        assert.ok(sb.state.cancelledQueryIds.includes(id));
    });

    it("#13 an unknown query id is a 404", async () => {
        const err = await apiError(client.getQueryStatus("does-not-exist"));
        assert.equal(err.status, 404);
    });

    it("#12 a HogQL error carries hogqlErrors with offsets", async () => {
        const sql = "select nope from events";
        const err = await apiError(client.runQuery(hogql(sql)));
        assert.equal(err.status, 400);
        assert.ok(err.hogqlErrors && err.hogqlErrors.length >= 1, JSON.stringify(err.extra));
        const first = err.hogqlErrors[0];
        assert.equal(sql.slice(first.start!, first.end!), "nope");
        assert.match(err.userMessage, /nope/);
    });

    it("#12 a 504 HTML page on a query says the query was too slow", async () => {
        sb.faults.add({ method: "POST", path: /\/query\/$/, kind: "504-html" });
        const err = await apiError(client.runQuery(hogql("select 7")));
        assert.equal(err.status, 504);
        assert.match(err.userMessage, /too long.*LIMIT/);
        assert.equal(
            requestsTo(sb, "POST", /\/query\/$/).filter((r) => r.body.includes("select 7")).length,
            1,
            "not retried",
        );
    });

    it("#12 a 429 on a query is waited out (the POST is safe to repeat then)", async () => {
        sb.faults.add({ method: "POST", path: /\/query\/$/, kind: "429", retryAfter: 1 });
        const retries: number[] = [];
        const res = await client.runQuery(hogql("select 8"), {
            onRetry: (i) => retries.push(i.delayMs),
        });
        assert.deepEqual((await parsed(res)).results, [[8]]);
        assert.deepEqual(retries, [1000]);
    });

    it("#15-#18: the contract gives them no personal key access, so nothing is sent", async () => {
        // query log, check_auth_for_async, draft_sql and upgrade declare no PersonalAPIKeyAuth
        // (src/api/operationScopes.ts): PostHog refuses them to every personal API key.
        sb.requests.length = 0;
        const calls = [
            () => client.getQueryLog(randomUUID()),
            () => client.checkAuthForAsync(),
            () => client.draftSql({ prompt: "count pageviews per day" }),
            () => client.upgradeQuery(hogql("select 1")),
        ];
        for (const call of calls) {
            const err = await apiError(call());
            assert.equal(err.status, 403);
            assert.equal(err.code, "permission_denied");
            assert.equal(err.detail, NO_PERSONAL_KEY_ACCESS);
            assert.equal(err.notSent, true);
            assert.ok(isScopedKeyRefusal(err));
        }
        assert.deepEqual(sb.requests, [], "no request reached the sandbox");
    });

    it("a read-only key may run queries but gets the 403 on actions without scope", async () => {
        const { client: ro } = makeClient(sb, { apiKey: sb.keys.readOnly });
        const res = await ro.runQuery(hogql("select 1"));
        assert.deepEqual((await parsed(res)).results, [[1]]);
        const err = await apiError(ro.upgradeQuery(hogql("select 1")));
        assert.equal(err.status, 403);
        assert.match(err.userMessage, /personal API keys/);
        await ro.close();
    });
});
