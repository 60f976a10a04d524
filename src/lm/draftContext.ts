// What the editor's model is told before it drafts: the project's tables and columns and its
// recent event names. Names only; no rows, no key.
import type { PostHogClient, QueryResponse } from "../api";
import { readResponse } from "../readResponse";
import type { DraftContext } from "./draftWithModel";

interface SchemaResponse {
    tables?: Record<string, { name?: string; fields?: Record<string, { name?: string }> }>;
}

export async function draftContext(
    client: PostHogClient,
    currentQuery: string,
    signal?: AbortSignal,
): Promise<DraftContext> {
    const [schema, events] = await Promise.all([
        client
            .runQuery(
                { kind: "DatabaseSchemaQuery" },
                { signal, name: "PostHog Workbench: schema for drafting" },
            )
            .then((run) => readResponse<SchemaResponse>(run)),
        client
            .runQuery(
                {
                    kind: "HogQLQuery",
                    query:
                        "SELECT event, count() AS n FROM events WHERE timestamp > now() - INTERVAL 30 DAY " +
                        "GROUP BY event ORDER BY n DESC LIMIT 50",
                },
                { signal, name: "PostHog Workbench: event names for drafting" },
            )
            .then((run) => readResponse<QueryResponse>(run)),
    ]);
    return {
        tables: Object.entries(schema.tables ?? {}).map(([id, t]) => ({
            name: t.name ?? id,
            fields: Object.entries(t.fields ?? {}).map(([fid, f]) => f.name ?? fid),
        })),
        eventNames: ((events.results ?? []) as unknown[][]).map((row) => String(row[0])),
        currentQuery,
    };
}
