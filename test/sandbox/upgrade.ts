// POST /query/upgrade/: the sandbox's own port of PostHog's posthog/schema_migrations (upgrade.py
// and the numbered migrations, each named below). Walks every nested node; a node without
// `version` is version 1; each migration moves one kind up by one version. Deliberately separate
// from src/savedQueries/migrations: the unit suite compares the two, so sharing code would make
// that comparison prove nothing.
import type { Json, JsonObject } from "./types";

/**
 * frontend/src/queries/latest-versions.json, with DataVisualizationNode from
 * 0003_data_visualization_pie_show_total (its commit's file, @551db567, lists it).
 */
export const LATEST_VERSIONS: Record<string, number> = {
    DataVisualizationNode: 2,
    TrendsQuery: 5,
    StickinessQuery: 5,
    FunnelsQuery: 2,
    LifecycleQuery: 2,
    RetentionQuery: 2,
    CalendarHeatmapQuery: 2,
};

type Migration = (node: JsonObject) => JsonObject;

const FILTER_KEY: Record<string, string> = {
    TrendsQuery: "trendsFilter",
    StickinessQuery: "stickinessFilter",
};

/** Python's truthiness (`if not x:`), which PostHog's migrations test fields with. */
function truthy(v: Json | undefined): boolean {
    if (v === undefined || v === null) return false;
    if (Array.isArray(v)) return v.length > 0;
    if (typeof v === "object") return Object.keys(v).length > 0;
    return Boolean(v);
}

function isDict(v: Json | undefined): v is JsonObject {
    return !!v && typeof v === "object" && !Array.isArray(v);
}

/**
 * 0001 (posthog/schema_migrations/0001_retention_query_show_mean.py): RetentionQuery `showMean`
 * -> `meanRetentionCalculation` ("simple" when truthy, else "none"); an explicit
 * `meanRetentionCalculation` wins.
 */
const retentionShowMean: Migration = (q) => {
    const f = q.retentionFilter;
    if (!isDict(f) || !("showMean" in f)) return q;
    if (!("meanRetentionCalculation" in f))
        f.meanRetentionCalculation = truthy(f.showMean) ? "simple" : "none";
    delete f.showMean;
    return q;
};

/** Python's `for x in value`: lists give items, dicts keys, strings characters; else TypeError. */
function pyIter(value: Json | undefined, what: string): Json[] {
    if (Array.isArray(value)) return value;
    if (isDict(value)) return Object.keys(value);
    if (typeof value === "string") return [...value];
    throw new TypeError(`'${typeof value}' object is not iterable (${what})`);
}

/**
 * 0003 (posthog/schema_migrations/0003_data_visualization_pie_show_total.py @551db567): a chart's
 * `chartSettings.showPieTotal` becomes `chartSettings.pie.showTotal` unless that is set already;
 * the old key goes either way. A `pie` that is not a dict makes PostHog raise (setdefault on it).
 */
const pieShowTotal: Migration = (q) => {
    const cs = q.chartSettings;
    if (!isDict(cs) || !Object.hasOwn(cs, "showPieTotal")) return q;
    const { showPieTotal, ...rest } = cs;
    const pie = Object.hasOwn(rest, "pie") ? rest.pie : {};
    if (!isDict(pie)) throw new TypeError("'pie' of chartSettings is not a dict");
    q.chartSettings = {
        ...rest,
        pie: Object.hasOwn(pie, "showTotal") ? pie : { ...pie, showTotal: showPieTotal },
    };
    return q;
};

/** `_has_breakdown` of PostHog's 0002/0003 migrations. */
function hasBreakdown(q: JsonObject): boolean {
    const bd = q.breakdownFilter;
    if (!truthy(bd) || !isDict(bd)) return false;
    if (truthy(bd.breakdown_type) && truthy(bd.breakdown)) return true;
    return Array.isArray(bd.breakdowns) && bd.breakdowns.length > 0;
}

/** `_has_compare` of PostHog's 0002/0003 migrations: only `compare: true` counts. */
function hasCompare(q: JsonObject): boolean {
    const cf = q.compareFilter;
    return truthy(cf) && isDict(cf) && cf.compare === true;
}

/**
 * 0002 (posthog/schema_migrations/0002_stickiness_hidden_legend_indexes.py): the
 * `hiddenLegendIndexes` of trendsFilter / stickinessFilter become `hidden` result
 * customizations. When the filter customizes by value (explicitly or by default, with at least
 * one by-value entry) they become `{"series":i}` keys by value if there is no breakdown and no
 * compare, else they are dropped; otherwise they become position keys.
 */
const hiddenLegendIndexes: Migration = (q) => {
    const filterKey = FILTER_KEY[String(q.kind)];
    if (!filterKey) return q;
    const f = q[filterKey];
    if (!isDict(f)) return q;
    const hidden = f.hiddenLegendIndexes;
    if (!truthy(hidden)) return q;
    const rc: JsonObject = truthy(f.resultCustomizations)
        ? { ...(f.resultCustomizations as JsonObject) }
        : {};
    const indexes = pyIter(hidden, "hiddenLegendIndexes");
    const hasValue = Object.values(rc).some((v) => isDict(v) && v.assignmentBy === "value");
    const by = f.resultCustomizationBy;
    if ((by === "value" || !truthy(by)) && hasValue) {
        if (!hasBreakdown(q) && !hasCompare(q)) {
            for (const idx of indexes) {
                const key = `{"series":${String(idx)}}`;
                rc[key] = {
                    ...(isDict(rc[key]) ? rc[key] : { assignmentBy: "value" }),
                    hidden: true,
                };
            }
            f.resultCustomizationBy = "value";
            f.resultCustomizations = rc;
        }
        delete f.hiddenLegendIndexes;
        return q;
    }
    for (const idx of indexes) {
        const key = String(idx);
        rc[key] = { ...(isDict(rc[key]) ? rc[key] : { assignmentBy: "position" }), hidden: true };
    }
    f.resultCustomizationBy = "position";
    f.resultCustomizations = rc;
    delete f.hiddenLegendIndexes;
    return q;
};

/**
 * 0003 (posthog/schema_migrations/0003_trends_result_customizations_compare.py): result
 * customizations keyed per compare period are merged into the base series.
 */
const compareCustomizations: Migration = (q) => {
    const f = q[FILTER_KEY[String(q.kind)]];
    if (!isDict(f)) return q;
    const rc = f.resultCustomizations;
    if (!isDict(rc) || !truthy(rc)) return q;
    const compareOn = hasCompare(q);
    if (f.resultCustomizationBy === "position") {
        if (!compareOn || hasBreakdown(q)) return q;
        const base =
            Array.isArray(f.formulaNodes) && f.formulaNodes.length
                ? f.formulaNodes.length
                : Array.isArray(f.formulas) && f.formulas.length
                  ? f.formulas.length
                  : f.formula
                    ? 1
                    : Array.isArray(q.series)
                      ? q.series.length
                      : 0;
        if (!base) return q;
        const out: JsonObject = {};
        const offset: [number, Json][] = [];
        for (const [k, v] of Object.entries(rc)) {
            const pos = /^\d+$/.test(k) ? Number(k) : null;
            if (pos === null || pos < base) out[k] = v;
            else offset.push([pos, v]);
        }
        for (const [pos, v] of offset)
            if (!(String(pos - base) in out)) out[String(pos - base)] = v;
        f.resultCustomizations = out;
        return q;
    }
    const merged: JsonObject = {};
    for (const [k, v] of Object.entries(rc)) {
        let parsed: JsonObject | null = null;
        try {
            const p = JSON.parse(k) as Json;
            parsed = p && typeof p === "object" && !Array.isArray(p) ? p : null;
        } catch {
            parsed = null;
        }
        if (!parsed || !("compare_label" in parsed)) {
            if (k in merged && compareOn) continue;
            merged[k] = v;
            continue;
        }
        const label = parsed.compare_label;
        delete parsed.compare_label;
        if (label !== "current") continue;
        const baseKey = JSON.stringify(parsed);
        if (baseKey in merged && !compareOn) continue;
        merged[baseKey] = v;
    }
    f.resultCustomizations = merged;
    return q;
};

// 0004 (posthog/schema_migrations/0004_entity_node_kind.py): the data warehouse node kind of
// each insight's series union, and the insights whose series union has GroupNode.
const DW_KIND: Record<string, string> = {
    TrendsQuery: "DataWarehouseNode",
    StickinessQuery: "DataWarehouseNode",
    LifecycleQuery: "LifecycleDataWarehouseNode",
    CalendarHeatmapQuery: "DataWarehouseNode",
    FunnelsQuery: "FunnelsDataWarehouseNode",
};
const HAS_GROUP_NODE = new Set(["TrendsQuery", "FunnelsQuery"]);

function stampKind(item: Json, dwKind: string | null, allowGroup: boolean): Json {
    if (!isDict(item) || "kind" in item) return item;
    let kind = "EventsNode";
    if (dwKind && "table_name" in item) kind = dwKind;
    else if (allowGroup && "nodes" in item) kind = "GroupNode";
    else if ("id" in item && !("event" in item)) kind = "ActionsNode";
    return { ...item, kind };
}

/** 0004: series entries (and funnel exclusions) without `kind` get one. */
const entityNodeKind: Migration = (q) => {
    const dw = DW_KIND[String(q.kind)];
    const group = HAS_GROUP_NODE.has(String(q.kind));
    if (Array.isArray(q.series)) q.series = q.series.map((s) => stampKind(s, dw, group));
    const ff = q.funnelsFilter;
    if (q.kind === "FunnelsQuery" && isDict(ff) && Array.isArray(ff.exclusions)) {
        ff.exclusions = ff.exclusions.map((s) => stampKind(s, null, false));
    }
    return q;
};

/**
 * 0005 (posthog/schema_migrations/0005_trends_result_customizations_homogeneous.py): keep only
 * the result customizations matching `resultCustomizationBy` (default "value").
 */
const homogeneousCustomizations: Migration = (q) => {
    const f = q[FILTER_KEY[String(q.kind)]];
    if (!isDict(f)) return q;
    const rc = f.resultCustomizations;
    if (!isDict(rc) || !truthy(rc)) return q;
    const target = truthy(f.resultCustomizationBy) ? f.resultCustomizationBy : "value";
    f.resultCustomizations = Object.fromEntries(
        Object.entries(rc).filter(
            ([, v]) => (isDict(v) && truthy(v.assignmentBy) ? v.assignmentBy : "value") === target,
        ),
    );
    return q;
};

/** kind -> version -> migration from that version to the next */
const MIGRATIONS: Record<string, Record<number, Migration>> = {
    RetentionQuery: { 1: retentionShowMean },
    DataVisualizationNode: { 1: pieShowTotal },
    TrendsQuery: {
        1: hiddenLegendIndexes,
        2: compareCustomizations,
        3: entityNodeKind,
        4: homogeneousCustomizations,
    },
    StickinessQuery: {
        1: hiddenLegendIndexes,
        2: compareCustomizations,
        3: entityNodeKind,
        4: homogeneousCustomizations,
    },
    LifecycleQuery: { 1: entityNodeKind },
    CalendarHeatmapQuery: { 1: entityNodeKind },
    FunnelsQuery: { 1: entityNodeKind },
};

/**
 * A node's version as posthog/schema_migrations/upgrade.py reads it (`node.get("version") or 1`,
 * so null, 0, "" and empty containers are 1), for Python's `version < latest`: numbers and
 * booleans compare, anything else raises TypeError (the service answers 500).
 */
function versionOf(q: JsonObject, kind: string): number {
    const v = truthy(q.version) ? q.version : 1;
    if (typeof v === "number") return v;
    if (typeof v === "boolean") return Number(v);
    throw new TypeError(`'<' not supported for the version of ${kind}: ${JSON.stringify(v)}`);
}

/** upgrade_node of posthog/schema_migrations/upgrade.py: migrate this node, then its values. */
function upgradeNode(node: Json): Json {
    if (Array.isArray(node)) return node.map(upgradeNode);
    if (!isDict(node)) return node;
    let q: JsonObject = node;
    const kind = q.kind;
    if (typeof kind === "string" && Object.hasOwn(LATEST_VERSIONS, kind)) {
        for (let v = versionOf(q, kind); v < LATEST_VERSIONS[kind]; v = versionOf(q, kind)) {
            const migrate = Object.hasOwn(MIGRATIONS[kind], v) ? MIGRATIONS[kind][v] : undefined;
            if (!migrate) throw new Error(`Missing migration handler for ${kind} version ${v}`);
            q = migrate(structuredClone(q));
            // base.py's SchemaMigration.__call__ stamps the target version + 1.
            q.version = v + 1;
        }
    }
    if (kind === "HogQLQuery") {
        // Legacy names of the raw-query switch; an explicit sendRawQuery wins
        // (posthog/schema_migrations/test/test_upgrade_legacy_hogql_send_raw_query.py).
        for (const legacy of ["skipDirectHogQL", "runDirectly"]) {
            if (legacy in q) {
                if (!("sendRawQuery" in q)) q.sendRawQuery = q[legacy];
                delete q[legacy];
            }
        }
    }
    for (const [k, v] of Object.entries(q)) q[k] = upgradeNode(v);
    return q;
}

export function upgradeQuery(query: Json): Json {
    return upgradeNode(structuredClone(query));
}
