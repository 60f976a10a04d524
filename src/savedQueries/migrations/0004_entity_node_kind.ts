// Port of posthog/schema_migrations/0004_entity_node_kind.py (PostHog, MIT): series entries
// (and funnel exclusions) without a `kind` get the kind pydantic's old union coercion gave them.
import { isObject, type Json, schemaMigration } from "./base";

// Data warehouse series nodes use a different kind per insight type; exclusions have no data
// warehouse member, so table_name-shaped exclusion items fall through to EventsNode.
const SERIES_DATA_WAREHOUSE_KIND: Readonly<Record<string, string>> = {
    TrendsQuery: "DataWarehouseNode",
    StickinessQuery: "DataWarehouseNode",
    LifecycleQuery: "LifecycleDataWarehouseNode",
    CalendarHeatmapQuery: "DataWarehouseNode",
    FunnelsQuery: "FunnelsDataWarehouseNode",
};

// Only these series unions include GroupNode.
const SERIES_WITH_GROUP_NODE = new Set(["TrendsQuery", "FunnelsQuery"]);

export const migration0004 = schemaMigration(
    "0004_entity_node_kind",
    {
        TrendsQuery: 3,
        StickinessQuery: 3,
        LifecycleQuery: 1,
        CalendarHeatmapQuery: 1,
        FunnelsQuery: 1,
    },
    (query) => {
        const queryKind = String(query.kind);
        const dataWarehouseKind = SERIES_DATA_WAREHOUSE_KIND[queryKind];
        const allowGroup = SERIES_WITH_GROUP_NODE.has(queryKind);

        const series = query.series;
        if (Array.isArray(series))
            query.series = series.map((item) => stampKind(item, dataWarehouseKind, allowGroup));

        const funnelsFilter = query.funnelsFilter;
        if (queryKind === "FunnelsQuery" && isObject(funnelsFilter)) {
            const exclusions = funnelsFilter.exclusions;
            if (Array.isArray(exclusions))
                query.funnelsFilter = {
                    ...funnelsFilter,
                    exclusions: exclusions.map((item) => stampKind(item, undefined, false)),
                };
        }
        return query;
    },
);

function stampKind(item: Json, dataWarehouseKind: string | undefined, allowGroup: boolean): Json {
    if (!isObject(item) || "kind" in item) return item;
    let kind: string;
    if (dataWarehouseKind !== undefined && "table_name" in item) kind = dataWarehouseKind;
    else if (allowGroup && "nodes" in item) kind = "GroupNode";
    else if ("id" in item && !("event" in item)) kind = "ActionsNode";
    else kind = "EventsNode";
    return { ...item, kind };
}
