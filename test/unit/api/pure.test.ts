// Pure functions of the client: host validation, redaction, error mapping, retry decisions.
import assert from "node:assert/strict";
import { checkHost, checkNextUrl, normalizeHost, parseRetryAfter, redact } from "../../../src/api";
import { PostHogApiError, errorFromResponse, type RequestContext } from "../../../src/api/errors";
import { decideRetry, resolveRetryOptions } from "../../../src/api/retry";

const KEY = "phx_abcdefghijklmnopqrstuvwxyz0123456789ABCD";
const ctx: RequestContext = {
    method: "GET",
    path: "/api/projects/1/experiments/",
    origin: "https://us.posthog.com",
    apiKey: KEY,
};
const json = { "content-type": "application/json" };

describe("api/host", () => {
    it("accepts https hosts and normalises them to an origin", () => {
        assert.equal(normalizeHost("https://US.PostHog.com/"), "https://us.posthog.com");
        assert.equal(normalizeHost("  eu.posthog.com "), "https://eu.posthog.com");
        assert.equal(normalizeHost("https://ph.example.com:8443"), "https://ph.example.com:8443");
    });
    it("allows http only for loopback", () => {
        assert.equal(normalizeHost("http://127.0.0.1:8000"), "http://127.0.0.1:8000");
        assert.equal(normalizeHost("http://127.1.2.3"), "http://127.1.2.3");
        assert.equal(normalizeHost("http://localhost:8000/"), "http://localhost:8000");
        assert.equal(normalizeHost("http://[::1]:8000"), "http://[::1]:8000");
        assert.equal(checkHost("http://us.posthog.com").ok, false);
        assert.equal(checkHost("http://128.0.0.1").ok, false);
        assert.equal(checkHost("http://localhost.evil.com").ok, false);
    });
    it("refuses paths, credentials, queries and other schemes", () => {
        for (const bad of [
            "https://us.posthog.com/api",
            "https://user:pw@us.posthog.com",
            "https://us.posthog.com/?a=1",
            "https://us.posthog.com/#x",
            "ftp://us.posthog.com",
            "",
            "https://",
        ]) {
            const r = checkHost(bad);
            assert.equal(r.ok, false, bad);
            if (!r.ok) assert.ok(r.reason.length > 0);
        }
    });
});

describe("api/redact", () => {
    it("removes personal keys, bearer tokens and the configured key", () => {
        const out = redact(
            `key ${KEY} and Bearer legacykey123456 and legacykey123456`,
            "legacykey123456",
        );
        assert.ok(!out.includes(KEY));
        assert.ok(!out.includes("legacykey123456"));
        assert.match(out, /phx_\[REDACTED\]/);
    });
    it("removes project tokens (phc_) too", () => {
        const out = redact("token phc_AbCdEf0123456789xyz in a message");
        assert.equal(out, "token phc_[REDACTED] in a message");
    });
    it("removes the whole of a key with - and _ inside, wherever it is glued", () => {
        const key = "phx_Ab-cD_ef0123456789-_XYZ";
        for (const text of [`key=${key}`, `"${key}"`, `sk_${key}.`, `Authorization: ${key}`]) {
            const out = redact(text);
            assert.ok(!out.includes("Ab-cD") && !out.includes("-_XYZ"), out);
            assert.match(out, /phx_\[REDACTED\]/);
        }
    });
    it("leaves prose about key prefixes readable", () => {
        const text =
            "Paste a personal API key (it starts with phx_...); phc_ tokens only send events.";
        assert.equal(redact(text), text);
    });
});

describe("api/errors (shapes)", () => {
    it("reads the standard {type, code, detail, attr, extra} shape", () => {
        const err = errorFromResponse(ctx, {
            status: 400,
            headers: json,
            text: JSON.stringify({
                type: "validation_error",
                code: "required",
                detail: "This field is required.",
                attr: "name",
            }),
        });
        assert.equal(err.type, "validation_error");
        assert.equal(err.code, "required");
        assert.equal(err.attr, "name");
        assert.match(err.userMessage, /required.*name/);
    });
    it("maps HogQL errors with offsets", () => {
        const body = {
            type: "validation_error",
            code: "hogql_query_error",
            detail: "Unable to resolve field: nope",
            attr: null,
            extra: {
                hogql_metadata: {
                    isValid: false,
                    errors: [
                        { message: "Unable to resolve field: nope", start: 7, end: 11, fix: "now" },
                    ],
                },
            },
        };
        const err = errorFromResponse(
            { ...ctx, method: "POST", query: true },
            { status: 400, headers: json, text: JSON.stringify(body) },
        );
        assert.deepEqual(err.hogqlErrors, [
            { message: "Unable to resolve field: nope", start: 7, end: 11, fix: "now" },
        ]);
        assert.equal(err.userMessage, "Unable to resolve field: nope.");
    });
    it("copes with {detail}, {error}, DRF field errors, HTML, empty and malformed bodies", () => {
        const e1 = errorFromResponse(ctx, {
            status: 400,
            headers: json,
            text: '{"detail":"Bad thing"}',
        });
        assert.equal(e1.detail, "Bad thing");
        const e2 = errorFromResponse(ctx, {
            status: 400,
            headers: json,
            text: '{"error":"Invalid limit or offset"}',
        });
        assert.equal(e2.userMessage, "Invalid limit or offset.");
        const e3 = errorFromResponse(ctx, {
            status: 400,
            headers: json,
            text: '{"name":["This field is required."]}',
        });
        assert.equal(e3.attr, "name");
        const e4 = errorFromResponse(ctx, {
            status: 502,
            headers: { "content-type": "text/html" },
            text: "<html><body>Bad gateway</body></html>",
        });
        assert.equal(
            e4.userMessage,
            "The server returned an HTML error page (status 502); the host may be down or behind a proxy.",
        );
        const e5 = errorFromResponse(ctx, { status: 500, headers: {}, text: "" });
        assert.match(e5.userMessage, /server problem \(status 500\); try again later/);
        const e6 = errorFromResponse(ctx, {
            status: 400,
            headers: json,
            text: '{"detail": "trunc',
        });
        assert.match(e6.message, /malformed JSON/);
    });
    it("never repeats the key even if the server echoes it", () => {
        const err = errorFromResponse(ctx, {
            status: 400,
            headers: json,
            text: JSON.stringify({ detail: `bad key ${KEY}` }),
        });
        assert.ok(
            !err.message.includes(KEY) &&
                !err.userMessage.includes(KEY) &&
                !err.detail?.includes(KEY),
        );
    });
    it("parses Retry-After as seconds or a date, and the throttle message", () => {
        assert.equal(parseRetryAfter("12"), 12);
        assert.equal(
            parseRetryAfter(new Date(Date.now() + 5000).toUTCString()) !== undefined,
            true,
        );
        assert.equal(parseRetryAfter("soon"), undefined);
        const err = errorFromResponse(ctx, {
            status: 429,
            headers: json,
            text: '{"type":"throttled_error","code":"throttled","detail":"Request was throttled. Expected available in 38 seconds.","attr":null}',
        });
        assert.equal(err.retryAfterSeconds, 38);
        assert.match(err.userMessage, /38 seconds/);
    });
});

describe("api/retry (decisions)", () => {
    const options = resolveRetryOptions({ maxAttempts: 3, maxWaitMs: 10_000 });
    const make = (status: number, extra: Partial<PostHogApiError> = {}) =>
        Object.assign(
            new PostHogApiError({
                status,
                method: "GET",
                path: "/x/",
                message: "m",
                userMessage: "u",
            }),
            extra,
        );
    it("retries 502/503/504 only for idempotent requests", () => {
        assert.equal(decideRetry(make(502), "idempotent", 1, options).retry, true);
        assert.equal(decideRetry(make(503), "once", 1, options).retry, false);
        assert.equal(decideRetry(make(500), "idempotent", 1, options).retry, false);
    });
    it("retries network errors of a POST only when nothing was sent", () => {
        assert.equal(decideRetry(make(0), "once", 1, options).retry, false);
        assert.equal(
            decideRetry(make(0, { notSent: true } as Partial<PostHogApiError>), "once", 1, options)
                .retry,
            true,
        );
        assert.equal(decideRetry(make(0), "idempotent", 1, options).retry, true);
    });
    it("waits Retry-After up to maxWaitMs and stops after maxAttempts", () => {
        const d = decideRetry(
            make(429, { retryAfterSeconds: 2 } as Partial<PostHogApiError>),
            "once",
            1,
            options,
        );
        assert.deepEqual(d, { retry: true, delayMs: 2000, reason: "rate limited" });
        assert.equal(
            decideRetry(
                make(429, { retryAfterSeconds: 11 } as Partial<PostHogApiError>),
                "idempotent",
                1,
                options,
            ).retry,
            false,
        );
        assert.equal(decideRetry(make(502), "idempotent", 3, options).retry, false);
    });
});

describe("api/pagination (next check)", () => {
    it("accepts same-origin and relative links, refuses other origins", () => {
        assert.equal(
            checkNextUrl(
                "https://us.posthog.com/api/projects/1/experiments/?offset=100",
                "https://us.posthog.com",
            ).pathname,
            "/api/projects/1/experiments/",
        );
        assert.equal(
            checkNextUrl("/api/projects/1/experiments/?offset=100", "https://us.posthog.com")
                .origin,
            "https://us.posthog.com",
        );
        for (const next of [
            "https://eu.posthog.com/api/projects/1/experiments/",
            "http://us.posthog.com/x",
            "https://us.posthog.com:444/x",
            "//evil.com/x",
        ]) {
            assert.throws(
                () => checkNextUrl(next, "https://us.posthog.com"),
                (e: unknown) => e instanceof PostHogApiError && e.code === "cross_origin_next",
            );
        }
    });
});
