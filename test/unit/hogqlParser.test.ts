import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseDocument, syntaxErrors } from "../../src/hogql/parser/documentParse";
import { HogQLParserClient } from "../../src/hogql/parser/parserClient";

// PostHog's parser as the extension ships it: the worker bundle built by esbuild.mjs.
const workerPath = path.resolve(__dirname, "../../../dist/hogqlParser.js");
// PostHog's outcome for each of 112 real queries (source and licence: test/fixtures/README.md).
const outcomesPath = path.resolve(__dirname, "../../../test/fixtures/hogql-corpus-outcomes.json");

interface Outcome {
    query: string;
    outcome: "runs" | "parse_error" | "resolve_error" | "other";
}

describe("HogQL parser (PostHog's, in a worker thread)", function () {
    // The first parses warm up the WebAssembly; a slow CI machine may take seconds for the corpus.
    this.timeout(60_000);
    let client: HogQLParserClient;
    const parse = (text: string) => parseDocument(text, (s) => client.parse(s));

    before(() => {
        client = new HogQLParserClient(workerPath);
    });
    after(() => client.dispose());

    it("does not start the worker until something is parsed", async () => {
        const lazy = new HogQLParserClient(workerPath);
        assert.equal(lazy.started, false);
        await lazy.parse("select 1");
        assert.equal(lazy.started, true);
        lazy.dispose();
    });

    it("gives every corpus query PostHog's verdict: parse errors flagged, the rest clean", async () => {
        const outcomes = JSON.parse(fs.readFileSync(outcomesPath, "utf8")) as Outcome[];
        assert.equal(outcomes.length, 112);
        for (const entry of outcomes) {
            const errors = syntaxErrors(await parse(entry.query));
            const flagged = errors.length > 0;
            assert.equal(
                flagged,
                entry.outcome === "parse_error",
                `${entry.outcome}: ${entry.query.slice(0, 80)} -> ${JSON.stringify(errors)}`,
            );
        }
    });

    it("agrees with the statement splitter on where each statement starts and ends", async () => {
        const outcomes = JSON.parse(fs.readFileSync(outcomesPath, "utf8")) as Outcome[];
        const files = ["showcase.hogql", "pageviews.hogql"].map((f) =>
            fs.readFileSync(
                path.resolve(__dirname, "../../../test/fixtures/workspace/queries", f),
                "utf8",
            ),
        );
        let statements = 0;
        // A query PostHog's parser refuses has no statement to agree on.
        const parsing = outcomes.filter((o) => o.outcome !== "parse_error").map((o) => o.query);
        for (const text of [...parsing, ...files]) {
            for (const statement of (await parse(text)).statements) {
                // parseSelect demands the end of input after one statement: a piece that parses
                // is exactly one statement, starting where the splitter says.
                assert.ok(statement.parsed.ok, statement.text);
                assert.equal(statement.parsed.ast.start, 0, statement.text);
                // (The root's end can fall short of the text: PostHog ends a SelectQuery before
                // a trailing `OFFSET n`.)
                assert.ok((statement.parsed.ast.end ?? 0) <= statement.text.length);
                statements++;
            }
        }
        assert.ok(statements >= 56, `${statements} statements`);
        // Two statements are not one: the file must be split before PostHog parses it.
        const whole = await client.parse(files[1]);
        assert.ok(!whole.ok);
        assert.match(whole.error.message, /expecting <EOF>/);
    });

    it("flags broken statements with PostHog's message at PostHog's position in the file", async () => {
        const text = "select 1;\nselect event from events where x = = 1;\nselect (";
        const errors = syntaxErrors(await parse(text));
        assert.equal(errors.length, 2);
        assert.equal(
            errors[0].message,
            "no viable alternative at input 'select event from events where x = ='",
        );
        // From the second `=` to the end of its statement, as PostHog reports it.
        assert.equal(text.slice(errors[0].start, errors[0].end), "= 1");
        assert.equal(errors[1].start, text.length);
        assert.equal(errors[1].message, "no viable alternative at input 'select ('");
    });

    it("turns PostHog's code-point offsets into editor offsets past emoji and accents", async () => {
        const text = "select 'é😀', x from events where 1 = = 2";
        const errors = syntaxErrors(await parse(text));
        assert.equal(errors.length, 1);
        assert.equal(text.slice(errors[0].start, errors[0].end), "= 2");
        const [statement] = (await parse("select 'é😀😀' as a, b from events")).statements;
        assert.ok(statement.parsed.ok);
        const select = statement.parsed.ast.select as { start: number; end: number }[];
        const source = statement.text;
        assert.deepEqual(
            select.map((n) => source.slice(n.start, n.end)),
            ["'é😀😀' as a", "b"],
        );
    });

    it("parses placeholders and a trailing comment the way the service does", async () => {
        const text =
            "-- daily\nselect count() from events where timestamp > {variables.since} -- x\n";
        assert.deepEqual(syntaxErrors(await parse(text)), []);
        assert.equal(syntaxErrors(await parse("select from events")).length, 1);
    });
});
