// The fault scenarios, grouped by the defect classes of issue 16 (and a few more). Each installs
// a handler on the hostile server, drives the client, and says what the right outcome is.
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { PostHogClient } from "../../src/api";
import {
    all,
    fails,
    failsWith,
    requestCount,
    succeeds,
    type Env,
    type Outcome,
    type Scenario,
} from "./harness";
import { waitFor } from "../waitFor";
import { bigIntegerScenarios } from "./bigIntegers";
import { lifecycleScenarios } from "./lifecycle";
import { oauthScenarios } from "./oauth";
import { hang, htmlPage, json, page, raw, trickle, type HostileServer } from "./hostileServer";

const P = "/api/projects/1";
const HOGQL = { kind: "HogQLQuery", query: "select 1" };
const DEFAULTS = { requestMs: 30_000, queryMs: 90_000, pollMs: 600_000 };
const experiment = (id: number) => ({ id, name: `e${id}`, feature_flag_key: `f${id}` });
const running = (id: string) => ({
    query_status: { id, team_id: 1, complete: false, error: false, query_async: true },
});
const done = (id: string) => ({
    query_status: {
        id,
        team_id: 1,
        complete: true,
        error: false,
        results: { results: [[1]], columns: ["1"], types: [["1", "UInt8"]] },
    },
});

type Res = ServerResponse;
type Req = IncomingMessage;

/** Lists every experiment (follows `next`). */
const listAll = (env: Env) =>
    env
        .client()
        .listExperiments()
        .all()
        .then(() => undefined);
/** One page of experiments. */
const listPage = (env: Env) =>
    env
        .client()
        .listExperimentsPage()
        .then(() => undefined);
/** A blocking query run. */
const runQuery = (env: Env, c?: PostHogClient) =>
    (c ?? env.client())
        .runQuery(HOGQL, { refresh: "blocking", pollInterval: env.poll })
        .then(() => undefined);
const asyncQuery = (env: Env, c?: PostHogClient) =>
    (c ?? env.client())
        .runQuery(HOGQL, { refresh: "force_async", pollInterval: env.poll })
        .then(() => undefined);

/** The server never saw a request to another origin, and the foreign one got none. */
const noForeign = (_o: Outcome, env: Env) =>
    env.foreign.requests.length === 0
        ? undefined
        : `${env.foreign.requests.length} requests reached another origin`;

// ---- 1. ids escaping their path ------------------------------------------------------------------

/** A proxy's or a portal's sign-in page, answered with 200 where data was asked for. */
const signInPage = (res: ServerResponse) =>
    raw(res, 200, "<!doctype html><html><title>Sign in</title><form></form></html>", "text/html");

const BAD_IDS = ["..", ".", "%2e%2e", "%2E.", ""];

function idScenarios(): Scenario[] {
    const out: Scenario[] = [];
    for (const id of BAD_IDS) {
        const label = JSON.stringify(id);
        out.push(
            {
                group: "id escape",
                name: `cancelQuery(${label})`,
                handler: (_q, res) => json(res, 200, { message: "ok" }),
                run: (env) =>
                    env
                        .client()
                        .cancelQuery(id)
                        .then((r) => r.message),
                check: all(failsWith("invalid_id"), requestCount(0)),
            },
            {
                group: "id escape",
                name: `getQueryStatus(${label})`,
                handler: (_q, res) => json(res, 200, done("x")),
                run: (env) =>
                    env
                        .client()
                        .getQueryStatus(id)
                        .then(() => undefined),
                check: all(failsWith("invalid_id"), requestCount(0)),
            },
            {
                group: "id escape",
                name: `deleteEventDefinition(${label})`,
                handler: (_q, res) => res.writeHead(204).end(),
                run: (env) => env.client().deleteEventDefinition(id),
                check: all(failsWith("invalid_id"), requestCount(0)),
            },
        );
    }
    for (const id of ["..", "."]) {
        out.push(
            {
                group: "id escape",
                name: `server query_status.id ${JSON.stringify(id)}, run cancelled`,
                handler: (req, res) => {
                    if (req.method === "POST") json(res, 202, running(id));
                    else if (req.method === "GET") hang();
                    else res.writeHead(204).end();
                },
                run: async (env) => {
                    const controller = new AbortController();
                    const run = env.client().runQuery(HOGQL, {
                        refresh: "force_async",
                        signal: controller.signal,
                        pollInterval: env.poll,
                    });
                    await waitUntil(() => env.server.requests.some((r) => r.method === "GET"));
                    controller.abort();
                    await run;
                },
                // The run polls and cancels its own id, never the collapsed path.
                check: (_o, env) =>
                    env.server.requests.some(
                        (r) => r.method === "DELETE" && /\/query\/[0-9a-f-]{36}\/$/.test(r.path),
                    )
                        ? undefined
                        : `no cancel of the client's own id: ${env.server.requests.map((r) => `${r.method} ${r.path}`).join(", ")}`,
            },
            {
                group: "id escape",
                name: `getEventDefinition(${JSON.stringify(id)}) from a list`,
                handler: (_q, res) => json(res, 200, { id, name: "x" }),
                run: (env) =>
                    env
                        .client()
                        .getEventDefinition(id)
                        .then(() => undefined),
                check: all(failsWith("invalid_id"), requestCount(0)),
            },
        );
    }
    out.push(
        {
            group: "id escape",
            name: "project id '..'",
            handler: (_q, res) => json(res, 200, page([], null)),
            run: (env) =>
                env
                    .client({ projectId: ".." })
                    .listExperimentsPage()
                    .then(() => undefined),
            check: all(failsWith("invalid_id"), requestCount(0)),
        },
        {
            group: "id escape",
            name: "next link with '..' segments on the same origin",
            handler: (_req, res, _b, s) =>
                json(res, 200, page([experiment(1)], `${s.url}${P}/experiments/../../`, 5)),
            run: listAll,
            check: all(failsWith("invalid_next"), requestCount(1)),
        },
        {
            group: "id escape",
            name: "id with a slash stays one segment",
            handler: (_q, res) => res.writeHead(204).end(),
            run: (env) => env.client().deleteEventDefinition("a/../.."),
            check: all(succeeds(), (_o, env) =>
                env.server.requests[0]?.path === `${P}/event_definitions/a%2F..%2F../`
                    ? undefined
                    : `sent ${env.server.requests[0]?.path}`,
            ),
        },
    );
    return out;
}

// ---- foreign origins and redirects ---------------------------------------------------------------

function originScenarios(): Scenario[] {
    const out: Scenario[] = [];
    const nexts: [string, (env: Env) => string][] = [
        [
            "absolute next to another origin",
            (env) => `${env.foreign.url}${P}/experiments/?offset=1`,
        ],
        ["protocol-relative next", (env) => `//${new URL(env.foreign.url).host}${P}/experiments/`],
        ["next with user info", (env) => `http://user@${new URL(env.foreign.url).host}/x/`],
        ["javascript: next", () => "javascript:alert(1)"],
        ["data: next", () => "data:application/json,{}"],
        ["https next on the same host", (env) => env.server.url.replace("http:", "https:") + "/x/"],
    ];
    for (const [name, next] of nexts) {
        out.push({
            group: "foreign origin",
            name,
            handler: hang,
            run: async (env) => {
                env.server.use((_q, res) => json(res, 200, page([experiment(1)], next(env), 9)));
                await listAll(env);
            },
            check: all(failsWith(/cross_origin_next|invalid_next/), noForeign),
        });
    }
    for (const status of [301, 302, 303, 307, 308]) {
        for (const method of ["GET", "POST"] as const) {
            out.push({
                group: "foreign origin",
                name: `${status} redirect of a ${method} to another origin`,
                handler: () => undefined,
                run: async (env) => {
                    env.server.use((_q, res) => {
                        res.writeHead(status, { location: `${env.foreign.url}/steal` });
                        res.end();
                    });
                    if (method === "GET") await listPage(env);
                    else await env.client().createExperiment({ name: "x", feature_flag_key: "x" });
                },
                check: all(
                    failsWith("redirect", /redirect.*check the host/),
                    noForeign,
                    requestCount(1),
                ),
            });
        }
    }
    return out;
}

// ---- pagination that never ends -----------------------------------------------------------------

function loopScenarios(): Scenario[] {
    const s = (name: string, handler: Scenario["handler"], check: Scenario["check"]): Scenario => ({
        group: "pagination loop",
        name,
        handler,
        run: listAll,
        check,
        loop: true,
    });
    const endsBy = (code: string, maxRequests: number) =>
        all(failsWith(code), requestCount(maxRequests, true));
    return [
        s(
            "next repeats itself",
            (_q, res, _b, sv) =>
                json(res, 200, page([experiment(1)], `${sv.url}${P}/experiments/?offset=100`, 0)),
            endsBy("pagination_loop", 2),
        ),
        s(
            "next alternates between two pages",
            (req, res, _b, sv) => {
                const other = req.url?.includes("offset=1") ? "offset=2" : "offset=1";
                json(res, 200, page([experiment(1)], `${sv.url}${P}/experiments/?${other}`, 0));
            },
            endsBy("pagination_loop", 3),
        ),
        s(
            "next points back to the first page",
            (_q, res, _b, sv) =>
                json(res, 200, page([experiment(1)], `${sv.url}${P}/experiments/`, 0)),
            endsBy("pagination_loop", 3),
        ),
        s(
            "endless next, no count",
            (req, res, _b, sv) => {
                const n = Number(new URL(req.url ?? "/", sv.url).searchParams.get("offset") ?? 0);
                json(res, 200, {
                    next: `${sv.url}${P}/experiments/?offset=${n + 1}`,
                    results: [experiment(n)],
                });
            },
            endsBy("too_many_pages", 200),
        ),
        s(
            "endless next past the announced count",
            (req, res, _b, sv) => {
                const n = Number(new URL(req.url ?? "/", sv.url).searchParams.get("offset") ?? 0);
                json(
                    res,
                    200,
                    page([experiment(n)], `${sv.url}${P}/experiments/?offset=${n + 1}`, 3),
                );
            },
            all(succeeds(), requestCount(3)),
        ),
        s(
            "endless empty pages",
            (req, res, _b, sv) => {
                const n = Number(new URL(req.url ?? "/", sv.url).searchParams.get("offset") ?? 0);
                json(res, 200, page([], `${sv.url}${P}/experiments/?offset=${n + 1}`, 0));
            },
            endsBy("too_many_pages", 200),
        ),
        {
            group: "pagination loop",
            name: "projects list (switchProject) with a repeating next, no signal",
            handler: (_q, res, _b, sv) =>
                json(res, 200, page([{ id: 1, name: "p" }], `${sv.url}/api/projects/?offset=1`, 0)),
            run: (env) =>
                env
                    .client()
                    .iterateProjects()
                    .all()
                    .then(() => undefined),
            check: all(failsWith("pagination_loop"), requestCount(2)),
            loop: true,
        },
    ];
}

// ---- hangs, trickles and resets: deadlines ----------------------------------------------------------

function deadlineScenarios(): Scenario[] {
    const out: Scenario[] = [
        {
            group: "deadline",
            name: "silent host: no headers on a GET",
            handler: hang,
            run: listPage,
            check: failsWith("deadline", /did not answer within \d+ s; check your network/),
            deadlineMs: DEFAULTS.requestMs,
        },
        {
            group: "deadline",
            name: "headers, then a body that never comes",
            handler: (_q, res) =>
                res.writeHead(200, { "content-type": "application/json" }).write("{"),
            run: listPage,
            check: failsWith("deadline"),
            deadlineMs: DEFAULTS.requestMs,
        },
        {
            group: "deadline",
            name: "trickle: one byte per gap, forever shorter than the gap timer",
            handler: (_q, res, _b, sv) =>
                trickle(sv, res, JSON.stringify(page([experiment(1)], null)).padEnd(100_000), 5),
            run: listPage,
            check: failsWith("deadline"),
            deadlineMs: DEFAULTS.requestMs,
        },
        {
            group: "deadline",
            name: "silent host on a blocking query (cancelled on the server after)",
            handler: (req, res) => (req.method === "POST" ? hang() : res.writeHead(204).end()),
            run: (env) => runQuery(env),
            check: all(
                failsWith("deadline", /query did not finish within \d+ s; add filters/),
                (_o, env) =>
                    env.server.requests.some((r) => r.method === "DELETE")
                        ? undefined
                        : "no cancel sent",
            ),
            deadlineMs: DEFAULTS.queryMs,
        },
        {
            group: "deadline",
            name: "async query that never finishes",
            handler: (req, res) =>
                req.method === "DELETE"
                    ? void res.writeHead(204).end()
                    : json(res, 202, running("q")),
            run: (env) => asyncQuery(env),
            check: all(
                failsWith("deadline", /still running after .* and was cancelled/),
                (_o, env) =>
                    env.server.requests.some((r) => r.method === "DELETE")
                        ? undefined
                        : "no cancel sent",
            ),
            deadlineMs: DEFAULTS.pollMs,
        },
        {
            group: "deadline",
            name: "async poll that hangs",
            handler: (req, res) =>
                req.method === "POST"
                    ? json(res, 202, running("q1"))
                    : req.method === "GET"
                      ? hang()
                      : res.writeHead(204).end(),
            run: (env) => asyncQuery(env),
            check: failsWith("deadline"),
            deadlineMs: DEFAULTS.requestMs + 1000,
        },
        {
            group: "deadline",
            name: "slow but within the deadline",
            handler: (_q, res, _b, sv) =>
                sv.later(30, () => json(res, 200, page([experiment(1)], null))),
            run: listPage,
            check: succeeds(),
        },
        {
            group: "deadline",
            name: "503 with Retry-After longer than the deadline is not waited out",
            handler: (_q, res) =>
                json(res, 503, { detail: "At capacity." }, { "retry-after": "45" }),
            run: listPage,
            check: all(
                failsWith(/./, /\(status 503\): At capacity; try again in 45 seconds/),
                requestCount(1),
            ),
        },
    ];
    for (const method of ["GET", "DELETE", "PATCH"] as const) {
        out.push({
            group: "reset",
            name: `connection reset before the answer (${method})`,
            handler: (req) => req.socket.destroy(),
            run: (env) => {
                const c = env.client();
                if (method === "GET") return listPage(env);
                if (method === "DELETE") return c.deleteEventDefinition("e1");
                return c.updateEventDefinition("e1", { description: "x" }).then(() => undefined);
            },
            check: all(failsWith("network_error", /connection was reset/), requestCount(3)),
        });
    }
    out.push(
        {
            group: "reset",
            name: "connection reset mid-body",
            handler: (req, res) => {
                res.writeHead(200, {
                    "content-type": "application/json",
                    "content-length": "5000",
                });
                res.write('{"results":[');
                setImmediate(() => req.socket.destroy());
            },
            run: listPage,
            check: fails(/cut short|reset/),
        },
        {
            group: "reset",
            name: "connection refused",
            handler: hang,
            run: async (env) => {
                const c = env.client({ host: "http://127.0.0.1:9" });
                await c.listExperimentsPage();
            },
            check: failsWith("network_error", /refused/),
        },
    );
    return out;
}

// ---- rate limits and 5xx -------------------------------------------------------------------------

function statusScenarios(): Scenario[] {
    const out: Scenario[] = [
        {
            group: "429",
            name: "429 Retry-After 0, then 200",
            handler: (_req, res, _b, sv) =>
                sv.requests.length === 1
                    ? json(res, 429, { detail: "Request was throttled." }, { "retry-after": "0" })
                    : json(res, 200, page([experiment(1)], null)),
            run: listPage,
            check: all(succeeds(), requestCount(2)),
        },
        {
            group: "429",
            name: "429 Retry-After 100000 says 'later', not 100000 seconds",
            handler: (_q, res) =>
                json(res, 429, { detail: "Request was throttled." }, { "retry-after": "100000" }),
            run: listPage,
            check: all(failsWith(/.*/, /try again later/), requestCount(1)),
        },
        {
            group: "429",
            name: "429 Retry-After as an HTTP date",
            handler: (_q, res) =>
                json(
                    res,
                    429,
                    { detail: "Throttled." },
                    { "retry-after": new Date(Date.now() + 120_000).toUTCString() },
                ),
            run: listPage,
            check: failsWith(/.*/, /try again in \d minutes/),
        },
        {
            group: "429",
            name: "429 forever: bounded attempts",
            handler: (_q, res) => json(res, 429, { detail: "Request was throttled." }),
            run: listPage,
            check: all(failsWith(/.*/, /rate limiting/), requestCount(3)),
        },
        {
            group: "429",
            name: "429 on a create is retried (the server never acted on it)",
            handler: (_q, res, _b, sv) => {
                if (sv.requests.length === 1)
                    return json(res, 429, { detail: "x" }, { "retry-after": "0" });
                sv.created();
                json(res, 201, experiment(7));
            },
            run: (env) =>
                env
                    .client()
                    .createExperiment({ name: "x", feature_flag_key: "x" })
                    .then(() => undefined),
            check: all(succeeds(), requestCount(2)),
        },
        {
            group: "429",
            name: "429 with a huge error body",
            handler: (_q, res) => json(res, 429, { detail: "x".repeat(2_000_000) }),
            run: listPage,
            check: fails(/rate limiting/),
        },
    ];
    for (const status of [500, 502, 503, 504]) {
        out.push({
            group: "html 5xx",
            name: `${status} HTML page`,
            handler: (_q, res) => raw(res, status, htmlPage(status), "text/html"),
            run: listPage,
            check: failsWith("html_error_page", /HTML error page/),
        });
    }
    out.push(
        {
            group: "html 5xx",
            name: "504 HTML page on a query says 'too long'",
            handler: (_q, res) => raw(res, 504, htmlPage(504), "text/html"),
            run: (env) => runQuery(env),
            check: failsWith(/.*/, /took too long/),
        },
        {
            group: "html 5xx",
            name: "500 JSON keeps its detail",
            handler: (_q, res) =>
                json(res, 500, { detail: "ClickHouse error while executing query." }),
            run: listPage,
            check: failsWith(
                /.*/,
                /\(status 500\): ClickHouse error while executing query; try again later/,
            ),
        },
        {
            group: "html 5xx",
            name: "503 with Retry-After waits it, then succeeds",
            handler: (_q, res, _b, sv) =>
                sv.requests.length === 1
                    ? json(res, 503, { detail: "busy" }, { "retry-after": "0" })
                    : json(res, 200, page([], null)),
            run: listPage,
            check: all(succeeds(), requestCount(2)),
        },
        {
            group: "html 5xx",
            name: "500 with an empty body",
            handler: (_q, res) => res.writeHead(500).end(),
            run: listPage,
            check: fails(/server problem/),
        },
        {
            group: "html 5xx",
            name: "500 with a 5 MB error page is read only in part",
            handler: (_q, res) =>
                raw(res, 500, `<html>${"x".repeat(5_000_000)}</html>`, "text/html"),
            run: listPage,
            // The transport logs the bytes it read: at most the 64 KiB an error message needs.
            check: all(failsWith("html_error_page"), (_o, env) =>
                env.logs.some((l) => / 500 \d+ ms \(headers \d+ ms\) 65536 B$/.test(l))
                    ? undefined
                    : `read more than 64 KiB: ${env.logs.find((l) => / 500 /.test(l))}`,
            ),
        },
        {
            group: "odd answer",
            name: "200 HTML sign-in page is not called truncated",
            handler: (_q, res) => signInPage(res),
            run: listPage,
            check: failsWith("html_response", /web page instead of data/),
        },
        {
            group: "odd answer",
            name: "200 HTML sign-in page to a query run is not called truncated",
            handler: (_q, res) => signInPage(res),
            run: (env) => runQuery(env),
            check: failsWith("html_response", /web page instead of data/),
        },
        {
            group: "odd answer",
            name: "200 plain text garbage",
            handler: (_q, res) => raw(res, 200, "ok then", "text/plain"),
            run: listPage,
            check: failsWith("invalid_json", /truncated or malformed/),
        },
        {
            group: "odd answer",
            name: "200 JSON cut short (honest Content-Length)",
            handler: (_q, res) => raw(res, 200, '{"results":[{"id":1', "application/json"),
            run: listPage,
            check: failsWith("invalid_json"),
        },
        {
            group: "odd answer",
            name: "Content-Length longer than the body",
            handler: (req, res) => {
                res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
                res.end('{"results":[]}');
                req.socket.end();
            },
            run: listPage,
            check: fails(),
        },
        {
            group: "odd answer",
            name: "body larger than maxResponseBytes (declared)",
            handler: (_q, res) =>
                raw(
                    res,
                    200,
                    JSON.stringify(page(Array(5000).fill(experiment(1)), null)),
                    "application/json",
                ),
            run: (env) =>
                env
                    .client({ maxResponseBytes: 10_000 })
                    .listExperimentsPage()
                    .then(() => undefined),
            check: failsWith("response_too_large", /larger than/),
        },
        {
            group: "memory",
            name: "a declared 300 MiB body is refused before any of it is buffered (default cap)",
            handler: (_q, res) => {
                res.writeHead(200, {
                    "content-type": "application/json",
                    "content-length": String(300 * 1048576),
                });
                res.write("[");
            },
            run: listPage,
            check: failsWith("response_too_large", /larger than 256 MB/),
        },
        {
            group: "odd answer",
            name: "body larger than maxResponseBytes (chunked)",
            handler: (_q, res) => {
                res.writeHead(200, { "content-type": "application/json" });
                for (let i = 0; i < 100; i++) res.write(" ".repeat(1000));
                res.end("{}");
            },
            run: (env) =>
                env
                    .client({ maxResponseBytes: 10_000 })
                    .listExperimentsPage()
                    .then(() => undefined),
            check: failsWith("response_too_large"),
        },
        {
            group: "odd answer",
            name: "response header too large: not retried, not a network problem",
            handler: (_q, res) => {
                res.setHeader("x-huge", "a".repeat(60_000));
                json(res, 200, page([], null));
            },
            run: listPage,
            check: all(failsWith("headers_overflow", /headers too large/), requestCount(1)),
        },
        {
            group: "odd answer",
            name: "TLS error (https to a plain HTTP port): not retried",
            handler: hang,
            run: async (env) => {
                const port = new URL(env.server.url).port;
                // http:// is only allowed for loopback; https to the plain port fails the handshake.
                await env.client({ host: `https://127.0.0.1:${port}` }).listExperimentsPage();
            },
            check: all(failsWith("tls_error", /secure \(TLS\) connection/), (_o, env) =>
                env.logs.some((l) => / retry \d/.test(l)) ? "it was retried" : undefined,
            ),
        },
        {
            group: "odd answer",
            name: "API key with a control character: refused before sending",
            handler: hang,
            run: async (env) => {
                env.client({ apiKey: `${env.key}\u0001` });
            },
            check: all(fails(/character a key can't have/), requestCount(0)),
        },
        {
            group: "odd answer",
            name: "cancel answered 200 with plain text",
            handler: (_q, res) => raw(res, 200, "Cancelled query on clickhouse", "text/plain"),
            run: (env) =>
                env
                    .client()
                    .cancelQuery("q1")
                    .then((r) => r.message),
            check: succeeds(/Cancelled query/),
        },
        {
            group: "odd answer",
            name: "cancel answered 204",
            handler: (_q, res) => res.writeHead(204).end(),
            run: (env) =>
                env
                    .client()
                    .cancelQuery("q1")
                    .then(() => "done"),
            check: succeeds(),
        },
        {
            group: "odd answer",
            name: "poll with no query_status",
            handler: (_q, res) => json(res, 200, { hello: 1 }),
            run: (env) =>
                env
                    .client()
                    .getQueryStatus("q1")
                    .then(() => undefined),
            check: failsWith("invalid_response"),
        },
        {
            group: "odd answer",
            name: "query name of 200 emoji is cut without splitting one",
            handler: (_q, res, body, sv) => {
                const name = (JSON.parse(body) as { name: string }).name;
                const ok =
                    [...name].length <= 128 && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(name);
                if (ok) json(res, 200, { results: [] });
                else
                    json(res, 400, {
                        type: "validation_error",
                        code: "invalid",
                        detail: "bad name",
                    });
                void sv;
            },
            run: (env) =>
                env
                    .client()
                    .runQuery(HOGQL, { name: `a${"👩‍👩‍👧".repeat(60)}` })
                    .then(() => undefined),
            check: succeeds(),
        },
    );
    return out;
}

// ---- dropped replies after a create, lost DELETE replies ------------------------------------------

function droppedScenarios(): Scenario[] {
    const creates: [string, (c: PostHogClient) => Promise<unknown>][] = [
        ["createExperiment", (c) => c.createExperiment({ name: "x", feature_flag_key: "x" })],
        ["duplicateExperiment", (c) => c.duplicateExperiment(1)],
        ["createExposureCohort", (c) => c.createExposureCohort(1)],
        [
            "recalculateTimeseries",
            (c) => c.recalculateTimeseries(1, { metric: { uuid: "m" }, fingerprint: "f" }),
        ],
        ["runQuery (blocking)", (c) => c.runQuery(HOGQL, { refresh: "blocking" })],
    ];
    const drops: [string, (req: Req, res: Res, sv: HostileServer) => void, RegExp][] = [
        [
            "reply dropped (reset)",
            (req) => req.socket.destroy(),
            /may or may not have been created|reset/,
        ],
        ["reply never sent (hang)", () => hang(), /did not finish|did not answer/],
        ["502 after acting", (_q, res) => raw(res, 502, htmlPage(502), "text/html"), /502/],
        [
            "reply cut short",
            (req, res) => {
                res.writeHead(201, { "content-type": "application/json", "content-length": "500" });
                res.write('{"id":');
                setImmediate(() => req.socket.destroy());
            },
            /./,
        ],
    ];
    const out: Scenario[] = [];
    for (const [what, call] of creates) {
        for (const [how, drop, message] of drops) {
            out.push({
                group: "dropped reply",
                name: `${what}: ${how}`,
                handler: (req, res, _b, sv) => {
                    if (req.method === "DELETE") return void res.writeHead(204).end();
                    sv.created();
                    drop(req, res, sv);
                },
                run: (env) => call(env.client()).then(() => undefined),
                check: fails(message),
                deadlineMs: what.startsWith("runQuery") ? DEFAULTS.queryMs : DEFAULTS.requestMs,
            });
        }
    }
    out.push(
        {
            group: "dropped reply",
            name: "DELETE worked, reply lost, retry gets 404: reported as done",
            handler: (req, res, _b, sv) =>
                sv.requests.length === 1
                    ? req.socket.destroy()
                    : json(res, 404, { detail: "Not found." }),
            run: (env) =>
                env
                    .client()
                    .deleteEventDefinition("e1")
                    .then(() => "deleted"),
            check: all(succeeds(/deleted/), requestCount(2)),
        },
        {
            group: "dropped reply",
            name: "cancel worked, reply lost, retry gets 404: reported as done",
            handler: (req, res, _b, sv) =>
                sv.requests.length === 1
                    ? req.socket.destroy()
                    : json(res, 404, { detail: "Not found." }),
            run: (env) =>
                env
                    .client()
                    .cancelQuery("q1")
                    .then(() => "cancelled"),
            check: all(succeeds(/cancelled/), requestCount(2)),
        },
        {
            group: "dropped reply",
            name: "a first DELETE answered 404 is still 'not found'",
            handler: (_q, res) => json(res, 404, { detail: "Not found." }),
            run: (env) => env.client().deleteEventDefinition("e1"),
            check: all(failsWith(/.*/, /Not found/), requestCount(1)),
        },
    );
    return out;
}

// ---- the key echoed back --------------------------------------------------------------------------

function echoScenarios(): Scenario[] {
    const echo = (req: Req) => String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    return [
        {
            group: "key echo",
            name: "poll error_message holds the key",
            handler: (req, res) =>
                req.method === "POST"
                    ? json(res, 202, running("q1"))
                    : json(res, 200, {
                          query_status: {
                              id: "q1",
                              complete: true,
                              error: true,
                              error_message: `bad token ${echo(req)} used`,
                          },
                      }),
            run: (env) => asyncQuery(env),
            check: failsWith("query_failed", /bad token \[REDACTED\] used/),
        },
        {
            group: "key echo",
            name: "HogQL error message holds the key",
            handler: (req, res) =>
                json(res, 400, {
                    type: "validation_error",
                    code: "hogql_error",
                    detail: `no field ${echo(req)}`,
                    extra: {
                        hogql_metadata: {
                            errors: [
                                {
                                    message: `no field ${echo(req)}`,
                                    start: 0,
                                    end: 1,
                                    fix: echo(req),
                                },
                            ],
                        },
                    },
                }),
            run: (env) => runQuery(env),
            check: failsWith("hogql_error", /no field \[REDACTED\]/),
        },
        {
            group: "key echo",
            name: "400 detail holds the key",
            handler: (req, res) =>
                json(res, 400, {
                    type: "validation_error",
                    code: "invalid",
                    detail: `key ${echo(req)} bad`,
                    attr: "name",
                }),
            run: (env) =>
                env
                    .client()
                    .createExperiment({ name: "x", feature_flag_key: "x" })
                    .then(() => undefined),
            check: fails(),
        },
        {
            group: "key echo",
            name: "500 detail holds the key",
            handler: (req, res) => json(res, 500, { detail: `Authorization: Bearer ${echo(req)}` }),
            run: listPage,
            check: fails(/server problem/),
        },
        {
            group: "key echo",
            name: "cancel message holds the key",
            handler: (req, res) => json(res, 200, { message: `cancelled for ${echo(req)}` }),
            run: (env) =>
                env
                    .client()
                    .cancelQuery("q1")
                    .then((r) => r.message),
            check: succeeds(/REDACTED/),
        },
        {
            group: "key echo",
            name: "plain-text cancel holds the key",
            handler: (req, res) => raw(res, 200, `cancelled for ${echo(req)}`, "text/plain"),
            run: (env) =>
                env
                    .client()
                    .cancelQuery("q1")
                    .then((r) => r.message),
            check: succeeds(/REDACTED/),
        },
        {
            group: "key echo",
            name: "redirect Location holds the key",
            handler: (req, res) =>
                res.writeHead(302, { location: `/login?token=${echo(req)}` }).end(),
            run: listPage,
            check: failsWith("redirect"),
        },
        {
            group: "key echo",
            name: "error page HTML holds the key",
            handler: (req, res) => raw(res, 502, `<html>${echo(req)}</html>`, "text/html"),
            run: listPage,
            check: fails(),
        },
        {
            group: "key echo",
            name: "extra field holds the key",
            handler: (req, res) =>
                json(res, 400, {
                    type: "validation_error",
                    code: "x",
                    detail: "bad",
                    extra: { token: echo(req) },
                }),
            run: listPage,
            check: fails(),
        },
    ];
}

/** Waits until `condition` holds (polling every 2 ms), at most 5 s. */
async function waitUntil(condition: () => boolean): Promise<void> {
    await waitFor("the scenario's condition", condition, 5000, 2);
}

/** Every scenario of the suite. */
// ---- compressed bodies ---------------------------------------------------------------------------

/** Sends `body` gzip-compressed, as PostHog's gzip middleware does (posthog/gzip_middleware.py). */
function gzipped(res: ServerResponse, status: number, body: string): void {
    sendGzip(res, status, gzipSync(body));
}

/** Sends compressed bytes as a gzip body. */
function sendGzip(res: ServerResponse, status: number, bytes: Buffer): void {
    res.writeHead(status, {
        "content-type": "application/json",
        "content-encoding": "gzip",
        "content-length": String(bytes.length),
        vary: "Accept-Encoding",
    });
    res.end(bytes);
}

/** What the client asked for: the Accept-Encoding of each request the server got. */
const acceptEncodings = (env: Env) => env.server.requests.map((r) => r.headers["accept-encoding"]);

function compressionScenarios(): Scenario[] {
    // Compressed once, here: compressing 64 MB in the handler held this process (the client's
    // too) past the scaled deadline.
    const bomb = gzipSync(Buffer.alloc(64 * 1048576, 0x20));
    return [
        {
            group: "compressed bodies",
            name: "a gzip body (asked for) reads as its JSON",
            handler: (_q, res) => gzipped(res, 200, JSON.stringify(page([experiment(1)], null))),
            run: async (env) => {
                const got = await env.client({ acceptGzip: true }).listExperimentsPage();
                if (got.results.length !== 1 || got.results[0].name !== "e1")
                    throw new Error(`read ${JSON.stringify(got.results)}`);
            },
            check: all(succeeds(), (_o, env) =>
                acceptEncodings(env).every((a) => a === "gzip")
                    ? undefined
                    : `Accept-Encoding sent: ${JSON.stringify(acceptEncodings(env))}`,
            ),
        },
        {
            group: "compressed bodies",
            name: "a loopback host is not asked for gzip by default",
            handler: (_q, res) => json(res, 200, page([], null)),
            run: listPage,
            check: all(succeeds(), (_o, env) =>
                acceptEncodings(env).every((a) => a === undefined)
                    ? undefined
                    : `Accept-Encoding sent: ${JSON.stringify(acceptEncodings(env))}`,
            ),
        },
        {
            group: "compressed bodies",
            name: "a gzip error body gives the service's message",
            handler: (_q, res) =>
                gzipped(
                    res,
                    400,
                    JSON.stringify({
                        type: "validation_error",
                        code: "invalid_input",
                        detail: "Unknown table `evnts`. " + "x".repeat(300),
                        attr: null,
                    }),
                ),
            run: (env) =>
                env
                    .client({ acceptGzip: true })
                    .runQuery(HOGQL, { refresh: "blocking", pollInterval: env.poll })
                    .then(() => undefined),
            check: fails(/Unknown table `evnts`/),
        },
        {
            group: "memory",
            name: "a gzip bomb (64 MB of spaces in 64 KB) is refused at maxResponseBytes",
            handler: (_q, res) => sendGzip(res, 200, bomb),
            run: (env) =>
                env
                    .client({ acceptGzip: true, maxResponseBytes: 1_000_000 })
                    .listExperimentsPage()
                    .then(() => undefined),
            check: all(failsWith("response_too_large", /larger than/), requestCount(1)),
        },
        {
            group: "compressed bodies",
            name: "a damaged gzip body: a clear error, not retried, not a network problem",
            handler: (_q, res) => {
                const good = gzipSync(JSON.stringify(page([experiment(1)], null)));
                // The compressed bytes cut in the middle: zlib finds the stream incomplete.
                const cut = good.subarray(0, Math.floor(good.length / 2));
                res.writeHead(200, {
                    "content-type": "application/json",
                    "content-encoding": "gzip",
                    "content-length": String(cut.length),
                });
                res.end(cut);
            },
            run: (env) =>
                env
                    .client({ acceptGzip: true })
                    .listExperimentsPage()
                    .then(() => undefined),
            check: all(failsWith("invalid_encoding", /damaged on the way/), requestCount(1)),
        },
        {
            group: "compressed bodies",
            name: "an encoding not asked for (br): a clear error, not retried",
            handler: (_q, res) => {
                res.writeHead(200, {
                    "content-type": "application/json",
                    "content-encoding": "br",
                });
                res.end("\u0000binary");
            },
            run: (env) =>
                env
                    .client({ acceptGzip: true })
                    .listExperimentsPage()
                    .then(() => undefined),
            check: all(failsWith("unsupported_encoding", /compressed as "br"/), requestCount(1)),
        },
    ];
}

export function scenarios(): Scenario[] {
    return [
        ...idScenarios(),
        ...originScenarios(),
        ...loopScenarios(),
        ...deadlineScenarios(),
        ...statusScenarios(),
        ...droppedScenarios(),
        ...echoScenarios(),
        ...compressionScenarios(),
        ...bigIntegerScenarios(),
        ...lifecycleScenarios(),
        ...oauthScenarios(),
    ];
}
