// "Open in PostHog": where a query opens in the PostHog app. HogQL goes to the SQL editor,
// everything else to a new insight holding the query (PostHog's own `urls.sqlEditor` and
// `urls.insightNew`). Pure: no `vscode`.
import type { QueryNode } from "../api";
import { appLink } from "../appLinks";

/** Insight kinds PostHog shows inside an `InsightVizNode`. */
const INSIGHT_KINDS = new Set([
    "TrendsQuery",
    "FunnelsQuery",
    "RetentionQuery",
    "PathsQuery",
    "StickinessQuery",
    "LifecycleQuery",
    "CalendarHeatmapQuery",
]);

/** Containers the insight page takes as they are. */
const CONTAINER_KINDS = new Set([
    "InsightVizNode",
    "DataTableNode",
    "DataVisualizationNode",
    "SavedInsightNode",
]);

/** The SQL of a HogQL query, bare or inside a data table / visualization. */
export function hogqlOf(node: QueryNode): string | undefined {
    if (node.kind === "HogQLQuery" && typeof node.query === "string") return node.query;
    const source = node.source as QueryNode | undefined;
    if (
        (node.kind === "DataTableNode" || node.kind === "DataVisualizationNode") &&
        source?.kind === "HogQLQuery" &&
        typeof source.query === "string"
    )
        return source.query;
    return undefined;
}

/** What the insight page is given: insight kinds wrapped in a viz node, tables in a data table. */
export function insightQueryFor(node: QueryNode): QueryNode {
    if (CONTAINER_KINDS.has(node.kind)) return node;
    if (INSIGHT_KINDS.has(node.kind)) return { kind: "InsightVizNode", source: node };
    return { kind: "DataTableNode", full: true, source: node };
}

/**
 * The PostHog URL that opens `node` in project `projectId` on `host` (its checked origin).
 * Throws when the host is not usable.
 */
export function postHogUrlFor(host: string, projectId: string, node: QueryNode): string {
    const base = appLink(host, "project", projectId);
    const sql = hogqlOf(node);
    if (sql !== undefined) return `${base}/sql?open_query=${encodeURIComponent(sql)}`;
    return `${base}/insights/new#q=${encodeURIComponent(JSON.stringify(insightQueryFor(node)))}`;
}
