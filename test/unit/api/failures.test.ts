// Failure modes: auth errors, odd bodies, network errors, timeouts, retries and their limits.
import assert from "node:assert/strict";
import net from "node:net";
import {
    PostHogClient,
    isCancellation,
    type PostHogApiError,
    type RetryInfo,
} from "../../../src/api";
import { waitFor } from "../../waitFor";
import { apiError, makeClient, requestsTo, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

describe("api/failures", () => {
    let sb: Sandbox;
    let client: PostHogClient;
    const EXPERIMENTS = /\/api\/projects\/1\/experiments\/$/;

    useSandbox((started) => ({ sb, client } = started));
    beforeEach(() => sb.faults.clear());

    describe("auth", () => {
        it("401: the key is invalid, revoked or from the other region", async () => {
            const { client: bad } = makeClient(sb, { apiKey: sb.keys.invalid });
            const err = await apiError(bad.listExperimentsPage());
            assert.equal(err.status, 401);
            assert.equal(err.code, "authentication_failed");
            assert.match(err.userMessage, /invalid, revoked, or from the other region/);
            assert.match(err.userMessage, /127\.0\.0\.1/);
            await bad.close();
        });
        it("401: a project token (phc_) is refused", async () => {
            const { client: bad } = makeClient(sb, { apiKey: sb.keys.projectToken });
            const err = await apiError(bad.getCurrentUser());
            assert.equal(err.status, 401);
            await bad.close();
        });
        it("403: names the missing scope", async () => {
            const { client: ro } = makeClient(sb, { apiKey: sb.keys.readOnly });
            const err = await apiError(ro.createExperiment({ name: "x", feature_flag_key: "x" }));
            assert.equal(err.status, 403);
            assert.equal(err.code, "permission_denied");
            assert.match(err.userMessage, /'experiment:write' scope/);
            await ro.close();
        });
        it("403: a key without user:read is still valid", async () => {
            const { client: c } = makeClient(sb, { apiKey: sb.keys.noUserRead });
            const err = await apiError(c.getCurrentUser());
            assert.equal(err.status, 403);
            assert.match(err.userMessage, /'user:read'/);
            await c.close();
        });
        it("403: a key without access to the project", async () => {
            const { client: c } = makeClient(sb, { apiKey: sb.keys.projectTwoOnly });
            const err = await apiError(c.listExperimentsPage());
            assert.equal(err.status, 403);
            assert.match(err.userMessage, /limited to other projects than project 1/);
            await c.close();
        });
    });

    describe("bodies", () => {
        it("an HTML 500 from a proxy gives the HTML message", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "500-html" });
            const err = await apiError(client.listExperimentsPage());
            assert.equal(err.status, 500);
            assert.equal(
                err.userMessage,
                "The server returned an HTML error page (status 500); the host may be down or behind a proxy.",
            );
        });
        it("an empty error body", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "empty-body" });
            const err = await apiError(client.listExperimentsPage());
            assert.ok(err.status >= 400, String(err.status));
            assert.ok(err.userMessage.length > 10);
            assert.ok(!/undefined|null/.test(err.userMessage), err.userMessage);
        });
        it("a bare {detail}", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "detail-only", status: 500 });
            const err = await apiError(client.listExperimentsPage());
            assert.equal(err.status, 500);
            assert.ok(err.detail && err.detail.length > 0);
            assert.match(err.userMessage, /try again later/);
        });
        it("a bare {error}", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "error-key", status: 400 });
            const err = await apiError(client.listExperimentsPage());
            assert.equal(err.status, 400);
            assert.ok(
                err.detail && err.userMessage.includes(err.detail.replace(/\.$/, "")),
                err.userMessage,
            );
        });
        it("truncated JSON on a 200", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "malformed-json" });
            const err = await apiError(client.listExperimentsPage());
            assert.equal(err.code, "invalid_json");
            assert.match(err.userMessage, /truncated or malformed/);
        });
        it("an oversized body beyond maxResponseBytes", async () => {
            const { client: small } = makeClient(sb, { maxResponseBytes: 64 * 1024 });
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "oversized" });
            const err = await apiError(small.listExperimentsPage());
            assert.equal(err.code, "response_too_large");
            assert.match(err.userMessage, /larger than/);
            // The request went and was answered: not one the client refused to send.
            assert.equal(err.notSent, false);
            await small.close();
        });
    });

    describe("network", () => {
        it("connection refused: status 0, names the host, retried because nothing was sent", async () => {
            const port = await freePort();
            const retries: RetryInfo[] = [];
            const c = new PostHogClient({
                host: `http://127.0.0.1:${port}`,
                apiKey: sb.keys.full,
                projectId: 1,
                retry: { maxAttempts: 2, baseDelayMs: 10 },
            });
            const err = await apiError(
                c.createExperiment(
                    { name: "x", feature_flag_key: "x" },
                    { onRetry: (i) => retries.push(i) },
                ),
            );
            assert.equal(err.status, 0);
            assert.equal(err.notSent, true);
            assert.match(
                err.userMessage,
                new RegExp(`127\\.0\\.0\\.1:${port}: the connection was refused`),
            );
            assert.equal(retries.length, 1);
            assert.doesNotMatch(err.userMessage, /may or may not/);
            await c.close();
        });
        it("a reset on a GET is retried", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "reset" });
            const retries: RetryInfo[] = [];
            const page = await client.listExperimentsPage({}, { onRetry: (i) => retries.push(i) });
            assert.ok(page.results.length > 0);
            assert.equal(retries.length, 1);
            assert.equal(retries[0].status, undefined);
        });
        it("a create is not repeated after a reset once handled: exactly one experiment", async () => {
            const before = sb.state.experiments.length;
            sb.faults.add({
                method: "POST",
                path: EXPERIMENTS,
                kind: "reset",
                afterHandling: true,
            });
            const err = await apiError(
                client.createExperiment({ name: "Reset once", feature_flag_key: "reset-once" }),
            );
            assert.equal(err.status, 0);
            assert.match(
                err.userMessage,
                /may or may not have been created; refresh before retrying/,
            );
            assert.equal(sb.state.experiments.length, before + 1);
            assert.equal(
                requestsTo(sb, "POST", EXPERIMENTS).filter((r) => r.body.includes("Reset once"))
                    .length,
                1,
            );
        });
        it("a headers timeout is a status 0 timeout error", async () => {
            const { client: impatient } = makeClient(sb, {
                timeouts: { headersMs: 200 },
                retry: { maxAttempts: 1 },
            });
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "slow", delayMs: 1500 });
            const err = await apiError(impatient.listExperimentsPage());
            assert.equal(err.status, 0);
            assert.equal(err.code, "timeout");
            assert.match(err.userMessage, /did not answer in time/);
            await impatient.close();
        });
        it("an abort mid-request is a cancellation, not a failure", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "slow", delayMs: 1500 });
            const ac = new AbortController();
            // Abort while the sandbox holds the request.
            const before = requestsTo(sb, "GET", EXPERIMENTS).length;
            void waitFor(
                "the request to reach the sandbox",
                () => requestsTo(sb, "GET", EXPERIMENTS).length > before,
            ).then(() => ac.abort());
            const err = await client
                .listExperimentsPage({}, { signal: ac.signal })
                .catch((e: unknown) => e);
            assert.ok(isCancellation(err));
            assert.equal((err as PostHogApiError).name, "AbortError");
        });
    });

    describe("retries", () => {
        it("a 429 with Retry-After 1 is waited out and reported through onRetry", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "429", retryAfter: 1 });
            const retries: RetryInfo[] = [];
            const started = Date.now();
            const page = await client.listExperimentsPage({}, { onRetry: (i) => retries.push(i) });
            assert.ok(page.results.length > 0);
            assert.deepEqual(retries, [
                { attempt: 1, delayMs: 1000, reason: "rate limited", status: 429 },
            ]);
            assert.ok(Date.now() - started >= 950);
        });
        it("a 429 asking for longer than maxWaitMs is thrown with retryAfterSeconds", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "429", retryAfter: 30 });
            const retries: RetryInfo[] = [];
            const err = await apiError(
                client.listExperimentsPage({}, { onRetry: (i) => retries.push(i) }),
            );
            assert.equal(err.status, 429);
            assert.equal(err.retryAfterSeconds, 30);
            assert.match(err.userMessage, /try again in 30 seconds/);
            assert.equal(retries.length, 0);
        });
        it("a 429 without Retry-After backs off and retries", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "429-no-retry-after" });
            const retries: RetryInfo[] = [];
            await client.listExperimentsPage({}, { onRetry: (i) => retries.push(i) });
            assert.equal(retries.length, 1);
            assert.ok(retries[0].delayMs <= 100);
        });
        it("a 429 on a create is retried (throttled requests were not handled)", async () => {
            const before = sb.state.experiments.length;
            sb.faults.add({ method: "POST", path: EXPERIMENTS, kind: "429", retryAfter: 1 });
            const e = await client.createExperiment({
                name: "After throttle",
                feature_flag_key: "after-throttle",
            });
            assert.equal(e.name, "After throttle");
            assert.equal(sb.state.experiments.length, before + 1);
        });
        it("a GET is retried after a 502 HTML page", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "502-html" });
            const retries: RetryInfo[] = [];
            const page = await client.listExperimentsPage({}, { onRetry: (i) => retries.push(i) });
            assert.ok(page.results.length > 0);
            assert.equal(retries[0].status, 502);
        });
        it("a GET gives up after maxAttempts of 503", async () => {
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "503", times: 5 });
            const err = await apiError(client.listExperimentsPage());
            assert.equal(err.status, 503);
            assert.match(err.userMessage, /try again later/);
            sb.faults.clear();
        });
        it("a create is not retried after a 503 and says it may exist", async () => {
            sb.faults.add({ method: "POST", path: EXPERIMENTS, kind: "503" });
            const err = await apiError(
                client.createExperiment({ name: "No retry", feature_flag_key: "no-retry" }),
            );
            assert.equal(err.status, 503);
            assert.match(err.userMessage, /may or may not have been created/);
            assert.equal(
                requestsTo(sb, "POST", EXPERIMENTS).filter((r) => r.body.includes("No retry"))
                    .length,
                1,
            );
        });
        it("the retry wait is cancellable", async () => {
            const { client: patient } = makeClient(sb, { retry: { maxWaitMs: 60_000 } });
            sb.faults.add({ method: "GET", path: EXPERIMENTS, kind: "429", retryAfter: 20 });
            const ac = new AbortController();
            const started = Date.now();
            const err = await patient
                .listExperimentsPage(
                    {},
                    { signal: ac.signal, onRetry: () => queueMicrotask(() => ac.abort()) },
                )
                .catch((e: unknown) => e);
            assert.ok(isCancellation(err));
            // Well inside the 20 s the service asked for: the abort ended the wait.
            assert.ok(Date.now() - started < 10_000);
            await patient.close();
        });
    });
});

function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.listen(0, "127.0.0.1", () => {
            const address = server.address();
            const port = typeof address === "object" && address ? address.port : 0;
            server.close(() => resolve(port));
        });
        server.on("error", reject);
    });
}
