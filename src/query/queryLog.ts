// A run's record in PostHog's query log, read through the query endpoint (`query:read`) with the
// HogQL PostHog's own `GET /query/{id}/log/` runs (posthog/api/query.py `get_query_log`). That
// endpoint declares no scope, so PostHog refuses it to every personal API key; the
// `query_log` table (posthog/hogql/database/schema/query_log_archive.py: the team's HogQL
// queries, columns query_id, query, query_start_time, query_duration_ms, read_rows, ...) is open
// to any key that may run queries. Pure: no `vscode`.
import type { CallOptions, PostHogClient, QueryRun } from "../api";

/** The node `get_query_log` runs, with the same name so the log shows it the same way. */
export function queryLogNode(queryId: string): {
    kind: "HogQLQuery";
    query: string;
    values: { client_query_id: string };
    name: string;
} {
    return {
        kind: "HogQLQuery",
        query: "select * from query_log where query_id = {client_query_id} and event_date >= yesterday()",
        values: { client_query_id: queryId },
        name: "get_query_log",
    };
}

/**
 * Runs the query-log lookup for `queryId` and returns the response's bytes as received, which
 * go to the results panel like any HogQL run's.
 */
export function fetchQueryLog(
    client: PostHogClient,
    queryId: string,
    opts?: CallOptions,
): Promise<QueryRun> {
    return client.runQuery(queryLogNode(queryId), {
        ...opts,
        name: "get_query_log",
        refresh: "force_blocking",
    });
}
