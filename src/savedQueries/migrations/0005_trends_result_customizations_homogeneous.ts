// Port of posthog/schema_migrations/0005_trends_result_customizations_homogeneous.py
// (PostHog, MIT): keep only the result customizations that match `resultCustomizationBy`
// (default "value"); a mixed dict matches neither side of the schema union.
import { isObject, pyEqual, truthy, type Json, type JsonObject, schemaMigration } from "./base";
import { updateCustomizations } from "./insightFilter";

export const migration0005 = schemaMigration(
    "0005_trends_result_customizations_homogeneous",
    { TrendsQuery: 4, StickinessQuery: 4 },
    (query) => {
        return updateCustomizations(query, (insightFilter, resultCustomizations) => {
            const by = insightFilter.resultCustomizationBy;
            const target = truthy(by) ? by : "value";
            const kept: JsonObject = {};
            for (const [key, value] of Object.entries(resultCustomizations))
                if (pyEqual(assignmentBy(value), target ?? null)) kept[key] = value;
            return kept;
        });
    },
);

function assignmentBy(value: Json): Json {
    if (isObject(value)) return truthy(value.assignmentBy) ? (value.assignmentBy ?? null) : "value";
    return "value";
}
