// PostHog's compression of responses, as its middleware applies it. ScopedGZipMiddleware
// (posthog/gzip_middleware.py) runs Django's GZipMiddleware only for POST requests to paths in
// GZIP_POST_RESPONSE_ALLOW_LIST (the query endpoint) and GET requests to paths in
// GZIP_RESPONSE_ALLOW_LIST (posthog/settings/web.py; the API paths the sandbox serves are listed
// here). Django's GZipMiddleware (django/middleware/gzip.py): a body under 200 bytes or one
// already encoded stays as it is; otherwise `Vary: Accept-Encoding` is added, and when the
// request's Accept-Encoding names gzip the body is compressed (level 6), kept only if shorter,
// with its own Content-Length and `Content-Encoding: gzip`.
import { promisify } from "node:util";
import { gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

const POST_PATHS = [/^\/?api\/(environments|projects)\/\d+\/query\/?$/];
const GET_PATHS = [
    /^\/?api\/(environments|projects)\/\d+\/event_definitions\/?$/,
    /^\/?api\/(environments|projects)\/\d+\/insights\/?$/,
    /^\/?api\/(environments|projects)\/\d+\/insights\/\d+\/?$/,
    /^\/?api\/(environments|projects)\/\d+\/query\/?$/,
];

/** Django's `re_accepts_gzip`. */
const ACCEPTS_GZIP = /\bgzip\b/;

/** Django's threshold: "It's not worth attempting to compress really short responses." */
const MIN_BYTES = 200;

/** A body and the headers to add, as PostHog would send them to this request. */
export async function asPostHogEncodes(
    method: string,
    path: string,
    acceptEncoding: string | undefined,
    body: string | undefined,
    headers: Record<string, string>,
): Promise<{ body: string | Buffer | undefined; headers: Record<string, string> }> {
    const paths = method === "POST" ? POST_PATHS : method === "GET" ? GET_PATHS : [];
    if (body === undefined || !paths.some((p) => p.test(path))) return { body, headers };
    const bytes = Buffer.from(body, "utf8");
    if (bytes.length < MIN_BYTES || headers["Content-Encoding"]) return { body, headers };
    const varied = {
        ...headers,
        Vary: headers.Vary ? `${headers.Vary}, Accept-Encoding` : "Accept-Encoding",
    };
    if (!ACCEPTS_GZIP.test(acceptEncoding ?? "")) return { body, headers: varied };
    // Off the event loop's thread: a large result takes a while to compress.
    const compressed = await gzipAsync(bytes, { level: 6 });
    if (compressed.length >= bytes.length) return { body, headers: varied };
    return { body: compressed, headers: { ...varied, "Content-Encoding": "gzip" } };
}
