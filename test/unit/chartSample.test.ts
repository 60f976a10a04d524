// The chart's columns ahead of Alt+C: those the parse worker read (chart/columnReads.ts filled),
// and the warm-up's reader (chart/sampleReader.ts), a result's first rows read from bytes as the
// page reads the whole result, so the warm-up runs the same functions.
import assert from "node:assert/strict";
import { ByteRows } from "../../src/shared/json/byteRows";
import { ObjectScanner } from "../../src/shared/json/responseScan";
import { ColumnReads } from "../../src/webview/results/chart/columnReads";
import { sampleReader } from "../../src/webview/results/chart/sampleReader";

function byteRows(rows: unknown[][]): ByteRows {
    const bytes = new TextEncoder().encode(JSON.stringify({ results: rows }));
    return new ByteRows(bytes, new ObjectScanner(bytes, 0, bytes.length, "results", true).run());
}

describe("chart columns read by the parse worker (ColumnReads.filled)", () => {
    it("a column read whole elsewhere is used as it is, not read again", () => {
        const reads = new ColumnReads(byteRows([[1], [2], [3]]));
        const fromWorker = Float64Array.of(10, 20, 30);
        reads.filled(0, false, fromWorker);
        assert.equal(reads.whole(0, false), fromWorker);
        assert.equal(reads.ahead([{ c: 0, asTime: false }], 1), true, "nothing left to read");
        // Only that column as numbers: as times it is read from the bytes.
        assert.ok(reads.whole(0, true).every((v) => Number.isNaN(v)));
    });

    it("a column of another length (another result's) is left out: the bytes are read", () => {
        const reads = new ColumnReads(byteRows([[1], [2], [3]]));
        reads.filled(0, false, Float64Array.of(10, 20));
        assert.deepEqual([...reads.whole(0, false)], [1, 2, 3]);
    });
});

describe("chart warm-up sample (sampleReader)", () => {
    it("reads times and numbers whole from the rows' bytes, and single values", () => {
        const rows = sampleReader(
            JSON.stringify([
                ["2026-08-01T00:00:00Z", 1.5, "a"],
                ["2026-08-01T00:01:00Z", -2, "b"],
                ["2026-08-01T00:02:00Z", null, "c"],
            ]),
        );
        assert.ok(rows);
        assert.equal(rows.count, 3);
        assert.deepEqual(
            [...rows.times!(0)],
            [0, 1, 2].map((m) => Date.UTC(2026, 7, 1, 0, m)),
        );
        const values = rows.doubles!(1);
        assert.deepEqual([values[0], values[1]], [1.5, -2]);
        // null is no number: NaN, left to `cell` (as on the page).
        assert.ok(Number.isNaN(values[2]));
        assert.equal(rows.cell(1, 2), "b");
        assert.deepEqual(rows.row(2), ["2026-08-01T00:02:00Z", null, "c"]);
    });

    it("has nothing for no rows, rows that are not lists, or text that is not JSON", () => {
        assert.equal(sampleReader("[]"), null);
        assert.equal(sampleReader("[1, 2]"), null);
        assert.equal(sampleReader('[{"a": 1}]'), null);
        assert.equal(sampleReader("[[1, 2"), null);
        assert.equal(sampleReader("nonsense"), null);
    });
});
