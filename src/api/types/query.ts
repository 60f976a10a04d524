/** A query node: `kind` plus kind-specific fields (e.g. `query` for `HogQLQuery`). */
export interface QueryNode {
    /** Node kind, e.g. `HogQLQuery`, `EventsNode`, `TrendsQuery`, `HogQLMetadata`. */
    kind: string;
    /** Node version; missing counts as 1 when upgrading. */
    version?: number | null;
    /** Other fields depend on the kind. */
    [key: string]: unknown;
}

/** A HogQL query node. */
export interface HogQLQueryNode extends QueryNode {
    /** Always `HogQLQuery`. */
    kind: "HogQLQuery";
    /** The SQL text. */
    query: string;
    /** Values for `{variables.name}` placeholders. */
    variables?: Record<string, unknown>;
}

/** Values of `refresh` on `POST /query/`. */
export type RefreshMode =
    | "blocking"
    | "async"
    | "lazy_async"
    | "force_blocking"
    | "force_async"
    | "force_cache"
    | "async_except_on_cache_miss";

/** Status record of a query run (api.md 2.7). */
export interface QueryStatus {
    /** Query id (the client_query_id when one was sent). */
    id: string;
    /** Project id. */
    team_id: number;
    /** Whether the run has finished (successfully or not). */
    complete: boolean;
    /** Whether the run failed. */
    error: boolean;
    /** Message of a failed run. */
    error_message?: string | null;
    /** Whether the query runs in the background. */
    query_async?: boolean;
    /** ISO 8601 start time. */
    start_time?: string | null;
    /** ISO 8601 pickup time. */
    pickup_time?: string | null;
    /** ISO 8601 end time. */
    end_time?: string | null;
    /** ISO 8601 time the status record expires. */
    expiration_time?: string | null;
    /** Progress information (rows read, estimates). */
    query_progress?: unknown;
    /** On completion, the whole response object (results, columns, types, ...). */
    results?: unknown;
    /** Background task id. */
    task_id?: string | null;
    /** Insight id, if any. */
    insight_id?: number | null;
    /** Dashboard id, if any. */
    dashboard_id?: number | null;
    /** Labels. */
    labels?: string[] | null;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** One timing entry of a query response. */
export interface QueryTiming {
    /** Stage name. */
    k: string;
    /** Seconds. */
    t: number;
}

/** Response of a HogQL query (all keys present on the real service, nulls included). */
export interface HogQLQueryResponse {
    /** Rows, each an array of cell values. */
    results: unknown[][];
    /** Column names. */
    columns?: string[] | null;
    /** Column types as `[name, ClickHouseType]`, e.g. `["ts","DateTime64(6, 'UTC')"]`. */
    types?: [string, string][] | null;
    /** The HogQL that ran. */
    hogql?: string | null;
    /** The generated ClickHouse SQL. */
    clickhouse?: string | null;
    /** Timings per stage. */
    timings?: QueryTiming[] | null;
    /** More rows exist beyond `limit` (only when the SQL has no LIMIT). */
    hasMore?: boolean | null;
    /** Applied row limit (only when the SQL has no LIMIT). */
    limit?: number | null;
    /** Applied offset (only when the SQL has no LIMIT). */
    offset?: number | null;
    /** Error text, if any. */
    error?: string | null;
    /** EXPLAIN output, if asked. */
    explain?: string[] | null;
    /** HogQL metadata. */
    metadata?: unknown;
    /** Query modifiers that applied. */
    modifiers?: unknown;
    /** Whether the results came from the cache. */
    is_cached?: boolean;
    /** Cache key. */
    cache_key?: string | null;
    /** ISO 8601 time of the last calculation. */
    last_refresh?: string | null;
    /** ISO 8601 earliest time a client refresh is allowed. */
    next_allowed_client_refresh?: string | null;
    /** Cache target age. */
    cache_target_age?: string | null;
    /** What triggered the calculation. */
    calculation_trigger?: string | null;
    /** Project timezone. */
    timezone?: string | null;
    /** Status record. */
    query_status?: QueryStatus | null;
    /** Query metadata. */
    query_metadata?: unknown;
    /** Resolved date range. */
    resolved_date_range?: unknown;
    /** Always null on this endpoint. */
    query?: unknown;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Any query response: at least a JSON object; HogQL fields typed when present. */
export type QueryResponse = Partial<HogQLQueryResponse> & Record<string, unknown>;

/** Body of `POST /query/` (#12). */
export interface QueryRequestBody {
    /** The query node. */
    query: QueryNode;
    /** Client-provided id: retrieve or cancel the run with it. */
    client_query_id: string;
    /** Name in the UI and query log (max 128 characters). */
    name?: string;
    /** Refresh mode (default blocking). */
    refresh?: RefreshMode;
    /** Dashboard-style filter overrides. */
    filters_override?: unknown;
    /** Values for `{variables.name}` placeholders. */
    variables_override?: unknown;
}

/** Response of `GET /query/{id}/` (#13). */
export interface QueryStatusResponse {
    /** The status record. */
    query_status: QueryStatus;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Response of `DELETE /query/{id}/`: 204 (api.md) or 200 `{message}` (the code). */
export interface CancelQueryResult {
    /** HTTP status the server answered (200 or 204). */
    status: number;
    /** The message, when the server sent one (e.g. "Query already complete"). */
    message?: string;
}

/** Response of `POST /query/check_auth_for_async/` (#16). */
export interface CheckAuthForAsyncResponse {
    /** `ok` when the user may run async queries. */
    user: string;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Parameters of `GET /query/draft_sql/` (#17). */
export interface DraftSqlParams {
    /** What the SQL should do (1-400 characters). */
    prompt: string;
    /** The SQL currently in the editor, if any. */
    current_query?: string;
}

/** Response of draft_sql. */
export interface DraftSqlResponse {
    /** The drafted SQL. */
    sql: string;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Response of `POST /query/upgrade/` (#18). */
export interface UpgradeQueryResponse {
    /** The query with every node migrated to its latest version. */
    query: QueryNode;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}
