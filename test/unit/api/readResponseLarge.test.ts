// Reading the parsed response of a large result (50,000 x 20, about 16 MB) from a run's bytes, as
// the language model tools and saved-query tables do: the rows are parsed in slices of at most
// 16 KB of text with the pacer asked between every two, with wide numbers or without, and every
// digit is kept. How long the longest turn takes is a bench figure (bench/host.mjs).
import assert from "node:assert/strict";
import { parseSliceBytes, readResponse, scanLayout } from "../../../src/api/queryBytes";
import { isBigNumber } from "../../../src/shared/json/lossless";
import { countingPacer, largeResponse, largeRowCount, wideNumber } from "../../longTask";

describe("readResponse of a large result (extension host)", function () {
    this.timeout(120_000);

    for (const wide of [false, true]) {
        const kind = wide ? "with wide numbers" : "of plain numbers";
        it(`reads 50,000 x 20 ${kind} in slices of at most 16 KB, pacing between them`, async () => {
            const bytes = new TextEncoder().encode(largeResponse({ wide }));
            const layout = await scanLayout(bytes);
            assert.equal(layout.wide, wide, "the scan saw whether a number is wide");
            const pacer = countingPacer();
            const value = await readResponse<{ results: unknown[][]; hasMore: boolean }>(
                { bytes, layout },
                pacer,
            );
            // Each slice spans less than parseSliceBytes of row text (rows here are far smaller),
            // so the rows' span takes at least this many slices, with the pacer asked between.
            const span = layout.rowEnds[largeRowCount - 1] - layout.rowStarts[0];
            const slices = Math.ceil(span / parseSliceBytes);
            assert.ok(slices > 900, `the rows span ${span} bytes`);
            assert.ok(pacer.calls >= slices - 1, `pacer asked ${pacer.calls} times for ${slices}`);
            assert.equal(value.results.length, largeRowCount);
            assert.equal(value.hasMore, false);
            const last = value.results[largeRowCount - 1];
            if (wide) {
                assert.ok(isBigNumber(last[1]), "a wide number is kept as its text");
                assert.equal(String(last[1]), wideNumber(largeRowCount - 1));
            } else assert.equal(last[1], (largeRowCount - 1) * 31 + 1);
        });
    }
});
