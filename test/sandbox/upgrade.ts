// POST /query/upgrade/: a port of posthog/schema_migrations. Walks every nested node; a node
// without `version` is version 1; each migration moves one kind up by one version.
import type { Json, JsonObject } from "./types";

export const LATEST_VERSIONS: Record<string, number> = {
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

/** 0001: RetentionQuery `showMean` -> `meanRetentionCalculation`. */
const retentionShowMean: Migration = (q) => {
    const f = q.retentionFilter as JsonObject | null | undefined;
    if (!f || !("showMean" in f)) return q;
    if (!("meanRetentionCalculation" in f))
        f.meanRetentionCalculation = f.showMean ? "simple" : "none";
    delete f.showMean;
    return q;
};

/** 0002: TrendsQuery `hiddenLegendIndexes` -> `resultCustomizations[i].hidden` by position. */
const hiddenLegendIndexes: Migration = (q) => {
    if (q.kind !== "TrendsQuery") return q;
    const f = q.trendsFilter as JsonObject | null | undefined;
    const hidden = f?.hiddenLegendIndexes as number[] | undefined;
    if (!f || !hidden?.length) return q;
    const rc = { ...((f.resultCustomizations as JsonObject | null) ?? {}) };
    const hasValue = Object.values(rc).some((v) => (v as JsonObject)?.assignmentBy === "value");
    if ((f.resultCustomizationBy === "value" || !f.resultCustomizationBy) && hasValue) {
        delete f.hiddenLegendIndexes;
        return q;
    }
    for (const idx of hidden) {
        const key = String(idx);
        rc[key] = { ...((rc[key] as JsonObject) ?? { assignmentBy: "position" }), hidden: true };
    }
    f.resultCustomizationBy = "position";
    f.resultCustomizations = rc;
    delete f.hiddenLegendIndexes;
    return q;
};

/** 0003: result customizations keyed per compare period are merged into the base series. */
const compareCustomizations: Migration = (q) => {
    const f = q[FILTER_KEY[String(q.kind)]] as JsonObject | null | undefined;
    const rc = f?.resultCustomizations as JsonObject | null | undefined;
    if (!f || !rc || typeof rc !== "object" || !Object.keys(rc).length) return q;
    const compareOn = (q.compareFilter as JsonObject | null)?.compare === true;
    if (f.resultCustomizationBy === "position") {
        const bd = q.breakdownFilter as JsonObject | null | undefined;
        const hasBreakdown =
            !!bd &&
            ((!!bd.breakdown_type && !!bd.breakdown) ||
                (Array.isArray(bd.breakdowns) && bd.breakdowns.length > 0));
        if (!compareOn || hasBreakdown) return q;
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

const DW_KIND: Record<string, string> = {
    TrendsQuery: "DataWarehouseNode",
    StickinessQuery: "DataWarehouseNode",
    LifecycleQuery: "DataWarehouseNode",
    CalendarHeatmapQuery: "DataWarehouseNode",
    FunnelsQuery: "FunnelsDataWarehouseNode",
};

function stampKind(item: Json, dwKind: string | null): Json {
    if (!item || typeof item !== "object" || Array.isArray(item) || "kind" in item) return item;
    let kind = "EventsNode";
    if (dwKind && "table_name" in item) kind = dwKind;
    else if ("id" in item && !("event" in item)) kind = "ActionsNode";
    return { ...item, kind };
}

/** 0004: series entries (and funnel exclusions) without `kind` get one. */
const entityNodeKind: Migration = (q) => {
    const dw = DW_KIND[String(q.kind)];
    if (Array.isArray(q.series)) q.series = q.series.map((s) => stampKind(s, dw));
    const ff = q.funnelsFilter as JsonObject | null | undefined;
    if (q.kind === "FunnelsQuery" && ff && Array.isArray(ff.exclusions)) {
        ff.exclusions = ff.exclusions.map((s) => stampKind(s, null));
    }
    return q;
};

/** 0005: keep only result customizations matching `resultCustomizationBy` (default value). */
const homogeneousCustomizations: Migration = (q) => {
    const f = q[FILTER_KEY[String(q.kind)]] as JsonObject | null | undefined;
    const rc = f?.resultCustomizations as JsonObject | null | undefined;
    if (!f || !rc || typeof rc !== "object" || !Object.keys(rc).length) return q;
    const target = (f.resultCustomizationBy as string) || "value";
    f.resultCustomizations = Object.fromEntries(
        Object.entries(rc).filter(
            ([, v]) => (((v as JsonObject)?.assignmentBy as string) || "value") === target,
        ),
    );
    return q;
};

/** kind -> version -> migration from that version to the next */
const MIGRATIONS: Record<string, Record<number, Migration>> = {
    RetentionQuery: { 1: retentionShowMean },
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

function upgradeNode(node: Json): Json {
    if (Array.isArray(node)) return node.map(upgradeNode);
    if (!node || typeof node !== "object") return node;
    let q: JsonObject = node;
    const kind = q.kind;
    if (typeof kind === "string" && kind in LATEST_VERSIONS) {
        for (
            let v = (q.version as number) || 1;
            v < LATEST_VERSIONS[kind];
            v = (q.version as number) || 1
        ) {
            q = MIGRATIONS[kind][v](structuredClone(q));
            q.version = v + 1;
        }
    }
    if (kind === "HogQLQuery") {
        // Legacy names of the raw-query switch; an explicit sendRawQuery wins.
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
