// The sandbox follows the real service's permission, experiment and event definition rules.
// Each block names the PostHog file whose behaviour it checks.
/* eslint-disable @typescript-eslint/no-explicit-any */
import assert from "node:assert/strict";
import { request } from "node:http";
import { gunzipSync } from "node:zlib";
import { type Sandbox } from "../sandbox/index";
import { LIST_ROW_FIELDS } from "../sandbox/experiments";
import { defaultOrganization } from "../sandbox/seed";
import { useSandbox } from "./useSandbox";

describe("sandbox rules", function () {
    this.timeout(20_000);
    let sb: Sandbox;
    let base: string;

    useSandbox((started) => {
        ({ sb } = started);
        base = `${sb.url}/api/projects/${sb.projectId}`;
    });
    afterEach(() => {
        sb.state.organization = defaultOrganization();
    });

    async function call(method: string, path: string, key: string, body?: unknown) {
        const res = await fetch(path.startsWith("http") ? path : base + path, {
            method,
            headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, json: (text ? JSON.parse(text) : null) as any };
    }

    const NO_PERSONAL_KEY = "This action does not support personal API key access";
    const ORG_FORBIDS =
        "Organization 'Hogflix' does not allow using personal API keys. Contact an admin to enable personal API keys for this organization.";
    /** Four actions the contract gives no PersonalAPIKeyAuth (no `required_scopes`). */
    const unscoped = (key: string) => [
        call("POST", "/query/upgrade/", key, { query: { kind: "HogQLQuery", query: "select 1" } }),
        call("GET", "/query/draft_sql/?prompt=count%20events", key),
        call("GET", "/query/some-id/log/", key),
        call("POST", "/query/check_auth_for_async/", key, {}),
    ];

    describe("posthog/permissions.py APIScopePermission", () => {
        it("refuses every key, * and none included, on actions without required scopes", async () => {
            const keys = [sb.keys.full, sb.keys.readOnly, sb.keys.projectTwoOnly, sb.keys.noScopes];
            for (const key of keys) {
                for (const r of await Promise.all(unscoped(key))) {
                    assert.equal(r.status, 403);
                    assert.deepEqual(r.json, {
                        type: "authentication_error",
                        code: "permission_denied",
                        detail: NO_PERSONAL_KEY,
                        attr: null,
                    });
                }
            }
        });

        it("checks a key without scopes like any scoped key: no legacy exemption", async () => {
            // posthog/permissions.py@001027ced: get_authenticator_scopes gives such a key [],
            // so every action's required scope is missing.
            const run = await call("POST", "/query/", sb.keys.noScopes, {
                query: { kind: "HogQLQuery", query: "select 1" },
            });
            assert.equal(run.status, 403);
            assert.equal(run.json.detail, "API key missing required scope 'query:read'");
            const write = await call("PATCH", "/experiments/1/", sb.keys.noScopes, {
                description: "edit",
            });
            assert.equal(write.json.detail, "API key missing required scope 'experiment:write'");
            for (const r of await Promise.all(unscoped(sb.keys.noScopes))) {
                assert.equal(r.status, 403);
                assert.equal(r.json.detail, NO_PERSONAL_KEY);
            }
            // The organisation's setting is checked for it as for any key.
            sb.state.organization.members_can_use_personal_api_keys = false;
            sb.state.organization.membership_level = 1;
            const list = await call("GET", "/experiments/", sb.keys.noScopes);
            assert.equal(list.json.detail, ORG_FORBIDS);
        });

        it("names the missing scope; :write implies :read", async () => {
            const r = await call("PATCH", "/event_definitions/x/", sb.keys.readOnly, {});
            assert.equal(r.status, 403);
            assert.equal(r.json.detail, "API key missing required scope 'event_definition:write'");
            // noUserRead holds experiment:write only, and may read experiments.
            assert.equal((await call("GET", "/experiments/", sb.keys.noUserRead)).status, 200);
            const me = await call("GET", `${sb.url}/api/users/@me/`, sb.keys.noUserRead);
            assert.equal(me.json.detail, "API key missing required scope 'user:read'");
        });

        it("refuses a key scoped to other projects, with the project's id", async () => {
            const r = await call("GET", "/experiments/", sb.keys.projectTwoOnly);
            assert.equal(r.status, 403);
            assert.equal(
                r.json.detail,
                "API key does not have access to the requested project: ID 1.",
            );
            const ok = await call(
                "GET",
                `${sb.url}/api/projects/2/experiments/`,
                sb.keys.projectTwoOnly,
            );
            assert.equal(ok.status, 200);
        });

        it("refuses members' keys when the organisation forbids personal API keys; admins and @me pass", async () => {
            sb.state.organization.members_can_use_personal_api_keys = false;
            sb.state.organization.membership_level = 1;
            const r = await call("GET", "/experiments/", sb.keys.full);
            assert.equal(r.status, 403);
            assert.equal(r.json.detail, ORG_FORBIDS);
            assert.equal(
                (await call("GET", `${sb.url}/api/projects/`, sb.keys.full)).json.detail,
                ORG_FORBIDS,
            );
            // The user endpoint is exempt from team and org scoping.
            const me = await call("GET", `${sb.url}/api/users/@me/`, sb.keys.full);
            assert.equal(me.status, 200);
            assert.equal(me.json.organization.members_can_use_personal_api_keys, false);
            sb.state.organization.membership_level = 8;
            assert.equal((await call("GET", "/experiments/", sb.keys.full)).status, 200);
        });

        it("checks in PostHog's order: no-scope action, organisation, project, scope", async () => {
            sb.state.organization.members_can_use_personal_api_keys = false;
            sb.state.organization.membership_level = 1;
            const [upgrade] = await Promise.all(unscoped(sb.keys.projectTwoOnly));
            assert.equal(upgrade.json.detail, NO_PERSONAL_KEY);
            const p2 = await call("GET", "/experiments/", sb.keys.projectTwoOnly);
            assert.equal(p2.json.detail, ORG_FORBIDS);
            sb.state.organization = defaultOrganization();
            const ro = await call("POST", "/experiments/", sb.keys.readOnly, {
                name: "x",
                feature_flag_key: "x",
            });
            assert.equal(ro.json.detail, "API key missing required scope 'experiment:write'");
        });

        it("the admin switch changes the organisation", async () => {
            const res = await fetch(`${sb.url}/_sandbox/organization`, {
                method: "POST",
                body: JSON.stringify({
                    members_can_use_personal_api_keys: false,
                    membership_level: 1,
                }),
            });
            assert.equal(res.status, 200);
            assert.equal(
                (await call("GET", "/experiments/", sb.keys.full)).json.detail,
                ORG_FORBIDS,
            );
            const bad = await fetch(`${sb.url}/_sandbox/organization`, {
                method: "POST",
                body: JSON.stringify({ nope: 1 }),
            });
            assert.equal(bad.status, 400);
        });
    });

    describe("products/experiments/backend experiment service filter_experiments_queryset", () => {
        const names = async (query: string) =>
            (await call("GET", `/experiments/?limit=1000&${query}`, sb.keys.full)).json.results.map(
                (e: any) => e.name,
            );

        it("serves the status label: paused is running with the flag off, listed apart", async () => {
            const all = (await call("GET", "/experiments/?limit=1000", sb.keys.full)).json.results;
            assert.ok(
                all.every((e: any) =>
                    ["draft", "running", "paused", "exposure_frozen", "stopped"].includes(e.status),
                ),
            );
            const paused = await names("status=paused");
            assert.deepEqual(paused, ["Free trial length"]);
            const trial = all.find((e: any) => e.name === "Free trial length");
            assert.equal(trial.status, "paused", "Experiment.status_label: paused, not running");
            assert.equal(trial.feature_flag.active, false);
            const running = await names("status=running");
            assert.ok(running.includes("Checkout button color"));
            assert.ok(!running.includes("Free trial length"));
        });

        it("exposure_frozen: every release group stamped, listed apart; paused wins; an unstamped group reopens", async () => {
            const exp = sb.state.experiments.find((e) => e.name === "Email digest frequency")!;
            const flag = sb.state.featureFlags.find((f) => f.key === exp.feature_flag_key)!;
            const saved = JSON.parse(JSON.stringify(flag.filters));
            const groups = (saved.groups as any[]).map((g) => ({ ...g, exposure_frozen: true }));
            try {
                flag.filters = { ...saved, groups };
                const detail = (await call("GET", `/experiments/${exp.id}/`, sb.keys.full)).json;
                assert.equal(detail.status, "exposure_frozen");
                assert.deepEqual(await names("status=exposure_frozen"), ["Email digest frequency"]);
                assert.ok(!(await names("status=running")).includes("Email digest frequency"));
                // A group added without the stamp lets new users in again: running.
                flag.filters = {
                    ...saved,
                    groups: [...groups, { properties: [], rollout_percentage: 100 }],
                };
                assert.deepEqual(await names("status=exposure_frozen"), []);
                assert.ok((await names("status=running")).includes("Email digest frequency"));
                // Frozen and then paused: paused.
                flag.filters = { ...saved, groups };
                flag.active = false;
                assert.ok((await names("status=paused")).includes("Email digest frequency"));
                assert.deepEqual(await names("status=exposure_frozen"), []);
            } finally {
                flag.filters = saved;
                flag.active = true;
            }
        });

        it("a list row is ExperimentBasicSerializer's: no metrics; the experiment itself has them", async () => {
            const rows = (await call("GET", "/experiments/?limit=1000", sb.keys.full)).json.results;
            const expected = [...LIST_ROW_FIELDS].sort();
            for (const row of rows) assert.deepEqual(Object.keys(row).sort(), expected);
            const detail = (await call("GET", `/experiments/${rows[0].id}/`, sb.keys.full)).json;
            for (const field of ["metrics", "metrics_secondary", "saved_metrics"])
                assert.ok(field in detail, `the experiment itself has ${field}`);
        });

        it("archives only an ended experiment (POST archive/), with PostHog's reasons", async () => {
            const running = sb.state.experiments.find((e) => e.name === "Cart reminder timing")!;
            const refused = await call(
                "POST",
                `/experiments/${running.id}/archive/`,
                sb.keys.full,
                {},
            );
            assert.equal(refused.status, 400);
            assert.equal(
                refused.json.detail,
                "Experiment must be ended before it can be archived.",
            );
            assert.equal(running.archived, false);
            const ended = sb.state.experiments.find((e) => e.name === "Homepage hero copy")!;
            try {
                const done = await call(
                    "POST",
                    `/experiments/${ended.id}/archive/`,
                    sb.keys.full,
                    {},
                );
                assert.equal(done.status, 200);
                assert.equal(done.json.archived, true);
                const again = await call(
                    "POST",
                    `/experiments/${ended.id}/archive/`,
                    sb.keys.full,
                    {},
                );
                assert.equal(again.status, 400);
                assert.equal(again.json.detail, "Experiment is already archived.");
            } finally {
                ended.archived = false;
            }
        });

        it("reads complete as stopped; all and unknown values filter nothing", async () => {
            const complete = await names("status=complete");
            assert.deepEqual(complete, await names("status=stopped"));
            assert.ok(complete.includes("New onboarding flow"));
            assert.ok(!complete.includes("Dark mode default"), "archived ones stay apart");
            const every = await names("");
            assert.deepEqual(await names("status=all"), every);
            assert.deepEqual(await names("status=whatever"), every);
            const draft = await names("status=draft");
            assert.ok(draft.includes("Signup form simplification"));
            assert.equal(
                draft.length +
                    complete.length +
                    (await names("status=running")).length +
                    (await names("status=paused")).length +
                    (await names("status=exposure_frozen")).length,
                every.length,
            );
        });

        it("refuses an order outside the allowlist", async () => {
            const r = await call("GET", "/experiments/?order=nope", sb.keys.full);
            assert.equal(r.status, 400);
            assert.equal(r.json.detail, "Invalid order field: 'nope'");
        });

        it("a paused experiment is running again when its flag is turned back on", async () => {
            const flag = sb.state.featureFlags.find((f) => f.key === "free-trial-length")!;
            flag.active = true;
            try {
                assert.deepEqual(await names("status=paused"), []);
                assert.ok((await names("status=running")).includes("Free trial length"));
            } finally {
                flag.active = false;
            }
        });
    });

    describe("ee/api/ee_event_definition.py", () => {
        const byName = (name: string) => sb.state.eventDefinitions.find((d) => d.name === name)!;

        it("hidden: true clears verified; verified: true clears hidden", async () => {
            const def = byName("signed_up");
            assert.equal(def.verified, true);
            const hidden = await call("PATCH", `/event_definitions/${def.id}/`, sb.keys.full, {
                hidden: true,
            });
            assert.equal(hidden.status, 200);
            assert.deepEqual(
                [
                    hidden.json.hidden,
                    hidden.json.verified,
                    hidden.json.verified_by,
                    hidden.json.verified_at,
                ],
                [true, false, null, null],
            );
            const verified = await call("PATCH", `/event_definitions/${def.id}/`, sb.keys.full, {
                verified: true,
            });
            assert.deepEqual([verified.json.hidden, verified.json.verified], [false, true]);
            assert.ok(verified.json.verified_at);
        });

        it("refuses only both true in one request, as a non-field error (attr null)", async () => {
            const def = byName("logged_in");
            const r = await call("PATCH", `/event_definitions/${def.id}/`, sb.keys.full, {
                hidden: true,
                verified: true,
            });
            assert.equal(r.status, 400);
            assert.deepEqual(r.json, {
                type: "validation_error",
                code: "invalid_input",
                detail: "An event cannot be both hidden and verified",
                attr: null,
            });
            const fine = await call("PATCH", `/event_definitions/${def.id}/`, sb.keys.full, {
                hidden: true,
                verified: false,
            });
            assert.equal(fine.status, 200);
        });

        it("answers 402 on edits when the organisation's plan lacks the taxonomy feature", async () => {
            sb.state.organization.taxonomy = false;
            const def = byName("logged_out");
            const r = await call("PATCH", `/event_definitions/${def.id}/`, sb.keys.full, {
                description: "x",
            });
            assert.equal(r.status, 402);
            assert.deepEqual(r.json, {
                type: "invalid_request",
                code: "payment_required",
                detail: "This feature is part of the premium PostHog offering. To use it, subscribe to PostHog Cloud with a generous free tier.",
                attr: null,
            });
            assert.notEqual(def.description, "x");
            assert.equal(
                (await call("GET", `/event_definitions/${def.id}/`, sb.keys.full)).status,
                200,
            );
        });
    });

    describe("posthog/gzip_middleware.py ScopedGZipMiddleware (allow lists in posthog/settings/web.py)", () => {
        /** One request with exactly these headers (fetch would add its own Accept-Encoding). */
        function send(
            method: string,
            path: string,
            headers: Record<string, string>,
            body?: unknown,
            key = sb.keys.full,
        ): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
            return new Promise((resolve, reject) => {
                const req = request(
                    base + path,
                    {
                        method,
                        headers: {
                            Authorization: `Bearer ${key}`,
                            "Content-Type": "application/json",
                            ...headers,
                        },
                    },
                    (res) => {
                        const chunks: Buffer[] = [];
                        res.on("data", (c: Buffer) => chunks.push(c));
                        res.on("end", () =>
                            resolve({
                                status: res.statusCode ?? 0,
                                headers: res.headers,
                                body: Buffer.concat(chunks),
                            }),
                        );
                    },
                );
                req.on("error", reject);
                req.end(body === undefined ? undefined : JSON.stringify(body));
            });
        }
        const query = {
            query: { kind: "HogQLQuery", query: "select number from numbers(200)" },
            refresh: "blocking",
        };

        it("compresses a query's response for a client that accepts gzip, and only then", async () => {
            const zipped = await send(
                "POST",
                "/query/",
                { "Accept-Encoding": "gzip, deflate" },
                query,
            );
            assert.equal(zipped.status, 200);
            assert.equal(zipped.headers["content-encoding"], "gzip");
            assert.equal(zipped.headers.vary, "Accept-Encoding");
            assert.equal(Number(zipped.headers["content-length"]), zipped.body.length);
            const plain = await send("POST", "/query/", {}, query);
            assert.equal(plain.headers["content-encoding"], undefined);
            // Django's GZipMiddleware names the header whether or not it compressed.
            assert.equal(plain.headers.vary, "Accept-Encoding");
            // Kept only when shorter (Django's rule).
            assert.ok(zipped.body.length < plain.body.length, "compressed");
            const a = JSON.parse(gunzipSync(zipped.body).toString("utf8"));
            const b = JSON.parse(plain.body.toString("utf8"));
            assert.deepEqual(a.results, b.results);
            assert.deepEqual(a.columns, b.columns);
        });

        it("leaves paths off PostHog's allow lists as they are", async () => {
            // The experiments list is on neither list, and longer than GZipMiddleware's floor.
            const list = await send("GET", "/experiments/", { "Accept-Encoding": "gzip" });
            assert.equal(list.status, 200);
            assert.ok(list.body.length > 200);
            assert.equal(list.headers["content-encoding"], undefined);
            assert.equal(list.headers.vary, undefined);
        });
    });
});
