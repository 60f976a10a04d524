// Recognises saved queries in JSON text: a top-level query node, an array of them, or an object
// (an insight export) whose `query` property holds one. Pure: no `vscode`.
import type { QueryNode } from "../api";
import { endOf, parseJsonTree, propertyOf, toValue, type JsonNode } from "./jsonScan";

/** One query node found in a file. */
export interface SavedQuery {
    /** The node as a value (what is sent to the service). */
    node: QueryNode;
    /** The node's tree (an object), with offsets into the text. */
    tree: JsonNode;
    /** Where the node sits: `[]` top level, `[2]` third array item, `["query"]` an export. */
    path: (string | number)[];
    /** `[start, end)` of the node's text. */
    start: number;
    end: number;
}

/**
 * PostHog's node kinds end in `Query` or `Node` (TrendsQuery, DataTableNode, ...) bar a few
 * helpers; matching the shape rather than a list keeps new kinds working and keeps other JSON
 * with a `kind` (Kubernetes manifests, say) out.
 */
const QUERY_KIND = /^[A-Z][A-Za-z0-9]*(Query|Node)$|^HogQL(Metadata|Autocomplete)$/;

export function isQueryKind(kind: unknown): kind is string {
    return typeof kind === "string" && QUERY_KIND.test(kind);
}

/** Kinds that stand for a query to run (not a series entry such as EventsNode). */
export function isRunnableKind(kind: string): boolean {
    return !/^(Events|Actions|DataWarehouse|FunnelsDataWarehouse|Persons|Group)Node$/.test(kind);
}

function asQuery(tree: JsonNode): JsonNode | undefined {
    const kind = propertyOf(tree, "kind");
    return kind?.type === "string" && isQueryKind(kind.value) ? tree : undefined;
}

function found(tree: JsonNode, path: (string | number)[]): SavedQuery {
    const node = toValue(tree) as QueryNode;
    return { node, tree, path, start: tree.offset, end: endOf(tree) };
}

/** Saved queries of an already parsed file, in text order. */
export function savedQueriesIn(root: JsonNode): SavedQuery[] {
    const top = asQuery(root);
    if (top) return [found(top, [])];
    if (root.type === "array") {
        const out: SavedQuery[] = [];
        for (const [i, item] of (root.children ?? []).entries()) {
            const direct = asQuery(item);
            const inner = direct ? undefined : exported(item);
            if (direct) out.push(found(direct, [i]));
            else if (inner) out.push(found(inner.tree, [i, "query"]));
        }
        return out;
    }
    const inner = exported(root);
    return inner ? [found(inner.tree, ["query"])] : [];
}

/** `{ ..., "query": {kind...} }`: an insight as PostHog exports it. */
function exported(node: JsonNode): { tree: JsonNode } | undefined {
    const query = propertyOf(node, "query");
    const tree = query && asQuery(query);
    return tree ? { tree } : undefined;
}

/**
 * Saved queries of `text`; empty for text that is not JSON or holds none. A cheap test first:
 * most JSON files have no `"kind"` at all, and lenses ask on every keystroke.
 */
export function findSavedQueries(text: string): SavedQuery[] {
    if (!text.includes('"kind"')) return [];
    try {
        return savedQueriesIn(parseJsonTree(text));
    } catch {
        return [];
    }
}

/** The saved query at `offset` (its start, or anywhere inside it); else the only one. */
export function savedQueryAt(queries: SavedQuery[], offset?: number): SavedQuery | undefined {
    if (offset === undefined || !Number.isFinite(offset))
        return queries.length === 1 ? queries[0] : undefined;
    return (
        queries.find((q) => q.start === offset) ??
        queries.find((q) => offset >= q.start && offset <= q.end)
    );
}

/** `RetentionQuery v1` for summaries; a missing version counts as 1, as on the service. */
export function describeNode(node: QueryNode): string {
    const version = typeof node.version === "number" ? node.version : undefined;
    const self = version === undefined ? node.kind : `${node.kind} v${version}`;
    // Containers (InsightVizNode, DataTableNode) carry no version; what changes is their source.
    const source = node.source as QueryNode | undefined;
    return source && typeof source === "object" && isQueryKind(source.kind)
        ? `${self} › ${describeNode(source)}`
        : self;
}
