// The chart warm-up's reader (src/webview/results/chart/sampleReader.ts): a result's first rows
// read from bytes as the page reads the whole result, so the warm-up runs the same functions.
import assert from "node:assert/strict";
import { sampleReader } from "../../src/webview/results/chart/sampleReader";

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
