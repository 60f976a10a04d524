// The unseen set (test/fixtures/hogql-unseen-outcomes.json): real queries from PostHog's tests,
// recorded before the sandbox ever ran them, checked over real HTTP against PostHog's outcome.
// Every one must match, except those marked knownGap, which are printed with their reason.
import assert from "node:assert/strict";
import { askSandbox, outcomeMismatch, readOutcomes } from "../hogqlOutcomes";
import { type Sandbox } from "../sandbox/index";
import { useSandbox } from "./useSandbox";

const unseen = readOutcomes("hogql-unseen-outcomes.json");

describe("sandbox HogQL engine on the unseen set", function () {
    this.timeout(60_000);
    let sb: Sandbox;

    useSandbox((started) => ({ sb } = started));

    const hogql = (query: string) => askSandbox(sb, query);

    it("gives PostHog's outcome for every unseen query but the known gaps", async () => {
        let matches = 0;
        const misses: string[] = [];
        const stale: string[] = [];
        for (const [i, entry] of unseen.entries()) {
            const miss = outcomeMismatch(entry, await hogql(entry.query));
            const where = `#${i} (${entry.source.split(":").pop()})`;
            if (!miss) {
                matches++;
                if (entry.knownGap) stale.push(`${where} matches now: drop its knownGap`);
            } else if (entry.knownGap) {
                console.log(`      known gap ${where}: ${entry.knownGap}`);
            } else misses.push(`${where}: ${miss}`);
        }
        const share = Math.round((100 * matches) / unseen.length);
        console.log(`      unseen: ${matches}/${unseen.length} (${share}%) match PostHog`);
        assert.deepEqual(misses, []);
        assert.deepEqual(stale, []);
    });
});
