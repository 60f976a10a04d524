// Experiments endpoints (#1-#11) against the sandbox.
import assert from "node:assert/strict";
import type { Experiment, PostHogClient } from "../../../src/api";
import { apiError, requestsTo, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

describe("api/experiments", () => {
    let sb: Sandbox;
    let client: PostHogClient;

    useSandbox((started) => ({ sb, client } = started), { extraExperiments: 120 });
    beforeEach(() => sb.faults.clear());

    /** A started experiment, fetched itself: list rows carry no metrics. */
    async function startedExperiment(): Promise<Experiment> {
        for await (const e of client.listExperiments({ limit: 100 }).items()) {
            if (e.start_date && !e.exposure_cohort && e.feature_flag)
                return client.getExperiment(e.id);
        }
        throw new Error("no started experiment in the seed");
    }

    it("#1 lists one page with an absolute next link, with headers as the service expects", async () => {
        const page = await client.listExperimentsPage({ limit: 10 });
        assert.equal(page.results.length, 10);
        assert.ok(page.count > 10);
        assert.ok(page.next?.startsWith(sb.url), page.next ?? "no next");
        assert.equal(page.previous, null);
        const req = sb.requests.at(-1)!;
        assert.equal(req.method, "GET");
        assert.match(req.path, /^\/api\/projects\/1\/experiments\/$/);
        assert.match(req.url, /limit=10/);
        assert.equal(req.headers["authorization"], `Bearer ${sb.keys.full}`);
        assert.match(req.headers["user-agent"] ?? "", /^posthog-workbench\/\d+\.\d+\.\d+/);
        // The list row's fields are kept, and it has no metrics (ExperimentBasicSerializer).
        assert.ok("status" in page.results[0]);
        assert.ok("is_legacy" in page.results[0]);
        for (const field of ["metrics", "metrics_secondary", "saved_metrics"])
            assert.ok(!(field in page.results[0]), `a list row has no ${field}`);
    });

    it("#1 iterates every page following next, and fetchPage loads one lazily", async () => {
        const first = await client.listExperimentsPage({ limit: 50 });
        const ids = new Set<number>();
        let pages = 0;
        for await (const page of client.listExperiments({ limit: 50 })) {
            pages++;
            for (const e of page.results) ids.add(e.id);
        }
        assert.equal(ids.size, first.count);
        assert.equal(pages, Math.ceil(first.count / 50));
        const second = await client.fetchPage<Experiment>(first.next!);
        assert.equal(
            second.results[0].id,
            (await client.listExperiments({ limit: 50 }).all(51))[50].id,
        );
        assert.ok(second.previous);
    });

    it("#1 hides archived experiments unless asked, and filters by search", async () => {
        const visible = await client.listExperiments({ limit: 100 }).all();
        assert.ok(visible.every((e) => !e.archived));
        const archived = await client.listExperimentsPage({ archived: true, limit: 100 });
        assert.ok(archived.results.some((e) => e.archived));
        const found = await client.listExperimentsPage({ search: "Pricing page" });
        assert.ok(found.results.length >= 1);
        assert.ok(found.results.every((e) => /pricing page/i.test(e.name)));
    });

    it("#2 creates (201) with a JSON body, #3 gets, #4 patches", async () => {
        const before = sb.state.experiments.length;
        const created = await client.createExperiment({
            name: "Client test experiment",
            feature_flag_key: "client-test-experiment",
        });
        assert.equal(sb.state.experiments.length, before + 1);
        assert.equal(created.name, "Client test experiment");
        assert.equal(created.feature_flag_key, "client-test-experiment");
        const post = requestsTo(sb, "POST", /\/experiments\/$/).at(-1)!;
        assert.match(post.headers["content-type"] ?? "", /^application\/json/);
        assert.deepEqual(JSON.parse(post.body), {
            name: "Client test experiment",
            feature_flag_key: "client-test-experiment",
        });

        const got = await client.getExperiment(created.id);
        assert.equal(got.id, created.id);
        const patched = await client.updateExperiment(created.id, { description: "changed" });
        assert.equal(patched.description, "changed");
        assert.equal(requestsTo(sb, "PATCH", `/experiments/${created.id}/`).length, 1);
    });

    it("#2 a missing name is a 400 naming the field", async () => {
        sb.deliberate({
            method: "POST",
            path: "/experiments/",
            why: "experiments_create without name, to see PostHog's 400 naming the field",
        });
        const err = await apiError(client.createExperiment({ feature_flag_key: "no-name" }));
        assert.equal(err.status, 400);
        assert.equal(err.attr, "name");
        assert.match(err.userMessage, /name/);
    });

    it("#4 archives an ended experiment with POST archive/, unarchives with POST unarchive/, soft-deletes with PATCH", async () => {
        const e = await client.createExperiment({
            name: "To archive",
            feature_flag_key: "to-archive",
        });
        // PostHog archives only an ended experiment and says so.
        const refused = await apiError(client.archiveExperiment(e.id));
        assert.equal(refused.status, 400);
        assert.equal(refused.detail, "Experiment must be ended before it can be archived.");
        await client.updateExperiment(e.id, {
            start_date: "2026-01-01T00:00:00Z",
            end_date: "2026-01-10T00:00:00Z",
        });
        assert.equal((await client.archiveExperiment(e.id)).archived, true);
        const archive = requestsTo(sb, "POST", `/experiments/${e.id}/archive/`);
        assert.equal(archive.length, 2, "one POST each, never retried");
        assert.equal((await client.unarchiveExperiment(e.id)).archived, false);
        assert.equal(requestsTo(sb, "POST", `/experiments/${e.id}/unarchive/`).length, 1);
        const deleted = await client.softDeleteExperiment(e.id);
        assert.equal(deleted.deleted, true);
        const patch = requestsTo(sb, "PATCH", `/experiments/${e.id}/`).at(-1)!;
        assert.deepEqual(JSON.parse(patch.body), { deleted: true });
    });

    it("#5 DELETE answers 405 and the error says how experiments are removed", async () => {
        const e = (await client.listExperimentsPage({ limit: 1 })).results[0];
        const err = await apiError(client.deleteExperiment(e.id));
        assert.equal(err.status, 405);
        assert.equal(err.method, "DELETE");
        assert.equal(
            err.userMessage,
            "Experiments can't be deleted with DELETE; the extension archives or soft-deletes them.",
        );
        assert.equal(requestsTo(sb, "DELETE", `/experiments/${e.id}/`).length, 1, "not retried");
    });

    it("#6 creates an exposure cohort ({cohort}) and a second one is a 400", async () => {
        const e = await startedExperiment();
        const res = await client.createExposureCohort(e.id);
        assert.equal(res.cohort.name, `Users exposed to experiment "${e.name}"`);
        assert.equal(typeof res.cohort.id, "number");
        const err = await apiError(client.createExposureCohort(e.id));
        assert.equal(err.status, 400);
        assert.match(err.userMessage, /already has an exposure cohort/);
    });

    it("#7 duplicates (201) with the (Copy) naming", async () => {
        const e = await startedExperiment();
        const copy = await client.duplicateExperiment(e.id);
        assert.equal(copy.name, `${e.name} (Copy)`);
        assert.notEqual(copy.id, e.id);
        const named = await client.duplicateExperiment(e.id, {
            name: "Named copy",
            feature_flag_key: "named-copy",
        });
        assert.equal(named.name, "Named copy");
    });

    it("#8 requests a recalculation and #9 reads timeseries results", async () => {
        const e = await startedExperiment();
        const metric = (e.metrics as Record<string, unknown>[])[0];
        const fingerprint = String(metric["fingerprint"]);
        const recalc = await client.recalculateTimeseries(e.id, { metric, fingerprint });
        assert.equal(recalc.experiment_id, e.id);
        assert.equal(recalc.metric_uuid, metric["uuid"]);
        assert.equal(recalc.status, "pending");
        const ts = await client.getTimeseriesResults(e.id, {
            metric_uuid: String(metric["uuid"]),
            fingerprint,
        });
        assert.equal(ts.experiment_id, e.id);
        assert.ok(["completed", "partial"].includes(ts.status));
        assert.ok(Object.keys(ts.timeseries ?? {}).every((k) => /^\d{4}-\d{2}-\d{2}$/.test(k)));
        assert.equal(ts.recalculation_status, "pending");
    });

    it("#8/#9 on a draft is a 400 saying it hasn't started", async () => {
        const draft = await client.createExperiment({
            name: "Draft for ts",
            feature_flag_key: "draft-ts",
        });
        const err = await apiError(
            client.getTimeseriesResults(draft.id, { metric_uuid: "x", fingerprint: "y" }),
        );
        assert.equal(err.status, 400);
        assert.match(err.userMessage, /not been started/);
    });

    it("#10 lists eligible flags as {results, count} with limit/offset; bad limit gives the {error} text", async () => {
        const all = await client.listEligibleFeatureFlags();
        assert.ok(all.count >= 1);
        for (const f of all.results) {
            const variants = (f.filters.multivariate?.variants ?? []).map((v) => v.key);
            assert.ok(variants.length >= 2 && variants[0] === "control", f.key);
        }
        const one = await client.listEligibleFeatureFlags({
            limit: 1,
            offset: 0,
            search: all.results[0].key,
        });
        assert.equal(one.results.length, 1);
        const err = await apiError(client.listEligibleFeatureFlags({ limit: -1 }));
        assert.equal(err.status, 400);
        assert.match(err.userMessage, /Invalid limit or offset/);
    });

    it("#11 requires_flag_implementation answers {result}", async () => {
        const res = await client.requiresFlagImplementation();
        assert.equal(typeof res.result, "boolean");
    });

    it("#3 an unknown id is a 404 with a helpful message", async () => {
        const err = await apiError(client.getExperiment(987654));
        assert.equal(err.status, 404);
        assert.equal(err.code, "not_found");
        assert.match(err.userMessage, /refresh/);
    });

    it("lists projects and reads the current user", async () => {
        const projects = await client.listProjects();
        assert.ok(projects.results.some((p) => p.id === sb.projectId));
        const me = await client.getCurrentUser();
        assert.equal(typeof me.email, "string");
        assert.ok(sb.requests.some((r) => r.path === "/api/users/@me/"));
    });

    it("withProject shares the connection and scopes paths", async () => {
        const other = client.withProject(2);
        const page = await other.listExperimentsPage({ limit: 5 });
        assert.ok(page.results.length >= 1);
        assert.match(sb.requests.at(-1)!.path, /^\/api\/projects\/2\/experiments\/$/);
    });
});
