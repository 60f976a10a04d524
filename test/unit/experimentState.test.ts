// The extension reads experiment states as PostHog's list filter does
// (products/experiments/backend experiment service, ExperimentQueryStatus).
import assert from "node:assert/strict";
import type { Experiment } from "../../src/api";
import {
    experimentDescription,
    experimentState,
    isEnded,
    statusText,
} from "../../src/experiments/model";

function experiment(fields: Partial<Experiment>): Experiment {
    return {
        id: 1,
        name: "x",
        feature_flag_key: "x-flag",
        start_date: "2026-01-01T00:00:00Z",
        end_date: null,
        archived: false,
        ...fields,
    } as Experiment;
}

describe("experiment state", () => {
    const flag = (active: boolean) => ({ active }) as Experiment["feature_flag"];

    it("stored running with an inactive flag is paused; with an active one running", () => {
        assert.equal(
            experimentState(experiment({ status: "running", feature_flag: flag(false) })),
            "paused",
        );
        assert.equal(
            experimentState(experiment({ status: "running", feature_flag: flag(true) })),
            "running",
        );
    });

    it("stopped reads as complete, draft as draft, and without a status the dates decide", () => {
        assert.equal(experimentState(experiment({ status: "stopped" })), "complete");
        assert.equal(experimentState(experiment({ status: "draft", start_date: null })), "draft");
        assert.equal(experimentState(experiment({ feature_flag: flag(false) })), "paused");
        assert.equal(experimentState(experiment({ end_date: "2026-02-01T00:00:00Z" })), "complete");
    });

    it("a paused experiment's row says its flag is off", () => {
        const paused = experiment({ status: "running", feature_flag: flag(false) });
        assert.match(experimentDescription(paused), /^x-flag \(flag off\)/);
        const running = experiment({ status: "running", feature_flag: flag(true) });
        assert.doesNotMatch(experimentDescription(running), /flag off/);
    });

    it("exposure_frozen is its own state, worded as PostHog words it", () => {
        const frozen = experiment({ status: "exposure_frozen", feature_flag: flag(true) });
        assert.equal(experimentState(frozen), "exposure_frozen");
        assert.equal(statusText(frozen), "Exposure frozen");
        assert.equal(isEnded(frozen), false, "a frozen experiment still runs: not archivable");
        assert.equal(statusText(experiment({ status: "stopped" })), "Complete");
        assert.equal(statusText(experiment({ status: "paused" })), "Paused");
        assert.equal(
            statusText(experiment({ status: "running", feature_flag: flag(false) })),
            "Paused",
        );
        assert.equal(statusText(experiment({})), "Running", "no status: the dates decide");
    });

    it("an unknown status is shown as sent, its state taken from the dates, without throwing", () => {
        const odd = experiment({ status: "rolling_back <b>now</b>" });
        assert.equal(statusText(odd), "rolling_back <b>now</b>");
        assert.equal(experimentState(odd), "running");
        const ended = experiment({ status: "shipped", end_date: "2026-02-01T00:00:00Z" });
        assert.equal(experimentState(ended), "complete");
        assert.equal(isEnded(ended), true);
        // Not even a string: shown as its JSON, never an exception.
        const weird = experiment({ status: { nested: 1 } as unknown as string });
        assert.equal(statusText(weird), '{"nested":1}');
        assert.equal(experimentDescription(weird), "x-flag · since 2026-01-01");
    });
});
