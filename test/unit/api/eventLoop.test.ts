// The pacer that long work on the extension host asks between slices: it gives the event loop a
// turn once the current turn has run for its budget, and not before. Its clock is the test's.
import assert from "node:assert/strict";
import { turnPacer } from "../../../src/api/eventLoop";

describe("turnPacer", () => {
    it("gives a turn once the budget has run, then starts a new turn", async () => {
        let now = 100;
        const pacer = turnPacer(8, () => now);
        let otherWork = 0;
        const other = () => {
            otherWork++;
        };

        now = 107;
        setImmediate(other);
        assert.equal(await pacer.pace(), false, "within the budget: no turn");
        assert.equal(otherWork, 0, "nothing else ran");

        now = 108;
        assert.equal(await pacer.pace(), true, "the budget has run");
        assert.equal(otherWork, 1, "other work ran in the turn given");

        now = 115;
        assert.equal(await pacer.pace(), false, "the new turn started at 108");
        now = 116;
        setImmediate(other);
        assert.equal(await pacer.pace(), true);
        assert.equal(otherWork, 2);
    });
});
