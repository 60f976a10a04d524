// Query Log with a scoped key: the record is read through the query endpoint with the HogQL
// PostHog's own log endpoint runs, which scoped keys may use; the log endpoint itself refuses them.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { fetchQueryLog, queryLogNode } from "../../src/query/queryLog";
import type { QueryRun } from "../../src/api";
import { apiError, makeClient, type Sandbox } from "./api/helpers";
import { useSandbox } from "./useSandbox";

/** The response in the bytes, as the results panel's worker reads it. */
function responseOf(raw: QueryRun): { columns?: string[]; results?: unknown[][] } {
    return JSON.parse(new TextDecoder().decode(raw.bytes)) as {
        columns?: string[];
        results?: unknown[][];
    };
}

describe("query log through HogQL", () => {
    let sb: Sandbox;
    useSandbox((started) => ({ sb } = started));

    it("is the query get_query_log runs (posthog/api/query.py)", () => {
        assert.deepEqual(queryLogNode("abc"), {
            kind: "HogQLQuery",
            query: "select * from query_log where query_id = {client_query_id} and event_date >= yesterday()",
            values: { client_query_id: "abc" },
            name: "get_query_log",
        });
    });

    it("finds a recent run's record with the scoped ('*') key, which the log endpoint refuses", async () => {
        const { client } = makeClient(sb, { apiKey: sb.keys.full });
        const id = randomUUID();
        await client.runQuery(
            { kind: "HogQLQuery", query: "SELECT count() AS n FROM events" },
            { clientQueryId: id },
        );
        const refused = await apiError(client.getQueryLog(id));
        assert.equal(refused.status, 403);

        const log = responseOf(await fetchQueryLog(client, id));
        const columns = log.columns ?? [];
        const results = log.results ?? [];
        assert.ok(columns.includes("query_id") && columns.includes("query_duration_ms"));
        const rows = results.filter((row) => row[columns.indexOf("query_id")] === id);
        assert.equal(rows.length, 1);
        assert.match(String(rows[0][columns.indexOf("query")]), /count\(\)/);
    });

    it("answers with no rows for an unknown id", async () => {
        const { client } = makeClient(sb, { apiKey: sb.keys.full });
        const log = await fetchQueryLog(client, randomUUID());
        assert.equal(log.layout.rowStarts.length, 0);
        assert.deepEqual(responseOf(log).results, []);
    });
});
