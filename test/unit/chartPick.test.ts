// Which chart a result opens as, from its column types and first rows (pure; no browser needed).
import assert from "node:assert/strict";
import { columnKind } from "../../src/webview/results/format";
import { chartData } from "../../src/webview/results/chart/data";
import { columnRoles, pickChart } from "../../src/webview/results/chart/pick";
import { arrayRows } from "../../src/webview/results/view";

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
