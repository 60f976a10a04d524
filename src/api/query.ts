import { randomUUID } from "node:crypto";
import { stringifyLossless } from "../shared/json/lossless";
import type { ApiCore, CallOptions, CallSpec } from "./core";
import { formatDuration } from "./deadline";
import { PostHogApiError, PostHogCancelledError, isCancellation } from "./errors";
import { idSegment } from "./paths";
import { queryCostOf, type QueryCost } from "./queryBudget";
import { sleep } from "./retry";
import type {
    CancelQueryResult,
    CheckAuthForAsyncResponse,
    DraftSqlParams,
    DraftSqlResponse,
    QueryNode,
    QueryRequestBody,
    QueryResponse,
    QueryStatus,
    QueryStatusResponse,
    RefreshMode,
    UpgradeQueryResponse,
} from "./types/query";

/** Polling schedule of a background query. */
export interface PollInterval {
    /** First wait in ms (default 300). */
    initialMs?: number;
    /** Longest wait in ms (default 2000). */
    maxMs?: number;
    /** Growth per poll (default 1.5). */
    factor?: number;
}

/** Options of {@link runQuery}. */
export interface RunQueryOptions extends CallOptions {
    /** Refresh mode (default: the server's, i.e. blocking). */
    refresh?: RefreshMode;
    /** Name in the UI and the query log (max 128 characters; longer is cut). */
    name?: string;
    /** Id to retrieve or cancel the run with; generated when missing and always sent. */
    clientQueryId?: string;
    /** Values for `{variables.name}` placeholders. */
    variablesOverride?: unknown;
    /** Filter overrides. */
    filtersOverride?: unknown;
    /** Called with each status of a background run (after the start and after each poll). */
    onStatus?: (status: QueryStatus) => void;
    /** Polling schedule. */
    pollInterval?: PollInterval;
    /** How long the best-effort cancel (DELETE) may take after an abort, default 5000 ms. */
    cancelTimeoutMs?: number;
    /** How long a background run is polled before it is cancelled (default: the client's `pollDeadlineMs`). */
    pollDeadlineMs?: number;
}

/** Outcome of a finished query run. */
export interface RunQueryResult<T = QueryResponse> {
    /**
     * The response object (for a background run: the completed `query_status.results`). Every
     * digit is kept: a number wider than a double (a UInt64 id, an Int128, a wide Decimal) is a
     * `BigNumber`, a String object holding its JSON text (src/shared/json/lossless.ts); render it
     * with `String(value)` or `stringifyLossless`, never `JSON.stringify` (which quotes it).
     * Numbers a double holds exactly are plain numbers.
     */
    response: T;
    /** The query id (the client_query_id). */
    queryId: string;
    /**
     * JSON text of `response`, every digit kept: as received for blocking runs; for shipping as
     * bytes.
     */
    rawText: string;
    /** Size of the response body in bytes (of the final response). */
    bytes: number;
    /** Whether the run went to the background and was polled. */
    polled: boolean;
    /** What the run read and the budget left, from the headers of the request that ran it. */
    cost: QueryCost;
}

function isRecord(v: unknown): v is Record<string, unknown> {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Path of a query id under a project, with trailing slash. */
export function queryPath(projectPath: string, id: string): string {
    return `${projectPath}/query/${idSegment(id, "query")}/`;
}

/** Sends `DELETE /query/{id}/`. Accepts 204 (api.md) and 200 `{message}` (the real code). */
export async function cancelQuery(
    core: ApiCore,
    projectPath: string,
    id: string,
    opts?: CallOptions,
): Promise<CancelQueryResult> {
    const res = await core.call<unknown>(
        {
            method: "DELETE",
            url: queryPath(projectPath, id),
            context: { query: true },
            // Some deployments (and proxies) answer the cancel with plain text: it still worked.
            acceptText: true,
        },
        opts,
    );
    const text = res.data === undefined ? res.text.trim().slice(0, 200) : "";
    const message =
        isRecord(res.data) && typeof res.data["message"] === "string"
            ? core.redact(res.data["message"])
            : text !== ""
              ? core.redact(text)
              : undefined;
    return { status: res.status, ...(message !== undefined ? { message } : {}) };
}

/** Best-effort cancel after an abort: own short timeout, no retries, never throws. */
export async function cancelAfterAbort(
    core: ApiCore,
    projectPath: string,
    id: string,
    timeoutMs: number,
): Promise<void> {
    try {
        await core.http.send({
            method: "DELETE",
            url: queryPath(projectPath, id),
            signal: AbortSignal.timeout(timeoutMs),
            context: { query: true },
        });
    } catch (err) {
        core.log(
            "debug",
            `cancel of query ${id} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
    }
}

/** `GET /query/{id}/`: the status of a run (202 while running, 200 when done). */
export async function getQueryStatus(
    core: ApiCore,
    projectPath: string,
    id: string,
    opts?: CallOptions & { showProgress?: boolean },
): Promise<QueryStatusResponse> {
    const res = await core.call<QueryStatusResponse>(
        {
            method: "GET",
            url: queryPath(projectPath, id),
            query: { show_progress: opts?.showProgress ? "true" : undefined },
            context: { query: true },
            // A completed status carries the results: every digit of their numbers is kept.
            lossless: true,
        },
        opts,
    );
    if (!isRecord(res.data) || !isRecord(res.data.query_status)) {
        throw new PostHogApiError({
            status: res.status,
            method: "GET",
            path: queryPath(projectPath, id),
            code: "invalid_response",
            message: `GET ${queryPath(projectPath, id)}: the response has no query_status`,
            userMessage: "The server sent an unexpected query status; try again.",
        });
    }
    return res.data;
}

export function failedQueryError(
    core: ApiCore,
    path: string,
    status: QueryStatus,
): PostHogApiError {
    // The message is the server's text: it is shown, logged and kept, so the key must not be in it.
    const detail = core.redact(
        typeof status.error_message === "string" && status.error_message.trim() !== ""
            ? status.error_message
            : "The query failed.",
    );
    return new PostHogApiError({
        status: 400,
        method: "GET",
        path,
        type: "validation_error",
        code: "query_failed",
        detail,
        message: `GET ${path}: query failed: ${detail}`,
        userMessage: /[.!?]$/.test(detail) ? detail : `${detail}.`,
    });
}

/**
 * The POST that starts a run, as {@link runQuery} and `runQueryRaw` send it: sent once (retried
 * only when the server certainly did not start it), with the query's own timeouts.
 */
export function queryStartCall(
    core: ApiCore,
    projectPath: string,
    query: QueryNode,
    opts: RunQueryOptions,
): { queryId: string; spec: CallSpec } {
    const queryId = opts.clientQueryId ?? randomUUID();
    const body: QueryRequestBody = { query, client_query_id: queryId };
    if (opts.refresh !== undefined) body.refresh = opts.refresh;
    if (opts.name !== undefined) body.name = cutName(opts.name, 128);
    if (opts.variablesOverride !== undefined) body.variables_override = opts.variablesOverride;
    if (opts.filtersOverride !== undefined) body.filters_override = opts.filtersOverride;
    const spec: CallSpec = {
        method: "POST",
        url: `${projectPath}/query/`,
        body,
        mode: "once",
        headersTimeoutMs: core.timeouts.queryMs,
        deadlineMs: core.timeouts.queryDeadlineMs,
        context: { query: true },
        lossless: true,
    };
    return { queryId, spec };
}

/**
 * Runs a query: `POST /query/`; a 200 is the answer; a 202 (or an incomplete `query_status`) is
 * polled with `GET /query/{id}/` with growing waits until complete or failed. When `signal`
 * aborts, the run is cancelled on the server with `DELETE /query/{id}/` (best effort, short
 * timeout) and a cancellation error is thrown. The POST is retried only on 429 and on connect
 * failures, when the server certainly did not start it.
 */
export async function runQuery<T = QueryResponse>(
    core: ApiCore,
    projectPath: string,
    query: QueryNode,
    opts: RunQueryOptions = {},
): Promise<RunQueryResult<T>> {
    const { queryId, spec } = queryStartCall(core, projectPath, query, opts);
    const callOpts: CallOptions = { signal: opts.signal, onRetry: opts.onRetry };
    const pollDeadlineMs = opts.pollDeadlineMs ?? core.timeouts.pollDeadlineMs;
    const cancelTimeout = opts.cancelTimeoutMs ?? 5000;
    let pollId = queryId;
    try {
        const res = await core.call<unknown>(spec, { ...callOpts, deadlineMs: opts.deadlineMs });
        const data = isRecord(res.data) ? res.data : {};
        const status = isRecord(data["query_status"])
            ? (data["query_status"] as QueryStatus)
            : undefined;
        if (status && typeof status.id === "string" && usableId(status.id)) pollId = status.id;
        if (res.status !== 202 && (!status || status.complete !== false)) {
            if (!("results" in data) && status?.complete && isRecord(status.results)) {
                return finish<T>(status.results, queryId, res.bytes, queryCostOf(res.headers));
            }
            return {
                response: data as T,
                queryId,
                rawText: res.text,
                bytes: res.bytes,
                polled: false,
                cost: queryCostOf(res.headers),
            };
        }
        if (status) opts.onStatus?.(status);
        const waitToPoll = pollWaits(opts, projectPath, pollDeadlineMs);
        for (;;) {
            await waitToPoll();
            const polled = await getQueryStatus(core, projectPath, pollId, callOpts);
            const st = polled.query_status;
            opts.onStatus?.(st);
            if (st.error) throw failedQueryError(core, queryPath(projectPath, pollId), st);
            if (st.complete) return finish<T>(st.results, pollId, undefined);
        }
    } catch (err) {
        return runFailed(core, projectPath, pollId, cancelTimeout, opts.signal, err);
    }
}

/**
 * The wait before each poll of a background run (runQuery and runQueryRaw): from `initialMs`,
 * growing by `factor` up to `maxMs`; fails with the deadline error once a wait would pass it.
 */
export function pollWaits(
    opts: RunQueryOptions,
    projectPath: string,
    pollDeadlineMs: number,
): () => Promise<void> {
    let delay = opts.pollInterval?.initialMs ?? 300;
    const max = opts.pollInterval?.maxMs ?? 2000;
    const factor = opts.pollInterval?.factor ?? 1.5;
    const pollUntil = Date.now() + pollDeadlineMs;
    return async () => {
        if (Date.now() + delay > pollUntil) throw pollDeadlineError(projectPath, pollDeadlineMs);
        await sleep(delay, opts.signal);
        delay = Math.min(max, delay * factor);
    };
}

/**
 * A started run failed (runQuery and runQueryRaw): when the client gave up on it (deadline,
 * cancellation) the server's worker is freed too; then the error is thrown.
 */
export async function runFailed(
    core: ApiCore,
    projectPath: string,
    pollId: string,
    cancelTimeout: number,
    signal: AbortSignal | undefined,
    err: unknown,
): Promise<never> {
    if (err instanceof PostHogApiError && err.code === "deadline") {
        await cancelAfterAbort(core, projectPath, pollId, cancelTimeout);
        throw err;
    }
    if (isCancellation(err) || signal?.aborted) {
        await cancelAfterAbort(core, projectPath, pollId, cancelTimeout);
        throw err instanceof PostHogCancelledError
            ? err
            : new PostHogCancelledError("The query was cancelled.");
    }
    throw err;
}

/** Whether a server-sent id can be used as a path segment. */
export function usableId(id: string): boolean {
    return id !== "" && id !== "." && id !== ".." && !/^(?:\.|%2e){1,2}$/i.test(id);
}

export function pollDeadlineError(projectPath: string, ms: number): PostHogApiError {
    return new PostHogApiError({
        status: 0,
        method: "GET",
        path: `${projectPath}/query/`,
        code: "deadline",
        message: `the background query was still running after ${formatDuration(ms)}; cancelled`,
        userMessage: `The query was still running after ${formatDuration(ms)} and was cancelled; add filters or a LIMIT and run it again.`,
    });
}

/**
 * Cuts a name to at most `max` code points (what the service's Python `len` counts) without
 * splitting a character or an emoji sequence.
 */
export function cutName(name: string, max: number): string {
    if ([...name].length <= max) return name;
    let out = "";
    let count = 0;
    for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(
        name,
    )) {
        const size = [...segment].length;
        if (count + size > max) break;
        out += segment;
        count += size;
    }
    return out;
}

function finish<T>(
    results: unknown,
    queryId: string,
    bytes: number | undefined,
    cost: QueryCost = {},
): RunQueryResult<T> {
    const rawText = stringifyLossless(results ?? null);
    return {
        response: results as T,
        queryId,
        rawText,
        bytes: bytes ?? Buffer.byteLength(rawText),
        polled: true,
        cost,
    };
}

/** `GET /query/{id}/log/`: the query-log record of a run (last 24 h only). */
export async function getQueryLog(
    core: ApiCore,
    projectPath: string,
    id: string,
    opts?: CallOptions,
): Promise<QueryResponse> {
    const res = await core.call<QueryResponse>(
        { method: "GET", url: `${queryPath(projectPath, id)}log/`, lossless: true },
        opts,
    );
    return res.data;
}

/** `POST /query/check_auth_for_async/`. */
export async function checkAuthForAsync(
    core: ApiCore,
    projectPath: string,
    opts?: CallOptions,
): Promise<CheckAuthForAsyncResponse> {
    const res = await core.call<CheckAuthForAsyncResponse>(
        { method: "POST", url: `${projectPath}/query/check_auth_for_async/`, mode: "idempotent" },
        opts,
    );
    return res.data;
}

/** `GET /query/draft_sql/?prompt=...&current_query=...`. */
export async function draftSql(
    core: ApiCore,
    projectPath: string,
    params: DraftSqlParams,
    opts?: CallOptions,
): Promise<DraftSqlResponse> {
    const res = await core.call<DraftSqlResponse>(
        {
            method: "GET",
            url: `${projectPath}/query/draft_sql/`,
            query: { prompt: params.prompt, current_query: params.current_query },
        },
        opts,
    );
    return res.data;
}

/** `POST /query/upgrade/`: migrates every node to its latest version without running it. */
export async function upgradeQuery(
    core: ApiCore,
    projectPath: string,
    query: QueryNode,
    opts?: CallOptions,
): Promise<UpgradeQueryResponse> {
    const res = await core.call<UpgradeQueryResponse>(
        {
            method: "POST",
            url: `${projectPath}/query/upgrade/`,
            body: { query },
            mode: "idempotent",
        },
        opts,
    );
    return res.data;
}
