// The one path every query run takes, for the grid and for callers that read the response (the
// language model tools, drafting, saved-query tables, the query log, event volumes): `POST
// /query/`, a background run polled until it completes, a server-side cancel when the caller gives
// up. It returns the response's bytes as received and their layout (queryBytes.ts); a caller
// that needs the parsed response reads it from those bytes with `readResponse`. Follows
// posthog/api/query.py @001cc8ab: `create` answers 202 while `query_status.complete` is false,
// else 200; `retrieve` answers 202 while running, 200 when complete, 400 (a reason) or 500 when
// failed; `destroy` cancels.
import { randomUUID } from "node:crypto";
import type { ApiCore, CallOptions, CallSpec } from "./core";
import { formatDuration } from "./deadline";
import { PostHogApiError, PostHogCancelledError, isCancellation } from "./errors";
import { cancelAfterAbort, cutName, queryPath } from "./query";
import {
    ScanWhileReceiving,
    bodyLayout,
    scanBody,
    scanLayout,
    statusOf,
    type ResultLayout,
} from "./queryBytes";
import { queryCostOf, type QueryCost } from "./queryBudget";
import { sleep } from "./retry";
import type { QueryNode, QueryRequestBody, QueryStatus, RefreshMode } from "./types/query";

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

/** A finished query run: the response's bytes, where things are in them, and how it ran. */
export interface QueryRun {
    /**
     * UTF-8 JSON of the response object as received (for a background run: the completed
     * `query_status.results`); it goes to the webview as it is.
     */
    bytes: Uint8Array;
    /** Where the rows are in `bytes`, and the other top-level fields parsed. */
    layout: ResultLayout;
    /** The query id (the client_query_id). */
    queryId: string;
    /** Whether the run went to the background and was polled. */
    polled: boolean;
    /** What the run read and the budget left, from the headers of the request that ran it. */
    cost: QueryCost;
}

/**
 * The POST that starts a run: sent once (retried only when the server certainly did not start
 * it), with the query's own timeouts.
 */
function queryStartCall(
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
    };
    return { queryId, spec };
}

/**
 * Runs a query: `POST /query/`; a 200 is the answer; a 202 (or an incomplete `query_status`) is
 * polled with `GET /query/{id}/` with growing waits until complete or failed. When `signal`
 * aborts, the run is cancelled on the server with `DELETE /query/{id}/` (best effort, short
 * timeout) and a cancellation error is thrown. The POST is retried only on 429 (not the query
 * budget's, see queryBudget.ts) and on connect failures, when the server certainly did not start
 * it. The bytes are scanned while they arrive and in slices after, never decoded or parsed whole
 * on the calling thread.
 */
export async function runQuery(
    core: ApiCore,
    projectPath: string,
    query: QueryNode,
    opts: RunQueryOptions = {},
): Promise<QueryRun> {
    const { queryId, spec } = queryStartCall(core, projectPath, query, opts);
    const callOpts: CallOptions = { signal: opts.signal, onRetry: opts.onRetry };
    const pollDeadlineMs = opts.pollDeadlineMs ?? core.timeouts.pollDeadlineMs;
    const cancelTimeout = opts.cancelTimeoutMs ?? 5000;
    let pollId = queryId;
    try {
        const early = new ScanWhileReceiving();
        const res = await core.call<undefined>(
            { ...spec, raw: true, onBody: early.onBody },
            { ...callOpts, deadlineMs: opts.deadlineMs },
        );
        // A background run reads in PostHog's worker, after this request: no cost headers then.
        const cost = queryCostOf(res.headers);
        const started = await scanBody(
            core,
            "POST",
            spec.url,
            res,
            res.body && early.begun(res.body),
        );
        const status = await statusOf(started);
        const id = status?.fields["id"];
        if (typeof id === "string" && usableId(id)) pollId = id;
        if (res.status !== 202 && status?.fields["complete"] !== false) {
            if (!started.scan.fields.has("results") && status?.fields["complete"] && status.results)
                return await finished(status.results, queryId, cost);
            const layout = bodyLayout(started);
            return { bytes: started.bytes, layout, queryId, polled: false, cost };
        }
        if (status) opts.onStatus?.(status.fields as unknown as QueryStatus);
        const waitToPoll = pollWaits(opts, projectPath, pollDeadlineMs);
        for (;;) {
            await waitToPoll();
            const path = queryPath(projectPath, pollId);
            const polled = await core.call<undefined>(
                { method: "GET", url: path, context: { query: true }, raw: true },
                callOpts,
            );
            const st = await statusOf(await scanBody(core, "GET", path, polled));
            if (!st) throw noStatusError(polled.status, path);
            const fields = st.fields as unknown as QueryStatus;
            opts.onStatus?.(fields);
            if (fields.error) throw failedQueryError(core, path, fields);
            if (fields.complete)
                return await finished(st.results ?? new TextEncoder().encode("{}"), pollId);
        }
    } catch (err) {
        return runFailed(core, projectPath, pollId, cancelTimeout, opts.signal, err);
    }
}

/** A run whose response object is `bytes`, a completed status's `results`, scanned. */
async function finished(
    bytes: Uint8Array,
    queryId: string,
    cost: QueryCost = {},
): Promise<QueryRun> {
    return { bytes, layout: await scanLayout(bytes), queryId, polled: true, cost };
}

/**
 * The wait before each poll of a background run: from `initialMs`, growing by `factor` up to
 * `maxMs`; fails with the deadline error once a wait would pass it.
 */
function pollWaits(
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
 * A started run failed: when the client gave up on it (deadline, cancellation) the server's
 * worker is freed too; then the error is thrown.
 */
async function runFailed(
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

function pollDeadlineError(projectPath: string, ms: number): PostHogApiError {
    return new PostHogApiError({
        status: 0,
        method: "GET",
        path: `${projectPath}/query/`,
        code: "deadline",
        message: `the background query was still running after ${formatDuration(ms)}; cancelled`,
        userMessage: `The query was still running after ${formatDuration(ms)} and was cancelled; add filters or a LIMIT and run it again.`,
    });
}

function noStatusError(status: number, path: string): PostHogApiError {
    return new PostHogApiError({
        status,
        method: "GET",
        path,
        code: "invalid_response",
        message: `GET ${path}: the response has no query_status`,
        userMessage: "The server sent an unexpected query status; try again.",
    });
}

/** A background run PostHog reports as failed: its `error_message` is the reason shown. */
function failedQueryError(core: ApiCore, path: string, status: QueryStatus): PostHogApiError {
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
