import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { lexicalStateAt, splitStatements, statementAt } from "../../src/hogql/statementSplitter";

// Real queries from PostHog's tests and docs (source and licence: test/fixtures/README.md).
const corpusPath = path.resolve(__dirname, "../../../test/fixtures/hogql-corpus.json");

const texts = (source: string) => splitStatements(source).map((s) => s.text);

describe("statementSplitter", () => {
    it("splits on top-level semicolons and trims", () => {
        assert.deepEqual(texts("select 1;  select 2 ;\nselect 3"), [
            "select 1",
            "select 2",
            "select 3",
        ]);
    });

    it("returns offsets into the original text", () => {
        const source = "  select 1;\n\n  select 2;  ";
        for (const s of splitStatements(source)) assert.equal(source.slice(s.start, s.end), s.text);
        assert.deepEqual(
            splitStatements(source).map((s) => [s.start, s.end]),
            [
                [2, 10],
                [15, 23],
            ],
        );
    });

    it("ignores semicolons in strings, including escaped quotes", () => {
        assert.deepEqual(texts("select 'a;b', 'it''s;', 'x\\';y'; select 2"), [
            "select 'a;b', 'it''s;', 'x\\';y'",
            "select 2",
        ]);
    });

    it("ignores semicolons in quoted identifiers", () => {
        assert.deepEqual(texts('select "a;b", `c;d`, "e"";f"; select 2'), [
            'select "a;b", `c;d`, "e"";f"',
            "select 2",
        ]);
    });

    it("ignores semicolons in all three comment kinds, and # is not a comment", () => {
        assert.deepEqual(
            texts("select 1 -- a;b\n, 2 // c;d\n/* e;\nf */ ; select 3 # x; select 4"),
            ["select 1 -- a;b\n, 2", "select 3 # x", "select 4"],
        );
    });

    it("ignores semicolons in f-strings and their braces", () => {
        assert.deepEqual(texts("select f'a;{concat(';', '}')};b{ {'x': 1}['x'] }'; select 2"), [
            "select f'a;{concat(';', '}')};b{ {'x': 1}['x'] }'",
            "select 2",
        ]);
    });

    it("does not take an identifier ending in f for an f-string", () => {
        assert.deepEqual(texts("select elf';' ; select 2"), ["select elf';'", "select 2"]);
    });

    it("skips empty statements and ones that are only comments", () => {
        assert.deepEqual(texts(";; select 1;;\n  ; -- note\n; /* x */ ;"), ["select 1"]);
        assert.deepEqual(texts(""), []);
        assert.deepEqual(texts("  \n -- only a comment\n"), []);
    });

    it("keeps a trailing statement without a semicolon", () => {
        assert.deepEqual(texts("select 1;\nselect 2\n"), ["select 1", "select 2"]);
    });

    it("handles CRLF line endings", () => {
        const source = "select 1 -- x;\r\nfrom t;\r\nselect 'a\r\n;b'\r\n";
        assert.deepEqual(texts(source), ["select 1 -- x;\r\nfrom t", "select 'a\r\n;b'"]);
        for (const s of splitStatements(source)) assert.equal(source.slice(s.start, s.end), s.text);
    });

    it("treats an unterminated string or comment as running to the end", () => {
        assert.deepEqual(texts("select 1; select 'a; b"), ["select 1", "select 'a; b"]);
        assert.deepEqual(texts("select 1; /* a; b"), ["select 1"]);
    });

    describe("statementAt", () => {
        const source = "select 1;  \nselect 2; -- tail\n\nselect 3";
        const at = (offset: number) => statementAt(source, offset)?.text;

        it("finds the statement under the cursor, ends included", () => {
            assert.equal(at(0), "select 1");
            assert.equal(at(8), "select 1");
            assert.equal(at(source.indexOf("select 2") + 3), "select 2");
            assert.equal(at(source.length), "select 3");
        });

        it("gives the gap after a statement to that statement", () => {
            assert.equal(at(9), "select 1"); // right after ';'
            assert.equal(at(11), "select 1"); // trailing whitespace
            assert.equal(at(source.indexOf("-- tail") + 3), "select 2");
        });

        it("gives a later line in the gap to the next statement", () => {
            assert.equal(at(source.indexOf("\n\n") + 1), "select 3");
            const headed = "select 1;\n-- the second one\nselect 2";
            assert.equal(statementAt(headed, headed.indexOf("second"))?.text, "select 2");
        });

        it("leaves comments around a statement out of it", () => {
            assert.deepEqual(texts("-- head\nselect 1 /* tail */ ; select 2 -- end"), [
                "select 1",
                "select 2",
            ]);
        });

        it("gives leading whitespace to the first statement", () => {
            assert.equal(statementAt("\n\n  select 1; select 2", 0)?.text, "select 1");
        });

        it("returns undefined when there is nothing to run", () => {
            assert.equal(statementAt("  -- nothing\n", 3), undefined);
        });
    });

    describe("lexicalStateAt", () => {
        const kind = (text: string) => lexicalStateAt(text, text.length).kind;

        it("reports strings, comments, quoted identifiers and f-strings", () => {
            assert.equal(kind("select 'abc"), "string");
            assert.equal(kind("select 'it''"), "string");
            assert.equal(kind("select 'abc'"), "code");
            assert.equal(kind("select -- x"), "lineComment");
            assert.equal(kind("select // x"), "lineComment");
            assert.equal(kind("select -- x\n"), "code");
            assert.equal(kind("select /* x"), "blockComment");
            assert.equal(kind("select /* x */"), "code");
            assert.equal(kind('select "ab'), "quotedIdentifier");
            assert.equal(kind("select `ab"), "quotedIdentifier");
            assert.equal(kind("select f'ab"), "templateString");
            assert.equal(kind("select f'ab{x"), "code");
            assert.equal(kind("select # x"), "code");
        });

        it("looks at the text after the offset too", () => {
            const text = "select 'abc' from t";
            assert.equal(lexicalStateAt(text, 9).kind, "string");
            assert.equal(lexicalStateAt(text, 12).kind, "code");
        });
    });

    describe("corpus", () => {
        const corpus = JSON.parse(fs.readFileSync(corpusPath, "utf8")) as {
            query: string;
            source: string;
        }[];

        it("reads each of the 112 corpus queries as exactly one statement", () => {
            assert.equal(corpus.length, 112);
            corpus.forEach(({ query }, index) => {
                const statements = splitStatements(query);
                assert.equal(statements.length, 1, `corpus #${index}`);
                assert.equal(
                    statements[0].text,
                    query.trim().replace(/;$/, ""),
                    `corpus #${index}`,
                );
            });
        });

        it("splits the corpus joined with semicolons back into its queries", () => {
            const joined = corpus.map((c) => c.query.trim().replace(/;$/, "")).join(";\n");
            assert.deepEqual(
                texts(joined),
                corpus.map((c) => c.query.trim().replace(/;$/, "")),
            );
        });
    });
});
