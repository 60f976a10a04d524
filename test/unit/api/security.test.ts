// The key only ever goes to the configured origin, and never into logs or error messages.
import assert from "node:assert/strict";
import { PostHogClient, isPostHogApiError, type ExperimentBasic } from "../../../src/api";
import { apiError, assertNoSecrets, errorText, makeClient, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

describe("api/security", () => {
    let sb: Sandbox;
    let other: Sandbox;

    useSandbox((started) => ({ sb } = started), { extraExperiments: 30 });
    useSandbox((started) => ({ sb: other } = started));
    beforeEach(() => {
        sb.faults.clear();
        other.requests.length = 0;
    });

    it("a next link on another origin is refused and nothing is sent there", async () => {
        const { client } = makeClient(sb);
        const page = await client.listExperimentsPage({ limit: 5 });
        assert.ok(page.next);
        const next = new URL(page.next);
        const forged = { ...page, next: `${other.url}${next.pathname}${next.search}` };
        const seen: ExperimentBasic[] = [];
        const err = await (async () => {
            for await (const p of client.pagesFrom(forged)) seen.push(...p.results);
        })().then(
            () => assert.fail("expected cross_origin_next"),
            (e: unknown) => e,
        );
        assert.ok(isPostHogApiError(err));
        assert.equal(err.code, "cross_origin_next");
        assert.equal(seen.length, 5, "the first page was still delivered");
        const direct = await apiError(client.fetchPage(forged.next));
        assert.equal(direct.code, "cross_origin_next");
        assert.equal(other.requests.length, 0);
        await client.close();
    });

    it("a redirect to another origin is not followed", async () => {
        const { client } = makeClient(sb);
        sb.faults.add({
            method: "GET",
            kind: "redirect",
            location: `${other.url}/api/projects/1/experiments/`,
        });
        const err = await apiError(client.listExperimentsPage());
        assert.ok(err.status >= 300 && err.status < 400, String(err.status));
        assert.equal(err.code, "redirect");
        assert.match(err.userMessage, /redirect/);
        assert.equal(other.requests.length, 0);
        assert.ok(!other.requests.some((r) => r.headers["authorization"]));
        await client.close();
    });

    it("plain http to a non-loopback host is refused when the client is built", () => {
        assert.throws(
            () => new PostHogClient({ host: "http://us.posthog.com", apiKey: sb.keys.full }),
            /https/,
        );
        assert.throws(
            () => new PostHogClient({ host: "https://us.posthog.com/api", apiKey: sb.keys.full }),
            /path/,
        );
    });

    it("the key never appears in log lines or error messages", async () => {
        for (const key of [sb.keys.full, sb.keys.invalid, sb.keys.readOnly]) {
            const { client, logs } = makeClient(sb, { apiKey: key });
            const errors = [];
            sb.faults.add({ method: "GET", kind: "500-html" });
            errors.push(await client.listExperimentsPage().catch((e: unknown) => e));
            errors.push(
                await client
                    .createExperiment({ name: "k", feature_flag_key: "k" })
                    .catch((e: unknown) => e),
            );
            errors.push(await client.getExperiment(424242).catch((e: unknown) => e));
            errors.push(
                await client
                    .fetchPage(`${other.url}/api/projects/1/experiments/`)
                    .catch((e: unknown) => e),
            );
            await client
                .runQuery({ kind: "HogQLQuery", query: "select nope" })
                .catch(() => undefined);
            for (const e of errors) if (isPostHogApiError(e)) assertNoSecrets(sb, errorText(e));
            assert.ok(logs.length > 0);
            for (const line of logs) assertNoSecrets(sb, line.message);
            await client.close();
        }
        const unreachable = makeClient(sb, {
            host: "http://127.0.0.1:9",
            retry: { maxAttempts: 1 },
        });
        const err = await apiError(unreachable.client.listExperimentsPage());
        assertNoSecrets(sb, errorText(err));
        for (const line of unreachable.logs) assertNoSecrets(sb, line.message);
        await unreachable.client.close();
    });

    it("the key is sent only in the Authorization header, never in the URL", async () => {
        const { client } = makeClient(sb);
        await client.listExperimentsPage({ search: "x" });
        for (const r of sb.requests) {
            assert.ok(!r.url.includes(sb.keys.full));
            assert.ok(!r.body.includes(sb.keys.full));
        }
        await client.close();
    });
});
