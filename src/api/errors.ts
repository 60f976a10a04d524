import { forbiddenCause, forbiddenMessage } from "./forbidden";
import {
    TRUST_ADVICE,
    isUntrustedCertificate,
    proxyAuthMessage,
    proxyFailure,
    withoutUserInfo,
} from "./proxyErrors";
import { NOT_SENT_CODES } from "./connectCodes";
import { budgetSpentMessage, durationPhrase, isBudgetCode } from "./queryBudget";
import { redact } from "./redact";

/** One HogQL problem with character offsets into the query text (`extra.hogql_metadata.errors`). */
export interface HogQLError {
    /** What is wrong. */
    message: string;
    /** Start offset (characters) into the query text, or null when unknown. */
    start: number | null;
    /** End offset (characters, exclusive), or null when unknown. */
    end: number | null;
    /** Suggested replacement text, when the service has one. */
    fix?: string | null;
}

/** Everything a {@link PostHogApiError} is built from. */
export interface PostHogApiErrorInit {
    /** HTTP status; 0 when no response arrived (network error, timeout). */
    status: number;
    /** HTTP method of the failed request. */
    method: string;
    /** Path of the failed request, without query string. */
    path: string;
    /** Technical message (for the log). */
    message: string;
    /** One short sentence for the user saying what to do. */
    userMessage: string;
    /** Error type from the body (`validation_error`, `authentication_error`, ...). */
    type?: string;
    /** Error code from the body (`not_found`, `permission_denied`, `hogql_query_error`, ...). */
    code?: string;
    /** Human-readable detail from the body. */
    detail?: string;
    /** Field the error is about, nested names joined with `__`. */
    attr?: string | null;
    /** Extra structured data from the body. */
    extra?: Record<string, unknown>;
    /** Seconds to wait before retrying (from `Retry-After` or the throttle message). */
    retryAfterSeconds?: number;
    /** HogQL errors with offsets, from `extra.hogql_metadata.errors`. */
    hogqlErrors?: HogQLError[];
    /** True when the request certainly never reached the server (connect failure). */
    notSent?: boolean;
    /** The underlying error (network errors). */
    cause?: unknown;
}

/** The one error type of the API client. Never contains the API key. */
export class PostHogApiError extends Error {
    override readonly name = "PostHogApiError";
    /** HTTP status; 0 when no response arrived (network error, timeout). */
    readonly status: number;
    /** HTTP method of the failed request. */
    readonly method: string;
    /** Path of the failed request, without query string. */
    readonly path: string;
    /** One short sentence for the user saying what to do. */
    readonly userMessage: string;
    /** Error type from the body, when it had one. */
    readonly type?: string;
    /** Error code from the body, or a client code (`network_error`, `timeout`, `invalid_json`, ...). */
    readonly code?: string;
    /** Human-readable detail from the body. */
    readonly detail?: string;
    /** Field the error is about. */
    readonly attr?: string | null;
    /** Extra structured data from the body. */
    readonly extra?: Record<string, unknown>;
    /** Seconds to wait before retrying, when known. */
    readonly retryAfterSeconds?: number;
    /** HogQL errors with offsets (400 from the query endpoint). */
    readonly hogqlErrors?: HogQLError[];
    /** True when the request certainly never reached the server. */
    readonly notSent?: boolean;

    constructor(init: PostHogApiErrorInit) {
        super(init.message, init.cause !== undefined ? { cause: init.cause } : undefined);
        this.status = init.status;
        this.method = init.method;
        this.path = init.path;
        this.userMessage = init.userMessage;
        this.type = init.type;
        this.code = init.code;
        this.detail = init.detail;
        this.attr = init.attr;
        this.extra = init.extra;
        this.retryAfterSeconds = init.retryAfterSeconds;
        this.hogqlErrors = init.hogqlErrors;
        this.notSent = init.notSent;
    }
}

/** Thrown when the caller's AbortSignal aborts a call. Check with {@link isCancellation}. */
export class PostHogCancelledError extends Error {
    override readonly name = "AbortError";
    /** Always `cancelled`. */
    readonly code = "cancelled";
    /** Always 0: no (complete) response. */
    readonly status = 0;
    /** One short sentence for the user. */
    readonly userMessage = "Cancelled.";

    constructor(message = "The request was cancelled.") {
        super(message);
    }
}

/** Whether an error is a cancellation (the caller aborted), as opposed to a failure. */
export function isCancellation(err: unknown): boolean {
    if (err instanceof PostHogCancelledError) return true;
    return (
        typeof err === "object" &&
        err !== null &&
        ((err as { name?: unknown }).name === "AbortError" ||
            (err as { code?: unknown }).code === "ABORT_ERR")
    );
}

/**
 * Whether the action is refused to every personal API key (403 "This action does not support
 * personal API key access"; posthog/permissions.py), from PostHog or known beforehand from the
 * contract (forbidden.ts `closedToPersonalKeys`): callers fall back to what such keys can do.
 */
export function isScopedKeyRefusal(err: unknown): boolean {
    return (
        err instanceof PostHogApiError &&
        err.status === 403 &&
        forbiddenCause(err.detail ?? err.message).kind === "no_personal_key_access"
    );
}

/** Whether the request got no answer at all (network error, timeout): the service is unreachable. */
export function isUnreachable(err: unknown): boolean {
    return err instanceof PostHogApiError && err.status === 0;
}

/** Whether an error is a {@link PostHogApiError}. */
export function isPostHogApiError(err: unknown): err is PostHogApiError {
    return err instanceof PostHogApiError;
}

/** What the client knows about the request when it builds an error. */
export interface RequestContext {
    /** HTTP method. */
    method: string;
    /** Path without query string. */
    path: string;
    /** Configured origin, e.g. `https://us.posthog.com`. */
    origin: string;
    /** The API key, only so that it can be redacted from anything quoted from the server. */
    apiKey?: string;
    /** The request creates something (create, duplicate, exposure cohort, recalculate). */
    creates?: boolean;
    /** The request is the experiment DELETE (405 gets its own message). */
    experimentDelete?: boolean;
    /** The request runs or polls a query (504/512 mean "too slow"). */
    query?: boolean;
    /** The proxy the request goes through, when it goes through one. */
    proxy?: ProxyInContext;
}

/** A proxy as errors name it. */
export interface ProxyInContext {
    /** Scheme, host and port of the proxy; never its credentials. */
    display: string;
    /** Where it was set: `http.proxy` or an environment variable's name. */
    source: string;
    /** Whether credentials were sent to it. */
    credentials: boolean;
}

const MAY_HAVE_CREATED = "It may or may not have been created; refresh before retrying.";

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
}

/** Parses `Retry-After` (seconds or HTTP date) into whole seconds. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
    if (value === undefined) return undefined;
    const text = value.trim();
    if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text));
    const date = Date.parse(text);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
    return undefined;
}

function str(v: unknown): string | undefined {
    return typeof v === "string" ? v : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

function readHogQLErrors(extra: Record<string, unknown> | undefined): HogQLError[] | undefined {
    const meta = extra?.["hogql_metadata"];
    if (!isRecord(meta) || !Array.isArray(meta["errors"])) return undefined;
    const out: HogQLError[] = [];
    for (const e of meta["errors"]) {
        if (!isRecord(e)) continue;
        out.push({
            message: str(e["message"]) ?? "HogQL error",
            start: typeof e["start"] === "number" ? e["start"] : null,
            end: typeof e["end"] === "number" ? e["end"] : null,
            ...(e["fix"] !== undefined ? { fix: str(e["fix"]) ?? null } : {}),
        });
    }
    return out;
}

function looksLikeHtml(text: string, contentType: string | undefined): boolean {
    if (contentType?.toLowerCase().includes("text/html")) return true;
    return /^\s*<(!doctype|html|head|body|\?xml|h1|center|title)/i.test(text);
}

function hostName(origin: string): string {
    try {
        return new URL(origin).host;
    } catch {
        return origin;
    }
}

/** Fields read from an error body in any of the shapes the service (or a proxy) sends. */
interface ParsedBody {
    type?: string;
    code?: string;
    detail?: string;
    attr?: string | null;
    extra?: Record<string, unknown>;
    shape: "standard" | "detail" | "error" | "fields" | "html" | "empty" | "malformed" | "other";
}

function parseErrorBody(text: string, contentType: string | undefined): ParsedBody {
    if (text.trim() === "") return { shape: "empty" };
    if (looksLikeHtml(text, contentType)) return { shape: "html" };
    let body: unknown;
    try {
        body = JSON.parse(text);
    } catch {
        return { shape: "malformed" };
    }
    if (!isRecord(body)) {
        return typeof body === "string" ? { shape: "detail", detail: body } : { shape: "other" };
    }
    const extra = isRecord(body["extra"]) ? body["extra"] : undefined;
    const attr =
        typeof body["attr"] === "string" || body["attr"] === null ? body["attr"] : undefined;
    if (str(body["type"]) || str(body["code"])) {
        return {
            shape: "standard",
            type: str(body["type"]),
            code: str(body["code"]),
            detail: str(body["detail"]),
            attr,
            extra,
        };
    }
    if (str(body["detail"]) !== undefined)
        return { shape: "detail", detail: str(body["detail"]), extra };
    if (str(body["error"]) !== undefined) return { shape: "error", detail: str(body["error"]) };
    const status = body["query_status"];
    if (isRecord(status) && str(status["error_message"])) {
        return { shape: "error", detail: str(status["error_message"]) };
    }
    if (str(body["error_message"]) !== undefined) {
        return { shape: "error", detail: str(body["error_message"]) };
    }
    if (str(body["message"]) !== undefined) return { shape: "error", detail: str(body["message"]) };
    // Plain DRF validation errors: {"field": ["message", ...]}.
    for (const [key, value] of Object.entries(body)) {
        const first = Array.isArray(value) ? value[0] : value;
        if (typeof first === "string") return { shape: "fields", attr: key, detail: first };
    }
    return { shape: "other" };
}

/**
 * "in 30 seconds", "in 5 minutes", or "later" for waits over an hour: a hostile or confused
 * `Retry-After: 100000` must not tell the user to wait 28 hours.
 */
export function waitPhrase(seconds: number): string {
    return seconds <= 3600 ? `in ${durationPhrase(seconds)}` : "later";
}

/**
 * The query endpoint's 500s without a reason: DRF's for an unhandled exception, and
 * posthog/api/query.py's for a ClickHouse error it has no user-safe copy for.
 */
const NO_REASON = new Set(["A server error occurred.", "ClickHouse error while executing query."]);

/**
 * Whether a query's 500 says why it failed. PostHog answers a ClickHouse error its query caused
 * with fixed copy that names the fix (posthog/errors.py @00cc6947 INTERNAL_CH_ERROR_USER_MESSAGES:
 * code 158 TOO_MANY_ROWS "This query reads or returns more data than the limit allows. Use a
 * shorter date range, add filters, or add a LIMIT clause...", code 47 UNKNOWN_IDENTIFIER "A
 * column in this query doesn't exist in the data. Check the column names..."); only its generic
 * sentences say nothing the user can act on. A proxy's HTML page never gets here (no detail).
 */
function isQueryReason(detail: string): boolean {
    return !NO_REASON.has(detail.trim());
}

/** Inputs of {@link errorFromResponse}. */
export interface ResponseInfo {
    /** HTTP status. */
    status: number;
    /** Response headers, lower-cased. */
    headers: Headers;
    /** Body text. */
    text: string;
}

function sentence(text: string, max = 240): string {
    const line = text.replace(/\s+/g, " ").trim();
    const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
    return /[.!?…]$/.test(cut) ? cut : `${cut}.`;
}

/** Builds the error for a non-2xx response in whatever shape its body has. */
export function errorFromResponse(ctx: RequestContext, res: ResponseInfo): PostHogApiError {
    const clean = (s: string | undefined): string | undefined =>
        s === undefined ? undefined : redact(s, ctx.apiKey);
    const status = res.status;
    const body = parseErrorBody(res.text, header(res.headers, "content-type"));
    const detail = clean(body.detail);
    const retryAfterSeconds = retryAfterOf(res, detail);
    // Anything quoted from the server may echo the key: the HogQL messages reach the Problems panel.
    const extra =
        body.extra &&
        (JSON.parse(clean(JSON.stringify(body.extra)) ?? "{}") as Record<string, unknown>);
    const hogqlErrors = readHogQLErrors(extra)?.map((e) => ({
        ...e,
        message: clean(e.message) ?? "",
        ...(typeof e.fix === "string" ? { fix: clean(e.fix) } : {}),
    }));
    const failure: Failure = { ctx, res, body, detail, retryAfterSeconds, hogqlErrors };
    const explained = explain(failure);
    let userMessage = explained.userMessage;
    if (ctx.creates && (status >= 500 || body.shape === "html")) {
        userMessage = `${userMessage} ${MAY_HAVE_CREATED}`;
    }
    return new PostHogApiError({
        status,
        method: ctx.method,
        path: ctx.path,
        message: `${ctx.method} ${ctx.path} failed with status ${status}: ${detail ?? bodyShapeText(body)}`,
        userMessage: redact(userMessage, ctx.apiKey),
        type: body.type,
        code: explained.code,
        detail,
        attr: body.attr,
        extra,
        retryAfterSeconds,
        hogqlErrors,
    });
}

/** What a failed response said, read once and redacted. */
interface Failure {
    ctx: RequestContext;
    res: ResponseInfo;
    body: ParsedBody;
    detail: string | undefined;
    retryAfterSeconds: number | undefined;
    hogqlErrors: HogQLError[] | undefined;
}

/** `Retry-After`, else the wait a 429's detail names ("available in 12 seconds"). */
function retryAfterOf(res: ResponseInfo, detail: string | undefined): number | undefined {
    const retryAfterSeconds = parseRetryAfter(header(res.headers, "retry-after"));
    if (retryAfterSeconds !== undefined || res.status !== 429 || !detail) return retryAfterSeconds;
    const m = /available in (\d+) seconds?/i.exec(detail);
    return m ? Number(m[1]) : undefined;
}

/** The log's words for a body that gave no detail. */
function bodyShapeText(body: ParsedBody): string {
    if (body.shape === "html") return "HTML error page";
    if (body.shape === "empty") return "empty body";
    if (body.shape === "malformed") return "malformed JSON body";
    return "no detail";
}

/** The user's sentence for a failure, and its code (the body's, else one named here). */
function explain(f: Failure): { code: string | undefined; userMessage: string } {
    const { ctx, body } = f;
    const status = f.res.status;
    if (status === 407 && ctx.proxy) {
        // The proxy's own refusal (an HTTP request forwarded through it): nothing reached the host.
        return { code: "proxy_auth", userMessage: proxyAuthMessage(ctx.proxy) };
    }
    if (status >= 300 && status < 400) {
        const target = redirectTarget(header(f.res.headers, "location"), ctx.origin);
        return {
            code: body.code ?? "redirect",
            userMessage: `The server answered with a redirect (status ${status}${target}) that the client does not follow; check the host setting.`,
        };
    }
    if (body.shape === "html") {
        return {
            code: body.code ?? "html_error_page",
            userMessage:
                (status === 504 || status === 512) && ctx.query
                    ? `The query took too long (status ${status}); add filters or a LIMIT and try again.`
                    : `The server returned an HTML error page (status ${status}); the host may be down or behind a proxy.`,
        };
    }
    if (status === 405 && ctx.experimentDelete) {
        return {
            code: body.code ?? "method_not_allowed",
            userMessage:
                "Experiments can't be deleted with DELETE; the extension archives or soft-deletes them.",
        };
    }
    return { code: body.code, userMessage: statusMessage(f) };
}

/** ` to https://host` for a redirect's `Location`, empty when it has none or it is not a URL. */
function redirectTarget(location: string | undefined, origin: string): string {
    if (!location) return "";
    try {
        return ` to ${new URL(location, origin).origin}`;
    } catch {
        return "";
    }
}

/** The user's sentence for a JSON (or empty) error response, by status. */
function statusMessage(f: Failure): string {
    const { ctx, body, detail, retryAfterSeconds, hogqlErrors } = f;
    const status = f.res.status;
    if (status === 401) {
        return `The API key was rejected (invalid, revoked, or from the other region); check the key and the host (${hostName(ctx.origin)}).`;
    }
    if (status === 403) return forbiddenMessage(forbiddenCause(detail));
    if (status === 404) {
        return "Not found: it may have been deleted, or the project is wrong; refresh and try again.";
    }
    if (status === 405) {
        return `The server doesn't allow ${ctx.method} on this address; the server may be an older version.`;
    }
    if (status === 429) return rateLimitMessage(body, detail, retryAfterSeconds);
    if (status === 512 || (status === 504 && ctx.query)) {
        return `The query took too long (status ${status}); add filters or a LIMIT and try again.`;
    }
    if (status === 500 && ctx.query && detail && isQueryReason(detail)) {
        return `PostHog could not run this query: ${sentence(detail, 400)}`;
    }
    if (status >= 500) {
        const why = detail
            ? `: ${sentence(detail.split("\n")[0], 160).replace(/[.!?…]$/, "")}`
            : "";
        const when = retryAfterSeconds !== undefined ? waitPhrase(retryAfterSeconds) : "later";
        return `PostHog had a server problem (status ${status})${why}; try again ${when}.`;
    }
    if (status === 400 && hogqlErrors && hogqlErrors.length > 0) {
        // Already redacted where the errors were read.
        return sentence(hogqlErrors[0].message);
    }
    if (detail) {
        const field = body.attr ? ` (${body.attr})` : "";
        return sentence(`${detail.split("\n")[0]}${field}`);
    }
    return `The request failed with status ${status}${body.shape === "empty" ? " and no details" : ""}.`;
}

/** A 429: the query budget spent, a wait PostHog named, or too many queries at once. */
function rateLimitMessage(
    body: ParsedBody,
    detail: string | undefined,
    retryAfterSeconds: number | undefined,
): string {
    if (isBudgetCode(body.code)) return budgetSpentMessage(retryAfterSeconds);
    if (retryAfterSeconds !== undefined) {
        return `PostHog is rate limiting this key; try again ${waitPhrase(retryAfterSeconds)}.`;
    }
    if (detail && /too many queries/i.test(detail)) {
        return "Too many queries are running in this project; wait for one to finish and try again.";
    }
    return "PostHog is rate limiting this key; wait a moment and try again.";
}

/** Error for a 2xx body that isn't valid JSON (truncated or corrupted). */
export function invalidJsonError(
    ctx: RequestContext,
    status: number,
    cause: unknown,
    text = "",
    contentType?: string,
): PostHogApiError {
    if (looksLikeHtml(text.slice(0, 1024), contentType)) {
        // A sign-in page of a proxy or SSO gateway, or a web page at the wrong address.
        return new PostHogApiError({
            status,
            method: ctx.method,
            path: ctx.path,
            code: "html_response",
            message: `${ctx.method} ${ctx.path}: the response (status ${status}) is an HTML page, not JSON`,
            userMessage: `${hostName(ctx.origin)} answered with a web page instead of data (a sign-in page or proxy may be in the way); check the host setting.${
                ctx.creates ? ` ${MAY_HAVE_CREATED}` : ""
            }`,
            cause,
        });
    }
    return new PostHogApiError({
        status,
        method: ctx.method,
        path: ctx.path,
        code: "invalid_json",
        message: `${ctx.method} ${ctx.path}: the response (status ${status}) is not valid JSON: ${
            cause instanceof Error ? redact(cause.message, ctx.apiKey) : "parse error"
        }`,
        userMessage: `The server sent a truncated or malformed response (status ${status}); try again.${
            ctx.creates ? ` ${MAY_HAVE_CREATED}` : ""
        }`,
        cause,
    });
}

const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;

/** Failures raised before anything is sent: an invalid header value (e.g. a key with a control character). */
const LOCAL_CODES = new Set([
    "UND_ERR_INVALID_ARG",
    "ERR_INVALID_CHAR",
    "ERR_HTTP_INVALID_HEADER_VALUE",
]);

/** The first `code` found on an error, its cause, or an AggregateError's members. */
export function errorCode(err: unknown): string | undefined {
    const seen = new Set<unknown>();
    let cur: unknown = err;
    while (isRecord(cur) && !seen.has(cur)) {
        seen.add(cur);
        if (typeof cur["code"] === "string") return cur["code"];
        const errors = cur["errors"];
        if (Array.isArray(errors) && errors.length > 0) {
            const inner = errorCode(errors[0]);
            if (inner) return inner;
        }
        cur = cur["cause"];
    }
    return undefined;
}

/** Builds the `status: 0` error for a failure without a (complete) response. */
export function networkError(ctx: RequestContext, err: unknown): PostHogApiError {
    const code = errorCode(err) ?? "UNKNOWN";
    const host = hostName(ctx.origin);
    let what: string;
    let clientCode = "network_error";
    if (code === "ECONNREFUSED") what = "the connection was refused";
    else if (code === "ENOTFOUND" || code === "EAI_AGAIN") what = "the host name was not found";
    else if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE")
        what = "the connection was reset";
    else if (code === "UND_ERR_CONNECT_TIMEOUT" || code === "ETIMEDOUT") {
        what = "the connection timed out";
        clientCode = "timeout";
    } else if (code === "UND_ERR_HEADERS_TIMEOUT") {
        what = "no response arrived in time";
        clientCode = "timeout";
    } else if (code === "UND_ERR_BODY_TIMEOUT") {
        what = "the response stalled";
        clientCode = "timeout";
    } else if (code === "UND_ERR_RES_CONTENT_LENGTH_MISMATCH") what = "the response was cut short";
    else if (code === "UND_ERR_HEADERS_OVERFLOW") {
        what = "its response headers were too large to read";
        clientCode = "headers_overflow";
    } else if (LOCAL_CODES.has(code)) {
        what = "the request could not be built";
        clientCode = "invalid_request";
    } else if (TLS_CODE.test(code)) {
        what = "the TLS certificate could not be verified";
        clientCode = "tls_error";
    } else what = `the request failed (${code})`;
    let notSent =
        NOT_SENT_CODES.has(code) || clientCode === "tls_error" || clientCode === "invalid_request";
    // undici's messages may quote the proxy's URL, credentials and all.
    const detailMessage = withoutUserInfo(
        err instanceof Error ? redact(err.message, ctx.apiKey) : String(code),
    );
    let userMessage = `Couldn't reach ${host}: ${what}; check the host setting and your network.`;
    if (clientCode === "timeout" && code !== "UND_ERR_CONNECT_TIMEOUT") {
        userMessage = `${host} did not answer in time (${what}); try again${ctx.query ? ", or add filters or a LIMIT" : ""}.`;
    }
    if (clientCode === "invalid_request")
        userMessage =
            "The request could not be sent: the API key holds a character HTTP does not allow; sign in again with the key copied exactly.";
    if (clientCode === "tls_error")
        userMessage = isUntrustedCertificate(code)
            ? `The secure (TLS) connection to ${host} failed: its certificate is not signed by an authority this computer trusts (${code}); ${TRUST_ADVICE}.`
            : `The secure (TLS) connection to ${host} failed (${code}); check the host setting, and if a proxy intercepts TLS, make VS Code trust its certificate.`;
    if (clientCode === "headers_overflow")
        userMessage = `${host} sent response headers too large to read; a proxy in front of it may be misconfigured.`;
    const viaProxy = ctx.proxy ? proxyFailure(ctx.proxy, host, err, code, what) : undefined;
    if (viaProxy) {
        clientCode = viaProxy.code ?? clientCode;
        userMessage = viaProxy.userMessage;
        notSent = notSent || viaProxy.notSent;
        what = `${what} (proxy ${ctx.proxy?.display})`;
    }
    if (ctx.creates && !notSent) userMessage = `${userMessage} ${MAY_HAVE_CREATED}`;
    return new PostHogApiError({
        status: 0,
        method: ctx.method,
        path: ctx.path,
        code: clientCode,
        message: `${ctx.method} ${ctx.path} to ${host} failed: ${what} (${detailMessage})`,
        userMessage,
        notSent,
        cause: err,
    });
}

/**
 * Error raised by the client: before sending anything (bad arguments, refused next links), or,
 * with `sent`, for a reply it could not use (too large, in an encoding it cannot read): the
 * request went, so the server may have acted on it.
 */
export function localError(
    ctx: Pick<RequestContext, "method" | "path">,
    fields: {
        status?: number;
        code: string;
        message: string;
        userMessage: string;
        attr?: string;
        sent?: boolean;
    },
): PostHogApiError {
    return new PostHogApiError({
        status: fields.status ?? 0,
        method: ctx.method,
        path: ctx.path,
        code: fields.code,
        type: fields.status === 400 ? "validation_error" : undefined,
        message: fields.message,
        userMessage: fields.userMessage,
        detail: fields.message,
        attr: fields.attr,
        notSent: !fields.sent,
    });
}
