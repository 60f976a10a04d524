// Server objects with a hostile name in every field that holds a server string: for the
// hostile-names tests of the unit suite and the faults suite's figure.
import type { EventDefinition, Experiment, UserSummary } from "../../src/api";

/** A user whose first name is `name`. */
export function person(name: string): UserSummary {
    return {
        id: 1,
        uuid: "u",
        distinct_id: "d",
        first_name: name,
        last_name: "",
        email: "a@example.com",
    } as UserSummary;
}

/** An event definition with `name` as its name, description, tags and people. */
export function definition(name: string): EventDefinition {
    return {
        id: "00000000-0000-4000-8000-000000000000",
        name,
        description: name,
        tags: [name, "ok"],
        verified: true,
        verified_by: person(name),
        owner: person(name),
        created_by: person(name),
        last_seen_at: "2026-01-01T00:00:00Z",
    } as EventDefinition;
}

/** An experiment with `name` in every text field, variant, metric and holdout. */
export function experiment(name: string): Experiment {
    return {
        id: 7,
        name,
        description: name,
        feature_flag_key: name,
        archived: false,
        created_at: "2026-08-01",
        updated_at: "2026-08-02",
        start_date: "2026-08-01",
        status: name,
        conclusion: name,
        conclusion_comment: name,
        created_by: person(name),
        holdout: { id: 1, name } as Experiment["holdout"],
        parameters: { feature_flag_variants: [{ key: name, rollout_percentage: 50 }] },
        metrics: [{ uuid: name, name, metric_type: "mean" }],
        saved_metrics: [{ id: 1, saved_metric: 2, name }] as Experiment["saved_metrics"],
    } as Experiment;
}
