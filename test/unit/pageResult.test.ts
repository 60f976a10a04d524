// The load message's entry for a result is the runner's result itself, field for field, with
// what only the message needs; the SQL texts stay on the host.
import * as assert from "node:assert/strict";
import { pageResultOf, resultFromText } from "../../src/resultsPanel/resultSet";

describe("results page message (pageResultOf)", () => {
    // A wide UInt64 as the service writes it: a bare number no double holds.
    const text =
        '{"columns":["event","n"],"types":[["event","String"],["n","UInt64"]],' +
        '"results":[["$pageview",18446744073709551615],["signed_up",3]],"hasMore":true,' +
        '"limit":100,"hogql":"SELECT event, count() AS n FROM events","clickhouse":"SELECT 1"}';
    const facts = {
        title: "q.hogql",
        queryText: "SELECT 1",
        durationMs: 12,
        queryId: "abc",
        // What the run cost, from PostHog's X-PostHog-Query-* headers.
        bytesRead: 38_000,
        budgetRemainingBytes: 2_100_000_000,
    };

    it("carries the result but its SQL texts, the bytes to follow, and the chart", async () => {
        const result = await resultFromText(text, facts);
        const chart = { view: "chart" as const, spec: null };
        const entry = pageResultOf(result, "0", chart);
        assert.deepEqual(
            { ...entry, bytes: [...entry.bytes] },
            {
                id: "0",
                ...facts,
                meta: result.meta,
                firstRowsJson: result.firstRowsJson,
                bytes: [],
                bytesFollow: true,
                chart,
            },
        );
        // Every digit of the wide number reaches the page's first screen.
        assert.match(entry.firstRowsJson, /18446744073709551615/);
        assert.equal(entry.meta.hasMore, true);
        assert.equal(entry.meta.limit, 100);
        assert.ok(!("sql" in entry), "SQL texts stay on the host");
        assert.ok(!JSON.stringify(entry).includes("FROM events"), "no SQL text in the message");
    });

    it("keeps the SQL texts on the host's result", async () => {
        const result = await resultFromText(text, facts);
        assert.deepEqual(result.sql, {
            hogql: "SELECT event, count() AS n FROM events",
            clickhouse: "SELECT 1",
        });
        assert.equal(result.meta.hasHogql, true);
        assert.equal(result.meta.hasClickhouse, true);
    });

    it("names every field of the result, optional ones too", async () => {
        const result = await resultFromText('{"columns":["n"],"results":[[1]]}', {
            title: "t",
            queryText: "",
            durationMs: 0,
        });
        const entry = pageResultOf(result, "1", null);
        assert.deepEqual(Object.keys(entry).sort(), [
            "budgetRemainingBytes",
            "bytes",
            "bytesFollow",
            "bytesRead",
            "chart",
            "durationMs",
            "firstRowsJson",
            "id",
            "meta",
            "queryId",
            "queryText",
            "title",
        ]);
    });
});
