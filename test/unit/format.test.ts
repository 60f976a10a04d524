import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { formatEdits, withoutPositions } from "../../src/language/format/formatDocument";
import { layoutStatement } from "../../src/language/format/layout";
import { parseDocument, type DocumentParse } from "../../src/hogql/parser/documentParse";
import { HogQLParserClient } from "../../src/hogql/parser/parserClient";

const root = path.resolve(__dirname, "../../..");
const workerPath = path.join(root, "dist", "hogqlParser.js");
// Real queries from PostHog's tests and docs (source and licence: test/fixtures/README.md).
const corpus = (
    JSON.parse(fs.readFileSync(path.join(root, "test/fixtures/hogql-corpus.json"), "utf8")) as {
        query: string;
    }[]
).map((q) => q.query);
const workspaceFiles = ["showcase.hogql", "pageviews.hogql"].map((f) =>
    fs.readFileSync(path.join(root, "test/fixtures/workspace/queries", f), "utf8"),
);

function apply(text: string, edits: { start: number; end: number; text: string }[]): string {
    let out = text;
    for (const edit of [...edits].sort((a, b) => b.start - a.start))
        out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    return out;
}

/** Each statement's AST without positions, in order. */
function asts(parse: DocumentParse): string[] {
    return parse.statements.map((s) => (s.parsed.ok ? withoutPositions(s.parsed.ast) : "error"));
}

describe("HogQL formatting (checked against PostHog's parser)", function () {
    this.timeout(120_000);
    let client: HogQLParserClient;
    const parse = (text: string) => parseDocument(text, (s) => client.parse(s));
    before(() => (client = new HogQLParserClient(workerPath)));
    after(() => client.dispose());

    it("never changes what a corpus query or workspace file parses to, and formats most", async () => {
        let formatted = 0;
        for (const text of [...corpus, ...workspaceFiles]) {
            const before = await parse(text);
            const after = apply(text, await formatEdits(before, (s) => client.parse(s)));
            if (after !== text) formatted++;
            // Parsed again here, independently of the formatter's own check.
            assert.deepEqual(asts(await parse(after)), asts(before), `${text}\n=>\n${after}`);
        }
        assert.ok(formatted >= 40, `${formatted} of ${corpus.length + 2} formatted`);
    });

    it("puts keywords in upper case, one clause per line, subqueries indented", async () => {
        const text =
            "select event, count() as c from events e left join (select distinct_id from persons) as p on p.distinct_id = e.distinct_id where e.event = 'x' group by event order by c desc limit 10";
        const after = apply(text, await formatEdits(await parse(text), (s) => client.parse(s)));
        assert.equal(
            after,
            [
                "SELECT event, count() AS c",
                "FROM events e",
                "LEFT JOIN (",
                "    SELECT distinct_id",
                "    FROM persons",
                ") AS p ON p.distinct_id = e.distinct_id",
                "WHERE e.event = 'x'",
                "GROUP BY event",
                "ORDER BY c DESC",
                "LIMIT 10",
            ].join("\n"),
        );
    });

    it("keeps comments, names spelled like keywords, and the text around statements", async () => {
        const text = "-- head\nselect date, year /* why */ from events -- tail\nwhere 1;\n\n";
        const after = apply(text, await formatEdits(await parse(text), (s) => client.parse(s)));
        // `date` and `year` are keywords too, but here they are columns: left as written.
        assert.equal(
            after,
            "-- head\nSELECT date, year /* why */\nFROM events -- tail\nWHERE 1;\n\n",
        );
    });

    it("leaves alone what it cannot prove unchanged: HogQLX text, statements that do not parse", async () => {
        const tags = "select <a href='x'>Time to go</a>";
        // Upper-casing `to` inside the tag's text would change the query: the check catches it.
        assert.match(layoutStatement(tags, new Set()), /TO/);
        assert.deepEqual(await formatEdits(await parse(tags), (s) => client.parse(s)), []);
        const broken = "select from events where";
        assert.deepEqual(await formatEdits(await parse(broken), (s) => client.parse(s)), []);
    });
});
