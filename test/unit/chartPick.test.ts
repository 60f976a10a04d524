// Which chart a result opens as, from its column types and first rows (pure; no browser needed).
import assert from "node:assert/strict";
import { columnKind } from "../../src/webview/results/format";
import { chartData } from "../../src/webview/results/chart/data";
import { columnRoles, pickChart } from "../../src/webview/results/chart/pick";
import { arrayRows, type RowReader } from "../../src/webview/results/view";

function pick(types: string[], rows: unknown[][]) {
    return pickChart(columnRoles(types.map(columnKind), arrayRows(rows)), rows.length);
}

describe("chart picking", () => {
    it("a date column with numbers is a line, each number a series", () => {
        const spec = pick(["Date", "UInt64", "Float64"], [["2026-08-01", "5", 1.5]]);
        assert.deepEqual(spec, { type: "line", x: 0, ys: [1, 2], split: -1, log: false });
    });

    it("dates sent as text (String type) still make a time axis", () => {
        const spec = pick(
            ["String", "Int64"],
            [
                ["2026-08-01 10:00:00", 3],
                ["2026-08-02 10:00:00", 4],
            ],
        );
        assert.equal(spec?.type, "line");
        assert.equal(spec?.x, 0);
    });

    it("a text column with one number is bars", () => {
        assert.deepEqual(
            pick(
                ["String", "UInt64"],
                [
                    ["Chrome", 3],
                    ["Safari", 2],
                ],
            ),
            {
                type: "bar",
                x: 0,
                ys: [1],
                split: -1,
                log: false,
            },
        );
    });

    it("a text, a date and a number is one line per text value", () => {
        const spec = pick(
            ["String", "DateTime", "UInt64"],
            [["Chrome", "2026-08-01T00:00:00Z", 1]],
        );
        assert.deepEqual(spec, { type: "line", x: 1, ys: [2], split: 0, log: false });
    });

    it("a single number is a big number; nothing numeric is no chart", () => {
        assert.equal(pick(["UInt64"], [["18446744073709551615"]])?.type, "number");
        assert.equal(pick(["String"], [["a"], ["b"]]), null);
    });

    it("bars keep the top values and sum the rest into Other", () => {
        const rows = Array.from({ length: 25 }, (_, i) => [`v${i}`, 100 - i]);
        const data = chartData(
            { type: "bar", x: 0, ys: [1], split: -1, log: false },
            ["k", "n"],
            arrayRows(rows),
            false,
        );
        assert.equal(data.categories.length, 20);
        assert.equal(data.categories[0], "v0");
        assert.equal(data.categories[19], "Other (6)");
        assert.equal(data.series[0].values[19], 81 + 80 + 79 + 78 + 77 + 76);
    });

    describe("points read from the bytes", () => {
        // A reader like the results page's: columns as read from the bytes, NaN where a value
        // must be read on its own (here: null or text).
        const bytesReader = (rows: unknown[][]): RowReader => ({
            ...arrayRows(rows),
            doubles: (c) => Float64Array.from(rows, (r) => (typeof r[c] === "number" ? r[c] : NaN)),
            times: (c) => Float64Array.from(rows, (r) => Date.parse(String(r[c]))),
        });
        const line = { type: "line" as const, x: 0, ys: [1], split: -1, log: false };

        it("draws the columns as read when every value is a number and x ascends", () => {
            const rows = [
                ["2026-08-01", 3],
                ["2026-08-02", 1.5],
                ["2026-08-03", 7],
            ];
            const data = chartData(line, ["d", "n"], bytesReader(rows), true);
            assert.ok(data.xs instanceof Float64Array);
            assert.ok(data.series[0].values instanceof Float64Array);
            assert.deepEqual(
                Array.from(data.xs),
                [1, 2, 3].map((d) => Date.UTC(2026, 7, d)),
            );
            assert.deepEqual(Array.from(data.series[0].values), [3, 1.5, 7]);
            assert.equal(data.series[0].exact(1), 1.5);
        });

        it("keeps a missing value as a gap, and sorts x that do not ascend", () => {
            const gap = chartData(
                line,
                ["d", "n"],
                bytesReader([
                    ["2026-08-01", 3],
                    ["2026-08-02", null],
                ]),
                true,
            );
            assert.deepEqual(gap.series[0].values, [3, null]);
            const unsorted = chartData(
                line,
                ["d", "n"],
                bytesReader([
                    ["2026-08-02", 1],
                    ["2026-08-01", 2],
                ]),
                true,
            );
            assert.deepEqual(
                Array.from(unsorted.xs),
                [1, 2].map((d) => Date.UTC(2026, 7, d)),
            );
            assert.deepEqual(unsorted.series[0].values, [2, 1]);
            assert.equal(unsorted.series[0].exact(0), 2);
        });
    });

    it("keeps the exact text of wide integers for the tooltip", () => {
        const rows = [["2026-08-01", "18446744073709551615"]];
        const data = chartData(
            { type: "line", x: 0, ys: [1], split: -1, log: false },
            ["d", "n"],
            arrayRows(rows),
            true,
        );
        assert.equal(data.series[0].exact(0), "18446744073709551615");
        assert.equal(data.xs[0], Date.UTC(2026, 7, 1));
    });
});
