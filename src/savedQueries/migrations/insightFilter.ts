// Helpers the result-customization migrations share in PostHog
// (posthog/schema_migrations/0002_..., 0003_..., 0005_...: KIND_TO_FILTER_KEY, _has_breakdown,
// _has_compare), ported once here.
import { isObject, pyEqual, pyGet, truthy, type JsonObject } from "./base";

export const KIND_TO_FILTER_KEY: Readonly<Record<string, string>> = {
    TrendsQuery: "trendsFilter",
    StickinessQuery: "stickinessFilter",
};

/** The query's insight filter (`trendsFilter`, `stickinessFilter`) and its key, when it has one. */
export function insightFilterOf(
    query: JsonObject,
): { key: string; filter: JsonObject } | undefined {
    const key = KIND_TO_FILTER_KEY[String(query.kind)];
    if (!key) return undefined;
    const filter = query[key];
    return isObject(filter) ? { key, filter } : undefined;
}

/**
 * The insight filter with its result customizations, when it has some: the only case 0003 and
 * 0005 change anything.
 */
export function customizedFilterOf(
    query: JsonObject,
): { key: string; filter: JsonObject; customizations: JsonObject } | undefined {
    const found = insightFilterOf(query);
    const customizations = found?.filter.resultCustomizations;
    if (!found || !isObject(customizations) || !truthy(customizations)) return undefined;
    return { ...found, customizations };
}

/**
 * What 0003 and 0005 do around their own rule: with result customizations present, `update`
 * gives the new ones; equal to the old (Python `==`) the query comes back as it was, else with the
 * insight filter's `resultCustomizations` replaced.
 */
export function updateCustomizations(
    query: JsonObject,
    update: (filter: JsonObject, customizations: JsonObject) => JsonObject,
): JsonObject {
    const found = customizedFilterOf(query);
    if (!found) return query;
    const updated = update(found.filter, found.customizations);
    if (pyEqual(updated, found.customizations)) return query;
    return { ...query, [found.key]: { ...found.filter, resultCustomizations: updated } };
}

export function hasBreakdown(query: JsonObject): boolean {
    const breakdownFilter = query.breakdownFilter;
    if (!truthy(breakdownFilter)) return false;
    if (
        truthy(pyGet(breakdownFilter, "breakdown_type")) &&
        truthy(pyGet(breakdownFilter, "breakdown"))
    )
        return true;
    const breakdowns = pyGet(breakdownFilter, "breakdowns");
    return Array.isArray(breakdowns) && breakdowns.length > 0;
}

export function hasCompare(query: JsonObject): boolean {
    const compareFilter = query.compareFilter;
    if (!truthy(compareFilter)) return false;
    return pyGet(compareFilter, "compare") === true;
}
