import * as assert from "node:assert/strict";
import { activateSteps, BUILD_STEP, type ActivationStep } from "../../src/activation";

/** A stand-in context that records what activation did to it. */
class Built {
    readonly registered: string[] = [];
    disposed = 0;
    dispose(): void {
        this.disposed++;
    }
}

function step(name: string, fail = false): ActivationStep<Built> {
    return {
        name,
        register: (ctx) => {
            if (fail) throw new Error(`${name} broke`);
            ctx.registered.push(name);
        },
    };
}

describe("activation wiring", () => {
    it("builds, then registers every step in order, reporting nothing", () => {
        const reports: string[] = [];
        const ctx = activateSteps(
            () => new Built(),
            [step("a"), step("b")],
            (s) => reports.push(s),
        );
        assert.deepEqual(ctx.registered, ["a", "b"]);
        assert.deepEqual(reports, []);
        assert.equal(ctx.disposed, 0);
    });

    it("reports a failure to build the pieces, then rethrows it", () => {
        const reports: [string, unknown][] = [];
        const broken = new Error("tree view refused");
        assert.throws(
            () =>
                activateSteps<Built>(
                    () => {
                        throw broken;
                    },
                    [step("a")],
                    (s, e) => reports.push([s, e]),
                ),
            (error) => error === broken,
        );
        assert.deepEqual(reports, [[BUILD_STEP, broken]]);
    });

    it("reports a failing step by name, skips the rest and disposes what was built", () => {
        const reports: string[] = [];
        let built: Built | undefined;
        assert.throws(
            () =>
                activateSteps(
                    () => (built = new Built()),
                    [step("a"), step("b", true), step("c")],
                    (s, e) => reports.push(`${s}: ${(e as Error).message}`),
                ),
            /b broke/,
        );
        assert.deepEqual(reports, ["b: b broke"]);
        assert.deepEqual(built?.registered, ["a"]);
        assert.equal(built?.disposed, 1);
    });
});
