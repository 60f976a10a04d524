// The experiment's life against the sandbox, with the real client: every legal transition with
// PostHog's answer, every refused one with PostHog's reason, the scopes, and the extension's
// reading of what PostHog allows (src/experiments/lifecycle.ts) held against the sandbox's, which
// follows PostHog's experiment service (test/sandbox/experimentLifecycle.ts).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import type { Experiment, PostHogClient } from "../../../src/api";
import {
    CONCLUSIONS,
    LIFECYCLE_ACTIONS,
    actionScopes,
    allowedActions,
    refusalReason,
    type LifecycleAction,
} from "../../../src/experiments/lifecycle";
import { FIXTURE_DIR } from "../../contract/contract";
import { apiError, makeClient, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

/** The states the tree groups experiments by, plus an archived one. */
const STATES = ["draft", "running", "paused", "exposure_frozen", "complete", "archived"] as const;
type State = (typeof STATES)[number];

describe("api/experiment lifecycle", () => {
    let sb: Sandbox;
    let client: PostHogClient;
    let serial = 0;

    useSandbox((started) => ({ sb, client } = started));
    beforeEach(() => sb.faults.clear());

    /** The sandbox's own record of the experiment's flag. */
    function flagOf(e: Experiment) {
        const flag = sb.state.featureFlags.find(
            (f) => f.key === e.feature_flag_key && f.team_id === sb.projectId,
        );
        assert.ok(flag, `the flag of ${e.name}`);
        return flag;
    }

    /** A new experiment brought into `state` through PostHog's own actions. */
    async function inState(state: State): Promise<Experiment> {
        serial++;
        let e = await client.createExperiment({
            name: `Lifecycle ${state} ${serial}`,
            feature_flag_key: `lifecycle-${state.replace("_", "-")}-${serial}`,
        });
        if (state === "draft") return e;
        e = await client.launchExperiment(e.id);
        if (state === "paused") e = await client.pauseExperiment(e.id);
        if (state === "exposure_frozen") {
            // PostHog stamps every release group when it freezes exposure (EXPOSURE_FROZEN_GROUP_KEY).
            const flag = flagOf(e);
            const groups = (flag.filters.groups as object[]).map((g) => ({
                ...g,
                exposure_frozen: true,
            }));
            flag.filters = { ...flag.filters, groups };
        }
        if (state === "complete" || state === "archived") e = await client.endExperiment(e.id);
        if (state === "archived") e = await client.archiveExperiment(e.id);
        const read = await client.getExperiment(e.id);
        const expected = { archived: "stopped", complete: "stopped" } as Record<string, string>;
        assert.equal(read.status, expected[state] ?? state, `${read.name} is ${state}`);
        return read;
    }

    function act(e: Experiment, action: LifecycleAction): Promise<Experiment> {
        switch (action) {
            case "launch":
                return client.launchExperiment(e.id);
            case "pause":
                return client.pauseExperiment(e.id);
            case "resume":
                return client.resumeExperiment(e.id);
            case "end":
                return client.endExperiment(e.id, { conclusion: "won", conclusion_comment: "c" });
            case "ship_variant":
                return client.shipVariant(e.id, { variant_key: "test" });
            case "reset":
                return client.resetExperiment(e.id);
            case "archive":
                return client.archiveExperiment(e.id);
            case "unarchive":
                return client.unarchiveExperiment(e.id);
        }
    }

    const recent = (iso: string | null | undefined): boolean =>
        !!iso && Math.abs(Date.now() - Date.parse(iso)) < 60_000;

    describe("the extension offers exactly what the server allows", () => {
        for (const state of STATES) {
            for (const action of LIFECYCLE_ACTIONS) {
                it(`${state} × ${action}`, async () => {
                    const e = await inState(state);
                    const reason = refusalReason(e, action);
                    assert.equal(allowedActions(e).includes(action), reason === undefined);
                    const before = sb.requests.length;
                    if (reason === undefined) {
                        const answer = await act(e, action);
                        assert.equal(answer.id, e.id);
                    } else {
                        const err = await apiError(act(e, action));
                        assert.equal(err.status, 400, `${action} on ${state}: ${err.message}`);
                        assert.equal(err.detail, reason, "PostHog's reason, word for word");
                        assert.ok(err.userMessage.includes(reason.slice(0, 20)), err.userMessage);
                    }
                    const posts = sb.requests
                        .slice(before)
                        .filter((r) => r.method === "POST" && r.path.endsWith(`/${action}/`));
                    assert.equal(posts.length, 1, "one POST, never retried");
                });
            }
        }
    });

    describe("legal transitions answer as PostHog does", () => {
        it("launch: running since now, the flag turned on", async () => {
            const draft = await inState("draft");
            assert.equal(flagOf(draft).active, false, "a draft's flag is off");
            const e = await client.launchExperiment(draft.id);
            assert.equal(e.status, "running");
            assert.ok(recent(e.start_date), String(e.start_date));
            assert.equal(e.end_date, null);
            assert.equal(e.feature_flag?.active, true);
            assert.equal(flagOf(e).active, true);
            const post = sb.requests.at(-1)!;
            assert.equal(post.body, "", "launch sends no body");
        });

        it("pause and resume flip only the flag", async () => {
            const running = await inState("running");
            const paused = await client.pauseExperiment(running.id);
            assert.equal(paused.status, "paused");
            assert.equal(paused.feature_flag?.active, false);
            assert.equal(paused.start_date, running.start_date);
            assert.equal(paused.end_date, null);
            const resumed = await client.resumeExperiment(running.id);
            assert.equal(resumed.status, "running");
            assert.equal(resumed.feature_flag?.active, true);
            assert.equal(resumed.start_date, running.start_date);
        });

        it("end: stopped now, with the conclusion and comment; the flag left as it is", async () => {
            const paused = await inState("paused");
            const e = await client.endExperiment(paused.id, {
                conclusion: "stopped_early",
                conclusion_comment: "Enough data.",
            });
            assert.equal(e.status, "stopped");
            assert.ok(recent(e.end_date));
            assert.equal(e.conclusion, "stopped_early");
            assert.equal(e.conclusion_comment, "Enough data.");
            assert.equal(e.feature_flag?.active, false, "end does not touch the flag");
            const body = JSON.parse(sb.requests.at(-1)!.body) as Record<string, unknown>;
            assert.deepEqual(body, {
                conclusion: "stopped_early",
                conclusion_comment: "Enough data.",
            });
        });

        it("end without a conclusion leaves none", async () => {
            const e = await client.endExperiment((await inState("running")).id);
            assert.equal(e.status, "stopped");
            assert.equal(e.conclusion, null);
            assert.equal(e.conclusion_comment, null);
        });

        it("ship_variant on a running one: the variant gets 100%, everyone, and it ends", async () => {
            const running = await inState("running");
            const groupsBefore = (flagOf(running).filters.groups as unknown[]).length;
            const e = await client.shipVariant(running.id, {
                variant_key: "test",
                release_to_everyone: true,
                conclusion: "won",
            });
            assert.equal(e.status, "stopped");
            assert.ok(recent(e.end_date));
            assert.equal(e.conclusion, "won");
            const filters = e.feature_flag!.filters;
            assert.deepEqual(
                filters.multivariate?.variants.map((v) => [v.key, v.rollout_percentage]),
                [
                    ["control", 0],
                    ["test", 100],
                ],
            );
            const groups = filters.groups as {
                rollout_percentage: number;
                properties: unknown[];
            }[];
            assert.equal(groups.length, groupsBefore + 1, "a catch-all condition first");
            assert.equal(groups[0].rollout_percentage, 100);
            assert.deepEqual(groups[0].properties, []);
            assert.equal(e.feature_flag?.active, true, "ship leaves the flag's active as it is");
        });

        it("ship_variant on an ended one rewrites only the flag (end first, ship later)", async () => {
            const ended = await client.endExperiment((await inState("running")).id, {
                conclusion: "lost",
                conclusion_comment: "kept",
            });
            const groupsBefore = ended.feature_flag!.filters.groups;
            const e = await client.shipVariant(ended.id, { variant_key: "control" });
            assert.equal(e.end_date, ended.end_date, "already ended: the end date stays");
            assert.equal(e.conclusion, "lost", "no conclusion given: the old one stays");
            assert.equal(e.conclusion_comment, "kept");
            assert.deepEqual(e.feature_flag!.filters.groups, groupsBefore, "conditions kept");
            const variants = e.feature_flag!.filters.multivariate!.variants;
            assert.deepEqual(
                variants.map((v) => [v.key, v.rollout_percentage]),
                [
                    ["control", 100],
                    ["test", 0],
                ],
            );
        });

        it("reset: back to draft, dates, conclusion and archive cleared, the flag kept", async () => {
            const archived = await inState("archived");
            const flagActive = flagOf(archived).active;
            const e = await client.resetExperiment(archived.id);
            assert.equal(e.status, "draft");
            assert.equal(e.start_date, null);
            assert.equal(e.end_date, null);
            assert.equal(e.archived, false);
            assert.equal(e.conclusion, null);
            assert.equal(e.conclusion_comment, null);
            assert.equal(e.feature_flag?.active, flagActive, "the flag is left unchanged");
        });

        it("archive keeps a flag that is on unless asked to turn it off; unarchive restores", async () => {
            const kept = await client.archiveExperiment((await inState("complete")).id);
            assert.equal(kept.archived, true);
            assert.equal(kept.feature_flag?.active, true, "an enabled flag may still serve");
            const complete = await inState("complete");
            const off = await client.archiveExperiment(complete.id, { disable_feature_flag: true });
            assert.equal(off.archived, true);
            assert.equal(off.feature_flag?.active, false);
            assert.equal(flagOf(off).archived, true, "the flag is archived with it");
            const back = await client.unarchiveExperiment(complete.id);
            assert.equal(back.archived, false);
            assert.equal(back.status, "stopped");
            assert.equal(flagOf(back).archived, false, "the archive's own flag archive undone");
            assert.equal(back.feature_flag?.active, false, "the flag stays off");
            const post = sb.requests.at(-1)!;
            assert.equal(post.method, "POST");
            assert.match(post.path, /\/unarchive\/$/);
        });
    });

    it("offers PostHog's conclusions, the contract's ConclusionEnum, in its order", () => {
        const slice = YAML.parse(
            fs.readFileSync(path.join(FIXTURE_DIR, "openapi.slice.yaml"), "utf8"),
        ) as { components: { schemas: { ConclusionEnum: { enum: string[] } } } };
        assert.deepEqual(
            CONCLUSIONS.map((c) => c.value),
            slice.components.schemas.ConclusionEnum.enum,
        );
    });

    describe("refusals carry PostHog's reason", () => {
        it("a deleted flag is not launched, as lifecycle.ts foresees", async () => {
            const draft = await inState("draft");
            flagOf(draft).deleted = true;
            const e = await client.getExperiment(draft.id);
            const reason = refusalReason(e, "launch");
            assert.equal(
                reason,
                "Experiment cannot be launched because its feature flag has been deleted.",
            );
            assert.ok(!allowedActions(e).includes("launch"));
            const err = await apiError(client.launchExperiment(draft.id));
            assert.equal(err.status, 400);
            assert.equal(err.detail, reason);
        });

        it("ship_variant of a variant the flag lacks names it", async () => {
            const running = await inState("running");
            const err = await apiError(client.shipVariant(running.id, { variant_key: "nope" }));
            assert.equal(err.status, 400);
            assert.equal(err.detail, "Variant 'nope' not found on feature flag.");
            assert.equal((await client.getExperiment(running.id)).status, "running", "unchanged");
        });

        it("end with a conclusion PostHog does not know, or a comment too long, names the field", async () => {
            const running = await inState("running");
            sb.deliberate({
                method: "POST",
                path: `/experiments/${running.id}/end/`,
                why: "end with a conclusion outside PostHog's choices, to see its 400",
            });
            const bad = await apiError(
                client.endExperiment(running.id, { conclusion: "great" as "won" }),
            );
            assert.equal(bad.status, 400);
            assert.equal(bad.attr, "conclusion");
            assert.equal(bad.detail, '"great" is not a valid choice.');
            sb.deliberate({
                method: "POST",
                path: `/experiments/${running.id}/end/`,
                why: "end with a comment over 4000 characters, to see its 400",
            });
            const long = await apiError(
                client.endExperiment(running.id, { conclusion_comment: "x".repeat(4001) }),
            );
            assert.equal(long.attr, "conclusion_comment");
            assert.match(long.userMessage, /4000 characters/);
            assert.equal((await client.getExperiment(running.id)).status, "running", "unchanged");
        });
    });

    describe("scopes from the contract", () => {
        it("a read-only key is refused every action, naming experiment:write", async () => {
            const { client: readOnly } = makeClient(sb, { apiKey: sb.keys.readOnly });
            try {
                const e = await inState("running");
                for (const action of LIFECYCLE_ACTIONS) {
                    const err = await apiError(
                        (async () => {
                            switch (action) {
                                case "launch":
                                    return readOnly.launchExperiment(e.id);
                                case "pause":
                                    return readOnly.pauseExperiment(e.id);
                                case "resume":
                                    return readOnly.resumeExperiment(e.id);
                                case "end":
                                    return readOnly.endExperiment(e.id);
                                case "ship_variant":
                                    return readOnly.shipVariant(e.id, { variant_key: "test" });
                                case "reset":
                                    return readOnly.resetExperiment(e.id);
                                case "archive":
                                    return readOnly.archiveExperiment(e.id);
                                case "unarchive":
                                    return readOnly.unarchiveExperiment(e.id);
                            }
                        })(),
                    );
                    assert.equal(err.status, 403, action);
                    assert.deepEqual(actionScopes(action), ["experiment:write"]);
                    assert.equal(err.detail, "API key missing required scope 'experiment:write'");
                    assert.match(err.userMessage, /'experiment:write' scope/);
                }
                assert.equal((await client.getExperiment(e.id)).status, "running", "unchanged");
            } finally {
                await readOnly.close();
            }
        });

        it("archive with disable_feature_flag also needs feature_flag:write", async () => {
            const { client: experimentsOnly } = makeClient(sb, {
                apiKey: sb.keys.experimentsOnly,
            });
            try {
                // Paused, then ended: its flag is off, which PostHog archives with the experiment
                // only for a key that may write flags.
                const e = await client.endExperiment((await inState("paused")).id);
                const err = await apiError(
                    experimentsOnly.archiveExperiment(e.id, { disable_feature_flag: true }),
                );
                assert.equal(err.status, 403);
                assert.deepEqual(actionScopes("archive", { disable_feature_flag: true }), [
                    "experiment:write",
                    "feature_flag:write",
                ]);
                assert.equal(err.detail, "API key missing required scope 'feature_flag:write'");
                assert.match(err.userMessage, /'feature_flag:write' scope/);
                assert.equal((await client.getExperiment(e.id)).archived, false, "unchanged");
                // Without it, experiment:write is enough; the flag is not touched.
                const archived = await experimentsOnly.archiveExperiment(e.id);
                assert.equal(archived.archived, true);
                assert.equal(flagOf(e).archived, undefined, "no flag write without the scope");
                // The rest of the life needs experiment:write alone.
                const running = await inState("running");
                await experimentsOnly.pauseExperiment(running.id);
                await experimentsOnly.resumeExperiment(running.id);
                await experimentsOnly.shipVariant(running.id, { variant_key: "test" });
                await experimentsOnly.resetExperiment(running.id);
                await experimentsOnly.launchExperiment(running.id);
                await experimentsOnly.endExperiment(running.id);
            } finally {
                await experimentsOnly.close();
            }
        });
    });
});
