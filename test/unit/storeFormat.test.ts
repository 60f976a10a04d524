// The reload store's meta file: a result comes back as it was saved (its bytes from their own
// file), and copies written by earlier builds (a `summary` beside each result's fields) still
// read.
import * as assert from "node:assert/strict";
import { resultFromText } from "../../src/resultsPanel/resultSet";
import {
    resultsFromStored,
    storedHostOf,
    storedMetaBytes,
} from "../../src/resultsPanel/storeFormat";

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe("stored results (storeFormat)", () => {
    // A wide UInt64: the stored first rows keep every digit.
    const text =
        '{"columns":["n"],"types":[["n","UInt64"]],"results":[[18446744073709551615]],' +
        '"hogql":"SELECT n","clickhouse":"SELECT n FROM t"}';
    const meta = {
        columns: ["n"],
        types: ["UInt64"],
        rowCount: 1,
        hasMore: false,
        limit: null,
        isCached: false,
        lastRefresh: null,
        hasHogql: true,
        hasClickhouse: true,
    };

    it("reads back what it wrote, every field and the bytes", async () => {
        const result = await resultFromText(text, {
            title: "q.hogql",
            queryText: "SELECT n",
            durationMs: 5,
            queryId: "abc",
            bytesRead: 10,
            budgetRemainingBytes: 20,
        });
        const file = storedMetaBytes([result], "https://eu.posthog.com");
        assert.equal(storedHostOf(file), "https://eu.posthog.com");
        const [back] = await resultsFromStored(file, async () => result.bytes);
        assert.deepEqual(JSON.parse(JSON.stringify(back)), JSON.parse(JSON.stringify(result)));
        assert.equal(back.bytes, result.bytes);
        assert.match(back.firstRowsJson, /18446744073709551615/);
        assert.deepEqual(back.sql, { hogql: "SELECT n", clickhouse: "SELECT n FROM t" });
    });

    it("reads a copy of the previous format (version 2: a summary with the SQL texts)", async () => {
        const bytes = new TextEncoder().encode(text);
        const file = encode({
            version: 2,
            savedAt: 0,
            sets: [
                {
                    title: "old",
                    queryText: "SELECT n",
                    durationMs: 7,
                    summary: {
                        meta,
                        firstRowsJson: "[[18446744073709551615]]",
                        hogql: "SELECT n",
                        clickhouse: null,
                    },
                },
            ],
        });
        assert.equal(storedHostOf(file), undefined);
        const [back] = await resultsFromStored(file, async () => bytes);
        assert.deepEqual(back, {
            title: "old",
            queryText: "SELECT n",
            durationMs: 7,
            meta,
            firstRowsJson: "[[18446744073709551615]]",
            sql: { hogql: "SELECT n", clickhouse: null },
            bytes,
        });
    });

    it("reads a copy of version 1 (first rows as values)", async () => {
        const file = encode({
            version: 1,
            savedAt: 0,
            sets: [
                { title: "v1", queryText: "", durationMs: 0, summary: { meta, firstRows: [[1]] } },
            ],
        });
        const [back] = await resultsFromStored(file, async () => new Uint8Array(0));
        assert.equal(back.firstRowsJson, "[[1]]");
        assert.deepEqual(back.meta, meta);
        assert.deepEqual(back.sql, { hogql: null, clickhouse: null });
    });
});
