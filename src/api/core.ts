import { parseLossless } from "../shared/json/lossless";
import { Deadline, deadlineError } from "./deadline";
import {
    PostHogApiError,
    errorFromResponse,
    invalidJsonError,
    localError,
    type RequestContext,
} from "./errors";
import { NO_PERSONAL_KEY_ACCESS, closedToPersonalKeys, forbiddenMessage } from "./forbidden";
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
    /**
     * Whole-call deadline in ms (attempts, retry waits and body), overriding the client's
     * (`timeouts.requestMs`, or `queryDeadlineMs` for a blocking query run). 0 means none.
     */
    deadlineMs?: number;
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
    /** Default deadline of this kind of call (the caller's `deadlineMs` wins). */
    deadlineMs?: number;
    /** A 2xx body that is not JSON is returned as text (`data` undefined) instead of failing. */
    acceptText?: boolean;
    /**
     * Keep a 2xx body as bytes (`CallResult.body`): no decode, no parse (results for the grid,
     * see queryBytes.ts). Error bodies are decoded and mapped as usual.
     */
    raw?: boolean;
    /**
     * Parse the body keeping every digit: numbers wider than a double become `BigNumber`s
     * (src/shared/json/lossless.ts) instead of rounded doubles. For query results, whose cells may
     * be UInt64, Int128 or wide Decimal values.
     */
    lossless?: boolean;
    /** With `raw`: sees the body's bytes as they arrive (see `HttpRequest.onBody`). */
    onBody?: (buffer: Uint8Array, received: number, moved?: boolean) => void;
}

/** A successful response with its parsed body. */
export interface CallResult<T> {
    /** Status (2xx). */
    status: number;
    /** Parsed JSON body; undefined for an empty body. */
    data: T;
    /** Body text as received ("" for a `raw` call). */
    text: string;
    /** The body's bytes, for a `raw` call. */
    body?: Uint8Array;
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

    /**
     * Sends a call and returns its parsed body; throws PostHogApiError for any non-2xx status,
     * and one with code `deadline` when no answer came within the call's deadline.
     */
    async call<T>(spec: CallSpec, opts?: CallOptions): Promise<CallResult<T>> {
        const url = this.http.resolve(spec.url);
        if (closedToPersonalKeys(spec.method, url.pathname)) {
            // The contract gives the operation no PersonalAPIKeyAuth: PostHog refuses it to every
            // personal API key, so asking would only fetch that refusal.
            throw localError(this.http.context(spec.method, url, spec.context), {
                status: 403,
                code: "permission_denied",
                message: NO_PERSONAL_KEY_ACCESS,
                userMessage: forbiddenMessage({ kind: "no_personal_key_access" }),
            });
        }
        const ms = opts?.deadlineMs ?? spec.deadlineMs ?? this.timeouts.requestMs;
        const deadline = new Deadline(ms, opts?.signal);
        try {
            return await this.callWithin<T>(spec, { ...opts, signal: deadline.signal }, deadline);
        } catch (err) {
            if (!deadline.expired) throw err;
            const ctx = this.http.context(spec.method, this.http.resolve(spec.url), spec.context);
            const late = deadlineError(ctx, ms);
            this.log("warn", late.message);
            throw late;
        } finally {
            deadline.dispose();
        }
    }

    private async callWithin<T>(
        spec: CallSpec,
        opts: CallOptions,
        deadline: Deadline,
    ): Promise<CallResult<T>> {
        const mode = spec.mode ?? (spec.method === "POST" ? "once" : "idempotent");
        // A DELETE whose reply was lost may have worked: its retry's 404 then means "done".
        let deleteMayHaveWorked = false;
        for (let attempt = 1; ; attempt++) {
            try {
                return await this.attempt<T>(spec, opts);
            } catch (err) {
                if (
                    deleteMayHaveWorked &&
                    err instanceof PostHogApiError &&
                    (err.status === 404 || err.status === 410)
                ) {
                    this.log(
                        "info",
                        `${spec.method} ${err.path}: ${err.status} after a lost reply; the first attempt did it`,
                    );
                    return { status: 204, data: undefined as T, text: "", bytes: 0, headers: {} };
                }
                const decision = decideRetry(err, mode, attempt, this.retry);
                // A wait past the deadline would only end in a vaguer error: give the real one now.
                if (!decision.retry || decision.delayMs >= deadline.remainingMs) throw err;
                if (
                    spec.method === "DELETE" &&
                    err instanceof PostHogApiError &&
                    !err.notSent &&
                    (err.status === 0 || err.status === 502 || err.status === 504)
                )
                    deleteMayHaveWorked = true;
                const status =
                    err instanceof PostHogApiError && err.status !== 0 ? err.status : undefined;
                const path = this.http.resolve(spec.url).pathname;
                this.log(
                    "info",
                    `${spec.method} ${path}: ${decision.reason}${status ? ` (${status})` : ""}, retry ${attempt} in ${decision.delayMs} ms`,
                );
                opts.onRetry?.({
                    attempt,
                    delayMs: decision.delayMs,
                    reason: decision.reason,
                    ...(status !== undefined ? { status } : {}),
                });
                await sleep(decision.delayMs, opts.signal);
            }
        }
    }

    /** Removes the key (and anything key-shaped) from text quoted from the server. */
    redact(text: string): string {
        return this.http.redact(text);
    }

    private async attempt<T>(spec: CallSpec, opts?: CallOptions): Promise<CallResult<T>> {
        const send = () =>
            this.http.send({
                method: spec.method,
                url: spec.url,
                query: spec.query,
                body: spec.body,
                signal: opts?.signal,
                headersTimeoutMs: spec.headersTimeoutMs,
                context: spec.context,
                raw: spec.raw,
                onBody: spec.onBody,
            });
        let res = await send();
        // A 401 to an OAuth token: PostHog says "Access token has expired." (posthog/auth.py
        // @0347ec169ed4d71ea7ce97b3631e4618f921425e OAuthAccessTokenAuthentication), or, for a
        // token it no longer has (revoked), what it says of an unknown key. Either way one
        // renewal, shared with every request that met the same 401, then one more try; when the
        // refresh was refused, that try fails at once with "sign in again", sending nothing.
        const bearer = this.http.bearer;
        if (bearer && res.bearerGeneration !== undefined && res.status === 401) {
            await this.http.renewBearer(bearer, res.bearerGeneration, spec, opts?.signal);
            res = await send();
        }
        const ctx = this.http.context(spec.method, this.http.resolve(spec.url), spec.context);
        if (res.status < 200 || res.status >= 300) {
            const err = errorFromResponse(ctx, res);
            this.log("debug", err.message);
            throw err;
        }
        if (spec.raw) {
            const body = res.body ?? new Uint8Array(0);
            return { ...res, data: undefined as T, text: "", body };
        }
        let data: unknown = undefined;
        if (res.text.trim() !== "") {
            try {
                data = spec.lossless ? parseLossless(res.text) : JSON.parse(res.text);
            } catch (cause) {
                if (!spec.acceptText)
                    throw invalidJsonError(ctx, res.status, cause, res.text, contentType(res));
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

function contentType(res: HttpResponse): string | undefined {
    const v = res.headers["content-type"];
    return Array.isArray(v) ? v[0] : v;
}
