// The tests read arbitrary JSON bodies from the server, so `any` is the honest type here.
/* eslint-disable @typescript-eslint/no-explicit-any */
// Checks the sandbox server itself with plain fetch: a sample of every area.
import assert from "node:assert/strict";
import { NO_PERSONAL_KEY_ACCESS } from "../../src/api/forbidden";
import { type Sandbox } from "../sandbox/index";
import type { Json } from "../sandbox/types";
import { upgradeQuery } from "../sandbox/upgrade";
import { waitFor } from "../waitFor";
import { useSandbox } from "./useSandbox";

describe("sandbox server", function () {
    this.timeout(20_000);
    let sb: Sandbox;
    let base: string;

    useSandbox(
        (started) => {
            ({ sb } = started);
            base = `${sb.url}/api/projects/${sb.projectId}`;
        },
        { extraExperiments: 120, asyncPolls: 3 },
    );
    afterEach(() => sb.faults.clear());

    async function call(method: string, path: string, body?: unknown, key = sb.keys.full) {
        const res = await fetch(path.startsWith("http") ? path : base + path, {
            method,
            headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
            redirect: "manual",
        });
        const text = await res.text();
        let json: any = null;
        try {
            json = text ? JSON.parse(text) : null;
        } catch {
            json = null;
        }
        return { status: res.status, text, json, headers: res.headers };
    }
    const hogql = (query: string, extra: Record<string, unknown> = {}) =>
        call("POST", "/query/", { query: { kind: "HogQLQuery", query }, ...extra });

    describe("auth", () => {
        it("answers 401/403 with the real bodies", async () => {
            const none = await fetch(`${base}/experiments/`);
            assert.equal(none.status, 401);
            assert.equal(((await none.json()) as any).code, "not_authenticated");
            const bad = await call("GET", "/experiments/", undefined, sb.keys.invalid);
            assert.deepEqual(bad.json, {
                type: "authentication_error",
                code: "authentication_failed",
                detail: "Personal API key found in request Authorization header is invalid.",
                attr: null,
            });
            assert.equal(
                (await call("GET", "/experiments/", undefined, sb.keys.projectToken)).status,
                401,
            );
            const ro = await call(
                "POST",
                "/experiments/",
                { name: "x", feature_flag_key: "x" },
                sb.keys.readOnly,
            );
            assert.equal(ro.status, 403);
            assert.equal(ro.json.detail, "API key missing required scope 'experiment:write'");
            const p2 = await call("GET", "/experiments/", undefined, sb.keys.projectTwoOnly);
            assert.equal(
                p2.json.detail,
                "API key does not have access to the requested project: ID 1.",
            );
            assert.equal(
                (await call("GET", `${sb.url}/api/users/@me/`, undefined, sb.keys.noUserRead))
                    .status,
                403,
            );
            assert.equal((await call("GET", `${sb.url}/api/users/@me/`)).json.team.id, 1);
            const up = await call(
                "POST",
                "/query/upgrade/",
                { query: { kind: "HogQLQuery", query: "SELECT 1" } },
                sb.keys.readOnly,
            );
            assert.equal(up.json.detail, NO_PERSONAL_KEY_ACCESS);
        });
    });

    describe("experiments", () => {
        it("pages with absolute next links and hides archived and deleted ones", async () => {
            const first = await call("GET", "/experiments/?limit=50");
            assert.equal(first.status, 200);
            assert.equal(first.json.results.length, 50);
            assert.ok(first.json.next.startsWith(`${sb.url}/api/projects/1/experiments/`));
            const second = await call("GET", first.json.next);
            const firstIds = new Set(first.json.results.map((e: any) => e.id));
            assert.ok(second.json.results.every((e: any) => !firstIds.has(e.id)));
            assert.ok(second.json.previous.startsWith(sb.url));
            const all = await call("GET", "/experiments/?limit=1000");
            assert.equal(all.json.count, first.json.count);
            assert.ok(all.json.results.every((e: any) => !e.archived && !e.deleted));
            const archived = await call("GET", "/experiments/?archived=true");
            assert.ok(archived.json.results.length >= 2);
            assert.ok(archived.json.results.every((e: any) => e.archived));
            const deleted = sb.state.experiments.find((e) => e.deleted && e.team_id === 1)!;
            assert.equal((await call("GET", `/experiments/${deleted.id}/`)).status, 404);
        });

        it("refuses DELETE with 405 and an empty body; soft-deletes with PATCH", async () => {
            const created = await call("POST", "/experiments/", {
                name: "Sandbox test",
                feature_flag_key: "sandbox-test",
            });
            assert.equal(created.status, 201);
            assert.deepEqual(
                created.json.parameters.feature_flag_variants.map((v: any) => v.key),
                ["control", "test"],
            );
            assert.equal(created.json.feature_flag.active, false);
            const del = await call("DELETE", `/experiments/${created.json.id}/`);
            assert.equal(del.status, 405);
            assert.equal(del.text, "");
            const patched = await call("PATCH", `/experiments/${created.json.id}/`, {
                deleted: true,
            });
            assert.equal(patched.json.deleted, true);
            assert.equal((await call("GET", `/experiments/${created.json.id}/`)).status, 404);
            sb.deliberate({
                method: "POST",
                path: "/experiments/",
                why: "the sandbox's 400 for an experiment without a name",
            });
            const noName = await call("POST", "/experiments/", { feature_flag_key: "x" });
            assert.equal(noName.json.attr, "name");
            assert.equal(noName.json.code, "required");
        });

        it("names duplicates X (Copy), X (Copy) 1 and reuses the flag", async () => {
            const a = await call("POST", "/experiments/1/duplicate/", {});
            const b = await call("POST", "/experiments/1/duplicate/", {});
            assert.equal(a.status, 201);
            assert.equal(a.json.name, "Checkout button color (Copy)");
            assert.equal(b.json.name, "Checkout button color (Copy) 1");
            assert.equal(a.json.feature_flag_key, "checkout-button-color");
            assert.equal(a.json.start_date, null);
        });

        it("serves eligible flags, exposure cohorts and timeseries", async () => {
            const flags = await call("GET", "/experiments/eligible_feature_flags/?limit=100");
            assert.ok(
                flags.json.results.every(
                    (f: any) => f.filters.multivariate.variants[0].key === "control",
                ),
            );
            assert.ok(!("next" in flags.json));
            assert.ok(!flags.json.results.some((f: any) => f.key === "theme-variants"));
            assert.equal(
                (await call("GET", "/experiments/eligible_feature_flags/?limit=-1")).json.error,
                "Invalid limit or offset",
            );
            const cohort = await call(
                "POST",
                "/experiments/1/create_exposure_cohort_for_experiment/",
                {},
            );
            assert.equal(cohort.status, 201);
            assert.equal(
                cohort.json.cohort.name,
                'Users exposed to experiment "Checkout button color"',
            );
            assert.equal(
                (await call("POST", "/experiments/1/create_exposure_cohort_for_experiment/", {}))
                    .status,
                400,
            );
            const metric = sb.state.experiments[0].metrics as any[];
            const ts = await call(
                "GET",
                `/experiments/1/timeseries_results/?metric_uuid=${metric[0].uuid}&fingerprint=${metric[0].fingerprint}`,
            );
            assert.ok(Object.keys(ts.json.timeseries).length >= 30);
            sb.deliberate({
                method: "GET",
                path: "/timeseries_results/",
                why: "the sandbox's 400 for timeseries results without metric_uuid and fingerprint",
            });
            assert.equal((await call("GET", "/experiments/1/timeseries_results/")).status, 400);
            const r1 = await call("POST", "/experiments/1/recalculate_timeseries/", {
                metric: metric[0],
                fingerprint: metric[0].fingerprint,
            });
            const r2 = await call("POST", "/experiments/1/recalculate_timeseries/", {
                metric: metric[0],
                fingerprint: metric[0].fingerprint,
            });
            assert.deepEqual([r1.status, r2.status], [201, 200]);
        });

        it("gives each metric of an experiment its own timeseries", async () => {
            const metrics = sb.state.experiments[0].metrics as any[];
            assert.ok(metrics.length >= 2, "the seeded experiment has two metrics");
            const series = await Promise.all(
                metrics.slice(0, 2).map(async (m) => {
                    const ts = await call(
                        "GET",
                        `/experiments/1/timeseries_results/?metric_uuid=${m.uuid}&fingerprint=${m.fingerprint}`,
                    );
                    return JSON.stringify(ts.json.timeseries);
                }),
            );
            assert.notEqual(series[0], series[1]);
        });
    });

    describe("HogQL", () => {
        it("counts seeded events and reads properties", async () => {
            const r = await hogql("SELECT count() FROM events");
            assert.equal(r.status, 200);
            assert.deepEqual(r.json.types, [["count()", "UInt64"]]);
            assert.ok(r.json.results[0][0] >= 2500);
            for (const key of [
                "results",
                "columns",
                "types",
                "hogql",
                "clickhouse",
                "timings",
                "hasMore",
                "limit",
                "offset",
                "error",
                "explain",
                "metadata",
                "modifiers",
                "is_cached",
                "cache_key",
                "last_refresh",
                "next_allowed_client_refresh",
                "cache_target_age",
                "calculation_trigger",
                "timezone",
                "query_status",
                "query_metadata",
                "resolved_date_range",
                "query",
            ]) {
                assert.ok(key in r.json, key);
            }
            const b = await hogql(
                "SELECT properties.$browser AS b, count() FROM events WHERE event == '$pageview' GROUP BY b ORDER BY b",
            );
            assert.ok(b.json.results.some((row: any[]) => row[0] === "Chrome"));
        });

        it("applies the default 100-row limit and hasMore, and the 50,000 clamp", async () => {
            const d = await hogql("SELECT uuid, timestamp FROM events");
            assert.equal(d.json.results.length, 100);
            assert.equal(d.json.hasMore, true);
            assert.equal(d.json.limit, 100);
            assert.match(d.json.results[0][1], /^\d{4}-\d\d-\d\dT.*Z$/);
            const big = await hogql("SELECT number FROM numbers(60000) LIMIT 60000");
            assert.equal(big.json.results.length, 50_000);
            assert.equal(big.json.hasMore, null);
            assert.equal((await hogql("SELECT event FROM events LIMIT 10 OFFSET 10")).status, 400);
        });

        it("reports errors with offsets into the query text", async () => {
            const r = await hogql("SELECT event, nope FROM events");
            assert.equal(r.status, 400);
            assert.equal(r.json.code, "hogql_query_error");
            const [err] = r.json.extra.hogql_metadata.errors;
            assert.deepEqual([err.start, err.end], [14, 18]);
            const s = await hogql("SELECT event FROM events WHERE");
            assert.equal(s.json.code, "hogql_syntax_error");
            const m = await call("POST", "/query/", {
                query: { kind: "HogQLMetadata", language: "hogQL", query: "SELECT foo(1)" },
            });
            assert.equal(m.json.isValid, false);
            assert.equal(m.json.errors[0].start, 7);
        });

        it("runs async queries over several polls, and records cancels", async () => {
            const start = await hogql("SELECT count() FROM events WHERE event = 'signed_up'", {
                refresh: "force_async",
                client_query_id: "q-async-1",
            });
            assert.equal(start.status, 202);
            assert.equal(start.json.query_status.complete, false);
            const p1 = await call("GET", "/query/q-async-1/");
            const p2 = await call("GET", "/query/q-async-1/");
            const p3 = await call("GET", "/query/q-async-1/");
            assert.deepEqual([p1.status, p2.status, p3.status], [202, 202, 200]);
            assert.equal(p3.json.query_status.complete, true);
            assert.deepEqual(p3.json.query_status.results.columns, ["count()"]);
            await hogql("SELECT 1", { refresh: "force_async", client_query_id: "q-async-2" });
            const cancel = await call("DELETE", "/query/q-async-2/");
            assert.equal(cancel.json.message, "Cancelled query on clickhouse");
            assert.deepEqual(sb.state.cancelledQueryIds, ["q-async-2"]);
            assert.equal(sb.state.queries.get("q-async-2")!.cancelled, true);
            assert.equal((await call("GET", "/query/unknown-id/")).status, 404);
        });

        it("caches blocking results and recalculates on force_blocking", async () => {
            const a = await hogql("SELECT count() FROM events WHERE event = '$identify'");
            const b = await hogql("SELECT count() FROM events WHERE event = '$identify'");
            assert.equal(b.json.is_cached, true);
            assert.equal(b.json.last_refresh, a.json.last_refresh);
            const c = await hogql("SELECT count() FROM events WHERE event = '$identify'", {
                refresh: "force_blocking",
            });
            assert.equal(c.json.is_cached, false);
        });

        it("upgrades query nodes as PostHog's migrations do; the endpoint refuses every key", async () => {
            // /query/upgrade/ declares no scope, so no personal API key reaches it over HTTP;
            // its migrations are checked directly.
            const refused = await call("POST", "/query/upgrade/", {
                query: { kind: "HogQLQuery" },
            });
            assert.deepEqual([refused.status, refused.json.detail], [403, NO_PERSONAL_KEY_ACCESS]);
            const upgrade = async (query: unknown) => ({
                json: { query: upgradeQuery(query as Json) as any },
            });
            const r = await upgrade({
                kind: "InsightVizNode",
                source: { kind: "RetentionQuery", retentionFilter: { showMean: true } },
            });
            assert.deepEqual(r.json.query.source.retentionFilter, {
                meanRetentionCalculation: "simple",
            });
            assert.equal(r.json.query.source.version, 2);
            const t = await upgrade({ kind: "TrendsQuery", series: [{ event: "$pageview" }] });
            assert.equal(t.json.query.series[0].kind, "EventsNode");
            assert.equal(t.json.query.version, 5);
            const h = await upgrade({ kind: "HogQLQuery", query: "SELECT 1", runDirectly: true });
            assert.deepEqual(h.json.query, {
                kind: "HogQLQuery",
                query: "SELECT 1",
                sendRawQuery: true,
            });
        });
    });

    describe("event definitions", () => {
        it("searches by every term, 204-deletes and 404s bad ids", async () => {
            const r = await call("GET", "/event_definitions/?search=checkout%20comp");
            assert.deepEqual(
                r.json.results.map((d: any) => d.name),
                ["checkout_completed"],
            );
            const id = r.json.results[0].id;
            // Hiding a verified event clears its verified mark (ee/api/ee_event_definition.py).
            const hidden = await call("PATCH", `/event_definitions/${id}/`, { hidden: true });
            assert.equal(hidden.status, 200);
            assert.deepEqual([hidden.json.hidden, hidden.json.verified], [true, false]);
            const del = await call("DELETE", `/event_definitions/${id}/`);
            assert.equal(del.status, 204);
            assert.equal((await call("GET", `/event_definitions/${id}/`)).status, 404);
            assert.equal(
                (await call("GET", "/event_definitions/not-a-uuid/")).json.code,
                "not_found",
            );
        });

        it("answers an unknown event_type with a 400 on event_type (event_definition.py @01f96c38)", async () => {
            const bad = await call("GET", "/event_definitions/?event_type=actions");
            assert.equal(bad.status, 400);
            assert.deepEqual(bad.json, {
                type: "validation_error",
                code: "invalid_input",
                detail: "Not a valid event type. Use one of: event, event_custom, event_posthog.",
                attr: "event_type",
            });
            // The legacy values are still read as `event`.
            const all = await call("GET", "/event_definitions/?event_type=all");
            const event = await call("GET", "/event_definitions/?event_type=event");
            assert.equal(all.status, 200);
            assert.deepEqual(all.json, event.json);
        });

        it("caps a large project's count at 10,000 and pages past it (event_definition.py @01f96c38)", async () => {
            const small = await call("GET", "/event_definitions/?limit=5");
            assert.equal(small.json.count_is_capped, false, "a small project counts exactly");
            const seed = sb.state.eventDefinitions.find((d) => d.team_id === sb.projectId)!;
            const before = sb.state.eventDefinitions.length;
            // A project is large past 50,000 definitions (definition_search.py).
            for (let i = 0; i < 50_001; i++) {
                const n = String(i).padStart(5, "0");
                sb.state.eventDefinitions.push({
                    ...seed,
                    id: `00000000-0000-4000-8000-0000000${n}`,
                    name: `zz_bulk_${n}`,
                });
            }
            try {
                const first = await call("GET", "/event_definitions/?limit=100");
                assert.equal(first.json.count, 10_000);
                assert.equal(first.json.count_is_capped, true);
                // Past the capped count, a full page still has a next page.
                const late = await call("GET", "/event_definitions/?limit=100&offset=10000");
                assert.equal(late.json.results.length, 100);
                assert.match(late.json.next, /offset=10100/);
                const last = await call("GET", "/event_definitions/?limit=100&offset=50000");
                assert.equal(last.json.next, null, "a short page is the last");
                // A filter that leaves few rows counts exactly.
                const searched = await call("GET", "/event_definitions/?search=zz_bulk_4");
                assert.deepEqual(
                    [searched.json.count, searched.json.count_is_capped],
                    [10_000, false],
                );
                const posthog = await call("GET", "/event_definitions/?event_type=event_posthog");
                assert.equal(posthog.json.count_is_capped, false);
            } finally {
                sb.state.eventDefinitions.splice(before);
            }
        });
    });

    describe("faults", () => {
        it("throttles, breaks and resets on demand", async () => {
            sb.faults.add({ kind: "429", path: "/experiments", retryAfter: 2 });
            const t = await call("GET", "/experiments/");
            assert.equal(t.status, 429);
            assert.equal(t.headers.get("retry-after"), "2");
            assert.equal((await call("GET", "/experiments/")).status, 200);
            sb.faults.add({ kind: "502-html" });
            const html = await call("GET", "/experiments/");
            assert.equal(html.status, 502);
            assert.match(html.text, /<html>/);
            sb.faults.add({ kind: "malformed-json" });
            const bad = await call("GET", "/experiments/");
            assert.equal(bad.json, null);
            const before = sb.state.experiments.length;
            sb.faults.add({ kind: "reset", method: "POST", afterHandling: true });
            await assert.rejects(
                call("POST", "/experiments/", { name: "Reset", feature_flag_key: "reset-flag" }),
            );
            assert.equal(sb.state.experiments.length, before + 1);
            const admin = await fetch(`${sb.url}/_sandbox/faults`, {
                method: "POST",
                body: JSON.stringify({ kind: "redirect", location: "http://elsewhere.example/" }),
            });
            assert.equal(admin.status, 201);
            const redirect = await call("GET", "/experiments/");
            assert.equal(redirect.status, 302);
            assert.equal(redirect.headers.get("location"), "http://elsewhere.example/");
            const recorded = (await (await fetch(`${sb.url}/_sandbox/requests`)).json()) as any[];
            assert.ok(
                recorded.length > 10 && recorded.every((r) => !r.path.startsWith("/_sandbox")),
            );
        });

        it("lets a slow blocking query be cancelled while it runs", async () => {
            sb.faults.add({ kind: "slow", path: "/query", delayMs: 1500 });
            const running = hogql("SELECT 42", { client_query_id: "slow-1" });
            // The sandbox records the query when the request arrives, then holds it running.
            const rec = await waitFor("the query to arrive", () => sb.state.queries.get("slow-1"));
            assert.equal(rec.status, "running");
            await call("DELETE", "/query/slow-1/");
            assert.ok(sb.state.cancelledQueryIds.includes("slow-1"));
            assert.equal((await running).status, 500);
        });
    });
});
