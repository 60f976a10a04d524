import {
    PostHogApiError,
    errorFromResponse,
    invalidJsonError,
    type RequestContext,
} from "./errors";
import type { HttpResponse, HttpTransport, QueryParams, ResolvedTimeouts } from "./http";
import type { LogFn } from "./log";
import {
    decideRetry,
    sleep,
    type ResolvedRetryOptions,
    type RetryInfo,
    type RetryMode,
} from "./retry";

/** Options every client method takes. */
export interface CallOptions {
    /** Cancels the call, including retry waits. */
    signal?: AbortSignal;
    /** Called before each retry wait (rate limits, transient errors). */
    onRetry?: (info: RetryInfo) => void;
}

/** What to send, and how safe it is to repeat. */
export interface CallSpec {
    /** Method. */
    method: "GET" | "POST" | "PATCH" | "DELETE";
    /** Path (with trailing slash) or an absolute URL on the configured origin. */
    url: string;
    /** Query string. */
    query?: QueryParams;
    /** JSON body. */
    body?: unknown;
    /** Retry behaviour (default: `idempotent` for GET/PATCH/DELETE, `once` for POST). */
    mode?: RetryMode;
    /** Headers timeout override. */
    headersTimeoutMs?: number;
    /** What the request does, for error messages (creates, query, experiment DELETE). */
    context?: Partial<RequestContext>;
}

/** A successful response with its parsed body. */
export interface CallResult<T> {
    /** Status (2xx). */
    status: number;
    /** Parsed JSON body; undefined for an empty body. */
    data: T;
    /** Body text as received. */
    text: string;
    /** Body size in bytes. */
    bytes: number;
    /** Response headers. */
    headers: HttpResponse["headers"];
}

/** Sends calls through the transport with retries, error mapping and JSON decoding. */
export class ApiCore {
    constructor(
        readonly http: HttpTransport,
        readonly retry: ResolvedRetryOptions,
        readonly log: LogFn,
        readonly timeouts: ResolvedTimeouts,
    ) {}

    /** Sends a call and returns its parsed body; throws PostHogApiError for any non-2xx status. */
    async call<T>(spec: CallSpec, opts?: CallOptions): Promise<CallResult<T>> {
        const mode = spec.mode ?? (spec.method === "POST" ? "once" : "idempotent");
        for (let attempt = 1; ; attempt++) {
            try {
                return await this.attempt<T>(spec, opts);
            } catch (err) {
                const decision = decideRetry(err, mode, attempt, this.retry);
                if (!decision.retry) throw err;
                const status =
                    err instanceof PostHogApiError && err.status !== 0 ? err.status : undefined;
                const path = this.http.resolve(spec.url).pathname;
                this.log(
                    "info",
                    `${spec.method} ${path}: ${decision.reason}${status ? ` (${status})` : ""}, retry ${attempt} in ${decision.delayMs} ms`,
                );
                opts?.onRetry?.({
                    attempt,
                    delayMs: decision.delayMs,
                    reason: decision.reason,
                    ...(status !== undefined ? { status } : {}),
                });
                await sleep(decision.delayMs, opts?.signal);
            }
        }
    }

    private async attempt<T>(spec: CallSpec, opts?: CallOptions): Promise<CallResult<T>> {
        const res = await this.http.send({
            method: spec.method,
            url: spec.url,
            query: spec.query,
            body: spec.body,
            signal: opts?.signal,
            headersTimeoutMs: spec.headersTimeoutMs,
            context: spec.context,
        });
        const ctx = this.http.context(spec.method, this.http.resolve(spec.url), spec.context);
        if (res.status < 200 || res.status >= 300) {
            const err = errorFromResponse(ctx, res);
            this.log("debug", err.message);
            throw err;
        }
        let data: unknown = undefined;
        if (res.text.trim() !== "") {
            try {
                data = JSON.parse(res.text);
            } catch (cause) {
                throw invalidJsonError(ctx, res.status, cause);
            }
        }
        return {
            status: res.status,
            data: data as T,
            text: res.text,
            bytes: res.bytes,
            headers: res.headers,
        };
    }
}
