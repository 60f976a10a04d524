// Port of posthog/schema_migrations/0003_trends_result_customizations_compare.py (PostHog, MIT):
// result customizations keyed per compare period (`compare_label`) are merged into one entry
// per base series; by position, previous-period entries offset by the series count shift back.
import { isObject, pyGet, truthy, type Json, type JsonObject, schemaMigration } from "./base";
import { hasBreakdown, hasCompare, updateCustomizations } from "./insightFilter";
import { pyInt, pyJsonDumps, pyJsonLoads } from "./python";

export const migration0003 = schemaMigration(
    "0003_trends_result_customizations_compare",
    { TrendsQuery: 2, StickinessQuery: 2 },
    (query) => {
        return updateCustomizations(query, (insightFilter, resultCustomizations) =>
            insightFilter.resultCustomizationBy === "position"
                ? byPosition(query, insightFilter, resultCustomizations)
                : byValue(resultCustomizations, hasCompare(query)),
        );
    },
);

function byValue(resultCustomizations: JsonObject, compareOn: boolean): JsonObject {
    const merged: JsonObject = {};
    for (const [key, value] of Object.entries(resultCustomizations)) {
        const parsed = parseValueKey(key);
        if (parsed === undefined || !("compare_label" in parsed)) {
            // already a base key; an earlier "current" entry wins when compare is on
            if (key in merged && compareOn) continue;
            merged[key] = value;
            continue;
        }
        const label = parsed.compare_label;
        delete parsed.compare_label;
        if (label !== "current") continue;
        const baseKey = pyJsonDumps(parsed);
        if (baseKey in merged && !compareOn) continue;
        merged[baseKey] = value;
    }
    return merged;
}

function byPosition(
    query: JsonObject,
    insightFilter: JsonObject,
    resultCustomizations: JsonObject,
): JsonObject {
    if (!hasCompare(query) || hasBreakdown(query)) return resultCustomizations;
    const baseSeriesCount = baseCount(query, insightFilter);
    if (!baseSeriesCount) return resultCustomizations;

    const remapped: JsonObject = {};
    const offsetEntries: [number, Json][] = [];
    for (const [key, value] of Object.entries(resultCustomizations)) {
        const position = pyInt(key);
        if (position === undefined || position < baseSeriesCount) remapped[key] = value;
        else offsetEntries.push([position, value]);
    }
    for (const [position, value] of offsetEntries) {
        const target = String(position - baseSeriesCount);
        if (!(target in remapped)) remapped[target] = value;
    }
    return remapped;
}

function parseValueKey(key: string): JsonObject | undefined {
    const parsed = pyJsonLoads(key);
    return isObject(parsed) ? parsed : undefined;
}

function baseCount(query: JsonObject, insightFilter: JsonObject): number {
    const formulaNodes = pyGet(insightFilter, "formulaNodes");
    if (Array.isArray(formulaNodes) && formulaNodes.length) return formulaNodes.length;
    const formulas = pyGet(insightFilter, "formulas");
    if (Array.isArray(formulas) && formulas.length) return formulas.length;
    if (truthy(pyGet(insightFilter, "formula"))) return 1;
    const series = query.series;
    return Array.isArray(series) ? series.length : 0;
}
