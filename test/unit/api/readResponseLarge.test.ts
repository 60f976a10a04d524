// Reading the parsed response of a large result (50,000 x 20, about 16 MB) from a run's bytes, as
// the language model tools and saved-query tables do: it never holds the event loop for 50 ms or
// more, with wide numbers or without, and keeps every digit.
import assert from "node:assert/strict";
import { readResponse, scanLayout } from "../../../src/api/queryBytes";
import { isBigNumber } from "../../../src/shared/json/lossless";
import { largeResponse, largeRowCount, longestTask, wideNumber } from "../../longTask";

describe("readResponse of a large result (extension host)", function () {
    this.timeout(120_000);

    for (const wide of [false, true]) {
        const kind = wide ? "with wide numbers" : "of plain numbers";
        it(`reads 50,000 x 20 ${kind} with no task of 50 ms or more`, async () => {
            const bytes = new TextEncoder().encode(largeResponse({ wide }));
            const layout = await scanLayout(bytes);
            assert.equal(layout.wide, wide, "the scan saw whether a number is wide");
            const { value, longest } = await longestTask(() =>
                readResponse<{ results: unknown[][]; hasMore: boolean }>({ bytes, layout }),
            );
            assert.ok(longest < 50, `longest task ${longest.toFixed(1)} ms`);
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
