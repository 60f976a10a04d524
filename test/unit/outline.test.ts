import * as assert from "node:assert/strict";
import * as path from "node:path";
import { definitionAt, foldingRanges, outline } from "../../src/language/outline";
import { parseDocument } from "../../src/hogql/parser/documentParse";
import { HogQLParserClient } from "../../src/hogql/parser/parserClient";

const workerPath = path.resolve(__dirname, "../../../dist/hogqlParser.js");

const TEXT = `WITH daily AS (
    SELECT toDate(timestamp) AS day, count() AS n
    FROM events
    GROUP BY day
),
top AS (SELECT * FROM daily ORDER BY n DESC LIMIT 3)
SELECT t.day, e.event
FROM top t
JOIN (
    SELECT event, toDate(timestamp) AS day FROM events
) AS e ON e.day = t.day;

SELECT 1 FROM (SELECT 2) sub;
SELECT broken FROM`;

describe("outline, folding and definitions from PostHog's parse", function () {
    this.timeout(30_000);
    let client: HogQLParserClient;
    before(() => (client = new HogQLParserClient(workerPath)));
    after(() => client.dispose());
    const parse = () => parseDocument(TEXT, (s) => client.parse(s));

    it("lists statements with their CTEs and aliased subqueries", async () => {
        const nodes = outline(await parse());
        const shape = (n: (typeof nodes)[number]): unknown => [
            n.kind,
            n.name,
            TEXT.slice(n.nameStart, n.nameEnd),
            n.children.map(shape),
        ];
        assert.deepEqual(nodes.map(shape), [
            [
                "statement",
                "Statement 1",
                "WITH daily AS (",
                [
                    ["cte", "daily", "daily", []],
                    ["cte", "top", "top", []],
                    ["subquery", "e", "e", []],
                ],
            ],
            [
                "statement",
                "Statement 2",
                "SELECT 1 FROM (SELECT 2) sub",
                [["subquery", "sub", "sub", []]],
            ],
            // Mid-edit: the statement is still listed, from the scanner, without children.
            ["statement", "Statement 3", "SELECT broken FROM", []],
        ]);
        const daily = nodes[0].children[0];
        assert.match(TEXT.slice(daily.start, daily.end), /^daily AS \([\s\S]*GROUP BY day\n\)$/);
    });

    it("folds statements, CTEs and subqueries", async () => {
        const folds = foldingRanges(await parse()).map((r) => TEXT.slice(r.start, r.end));
        assert.ok(folds.some((f) => f.startsWith("daily AS (") && f.endsWith(")")));
        assert.ok(folds.some((f) => f.startsWith("(\n    SELECT event") && f.endsWith(") AS e")));
    });

    it("goes from a CTE's use to its definition, and from an alias to its subquery", async () => {
        const parsed = await parse();
        const use = TEXT.indexOf("daily ORDER BY");
        const cte = definitionAt(parsed, use + 2, "daily");
        assert.equal(cte?.kind, "cte");
        assert.equal(cte?.start, TEXT.indexOf("daily AS"));
        const fromTop = definitionAt(parsed, TEXT.indexOf("FROM top") + 6, "top");
        assert.equal(fromTop?.start, TEXT.indexOf("top AS"));
        const alias = definitionAt(parsed, TEXT.indexOf("e.event"), "e");
        assert.equal(alias?.kind, "alias");
        assert.equal(TEXT.slice(alias!.start - 5, alias!.end), ") AS e");
        assert.equal(definitionAt(parsed, TEXT.indexOf("broken"), "broken"), undefined);
    });

    it("takes the innermost CTE of a name when CTEs are nested", async () => {
        const text =
            "WITH x AS (SELECT 1) SELECT * FROM (WITH x AS (SELECT 2) SELECT * FROM x) AS s, x";
        const parsed = await parseDocument(text, (s) => client.parse(s));
        const inner = definitionAt(parsed, text.indexOf("FROM x)") + 5, "x");
        assert.equal(inner?.start, text.lastIndexOf("x AS"));
        const outer = definitionAt(parsed, text.length - 1, "x");
        assert.equal(outer?.start, text.indexOf("x AS"));
    });
});
