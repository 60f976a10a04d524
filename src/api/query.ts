// The query endpoints besides running a query (queryRun.ts): a run's status, its cancel, its
// log record, the async check, drafting and upgrading.
import type { ApiCore, CallOptions } from "./core";
import { PostHogApiError } from "./errors";
import { idSegment } from "./paths";
import type {
    CancelQueryResult,
    CheckAuthForAsyncResponse,
    DraftSqlParams,
    DraftSqlResponse,
    QueryNode,
    QueryResponse,
    QueryStatusResponse,
    UpgradeQueryResponse,
} from "./types/query";

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
