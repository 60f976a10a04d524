// The experiment page's numbers and words, from PostHog-shaped timeseries answers.
import * as assert from "node:assert/strict";
import type { Experiment, TimeseriesResults } from "../../../src/api";
import {
    experimentPageData,
    formatChanceToWin,
    formatPValue,
    pageMarkdown,
    pageTimeseries,
} from "../../../src/experiments/pageData";

const day = (chance: number, interval: [number, number], significant: boolean) => ({
    baseline: { key: "control", number_of_samples: 100, sum: 20 },
    variant_results: [
        {
            key: "test",
            number_of_samples: 110,
            sum: 30,
            method: "bayesian",
            chance_to_win: chance,
            credible_interval: interval,
            significant,
        },
    ],
});

const results = (timeseries: Record<string, unknown>, status = "completed"): TimeseriesResults => ({
    experiment_id: 1,
    metric_uuid: "m",
    status,
    timeseries,
});

describe("experiment page data", () => {
    it("formats chance to win and p-values as PostHog's shared/utils.ts does", () => {
        assert.equal(formatChanceToWin(0.9995), "> 99.9%");
        assert.equal(formatChanceToWin(0.0005), "< 0.1%");
        assert.equal(formatChanceToWin(0.005), "0.50%");
        assert.equal(formatChanceToWin(0.873), "87.3%");
        assert.equal(formatChanceToWin(null), "—");
        assert.equal(formatPValue(0.0004), "< 0.001");
        assert.equal(formatPValue(0.0042), "0.0042");
        assert.equal(formatPValue(0.25), "0.250");
        assert.equal(formatPValue(0), "—");
    });

    it("draws the change as the middle of the interval and carries a pending day forward", () => {
        const ts = pageTimeseries(
            results(
                {
                    "2026-08-02": day(0.7, [-0.02, 0.1], false),
                    "2026-08-01": null,
                    "2026-08-03": null,
                },
                "partial",
            ),
            { metric_type: "funnel" },
        );
        assert.ok(ts);
        assert.deepEqual(ts.days, ["2026-08-01", "2026-08-02", "2026-08-03"]);
        const test = ts.variants[0];
        assert.equal(test.key, "test");
        assert.deepEqual(test.delta, [null, 0.04, 0.04]);
        assert.deepEqual(test.lower, [null, -0.02, -0.02]);
        assert.deepEqual(test.measured, [false, true, false]);
        assert.equal(ts.progress, "Computed 1 of 3 days");
        assert.equal(ts.latest?.day, "2026-08-02");
        const [control, row] = ts.latest!.rows;
        assert.equal(control.deltaText, "Baseline");
        assert.equal(control.value, "20.00%");
        assert.equal(row.value, "27.27%");
        assert.equal(row.statistic, "70.0%");
        assert.equal(row.verdict, "Not significant");
        assert.equal(row.intervalText, "[-2.00%, 10.00%]");
        assert.equal(row.deltaText, "+4.00%");
        assert.equal(ts.statisticLabel, "Chance to win");
        assert.equal(ts.intervalLabel, "Credible interval");
        assert.equal(ts.valueLabel, "Conversion rate");
        // One list of column titles for the page and the Markdown details (ResultDetails.tsx's).
        assert.equal(
            ts.latestColumns.join(" | "),
            "Variant | Total users | Conversion rate | Chance to win | Significant | Delta | Credible interval (95%)",
        );
    });

    it("reads frequentist results as p-value and confidence interval; a significant drop lost", () => {
        const ts = pageTimeseries(
            results({
                "2026-08-01": {
                    baseline: { key: "control", number_of_samples: 10, sum: 50 },
                    variant_results: [
                        {
                            key: "test",
                            number_of_samples: 10,
                            sum: 40,
                            method: "frequentist",
                            p_value: 0.003,
                            confidence_interval: [-0.3, -0.1],
                            significant: true,
                        },
                    ],
                },
            }),
            { metric_type: "mean" },
        );
        assert.equal(ts?.statisticLabel, "p-value");
        assert.equal(ts?.intervalLabel, "Confidence interval");
        assert.equal(ts?.valueLabel, "Mean");
        const row = ts!.latest!.rows[1];
        assert.equal(row.statistic, "0.0030");
        assert.equal(row.verdict, "Lost");
        assert.equal(row.value, "4.00");
    });

    it("says why there is no chart, and keeps the details and results as Markdown", () => {
        const e: Experiment = {
            id: 7,
            name: "Hero | copy",
            feature_flag_key: "hero",
            archived: false,
            created_at: "2026-08-01",
            updated_at: "2026-08-02",
            start_date: "2026-08-01",
            metrics: [
                { uuid: "a", name: "Clicks", metric_type: "mean" },
                { uuid: "b", name: "Signups", metric_type: "funnel" },
            ],
        };
        const data = experimentPageData(
            e,
            new Map([
                [
                    "a",
                    {
                        kind: "loaded",
                        data: results({ "2026-08-01": day(0.96, [0.01, 0.05], true) }),
                    },
                ],
                ["b", { kind: "failed", message: "The service is unavailable." }],
            ]),
            "a",
            new Date(0),
        );
        assert.equal(
            data.metrics[1].note,
            "Results could not be loaded: The service is unavailable.",
        );
        assert.ok(data.actions.some((a) => a.id === "recalculateTimeseries"));
        const md = pageMarkdown(e, data, "https://us.posthog.com", "2");
        assert.match(md, /^# Hero \\\| copy/);
        assert.match(md, /## Results/);
        assert.match(
            md,
            /\| test \| 110 \| 0\.27 \| 96\.0% \| Yes \| \+3\.00% \| \[1\.00%, 5\.00%\] \|/,
        );
        assert.match(md, /Results could not be loaded/);
    });
});
