import { pipeline } from "node:stream";
import { createGunzip } from "node:zlib";
import { request, type Dispatcher } from "undici";
import type { BearerSource } from "./bearer";
import { connectionTo } from "./dispatcher";
import { PostHogCancelledError, localError, networkError, type RequestContext } from "./errors";
import { yieldToEventLoop } from "./eventLoop";
import { isLoopbackHostname } from "./host";
import { hasDotSegment } from "./paths";
import type { LogFn } from "./log";
import type { NetworkSettings, ProxyChoice } from "./network";
import { redact } from "./redact";

/** Timeouts of a client, in milliseconds. */
export interface Timeouts {
    /** Connecting (TCP + TLS), default 10 000. */
    connectMs?: number;
    /** Waiting for response headers, default 60 000. */
    headersMs?: number;
    /** Gap between body chunks, default 120 000. */
    bodyMs?: number;
    /** Waiting for headers of a blocking query run, default 300 000. */
    queryMs?: number;
    /** Keep-alive of idle sockets, default 30 000. */
    keepAliveMs?: number;
    /**
     * Whole-call deadline of an ordinary call (every attempt, retry wait and body byte), default
     * 30 000: a list or a read answers or fails within it.
     */
    requestMs?: number;
    /**
     * Whole-call deadline of a blocking query run, default 90 000: ClickHouse stops a HogQL query
     * after 60 s (`max_execution_time` in PostHog's posthog/hogql/constants.py) and the service
     * needs a little longer to answer.
     */
    queryDeadlineMs?: number;
    /** How long a background (async) query is polled before the client gives up, default 600 000. */
    pollDeadlineMs?: number;
}

/** Timeouts with defaults filled in. */
export type ResolvedTimeouts = Required<Timeouts>;

/** Fills in defaults. */
export function resolveTimeouts(t: Timeouts | undefined): ResolvedTimeouts {
    return {
        connectMs: t?.connectMs ?? 10_000,
        headersMs: t?.headersMs ?? 60_000,
        bodyMs: t?.bodyMs ?? 120_000,
        queryMs: t?.queryMs ?? 300_000,
        keepAliveMs: t?.keepAliveMs ?? 30_000,
        requestMs: t?.requestMs ?? 30_000,
        queryDeadlineMs: t?.queryDeadlineMs ?? 90_000,
        pollDeadlineMs: t?.pollDeadlineMs ?? 600_000,
    };
}

/** Query string values; undefined ones are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined | null>;

/** One HTTP attempt. */
export interface HttpRequest {
    /** Method. */
    method: "GET" | "POST" | "PATCH" | "DELETE";
    /** Path from the origin (e.g. `/api/projects/1/experiments/`) or an absolute URL. */
    url: string;
    /** Query string parameters (added to `url`). */
    query?: QueryParams;
    /** JSON body; sent with `Content-Type: application/json`. */
    body?: unknown;
    /** Caller's cancellation. */
    signal?: AbortSignal;
    /** Override of the headers timeout (blocking queries wait longer). */
    headersTimeoutMs?: number;
    /** Context for errors. */
    context?: Partial<RequestContext>;
    /** Keep a successful body as bytes (`body`) and leave `text` empty: for large results. */
    raw?: boolean;
    /**
     * For a successful `raw` request: called after each chunk with the buffer the body is
     * gathered in and how many bytes of it have arrived, so the caller can read them while the
     * rest comes (see queryBytes.ts). The buffer has the declared Content-Length; a body of unknown
     * length (gzip, chunked) grows in buffers of increasing size, each passed with `moved` (the
     * bytes so far copied there), and ends in one of its exact length, passed the same way. A
     * retried request calls it with a new buffer, without `moved`. Up to 32 MiB; past that, the
     * body is gathered in chunks and this is called no more.
     */
    onBody?: (buffer: Uint8Array, received: number, moved?: boolean) => void;
}

/** A complete response. */
export interface HttpResponse {
    /** Status code. */
    status: number;
    /** Headers, lower-cased names. */
    headers: Record<string, string | string[] | undefined>;
    /** Body decoded as UTF-8 ("" for a `raw` request). */
    text: string;
    /** The body's bytes, for a successful `raw` request. */
    body?: Uint8Array;
    /** Body size in bytes. */
    bytes: number;
    /** Time from sending to the end of the body. */
    durationMs: number;
    /** With a bearer source: the generation of the token the request carried. */
    bearerGeneration?: number;
}

/** Settings of the transport. */
export interface HttpTransportOptions {
    /** Normalised origin; the only origin requests go to. */
    origin: string;
    /** Personal API key, sent as `Authorization: Bearer` (unless `bearer` is set). */
    apiKey: string;
    /**
     * The token to send instead of `apiKey`: an OAuth access token, read before each attempt.
     * Its origin must be `origin`.
     */
    bearer?: BearerSource;
    /** User-Agent header. */
    userAgent: string;
    /** Timeouts. */
    timeouts: ResolvedTimeouts;
    /** Log sink. */
    log: LogFn;
    /** Largest successful body read, in bytes (default 256 MiB). */
    maxResponseBytes?: number;
    /**
     * Ask for gzip-compressed bodies (`Accept-Encoding: gzip`). PostHog compresses its query
     * responses (POST .../query, GZIP_POST_RESPONSE_ALLOW_LIST in posthog/settings/web.py) and
     * some lists for a client that asks (posthog/gzip_middleware.py ScopedGZipMiddleware): a
     * result's JSON shrinks several times over the network. Default: asked, except of a loopback
     * host, where compressing costs the server more time than the wire saves.
     */
    acceptGzip?: boolean;
    /** Proxy and certificate settings (VS Code's `http.*`); default: the environment's proxy. */
    network?: NetworkSettings;
}

/**
 * Largest error body read: error bodies are a JSON object or an HTML page; only their start is
 * needed for the message, and a hostile server must not make the client buffer more.
 */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * Sends single HTTP attempts to one origin over keep-alive connections, direct or through the
 * proxy the network settings choose (see dispatcher.ts). It never follows redirects (undici's
 * `request` doesn't unless a redirect interceptor is installed, and none is) and refuses any URL
 * on another origin, so the key never leaves the configured host.
 */
export class HttpTransport {
    private readonly agent: Dispatcher;
    /** The proxy requests go through, direct, or a proxy setting that can't be used. */
    readonly proxy: ProxyChoice;
    private readonly maxBytes: number;
    private readonly acceptGzip: boolean;

    constructor(private readonly options: HttpTransportOptions) {
        if (options.bearer && options.bearer.origin !== options.origin)
            throw new Error(
                `A token issued by ${options.bearer.origin} is never sent to ${options.origin}.`,
            );
        const connection = connectionTo(options.origin, options.network ?? {}, options.timeouts);
        this.agent = connection.dispatcher;
        this.proxy = connection.choice;
        if (this.proxy.kind === "proxy")
            options.log(
                "info",
                `${options.origin} through the proxy ${this.proxy.display} (${this.proxy.source})`,
            );
        else if (this.proxy.kind === "invalid")
            options.log("warn", `proxy ${this.proxy.display}: ${this.proxy.problem}`);
        this.maxBytes = options.maxResponseBytes ?? 256 * 1024 * 1024;
        this.acceptGzip =
            options.acceptGzip ?? !isLoopbackHostname(new URL(options.origin).hostname);
    }

    /** The configured origin. */
    get origin(): string {
        return this.options.origin;
    }

    /** Where the bearer token comes from, when it is not the personal API key. */
    get bearer(): BearerSource | undefined {
        return this.options.bearer;
    }

    /** Resolves a path or absolute URL against the origin and adds the query string. */
    resolve(url: string, query?: QueryParams): URL {
        const u = new URL(url, this.options.origin);
        for (const [k, v] of Object.entries(query ?? {})) {
            if (v !== undefined && v !== null) u.searchParams.set(k, String(v));
        }
        return u;
    }

    /** Context for errors about a request to `url`. */
    context(method: string, url: URL, extra?: Partial<RequestContext>): RequestContext {
        return {
            method,
            path: url.pathname,
            origin: this.options.origin,
            apiKey: this.options.apiKey,
            ...(this.proxy.kind === "proxy"
                ? {
                      proxy: {
                          display: this.proxy.display,
                          source: this.proxy.source,
                          credentials: this.proxy.credentials,
                      },
                  }
                : {}),
            ...extra,
        };
    }

    /**
     * Sends one attempt and reads the whole body. Throws a `status: 0` PostHogApiError on
     * network failures and timeouts, a PostHogCancelledError when `signal` aborts; any HTTP status
     * (including 3xx and errors) is returned for the caller to interpret.
     */
    async send(req: HttpRequest): Promise<HttpResponse> {
        const url = this.resolve(req.url, req.query);
        const ctx = this.context(req.method, url, req.context);
        this.refuseUnsafe(req, url, ctx);
        if (req.signal?.aborted) throw new PostHogCancelledError();
        const bearer = this.options.bearer
            ? await this.currentBearer(this.options.bearer, req, ctx)
            : { token: this.options.apiKey, generation: undefined };
        const { headers, body } = this.headersAndBody(req, bearer.token);
        const started = performance.now();
        try {
            const res = await request(url, {
                dispatcher: this.agent,
                method: req.method,
                headers,
                body,
                signal: req.signal,
                headersTimeout: req.headersTimeoutMs ?? this.options.timeouts.headersMs,
                bodyTimeout: this.options.timeouts.bodyMs,
            });
            const received = await this.receive(req, url, ctx, res, started);
            if (bearer.generation !== undefined) received.bearerGeneration = bearer.generation;
            return received;
        } catch (err) {
            throw this.failure(req, url, ctx, err, started);
        }
    }

    /**
     * The source's token; its failure (the sign-in ended, a refresh that could not be made)
     * becomes this bundle's PostHogApiError with the source's words, sent nowhere.
     */
    private currentBearer(
        source: BearerSource,
        req: HttpRequest,
        ctx: RequestContext,
    ): Promise<{ token: string; generation: number }> {
        return this.fromSource(() => source.current(req.signal), req, ctx);
    }

    /** Renews the source's token after a 401 (see `BearerSource.renew`); fails like `send`. */
    renewBearer(
        source: BearerSource,
        generation: number,
        req: Pick<HttpRequest, "method" | "url" | "context">,
        signal?: AbortSignal,
    ): Promise<void> {
        const ctx = this.context(req.method, this.resolve(req.url), req.context);
        return this.fromSource(() => source.renew(generation, signal), { ...req, signal }, ctx);
    }

    private async fromSource<T>(
        call: () => Promise<T>,
        req: Pick<HttpRequest, "method" | "signal">,
        ctx: RequestContext,
    ): Promise<T> {
        try {
            return await call();
        } catch (err) {
            if (req.signal?.aborted) throw new PostHogCancelledError();
            const e = err as Error & { code?: unknown; userMessage?: unknown; status?: unknown };
            throw localError(ctx, {
                status: typeof e.status === "number" ? e.status : 401,
                code: typeof e.code === "string" ? e.code : "signed_out",
                message: redact(`${req.method} ${ctx.path}: ${e.message}`),
                userMessage:
                    typeof e.userMessage === "string"
                        ? e.userMessage
                        : "Your PostHog sign-in has ended; sign in again.",
            });
        }
    }

    /** Throws for a request that must not leave: another host, a dot segment, a broken proxy. */
    private refuseUnsafe(req: HttpRequest, url: URL, ctx: RequestContext): void {
        if (url.origin !== this.options.origin) {
            throw localError(ctx, {
                code: "cross_origin",
                message: `Refused to send a request to ${url.origin}, which is not the configured host ${this.options.origin}.`,
                userMessage: `The server pointed to another host (${url.origin}); the client only talks to ${this.options.origin}.`,
            });
        }
        if (hasDotSegment(req.url.split(/[?#]/)[0])) {
            // Last line of defence behind idSegment(): never let a URL parser collapse a path.
            throw localError(ctx, {
                code: "invalid_id",
                message: `Refused to send ${req.method} ${req.url.split(/[?#]/)[0]}: it has a "." or ".." segment.`,
                userMessage: "The server sent an id that is not valid; refresh and try again.",
            });
        }
        if (this.proxy.kind === "invalid") {
            throw localError(ctx, {
                code: "proxy_invalid",
                message: `${req.method} ${url.pathname}: proxy ${this.proxy.display} from ${this.proxy.source} not used: ${this.proxy.problem}`,
                userMessage: this.proxy.problem,
            });
        }
    }

    private headersAndBody(
        req: HttpRequest,
        token: string,
    ): {
        headers: Record<string, string>;
        body: string | undefined;
    } {
        const headers: Record<string, string> = {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            "user-agent": this.options.userAgent,
        };
        if (this.acceptGzip) headers["accept-encoding"] = "gzip";
        if (req.body === undefined) return { headers, body: undefined };
        headers["content-type"] = "application/json";
        return { headers, body: JSON.stringify(req.body) };
    }

    /** Reads the body of `res` (within the size limit) and logs the exchange. */
    private async receive(
        req: HttpRequest,
        url: URL,
        ctx: RequestContext,
        res: Dispatcher.ResponseData,
        started: number,
    ): Promise<HttpResponse> {
        // When the headers came: the server's own time, apart from reading the body after it.
        const headersMs = Math.round(performance.now() - started);
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        const encoding = contentEncoding(res.headers["content-encoding"]);
        if (encoding !== "identity" && encoding !== "gzip") {
            // Dropped unread (its stream's abort error has no one else to hear it).
            res.body.on("error", () => undefined);
            res.body.destroy();
            throw localError(ctx, {
                status: res.statusCode,
                code: "unsupported_encoding",
                sent: true,
                message: `${ctx.method} ${ctx.path}: the response is encoded as "${encoding}", which the client did not ask for`,
                userMessage: `The server sent a response compressed as "${encoding}", which the extension cannot read; a proxy in front of PostHog may be changing responses.`,
            });
        }
        const gzip = encoding === "gzip";
        const { data, bytes } = await this.readAll(req, ctx, res, ok, gzip);
        // A raw (successful) body stays bytes: the caller never decodes it whole.
        const keepBytes = req.raw === true && ok;
        const text = keepBytes ? "" : data.toString("utf8");
        const durationMs = Math.round(performance.now() - started);
        this.options.log(
            res.statusCode >= 400 ? "warn" : "debug",
            `${req.method} ${url.pathname} ${res.statusCode} ${durationMs} ms (headers ${headersMs} ms) ${bytes} B${gzip ? " (gzip)" : ""}`,
        );
        return {
            status: res.statusCode,
            headers: res.headers,
            text,
            ...(keepBytes ? { body: data } : {}),
            bytes,
            durationMs,
        };
    }

    /** The whole body, decompressed; a body too large or damaged gzip is a local error. */
    private readAll(
        req: HttpRequest,
        ctx: RequestContext,
        res: Dispatcher.ResponseData,
        ok: boolean,
        gzip: boolean,
    ): Promise<{ data: Buffer; bytes: number }> {
        return readBody(
            gzip ? gunzipped(res.body) : res.body,
            // A gzip body's length is its compressed size: its bytes are gathered as they come.
            gzip ? undefined : res.headers["content-length"],
            ok ? this.maxBytes : MAX_ERROR_BODY_BYTES,
            !ok,
            ok && req.raw ? req.onBody : undefined,
            () =>
                localError(ctx, {
                    status: res.statusCode,
                    code: "response_too_large",
                    sent: true,
                    message: `${ctx.method} ${ctx.path}: the response exceeded ${this.maxBytes} bytes`,
                    userMessage: `The response is larger than ${Math.round(this.maxBytes / 1048576)} MB; add a LIMIT or select fewer columns.`,
                }),
        ).catch((err: unknown) => {
            if (!isZlibError(err)) throw err;
            // The server answered: repeating would bring the same body.
            throw localError(ctx, {
                status: res.statusCode,
                code: "invalid_encoding",
                sent: true,
                message: `${ctx.method} ${ctx.path}: the gzip body could not be decompressed (${err.message})`,
                userMessage:
                    "The server's compressed response was damaged on the way and could not be read; try again.",
            });
        });
    }

    /** The error to throw for a failed attempt: cancelled, already ours, or a network error. */
    private failure(
        req: HttpRequest,
        url: URL,
        ctx: RequestContext,
        err: unknown,
        started: number,
    ): Error {
        if (req.signal?.aborted) {
            this.options.log("debug", `${req.method} ${url.pathname} cancelled`);
            return new PostHogCancelledError();
        }
        if (err instanceof Error && err.name === "PostHogApiError") return err;
        const e = networkError(ctx, err);
        const durationMs = Math.round(performance.now() - started);
        this.options.log(
            "warn",
            redact(`${e.message} after ${durationMs} ms`, this.options.apiKey),
        );
        return e;
    }

    /** Removes the key (and anything key-shaped) from text. */
    redact(text: string): string {
        return redact(text, this.options.apiKey);
    }

    /** Closes idle connections; pending requests fail. */
    async close(): Promise<void> {
        await this.agent.destroy();
    }
}

const PREALLOCATE_MAX = 32 * 1024 * 1024;

/** A response's Content-Encoding, lower-cased ("identity" when none). */
function contentEncoding(header: string | string[] | undefined): string {
    const value = (Array.isArray(header) ? header.join(",") : (header ?? "")).trim().toLowerCase();
    return value === "" ? "identity" : value === "x-gzip" ? "gzip" : value;
}

/**
 * The body, decompressed as it arrives (zlib works off the event loop's thread). Reading stops at
 * the caller's limit on decompressed bytes: a small body that inflates to gigabytes is refused
 * like a large one, after the limit, not after it is all in memory.
 */
function gunzipped(body: NodeJS.ReadableStream): AsyncIterable<unknown> & { destroy(): unknown } {
    const gunzip = createGunzip({ chunkSize: 1 << 20 });
    // Errors of either stream (a damaged body, a reset) end the reading of `gunzip` with them.
    pipeline(body, gunzip, () => undefined);
    return gunzip;
}

/** A zlib failure (a damaged or cut gzip body). */
function isZlibError(err: unknown): err is Error {
    const code = (err as { code?: unknown } | null)?.code;
    return err instanceof Error && typeof code === "string" && code.startsWith("Z_");
}

/**
 * Reads a body into one buffer. With a Content-Length (up to 32 MiB) the bytes go straight into
 * one buffer of that size (no list of chunks plus a concatenated copy). Past `limit`, a successful
 * body fails with `tooLarge()`; an error body (small limit) is cut there, which is enough for its
 * message.
 */
async function readBody(
    body: AsyncIterable<unknown> & { destroy(): unknown },
    contentLength: string | string[] | undefined,
    limit: number,
    cutErrorBody: boolean,
    onBody: OnBody | undefined,
    tooLarge: () => Error,
): Promise<{ data: Buffer; bytes: number }> {
    const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
    if (!cutErrorBody && Number.isFinite(declared) && declared > limit) {
        body.destroy();
        throw tooLarge();
    }
    const known = Number.isSafeInteger(declared) && declared > 0 && declared <= PREALLOCATE_MAX;
    if (onBody && !known && !cutErrorBody) return readGrowing(body, limit, onBody, tooLarge);
    // Only up to 32 MiB on the server's word: a hostile Content-Length must not make the client
    // reserve 256 MiB for a body that never comes.
    const single = known ? Buffer.allocUnsafe(declared) : undefined;
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of body) {
        const buf = chunk as Buffer;
        if (bytes + buf.length > limit) {
            body.destroy();
            if (!cutErrorBody) throw tooLarge();
            const room = limit - bytes;
            if (single) buf.copy(single, bytes, 0, room);
            else chunks.push(buf.subarray(0, room));
            bytes = limit;
            break;
        }
        const inSingle = single !== undefined && bytes + buf.length <= single.length;
        if (inSingle) buf.copy(single, bytes);
        else chunks.push(buf);
        bytes += buf.length;
        // A chunk fits only while none has overflowed the declared length: the buffer holds all.
        if (inSingle) onBody?.(single, bytes);
    }
    if (single && chunks.length === 0) return { data: single.subarray(0, bytes), bytes };
    const all = single ? [single.subarray(0, bytes - sum(chunks)), ...chunks] : chunks;
    return { data: await joined(all, bytes), bytes };
}

type OnBody = NonNullable<HttpRequest["onBody"]>;

/** First size of the buffer a body of unknown length grows in. */
const GROW_FIRST = 1024 * 1024;

/**
 * Reads a body of unknown length (a gzip body, or one sent in chunks) for a caller that reads it
 * while it arrives: into one buffer, copied into one twice as big when full (up to 32 MiB; past
 * that, in chunks, unseen by `onBody`), and at the end into one of its exact length (a result's
 * bytes are kept and posted whole: a buffer twice their size would be kept and posted with them).
 * The copies are the ones joining chunks would make, spread over the body's arrival.
 */
async function readGrowing(
    body: AsyncIterable<unknown> & { destroy(): unknown },
    limit: number,
    onBody: OnBody,
    tooLarge: () => Error,
): Promise<{ data: Buffer; bytes: number }> {
    let buffer = Buffer.allocUnsafe(GROW_FIRST);
    let bytes = 0;
    /** Set once the body outgrew PREALLOCATE_MAX: its chunks from there. */
    let chunks: Buffer[] | null = null;
    for await (const chunk of body) {
        const buf = chunk as Buffer;
        if (bytes + buf.length > limit) {
            body.destroy();
            throw tooLarge();
        }
        if (chunks) {
            chunks.push(buf);
            bytes += buf.length;
            continue;
        }
        if (bytes + buf.length >= PREALLOCATE_MAX) {
            chunks = [buffer.subarray(0, bytes), buf];
            bytes += buf.length;
            continue;
        }
        let moved = false;
        // Never filled to its last byte: a scan that reaches a buffer's end takes it for the
        // body's end (only the exact buffer at the end is full).
        if (bytes + buf.length >= buffer.length) {
            const size = Math.min(
                PREALLOCATE_MAX,
                Math.max(buffer.length * 2, bytes + buf.length + 1),
            );
            const grown = Buffer.allocUnsafe(size);
            buffer.copy(grown, 0, 0, bytes);
            buffer = grown;
            moved = true;
        }
        buf.copy(buffer, bytes);
        bytes += buf.length;
        onBody(buffer, bytes, moved);
    }
    if (chunks) return { data: await joined(chunks, bytes), bytes };
    const exact = await copiedInTurns([buffer.subarray(0, bytes)], bytes);
    onBody(exact, bytes, true);
    return { data: exact, bytes };
}

/** Bytes copied per turn of the event loop when chunks are joined into one buffer. */
const JOIN_SLICE_BYTES = 2 * 1024 * 1024;

/**
 * The chunks in one buffer, copied a few MB per turn of the event loop: a large body gathered in
 * chunks (a gzip body, or one without a Content-Length) joined in one go made one long task with
 * the first slice of the scan after it (measured, see docs/performance.md, "Scanning a response").
 */
async function joined(chunks: Buffer[], total: number): Promise<Buffer> {
    if (chunks.length === 1) return chunks[0];
    if (total <= JOIN_SLICE_BYTES) return Buffer.concat(chunks, total);
    return copiedInTurns(chunks, total);
}

/** The chunks copied into one new buffer, at most JOIN_SLICE_BYTES per turn of the event loop. */
async function copiedInTurns(chunks: Buffer[], total: number): Promise<Buffer> {
    const out = Buffer.allocUnsafe(total);
    let at = 0;
    for (const chunk of chunks) {
        for (let from = 0; from < chunk.length;) {
            const n = Math.min(chunk.length - from, JOIN_SLICE_BYTES - (at % JOIN_SLICE_BYTES));
            chunk.copy(out, at, from, from + n);
            from += n;
            at += n;
            if (at % JOIN_SLICE_BYTES === 0) await yieldToEventLoop();
        }
    }
    return out;
}

function sum(chunks: Buffer[]): number {
    return chunks.reduce((n, c) => n + c.length, 0);
}
