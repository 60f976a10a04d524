// The message to the results page is built from the runner's result set: its info and the page's
// part of its summary, field for field; the SQL texts stay on the host.
import * as assert from "node:assert/strict";
import {
    infoOf,
    pageSummaryOf,
    payloadOf,
    resultSetFromText,
} from "../../src/resultsPanel/resultSet";

describe("results page message (payloadOf)", () => {
    // A wide UInt64 as the service writes it: a bare number no double holds.
    const text =
        '{"columns":["event","n"],"types":[["event","String"],["n","UInt64"]],' +
        '"results":[["$pageview",18446744073709551615],["signed_up",3]],"hasMore":true,' +
        '"limit":100,"hogql":"SELECT event, count() AS n FROM events","clickhouse":"SELECT 1"}';
    const info = {
        title: "q.hogql",
        queryText: "SELECT 1",
        durationMs: 12,
        queryId: "abc",
        // What the run cost, from PostHog's X-PostHog-Query-* headers.
        bytesRead: 38_000,
        budgetRemainingBytes: 2_100_000_000,
    };

    it("carries the result set's info and page summary, the bytes to follow, and the chart", async () => {
        const set = await resultSetFromText(text, info);
        const chart = { view: "chart" as const, spec: null };
        const payload = payloadOf(set, "0", chart);
        assert.deepEqual(
            { ...payload, bytes: [...payload.bytes] },
            {
                id: "0",
                ...info,
                meta: set.summary.meta,
                firstRowsJson: set.summary.firstRowsJson,
                bytes: [],
                bytesFollow: true,
                chart,
            },
        );
        // Every digit of the wide number reaches the page's first screen.
        assert.match(payload.firstRowsJson, /18446744073709551615/);
        assert.equal(payload.meta.hasMore, true);
        assert.equal(payload.meta.limit, 100);
        assert.ok(
            !("hogql" in payload) && !("clickhouse" in payload),
            "SQL texts stay on the host",
        );
    });

    it("names every field of the info and the page summary", async () => {
        const set = await resultSetFromText(text, info);
        assert.deepEqual(infoOf(set), info);
        assert.deepEqual(Object.keys(pageSummaryOf(set.summary)).sort(), ["firstRowsJson", "meta"]);
        assert.deepEqual(infoOf({ title: "t", queryText: "", durationMs: 0 }), {
            title: "t",
            queryText: "",
            durationMs: 0,
            queryId: undefined,
            bytesRead: undefined,
            budgetRemainingBytes: undefined,
        });
    });
});
