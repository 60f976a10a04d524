// Port of posthog/schema_migrations/0005_trends_result_customizations_homogeneous.py
// (PostHog, MIT): keep only the result customizations that match `resultCustomizationBy`
// (default "value"); a mixed dict matches neither side of the schema union.
import {
    isObject,
    pyEqual,
    truthy,
    type Json,
    type JsonObject,
    type SchemaMigration,
} from "./base";
import { customizedFilterOf } from "./insightFilter";

export const migration0005: SchemaMigration = {
    name: "0005_trends_result_customizations_homogeneous",
    targets: { TrendsQuery: 4, StickinessQuery: 4 },
    transform(query: JsonObject): JsonObject {
        const found = customizedFilterOf(query);
        if (!found) return query;
        const {
            key: filterKey,
            filter: insightFilter,
            customizations: resultCustomizations,
        } = found;

        const by = insightFilter.resultCustomizationBy;
        const target = truthy(by) ? by : "value";
        const kept: JsonObject = {};
        for (const [key, value] of Object.entries(resultCustomizations))
            if (pyEqual(assignmentBy(value), target ?? null)) kept[key] = value;
        if (pyEqual(kept, resultCustomizations)) return query;
        return { ...query, [filterKey]: { ...insightFilter, resultCustomizations: kept } };
    },
};

function assignmentBy(value: Json): Json {
    if (isObject(value)) return truthy(value.assignmentBy) ? (value.assignmentBy ?? null) : "value";
    return "value";
}
