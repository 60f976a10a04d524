// Port of posthog/schema_migrations/0002_stickiness_hidden_legend_indexes.py (PostHog, MIT):
// `hiddenLegendIndexes` of Trends and Stickiness become `hidden` result customizations, by
// value (`{"series":i}` keys) when the filter already customizes by value and there is no
// breakdown or compare, else by position; dropped when they can't be converted.
import {
    copyOf,
    isObject,
    pyGet,
    truthy,
    type Json,
    type JsonObject,
    schemaMigration,
} from "./base";
import { hasBreakdown, hasCompare, insightFilterOf } from "./insightFilter";

export const migration0002 = schemaMigration(
    "0002_stickiness_hidden_legend_indexes",
    { TrendsQuery: 1, StickinessQuery: 1 },
    (query) => {
        const found = insightFilterOf(query);
        if (!found) return query;
        const { key: filterKey, filter: insightFilter } = found;

        const hiddenIndexes = insightFilter.hiddenLegendIndexes;
        const rc = insightFilter.resultCustomizations;
        const resultCustomizations: JsonObject = truthy(rc) ? asDict(rc) : {};
        const resultCustomizationBy = insightFilter.resultCustomizationBy;

        if (!truthy(hiddenIndexes)) return query;

        const hasValueAssignment = Object.values(resultCustomizations).some(
            (v) => isObject(v) && v.assignmentBy === "value",
        );
        const filter = copyOf(insightFilter);
        if (
            (resultCustomizationBy === "value" || !truthy(resultCustomizationBy)) &&
            hasValueAssignment
        ) {
            // By value only without breakdown or compare; otherwise the indexes are dropped.
            if (!hasBreakdown(query) && !hasCompare(query)) {
                filter.resultCustomizationBy = "value";
                filter.resultCustomizations = hide(resultCustomizations, hiddenIndexes, "value");
            }
        } else {
            filter.resultCustomizationBy = "position";
            filter.resultCustomizations = hide(resultCustomizations, hiddenIndexes, "position");
        }
        delete filter.hiddenLegendIndexes;
        return { ...query, [filterKey]: filter };
    },
);

/**
 * The customizations with `hidden` set on each hidden index's entry (created when missing):
 * keyed `{"series":i}` by value, `i` by position.
 */
function hide(
    resultCustomizations: JsonObject,
    hiddenIndexes: Json | undefined,
    by: "value" | "position",
): JsonObject {
    const converted = copyOf(resultCustomizations);
    for (const idx of iterate(hiddenIndexes)) {
        const key = by === "value" ? `{"series":${pyStr(idx)}}` : pyStr(idx);
        if (!(key in converted)) converted[key] = { assignmentBy: by };
        setHidden(converted[key]);
    }
    return converted;
}

/** `resultCustomizations.values()` needs a dict; anything else fails in PostHog too. */
function asDict(value: Json): JsonObject {
    pyGet(value, "");
    return value as JsonObject;
}

/** `for idx in hidden_indexes` over a list (or a dict's keys, or a string's characters). */
function iterate(value: Json | undefined): Json[] {
    if (Array.isArray(value)) return value;
    if (isObject(value)) return Object.keys(value);
    if (typeof value === "string") return [...value];
    throw new TypeError("PostHog's migration expects hiddenLegendIndexes to be a list");
}

/** `entry["hidden"] = True` on a dict entry (Python raises on anything else). */
function setHidden(entry: Json): void {
    if (!isObject(entry)) throw new TypeError("PostHog's migration expects an object entry");
    entry.hidden = true;
}

/** Python's `str(x)` / f-string of a JSON scalar. */
function pyStr(value: Json): string {
    if (value === true) return "True";
    if (value === false) return "False";
    if (value === null) return "None";
    return String(value);
}
