// Column layouts (src/shared/columnLayout.ts) come back from state the page does not control, and
// an export request's columns from the page: both are checked before use. The query key ignores
// white space the way a re-indented query differs.
import assert from "node:assert/strict";
import { defaultLayout, isDefaultLayout, layoutFor, queryKey } from "../../src/shared/columnLayout";
import { pickColumns } from "../../src/resultsPanel/exportWriter";

async function* once(rows: unknown[][]): AsyncGenerator<unknown[][]> {
    yield rows;
}

describe("column layouts", () => {
    const names = ["a", "b", "c"];

    it("applies a layout only to a result with the same columns", () => {
        const layout = { names, shown: [2, 0], frozen: 1 };
        assert.deepEqual(layoutFor(layout, names), layout);
        assert.equal(layoutFor(layout, ["a", "b"]), null);
        assert.equal(layoutFor(layout, ["a", "b", "x"]), null);
    });

    it("refuses unsound layouts and clamps the frozen count", () => {
        for (const shown of [[], [0, 0], [3], [-1], [0.5], ["0"]])
            assert.equal(layoutFor({ names, shown, frozen: 0 }, names), null, String(shown));
        assert.equal(layoutFor(null, names), null);
        assert.equal(layoutFor({ names, shown: [0] }, names), null);
        assert.equal(layoutFor({ names, shown: [1, 0], frozen: 9 }, names)?.frozen, 2);
        assert.equal(layoutFor({ names, shown: [1, 0], frozen: -3 }, names)?.frozen, 0);
    });

    it("knows the default layout", () => {
        assert.ok(isDefaultLayout(defaultLayout(names)));
        assert.ok(!isDefaultLayout({ names, shown: [0, 1], frozen: 0 }));
        assert.ok(!isDefaultLayout({ names, shown: [0, 1, 2], frozen: 1 }));
    });

    it("keys a query by its text with white space normalised", () => {
        assert.equal(queryKey("select a,\n    b\tfrom t  "), queryKey("select a, b from t"));
        assert.notEqual(queryKey("select a from t"), queryKey("select b from t"));
        assert.match(queryKey(""), /^[0-9a-f]{16}$/);
    });

    it("exports the named columns in their order, dropping indices past the result's", async () => {
        const picked = pickColumns(names, once([[1, 2, 3]]), [2, 0, 7, -1, 1.5]);
        assert.deepEqual(picked.names, ["c", "a"]);
        const rows: unknown[][] = [];
        for await (const slice of picked.slices) rows.push(...slice);
        assert.deepEqual(rows, [[3, 1]]);
        assert.equal(pickColumns(names, once([]), undefined).names, names);
    });
});
