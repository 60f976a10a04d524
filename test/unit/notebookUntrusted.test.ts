// A `.hogqlnb` file comes from anyone (a cloned repository): an output that does not fit its
// shape is left out as the file is read, and the rest opens; `{cells.x}` expansion stops at a
// size and a depth limit before it builds the query, with an error at the placeholder.
import assert from "node:assert/strict";
import {
    CellRefError,
    expandCellRefs,
    MAX_EXPANDED_CHARS,
    MAX_EXPANSION_DEPTH,
} from "../../src/notebook/cellRefs";
import { parseNotebookFile, writeNotebookFile } from "../../src/notebook/fileFormat";

const GOOD_RESULT = {
    columns: ["event", "c"],
    types: [
        ["event", "String"],
        ["c", "UInt64"],
    ],
    results: [
        ["$pageview", "WIDE"],
        ["signup", 3],
    ],
    rowCount: 2,
    cap: 500,
};

describe("HogQL notebook files from anyone", () => {
    describe("outputs checked on load", () => {
        /** Malformed outputs, each with what the log line says about it. */
        const malformed: [string, unknown, RegExp][] = [
            ["columns not a list", { result: { ...GOOD_RESULT, columns: "event" } }, /columns/],
            [
                "a column name not text",
                { result: { ...GOOD_RESULT, columns: ["e", 5] } },
                /columns\/1/,
            ],
            [
                "rows not lists",
                { result: { ...GOOD_RESULT, results: ["$pageview"] } },
                /results\/0/,
            ],
            ["rows missing", { result: { ...GOOD_RESULT, results: undefined } }, /results/],
            ["a text row count", { result: { ...GOOD_RESULT, rowCount: "2" } }, /rowCount/],
            ["a negative cap", { result: { ...GOOD_RESULT, cap: -1 } }, /cap/],
            ["a bad chart", { result: { ...GOOD_RESULT, chart: { view: "pie" } } }, /chart/],
            ["a text limit", { result: { ...GOOD_RESULT, limit: "100" } }, /limit/],
            ["markdown not lines", { markdown: "| a |" }, /markdown/],
            ["a line not text", { text: ["ok", { toString: 1 }] }, /text\/1/],
            ["an error without a message", { error: { name: "HogQL" } }, /message/],
            ["not an object", "SELECT 1", /must be object/],
            ["null", null, /must be object/],
            ["a list", [GOOD_RESULT], /must be object/],
        ];

        const file = JSON.stringify({
            cells: [
                { kind: "markdown", source: ["# Notes"] },
                {
                    kind: "hogql",
                    source: ["SELECT event, count() AS c", "FROM events"],
                    outputs: [{ result: GOOD_RESULT, markdown: ["| event | c |"] }],
                    execution: { order: 1, success: true, durationMs: 12 },
                },
                ...malformed.map(([what, output]) => ({
                    kind: "hogql",
                    source: [`-- ${what}`, "SELECT 1"],
                    // A good output after the bad one stays.
                    outputs: [output, { text: ["still here"] }],
                })),
                null,
                {
                    kind: "hogql",
                    source: ["SELECT 2"],
                    metadata: { chart: { view: "chart", spec: { type: "rm -rf" } }, note: "kept" },
                    execution: { order: "1; DROP", success: "yes", durationMs: 5, endedAt: 7 },
                },
            ],
            version: 1,
        }).replace('"WIDE"', "12345678901234567890");

        it("leaves out each malformed output and opens every cell with the rest", () => {
            const notebook = parseNotebookFile(file);
            assert.equal(notebook.cells.length, 2 + malformed.length + 2, "every cell opens");
            assert.deepEqual(notebook.cells[1].outputs?.[0].result?.columns, ["event", "c"]);
            assert.equal(
                String(notebook.cells[1].outputs?.[0].result?.results[0][1]),
                "12345678901234567890",
                "a wide number in a good output keeps its digits",
            );
            malformed.forEach(([what], i) => {
                const cell = notebook.cells[2 + i];
                assert.equal(cell.source, `-- ${what}\nSELECT 1`);
                assert.deepEqual(cell.outputs, [{ text: ["still here"] }], what);
            });
            assert.deepEqual(
                notebook.dropped.filter((d) => d.part !== "chart").map((d) => [d.cell, d.part]),
                malformed.map((_, i) => [2 + i, 0]),
            );
            malformed.forEach(([what, , problem], i) =>
                assert.match(notebook.dropped[i].problem, problem, what),
            );
            // A cell that is not an object opens empty.
            assert.deepEqual(notebook.cells[2 + malformed.length], { kind: "hogql", source: "" });
        });

        it("leaves out a malformed chart choice and mistyped run details, keeping the rest", () => {
            const notebook = parseNotebookFile(file);
            const last = notebook.cells.at(-1);
            assert.deepEqual(last?.metadata, { note: "kept" });
            assert.deepEqual(last?.execution, { durationMs: 5 });
            const chart = notebook.dropped.find((d) => d.part === "chart");
            assert.equal(chart?.cell, notebook.cells.length - 1);
            assert.match(chart?.problem ?? "", /view|spec/);
        });

        it("says what did not fit in a few words, whatever the file holds", () => {
            const huge = "x".repeat(1_000_000);
            const notebook = parseNotebookFile(
                JSON.stringify({
                    cells: [
                        {
                            kind: "hogql",
                            source: ["SELECT 1"],
                            outputs: [
                                { result: { ...GOOD_RESULT, columns: [huge, 5] } },
                                { result: { ...GOOD_RESULT, [huge]: 1, rowCount: huge } },
                                { error: { name: "x", message: ["\n[error] forged"] } },
                            ],
                        },
                    ],
                }),
            );
            assert.equal(notebook.dropped.length, 3);
            for (const { problem } of notebook.dropped) {
                assert.ok(problem.length < 120, problem.slice(0, 200));
                assert.doesNotMatch(problem, /\n|forged/);
            }
        });

        it("reads what it writes without leaving anything out", () => {
            const notebook = parseNotebookFile(file);
            const again = parseNotebookFile(writeNotebookFile(notebook));
            assert.deepEqual(again.dropped, []);
            assert.deepEqual(again.cells, notebook.cells);
        });
    });

    describe("{cells.x} expansion has limits", () => {
        /** Cells c0..c{levels}, each using the one below `uses` times. */
        function chain(levels: number, uses: number): (name: string) => string | undefined {
            return (name) => {
                const level = Number(/^c(\d+)$/.exec(name)?.[1] ?? NaN);
                if (!(level >= 0 && level <= levels)) return undefined;
                if (level === 0) return "-- name: c0\nSELECT 1 AS n";
                const part = `SELECT n FROM {cells.c${level - 1}}`;
                return `-- name: ${name}\n${Array(uses).fill(part).join(" UNION ALL ")}`;
            };
        }

        /**
         * Expands `text`, and returns the error it fails with and how many times a named cell's
         * query was looked up on the way: a doubling chain walked without care looks cells up
         * billions of times, so the count, not the clock, shows the failure came at once.
         */
        function failing(text: string, queryOf: (name: string) => string | undefined) {
            let lookups = 0;
            try {
                expandCellRefs(text, (name) => {
                    lookups++;
                    return queryOf(name);
                });
            } catch (error) {
                assert.ok(error instanceof CellRefError, String(error));
                return { error, lookups };
            }
            assert.fail(`${text} expanded`);
        }

        it("a chain that doubles at each of 40 levels fails at once, naming the cell", () => {
            const text = "SELECT count() FROM {cells.c40}";
            const { error, lookups } = failing(text, chain(40, 2));
            assert.match(error.message, /^\{cells\.c40\} uses named cells through more than 32/);
            // Underlined at the placeholder in the cell that runs.
            assert.deepEqual([error.start, error.end], [text.indexOf("{"), text.length]);
            assert.ok(lookups <= 100, `looked cells up ${lookups} times`);
        });

        it("a chain that doubles at each of 30 levels fails on the size, before building it", () => {
            const text = "SELECT count() FROM {cells.c30} WHERE n > 0";
            const { error, lookups } = failing(text, chain(30, 2));
            assert.match(
                error.message,
                /^Expanding \{cells\.c30\} makes a query longer than 1,000,000 characters \(through c30 → c29 → .*\)\. Use named cells fewer times/,
            );
            assert.deepEqual([error.start, error.end], [text.indexOf("{"), text.indexOf("}") + 1]);
            assert.ok(lookups <= 100, `looked cells up ${lookups} times`);
        });

        it("a doubling chain under the limit expands each named cell once, as written", () => {
            const expansion = expandCellRefs("SELECT count() FROM {cells.c10}", chain(10, 2));
            assert.ok(expansion.text.length < MAX_EXPANDED_CHARS);
            assert.equal(expansion.text.split("SELECT 1 AS n").length - 1, 2 ** 10);
            assert.deepEqual(
                [...expansion.used].sort(),
                Array.from({ length: 11 }, (_, i) => `c${i}`).sort(),
            );
            // The same text as expanding level by level (no shortcut changed it); a named cell's
            // statement is placed without its name comment.
            let expected = "SELECT 1 AS n";
            for (let level = 1; level <= 10; level++) {
                const part = `SELECT n FROM (${expected}) AS c${level - 1}`;
                expected = `${part} UNION ALL ${part}`;
            }
            assert.equal(expansion.text, `SELECT count() FROM (${expected}) AS c10`);
        });

        it("stops at the depth limit, and counts what comes before the statement", () => {
            assert.throws(
                () => expandCellRefs("SELECT * FROM {cells.c60}", chain(60, 1)),
                (e: unknown) =>
                    e instanceof CellRefError &&
                    e.message.includes(`more than ${MAX_EXPANSION_DEPTH} levels`) &&
                    e.message.startsWith("{cells.c60} uses named cells"),
            );
            assert.ok(
                expandCellRefs("SELECT * FROM {cells.c20}", chain(20, 1)).text.length > 0,
                "twenty levels are fine",
            );
            const text = "SELECT * FROM {cells.c1}";
            assert.doesNotThrow(() => expandCellRefs(text, chain(1, 1), { before: 1000 }));
            assert.throws(
                () => expandCellRefs(text, chain(1, 1), { before: MAX_EXPANDED_CHARS - 20 }),
                /longer than 1,000,000 characters/,
            );
        });
    });
});
