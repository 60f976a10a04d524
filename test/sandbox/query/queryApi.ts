// Query endpoints (#12-#18) as posthog/api/query.py answers them.
import { createHash, randomUUID } from "node:crypto";
import { type Ctx, type Reply, ok } from "../context";
import { ApiError, errorBody, notFound, validation } from "../errors";
import { InternalClickHouseError } from "../hogql/errors";
import { escapeString } from "../hogql/escape";
import { nowIso } from "../seed";
import type { Json, JsonObject, QueryRecord } from "../types";
import { upgradeQuery } from "../upgrade";
import {
    ExposedClickHouseError,
    HogQLError,
    type HogQLResult,
    type RunOptions,
} from "../hogql/engine";
import type { HogQLFilters } from "../hogql/filters";
import type { RequestVariable } from "../hogql/placeholders";
import { systemRowsOf } from "../hogql/systemTables";
import { admitQuery, costHeaders, debitQuery, maxRowsToRead } from "./budget";
import { internalErrorBody } from "./internalErrors";

/** Results this fresh are served from cache for `blocking`/`async` (not for `force_*`). */
const CACHE_FRESH_MS = 30_000;

interface CacheEntry {
    response: JsonObject;
    at: number;
}

/** Per-sandbox cache; created by the server so a reset clears it. */
export const queryCache = new WeakMap<object, Map<string, CacheEntry>>();

function cacheOf(ctx: Ctx): Map<string, CacheEntry> {
    let cache = queryCache.get(ctx.state);
    if (!cache) queryCache.set(ctx.state, (cache = new Map()));
    return cache;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One metadata error; enrich_hogql_validation_error leaves out fix/start/end when empty. */
function metadataError(e: HogQLError): JsonObject {
    const out: JsonObject = { message: e.message };
    if (e.start !== null) out.start = e.start;
    if (e.end !== null) out.end = e.end;
    return out;
}

/**
 * posthog/api/query.py: ExposedHogQLError, ExposedCHQueryError and HogVMException become a 400
 * ValidationError with the error's code_name (DRF's "invalid" when it has none); HogQL errors
 * carry extra.hogql_metadata with the error's span in the query text.
 */
function hogqlErrorBody(e: HogQLError, query: string): JsonObject {
    if (e.code === "invalid") return errorBody("validation_error", "invalid", e.message);
    return errorBody("validation_error", e.code, e.message, null, {
        hogql_metadata: {
            isValid: false,
            query,
            errors: [metadataError(e)],
            warnings: [],
            notices: [],
        },
    });
}

/** HogQLQuery.filters with filters_override on top (apply_dashboard_filters). */
function requestFilters(ctx: Ctx, query: JsonObject): HogQLFilters | null {
    const obj = (v: unknown) =>
        v && typeof v === "object" && !Array.isArray(v) ? (v as JsonObject) : null;
    const own = obj(query.filters);
    const override = obj(ctx.body.filters_override);
    if (!own && !override) return null;
    return { ...(own ?? {}), ...(override ?? {}) } as HogQLFilters;
}

/** The request's variables: `query.variables` with `variables_override` applied (by id). */
function requestVariables(ctx: Ctx, query: JsonObject): RequestVariable[] {
    const merged: Record<string, RequestVariable> = {};
    const own = query.variables;
    if (own && typeof own === "object" && !Array.isArray(own))
        for (const [k, v] of Object.entries(own)) merged[k] = { ...(v as RequestVariable) };
    const overrides = ctx.body.variables_override;
    if (overrides && typeof overrides === "object" && !Array.isArray(overrides))
        for (const [k, v] of Object.entries(overrides as Record<string, RequestVariable>))
            merged[k] = {
                ...merged[k],
                ...v,
                code_name: v?.code_name ?? merged[k]?.code_name ?? k,
            };
    return Object.values(merged);
}

function queryStatus(ctx: Ctx, rec: QueryRecord, extra: JsonObject = {}): JsonObject {
    return {
        id: rec.id,
        team_id: ctx.projectId,
        complete: rec.status === "complete" || rec.status === "error",
        error: rec.status === "error",
        error_message: rec.errorMessage,
        query_async: true,
        start_time: rec.startTime,
        pickup_time: rec.startTime,
        end_time: rec.endTime,
        expiration_time: new Date(rec.createdAt + 20 * 60_000).toISOString(),
        query_progress: null,
        results: null,
        task_id: rec.async ? randomUUID() : null,
        insight_id: null,
        dashboard_id: null,
        labels: null,
        ...extra,
    };
}

function cacheFields(cacheKey: string, lastRefresh: string, isCached: boolean): JsonObject {
    return {
        is_cached: isCached,
        cache_key: cacheKey,
        last_refresh: lastRefresh,
        next_allowed_client_refresh: new Date(Date.parse(lastRefresh) + 60_000).toISOString(),
        cache_target_age: new Date(Date.parse(lastRefresh) + 15 * 60_000).toISOString(),
        calculation_trigger: null,
        timezone: "UTC",
        query_status: null,
        query_metadata: null,
        resolved_date_range: null,
    };
}

/** What the ClickHouse queries of one request read (QueryCost of posthog/api_queries_budget.py). */
interface RequestCost {
    /** Whether any query reached ClickHouse. */
    ran: boolean;
    bytesRead: number;
}

/** Computes the response of one query kind; throws ApiError for 400s. */
async function compute(
    ctx: Ctx,
    query: JsonObject,
    cacheKey: string,
    queryId: string,
    cost: RequestCost,
): Promise<JsonObject> {
    const kind = String(query.kind);
    const lastRefresh = nowIso();
    const options: RunOptions = {
        teamId: ctx.projectId,
        variables: requestVariables(ctx, query),
        savedVariables: ctx.state.insightVariables.filter((v) => v.teamId === ctx.projectId),
        // HogQLQuery.values: placeholder values sent with the query (posthog/schema.py).
        values:
            query.values && typeof query.values === "object" && !Array.isArray(query.values)
                ? (query.values as Record<string, unknown>)
                : undefined,
        // Every key of the sandbox is a personal API key: user_query_validator.py applies.
        personalApiKey: true,
        filters: requestFilters(ctx, query),
        // ClickHouse's query log of the run, under the client's query id.
        log: {
            queryId,
            name: typeof ctx.body.name === "string" ? ctx.body.name : "",
            kind,
            userId: 1,
        },
        maxRowsToRead: maxRowsToRead(ctx.state, ctx.projectId),
        systemRows: systemRowsOf(ctx.state),
    };
    const runHogQL = async (sql: string): Promise<HogQLResult> => {
        const r = await runHogQLAs(ctx, sql, options);
        cost.ran = true;
        cost.bytesRead += r.bytesRead;
        return r;
    };
    switch (kind) {
        case "HogQLQuery": {
            if (typeof query.query !== "string")
                throw validation("Field required", "query__query", "required");
            const started = Date.now();
            const r = await runHogQL(query.query);
            return {
                results: r.results,
                columns: r.columns,
                types: r.types as unknown as Json,
                hogql: query.query,
                clickhouse: r.clickhouse,
                timings: [
                    { k: "./parse_select", t: 0.001 },
                    { k: "./print_ast", t: 0.002 },
                    { k: ".", t: (Date.now() - started) / 1000 },
                ],
                hasMore: r.hasMore,
                limit: r.limit,
                offset: r.offset,
                error: null,
                explain: null,
                metadata: null,
                modifiers: {
                    personsOnEventsMode: "person_id_override_properties_joined",
                    inCohortVia: "auto",
                    materializationMode: "legacy_null_as_null",
                },
                ...cacheFields(cacheKey, lastRefresh, false),
                query: null,
            };
        }
        case "HogQLMetadata": {
            const text = String(query.query ?? "");
            const { error: err, tableNames } = ctx.engine.validate(text, ctx.projectId);
            return {
                isValid: !err,
                query: text,
                errors: err ? [metadataError(err)] : [],
                warnings: [],
                notices: [],
                table_names: tableNames,
                ch_table_names: null,
                isUsingIndices: "undecisive",
            };
        }
        case "DatabaseSchemaQuery": {
            const schema = ctx.engine.schema();
            return {
                ...schema,
                tables: { ...(schema.tables as JsonObject), ...ctx.state.extraSchemaTables },
            };
        }
        case "EventsQuery": {
            const select =
                Array.isArray(query.select) && query.select.length
                    ? (query.select as string[])
                    : ["*"];
            const where: string[] = ["timestamp > now() - INTERVAL 30 DAY"];
            if (typeof query.event === "string")
                where.push(`event = '${query.event.replace(/'/g, "''")}'`);
            for (const w of (query.where as string[] | undefined) ?? []) where.push(`(${w})`);
            const order = (query.orderBy as string[] | undefined)?.join(", ") || "timestamp DESC";
            const limit = Math.min(Number(query.limit ?? 100), 50_000);
            const sql = `SELECT ${select.join(", ")} FROM events WHERE ${where.join(" AND ")} ORDER BY ${order} LIMIT ${limit + 1}`;
            const r = await runHogQL(sql);
            return {
                results: r.results.slice(0, limit),
                columns: select,
                types: r.types.map((t) => t[1]),
                hogql: sql,
                hasMore: r.results.length > limit,
                limit,
                offset: 0,
                timings: [],
                error: null,
                modifiers: null,
                ...cacheFields(cacheKey, lastRefresh, false),
            };
        }
        case "TrendsQuery": {
            const series = (
                Array.isArray(query.series) ? query.series : [{ event: "$pageview" }]
            ) as JsonObject[];
            const days = Number(
                /^-(\d+)d$/.exec(
                    String((query.dateRange as JsonObject)?.date_from ?? "-7d"),
                )?.[1] ?? 7,
            );
            const results: JsonObject[] = [];
            for (const [order, s] of series.entries()) {
                const event = typeof s.event === "string" ? s.event : null;
                const cond = event ? `event = ${escapeString(event)}` : "true";
                const agg = s.math === "dau" ? "uniq(distinct_id)" : "count()";
                // One row per day that has events; the days without are filled with 0 here.
                const r = await runHogQL(
                    `SELECT toDate(timestamp) AS day, ${agg} AS c FROM events WHERE ${cond} AND toDate(timestamp) >= today() - ${days} GROUP BY day ORDER BY day LIMIT 1000`,
                );
                const counts = new Map(r.results.map((row) => [String(row[0]), Number(row[1])]));
                const labels = Array.from({ length: days + 1 }, (_, i) =>
                    new Date(Date.now() - (days - i) * 86_400_000).toISOString().slice(0, 10),
                );
                const data = labels.map((d) => counts.get(d) ?? 0);
                results.push({
                    action: {
                        id: event,
                        type: "events",
                        order,
                        name: event ?? "All events",
                        custom_name: s.custom_name ?? null,
                        math: s.math ?? "total",
                    },
                    label: event ?? "All events",
                    count: data.reduce((a, b) => a + b, 0),
                    data,
                    labels: labels.map((d) => new Date(d).toUTCString().slice(5, 16)),
                    days: labels,
                    filter: { insight: "TRENDS", interval: "day", date_from: `-${days}d` },
                });
            }
            return {
                results,
                timings: [],
                error: null,
                hogql: null,
                modifiers: null,
                ...cacheFields(cacheKey, lastRefresh, false),
            };
        }
        default:
            // Other kinds run "minimally": an empty result in the cached-response shape.
            return {
                results: [],
                timings: [],
                error: null,
                hogql: null,
                modifiers: null,
                ...cacheFields(cacheKey, lastRefresh, false),
            };
    }
}

/** Runs HogQL; HogQL and user-safe ClickHouse errors become the API's 400s. */
async function runHogQLAs(ctx: Ctx, sql: string, options: RunOptions): Promise<HogQLResult> {
    try {
        return await ctx.engine.run(sql, options);
    } catch (e) {
        if (e instanceof HogQLError) throw new ApiError(400, hogqlErrorBody(e, sql));
        if (e instanceof ExposedClickHouseError)
            throw new ApiError(400, errorBody("validation_error", e.codeName, e.message));
        throw e;
    }
}

function cacheable(kind: string): boolean {
    return kind !== "HogQLMetadata" && kind !== "DatabaseSchemaQuery";
}

export async function runQuery(ctx: Ctx): Promise<Reply> {
    const query = ctx.body.query as JsonObject | undefined;
    if (!query || typeof query !== "object" || Array.isArray(query)) {
        throw validation("This field is required.", "query", "required");
    }
    if (typeof query.kind !== "string")
        throw validation("Field required", "query__kind", "required");
    const pathKind = ctx.params[1];
    if (pathKind && pathKind !== query.kind) {
        throw validation(
            `Query kind mismatch: ${pathKind} != ${query.kind}`,
            null,
            "invalid_input",
        );
    }
    if (typeof ctx.body.name === "string" && ctx.body.name.length > 128) {
        throw validation(
            "Ensure this field has no more than 128 characters.",
            "name",
            "max_length",
        );
    }
    let refresh = ctx.body.refresh as unknown;
    if (refresh === true) refresh = "force_blocking";
    if (refresh === undefined || refresh === null || refresh === false)
        refresh = ctx.body.async ? "async" : "blocking";
    if (refresh === "force_cache") refresh = "blocking";
    const allowed = [
        "blocking",
        "async",
        "lazy_async",
        "force_blocking",
        "force_async",
        "async_except_on_cache_miss",
    ];
    if (typeof refresh !== "string" || !allowed.includes(refresh)) {
        throw validation(
            `"${String(refresh)}" is not a valid choice.`,
            "refresh",
            "invalid_choice",
        );
    }
    const kind = query.kind;
    const id =
        typeof ctx.body.client_query_id === "string" && ctx.body.client_query_id
            ? ctx.body.client_query_id
            : randomUUID().replace(/-/g, "");
    const cacheKey =
        "cache_" +
        createHash("sha256")
            // The overrides change the result, so they are part of the key (like the service's).
            .update(
                `${ctx.projectId}:${JSON.stringify(query)}:${JSON.stringify(ctx.body.filters_override ?? null)}:${JSON.stringify(ctx.body.variables_override ?? null)}`,
            )
            .digest("hex")
            .slice(0, 32);
    const cache = cacheOf(ctx);

    // Very fresh cached results are returned as they are, unless the refresh forces a run.
    const hit = cache.get(cacheKey);
    if (
        hit &&
        Date.now() - hit.at < CACHE_FRESH_MS &&
        !refresh.startsWith("force_") &&
        cacheable(kind)
    ) {
        return ok({ ...hit.response, is_cached: true, query_status: null });
    }

    const rec: QueryRecord = {
        id,
        teamId: ctx.projectId,
        kind,
        sql: kind === "HogQLQuery" && typeof query.query === "string" ? query.query : null,
        async: ["async", "lazy_async", "force_async"].includes(refresh),
        status: "running",
        cancelled: false,
        polls: 0,
        pollsNeeded: ctx.asyncPolls,
        response: null,
        errorMessage: null,
        errorBody: null,
        startTime: nowIso(),
        endTime: null,
        createdAt: Date.now(),
    };
    // The query runner admits a run only while the project's read budget lasts; a cached answer
    // (above) needs none of it.
    if (cacheable(kind)) admitQuery(ctx.state, ctx.projectId);
    ctx.state.queries.set(id, rec);
    const cost: RequestCost = { ran: false, bytesRead: 0 };
    let remaining: number | null = null;
    // chDB has no interrupt: cancelling marks the record and the result is dropped.
    const finish = async () => {
        try {
            const response = await compute(ctx, query, cacheKey, id, cost);
            // execute.py debits every query that ran, whether or not its answer is still wanted.
            if (cost.ran) remaining = debitQuery(ctx.state, ctx.projectId, cost.bytesRead);
            if (rec.cancelled) return;
            rec.response = response;
            if (cacheable(kind)) cache.set(cacheKey, { response, at: Date.now() });
            rec.status = "complete";
        } catch (e) {
            if (rec.cancelled) return;
            rec.status = "error";
            if (e instanceof ApiError) {
                rec.errorBody = e.body;
                rec.errorMessage = String(rec.errorBody?.detail ?? "Query failed");
            } else if (e instanceof InternalClickHouseError) {
                // Not exposed to users: no error_message (execute_process_query), a 500 with
                // PostHog's copy for the code instead of ClickHouse's text.
                rec.errorBody = internalErrorBody(e.code);
                rec.errorMessage = null;
            } else throw e;
        } finally {
            rec.endTime = nowIso();
        }
    };

    if (rec.async) {
        // Computed now, revealed after `asyncPolls` polls: the client sees it "running" until then.
        const running = finish().catch(() => undefined);
        rec.pollsNeeded = Math.max(0, ctx.asyncPolls);
        await running;
        const status = queryStatus(ctx, { ...rec, status: "running", endTime: null });
        return {
            status: 202,
            body:
                refresh === "force_async"
                    ? { query_status: status }
                    : { cache_key: cacheKey, query_status: status },
        };
    }

    // Blocking: a "slow" fault holds the query in the running state, so it can be cancelled.
    if (ctx.delayMs > 0) {
        const until = Date.now() + ctx.delayMs;
        while (Date.now() < until && !rec.cancelled) await sleep(Math.min(20, until - Date.now()));
    }
    if (!rec.cancelled) await finish();
    if (rec.cancelled) {
        throw new ApiError(
            500,
            errorBody("server_error", "query_cancelled", "Query was cancelled."),
        );
    }
    if (rec.status === "error")
        throw new ApiError(rec.errorBody?.type === "validation_error" ? 400 : 500, rec.errorBody);
    // The request that ran the query says what it read (a background run's poll does not).
    return {
        status: 200,
        body: rec.response as JsonObject,
        ...(cost.ran ? { headers: costHeaders(cost.bytesRead, remaining) } : {}),
    };
}

function teamQuery(ctx: Ctx): QueryRecord | undefined {
    const rec = ctx.state.queries.get(ctx.params[1]);
    return rec && rec.teamId === ctx.projectId ? rec : undefined;
}

export function getQuery(ctx: Ctx): Reply {
    const rec = teamQuery(ctx);
    // Status records of cancelled queries are deleted, like the service's Redis entries.
    if (!rec || rec.cancelled || Date.now() - rec.createdAt > 20 * 60_000) throw notFound();
    rec.polls++;
    if (rec.async && rec.polls < rec.pollsNeeded) {
        const progress =
            ctx.query.get("show_progress") === "true"
                ? {
                      bytes_read: rec.polls * 1_048_576,
                      rows_read: rec.polls * 1000,
                      estimated_rows_total: rec.pollsNeeded * 1000,
                      time_elapsed: rec.polls,
                      active_cpu_time: rec.polls * 1000,
                  }
                : null;
        return {
            status: 202,
            body: {
                query_status: queryStatus(
                    ctx,
                    { ...rec, status: "running", endTime: null },
                    { query_progress: progress },
                ),
            },
        };
    }
    if (rec.status === "running")
        return { status: 202, body: { query_status: queryStatus(ctx, rec) } };
    if (rec.status === "error")
        return {
            // execute_process_query: a failure without a message users may see is a 500.
            status: rec.errorMessage === null ? 500 : 400,
            body: { query_status: queryStatus(ctx, rec) },
        };
    return ok({ query_status: queryStatus(ctx, rec, { results: rec.response }) });
}

export function cancelQuery(ctx: Ctx): Reply {
    const id = ctx.params[1];
    ctx.state.cancelledQueryIds.push(id);
    const rec = teamQuery(ctx);
    if (!rec) return ok({ message: "Query not found" });
    const revealed = !rec.async || rec.polls >= rec.pollsNeeded;
    if ((rec.status === "complete" || rec.status === "error") && revealed) {
        return ok({ message: "Query already complete" });
    }
    rec.cancelled = true;
    rec.status = "cancelled";
    rec.endTime = nowIso();
    return ok({ message: "Cancelled query on clickhouse" });
}

/**
 * GET /query/{id}/log/ (posthog/api/query.py get_query_log): the HogQL query
 * `select * from query_log where query_id = {client_query_id} and event_date >= yesterday()`,
 * answered as a HogQLQueryResponse (200, possibly without rows).
 */
export async function queryLog(ctx: Ctx): Promise<Reply> {
    const hogql =
        "select * from query_log where query_id = {client_query_id} and event_date >= yesterday()";
    const r = await runHogQLAs(ctx, hogql, {
        teamId: ctx.projectId,
        values: { client_query_id: ctx.params[1] },
    });
    return ok({
        results: r.results,
        columns: r.columns,
        types: r.types as unknown as Json,
        hogql,
        clickhouse: r.clickhouse,
        timings: [],
        hasMore: r.hasMore,
        limit: r.limit,
        offset: r.offset,
        error: null,
        explain: null,
        metadata: null,
        modifiers: null,
        query: null,
        is_cached: false,
        cache_key: null,
        last_refresh: null,
        next_allowed_client_refresh: null,
        cache_target_age: null,
        calculation_trigger: null,
        timezone: "UTC",
        query_status: null,
        query_metadata: null,
        resolved_date_range: null,
    });
}

export function checkAuthForAsync(): Reply {
    return ok({ user: "ok" });
}

/** Very small "AI": picks an event and a shape from the prompt. */
export function draftSql(ctx: Ctx): Reply {
    const prompt = ctx.query.get("prompt");
    if (!prompt) throw validation("This field is required.", "prompt", "required");
    if (prompt.length > 400)
        throw validation(
            "Ensure this field has no more than 400 characters.",
            "prompt",
            "max_length",
        );
    const p = prompt.toLowerCase();
    const days = Number(/(\d+)\s*days?/.exec(p)?.[1] ?? 7);
    const events: [RegExp, string][] = [
        [/sign ?ups?|signed up/, "signed_up"],
        [/checkout|purchase|order/, "checkout_completed"],
        [/page ?views?|visits?/, "$pageview"],
        [/clicks?/, "$autocapture"],
        [/search/, "search_performed"],
    ];
    const event = events.find(([re]) => re.test(p))?.[1];
    const where = [
        `timestamp > now() - INTERVAL ${days} DAY`,
        ...(event ? [`event = '${event}'`] : []),
    ].join(" AND ");
    let sql: string;
    if (/browser/.test(p))
        sql = `SELECT properties.$browser AS browser, count() AS events\nFROM events\nWHERE ${where}\nGROUP BY browser\nORDER BY events DESC`;
    else if (/per day|daily|by day|trend/.test(p))
        sql = `SELECT toStartOfDay(timestamp) AS day, count() AS events\nFROM events\nWHERE ${where}\nGROUP BY day\nORDER BY day`;
    else if (/users?|people|persons?/.test(p))
        sql = `SELECT count(DISTINCT person_id) AS users\nFROM events\nWHERE ${where}`;
    else if (/how many|count|number of/.test(p))
        sql = `SELECT count() AS total\nFROM events\nWHERE ${where}`;
    else
        sql = `SELECT event, count() AS events\nFROM events\nWHERE ${where}\nGROUP BY event\nORDER BY events DESC`;
    return ok({ sql });
}

export function upgrade(ctx: Ctx): Reply {
    const query = ctx.body.query;
    if (!query || typeof query !== "object")
        throw validation("This field is required.", "query", "required");
    return ok({ query: upgradeQuery(query as Json) });
}
