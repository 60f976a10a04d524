import * as assert from "node:assert/strict";
import * as path from "node:path";
import { HogQLParserClient } from "../../src/hogql/parser/parserClient";
import { scannedCteNames, scopeOf } from "../../src/language/scope";

const workerPath = path.resolve(__dirname, "../../../dist/hogqlParser.js");

describe("statement scope (completion of what a statement defines)", function () {
    this.timeout(30_000);
    let client: HogQLParserClient;
    before(() => (client = new HogQLParserClient(workerPath)));
    after(() => client.dispose());

    it("lists CTEs and aliased subqueries with the columns their SELECT produces", async () => {
        const parsed = await client.parse(
            `WITH daily AS (SELECT toDate(timestamp) AS day, count() AS n FROM events GROUP BY day)
            SELECT * FROM daily
            JOIN (SELECT event, e.distinct_id, properties.$browser AS browser, * FROM events e) AS s
              ON 1 = 1`,
        );
        assert.ok(parsed.ok);
        const scope = scopeOf(parsed.ast);
        assert.deepEqual([...scope.ctes], [["daily", ["day", "n"]]]);
        assert.deepEqual([...scope.subqueries], [["s", ["event", "distinct_id", "browser"]]]);
    });

    it("takes a UNION's columns from its first SELECT", async () => {
        const parsed = await client.parse(
            "SELECT * FROM (SELECT 1 AS a UNION ALL SELECT 2 AS b) AS u",
        );
        assert.ok(parsed.ok);
        assert.deepEqual([...scopeOf(parsed.ast).subqueries], [["u", ["a"]]]);
    });

    it("finds CTE names in text that does not parse yet", () => {
        assert.deepEqual(scannedCteNames("WITH a AS (SELECT 1), b AS (SELECT 2) SELECT * FROM "), [
            "a",
            "b",
        ]);
        assert.deepEqual(scannedCteNames("SELECT count(), max(x) FROM events"), []);
    });
});
