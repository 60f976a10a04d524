// Exporting a large result (50,000 x 20, about 16 MB) from the extension host, reading its rows
// in slices, or opening it as JSON: each works a slice of rows at a time and asks its pacer for a
// turn between every two slices, and cancelling an export leaves no file. How long the longest
// turn takes is a bench figure (bench/host.mjs, "exports").
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { textOf } from "../../src/shared/json/responseScan";
import {
    editorJson,
    editorJsonOf,
    editorSliceRows,
    exportSlices,
} from "../../src/resultsPanel/exportFormats";
import { exportToFile } from "../../src/resultsPanel/exportWriter";
import {
    layoutOf,
    nextTurn,
    resultFromText,
    rowSliceSize,
    rowSlices,
    type QueryResult,
} from "../../src/resultsPanel/resultSet";
import { countingPacer, largeResponse, largeRowCount as rowCount } from "../longTask";

describe("large exports (extension host)", function () {
    this.timeout(120_000);
    let dir: string;
    let set: QueryResult;
    // Slices of rows in a whole read.
    const slices = Math.ceil(rowCount / rowSliceSize);

    before(async () => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-export-"));
        set = await resultFromText(
            largeResponse(),
            { title: "large", queryText: "", durationMs: 0 },
            nextTurn,
        );
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    for (const format of ["csv", "json", "ndjson"] as const) {
        it(`writes 50,000 x 20 as ${format}, pacing between slices of rows`, async () => {
            const file = path.join(dir, `all.${format}`);
            let reports = 0;
            const pacer = countingPacer();
            const written = await exportToFile(set, format, file, {
                onRows: () => reports++,
                pacer,
            });
            assert.equal(written, true);
            assert.equal(pacer.calls, slices - 1, "a turn asked for between every two slices");
            // Progress once per turn given, and once at the end.
            assert.equal(reports, slices, `progress reported ${reports} times`);
            const text = fs.readFileSync(file, "utf8");
            const lines = text.split(format === "csv" ? "\r\n" : "\n").filter((l) => l !== "");
            // CSV: header + rows; JSON: "[" + rows + "]"; NDJSON: rows.
            const extra = format === "ndjson" ? 0 : format === "csv" ? 1 : 2;
            assert.equal(lines.length, rowCount + extra);
            if (format === "json") assert.equal((JSON.parse(text) as unknown[]).length, rowCount);
        });
    }

    it("builds Open JSON's text for 50,000 x 20, pacing between slices of rows", async () => {
        const pacer = countingPacer();
        const value = await editorJsonOf(set, pacer);
        const blocks = Math.ceil(rowCount / editorSliceRows);
        assert.equal(pacer.calls, blocks - 1, "a turn asked for between every two slices");
        // The same text as building it in one go: every row as received, one per line.
        const layout = await layoutOf(set, nextTurn);
        const rows = layout.rowStarts.map((start, r) =>
            textOf(set.bytes, { start, end: layout.rowEnds[r] }),
        );
        assert.equal(value, editorJson(layout.head, rows));
        assert.equal((JSON.parse(value) as { results: unknown[] }).results.length, rowCount);
    });

    it("lays Open JSON's text out as the response's fields, then one row per line", () => {
        const head = { columns: ["a", "b"], types: [["a", "Int64"]], hasMore: false };
        assert.equal(
            editorJson(head, ["[1,12345678901234567890]", '["x\\n",null]']),
            [
                "{",
                '  "columns": ["a","b"],',
                '  "types": [["a","Int64"]],',
                '  "hasMore": false,',
                '  "results": [',
                "    [1,12345678901234567890],",
                '    ["x\\n",null]',
                "  ]",
                "}",
                "",
            ].join("\n"),
        );
        assert.equal(editorJson({}, []), '{\n  "results": []\n}\n');
    });

    it("reads 50,000 x 20 in slices of rows, pacing after the caller's work on each", async () => {
        // The caller's work on each slice (here NDJSON text, as an export makes) counts in the
        // turn: the pacer is asked once the caller has taken the slice, not before.
        const pacer = countingPacer();
        let lines = 0;
        const callsSeen: number[] = [];
        for await (const text of exportSlices(["c"], rowSlices(set, pacer), "ndjson")) {
            callsSeen.push(pacer.calls);
            lines += text.split("\n").length - 1;
        }
        assert.equal(lines, rowCount);
        assert.equal(pacer.calls, slices - 1, "a turn asked for between every two slices");
        assert.deepEqual(callsSeen.slice(0, 3), [0, 1, 2], "one slice formatted per turn");
    });

    it("stops when cancelled and removes the partial file", async () => {
        const file = path.join(dir, "cancelled.csv");
        const abort = new AbortController();
        let existedWhenCancelled = false;
        const written = await exportToFile(set, "csv", file, {
            signal: abort.signal,
            onRows: (done, total) => {
                assert.equal(total, rowCount);
                if (done >= 10_000 && !abort.signal.aborted) {
                    existedWhenCancelled = fs.existsSync(file);
                    abort.abort();
                }
            },
        });
        assert.equal(written, false);
        assert.ok(existedWhenCancelled, "the export had started writing when cancelled");
        assert.equal(fs.existsSync(file), false, "the partial file is gone");
    });

    it("leaves what is at the path alone when the file cannot be opened", async () => {
        // A directory where the file should be: opening it for writing fails.
        const file = path.join(dir, "blocked.csv");
        fs.mkdirSync(file);
        await assert.rejects(exportToFile(set, "csv", file));
        assert.ok(fs.statSync(file).isDirectory(), "what was there is left alone");
        fs.rmdirSync(file);
    });
});
