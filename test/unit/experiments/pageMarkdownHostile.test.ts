// The experiment page's Markdown (Copy as Markdown, Open as Markdown) with a hostile server error
// and day: what the page adds to the details, its results' notes and days, is plain text.
import * as assert from "node:assert/strict";
import type { Experiment, TimeseriesResults } from "../../../src/api";
import { experimentPageData, pageMarkdown } from "../../../src/experiments/pageData";
import { hostileNames, liveInMarkdownString, liveInPreview } from "../../hostile/liveMarkup";

const experiment = {
    id: 7,
    name: "Plain",
    start_date: "2026-08-01T12:00:00Z",
    end_date: null,
    feature_flag_key: "plain",
    archived: false,
    created_at: "2026-07-30T10:00:00Z",
    updated_at: "2026-08-10T10:00:00Z",
    metrics: [
        { kind: "ExperimentMetric", uuid: "m-failed", name: "Failed", metric_type: "funnel" },
        { kind: "ExperimentMetric", uuid: "m-day", name: "Day", metric_type: "funnel" },
    ],
} as unknown as Experiment;

/** One computed day, keyed `day` (the server's key). */
const resultsOn = (day: string): TimeseriesResults => ({
    experiment_id: 7,
    metric_uuid: "m-day",
    status: "completed",
    timeseries: {
        [day]: {
            baseline: { key: "control", number_of_samples: 100, sum: 20 },
            variant_results: [
                {
                    key: "test",
                    number_of_samples: 100,
                    sum: 25,
                    method: "bayesian",
                    chance_to_win: 0.7,
                    credible_interval: [-0.02, 0.1],
                    significant: false,
                },
            ],
        },
    },
});

describe("experiment page Markdown with hostile server text", () => {
    for (const { name, why } of hostileNames()) {
        it(`keeps ${why} plain in a result's note and day`, () => {
            const data = experimentPageData(
                experiment,
                new Map([
                    ["m-failed", { kind: "failed", message: name }],
                    ["m-day", { kind: "loaded", data: resultsOn(name) }],
                ]),
                null,
                new Date("2026-08-10T10:00:00Z"),
            );
            const markdown = pageMarkdown(experiment, data, "https://us.posthog.com", "1");
            const part = markdown.slice(markdown.indexOf("## Results"));
            assert.deepEqual(liveInMarkdownString(part), [], part);
            assert.deepEqual(liveInPreview(part), [], part);
        });
    }
});
