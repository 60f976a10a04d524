// Who a launch or a ship reaches, in words, from the flag's release conditions and variant split.
import assert from "node:assert/strict";
import type { ExperimentBasic } from "../../../src/api";
import { audienceLines, splitText } from "../../../src/experiments/audience";

function withFilters(filters: Record<string, unknown> | undefined): ExperimentBasic {
    return {
        id: 1,
        name: "x",
        feature_flag_key: "x-flag",
        archived: false,
        created_at: "2026-01-01T00:00:00Z",
        updated_at: "2026-01-01T00:00:00Z",
        feature_flag:
            filters === undefined
                ? undefined
                : ({
                      id: 1,
                      key: "x-flag",
                      name: "",
                      active: false,
                      deleted: false,
                      filters,
                  } as ExperimentBasic["feature_flag"]),
    };
}

describe("experiment audience", () => {
    it("reads each release condition: its rollout, and how many property filters narrow it", () => {
        const e = withFilters({
            groups: [
                { properties: [], rollout_percentage: 20 },
                { properties: [{ key: "email" }], rollout_percentage: null },
                { properties: [{ key: "a" }, { key: "b" }], rollout_percentage: 5 },
            ],
        });
        assert.deepEqual(audienceLines(e), [
            "20% of all users",
            "100% of users matching 1 property filter",
            "5% of users matching 2 property filters",
        ]);
    });

    it("says when no user matches, and when the conditions are not known", () => {
        assert.deepEqual(audienceLines(withFilters({ groups: [] })), [
            "The flag has no release conditions, so no user matches it.",
        ]);
        assert.deepEqual(audienceLines(withFilters(undefined)), [
            "The flag's release conditions are not known here.",
        ]);
    });

    it("gives the variant split, keys as sent", () => {
        const e = withFilters({
            multivariate: {
                variants: [
                    { key: "control", rollout_percentage: 34 },
                    { key: "te<b>st", rollout_percentage: 66 },
                ],
            },
        });
        assert.equal(splitText(e), "control 34%, te<b>st 66%");
        assert.equal(splitText(withFilters({ groups: [] })), undefined);
    });
});
