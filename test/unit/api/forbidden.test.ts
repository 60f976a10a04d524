// Every 403 names its real cause (src/api/forbidden.ts), against the sandbox's copy of
// posthog/permissions.py APIScopePermission; none tells the user to get a key with more access
// when more access would not help.
import assert from "node:assert/strict";
import { forbiddenCause, forbiddenMessage, type PostHogClient } from "../../../src/api";
import { defaultOrganization } from "../../sandbox/seed";
import { apiError, makeClient, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

const hogql = { kind: "HogQLQuery", query: "select 1" };
/** Advice that only a different or broader key would follow. */
const KEY_ADVICE =
    /scope|full access|another key|a key (that|with)|create a (personal )?(api )?key/i;

describe("api/forbidden: 403 causes", () => {
    let sb: Sandbox;
    let scoped: PostHogClient;

    useSandbox((started) => ({ sb, client: scoped } = started));
    afterEach(() => {
        sb.state.organization = defaultOrganization();
    });

    it("an action no personal key may use: refused for the scoped (*) key, with no key advice", async () => {
        const calls = [
            () => scoped.upgradeQuery(hogql),
            () => scoped.draftSql({ prompt: "count events" }),
            () => scoped.getQueryLog("any-id"),
            () => scoped.checkAuthForAsync(),
        ];
        for (const call of calls) {
            const err = await apiError(call());
            assert.equal(err.status, 403);
            assert.deepEqual(forbiddenCause(err.detail), { kind: "no_personal_key_access" });
            assert.match(err.userMessage, /does not let personal API keys do this/);
            assert.doesNotMatch(err.userMessage, KEY_ADVICE);
        }
    });

    it("the sandbox refuses those actions to every key, none without scopes excepted", async () => {
        // Over plain HTTP, as the client no longer asks (see api/operationScopes).
        const base = `${sb.url}/api/projects/${sb.projectId}`;
        for (const key of [sb.keys.full, sb.keys.noScopes]) {
            const res = await fetch(`${base}/query/upgrade/`, {
                method: "POST",
                headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
                body: JSON.stringify({ query: hogql }),
            });
            assert.equal(res.status, 403);
            const body = (await res.json()) as { detail: string };
            assert.equal(body.detail, "This action does not support personal API key access");
            assert.deepEqual(forbiddenCause(body.detail), { kind: "no_personal_key_access" });
        }
    });

    it("an organisation that forbids personal keys is named, and the advice is its admin", async () => {
        sb.state.organization.members_can_use_personal_api_keys = false;
        sb.state.organization.membership_level = 1;
        const err = await apiError(scoped.listExperimentsPage());
        assert.equal(err.status, 403);
        assert.deepEqual(forbiddenCause(err.detail), {
            kind: "organization_forbids_keys",
            organization: "Hogflix",
        });
        assert.equal(
            err.userMessage,
            "The organization 'Hogflix' does not allow personal API keys; an organization admin can enable them in the organization's settings.",
        );
        assert.doesNotMatch(err.userMessage, KEY_ADVICE);
    });

    it("a missing scope is named", async () => {
        const { client: ro } = makeClient(sb, { apiKey: sb.keys.readOnly });
        const err = await apiError(ro.createExperiment({ name: "x", feature_flag_key: "x" }));
        assert.deepEqual(forbiddenCause(err.detail), {
            kind: "missing_scope",
            scope: "experiment:write",
        });
        assert.match(err.userMessage, /missing the 'experiment:write' scope/);
        await ro.close();
    });

    it("a key scoped to other projects names the project", async () => {
        const { client: p2 } = makeClient(sb, { apiKey: sb.keys.projectTwoOnly });
        const err = await apiError(p2.listExperimentsPage());
        assert.deepEqual(forbiddenCause(err.detail), {
            kind: "project_not_in_key",
            projectId: "1",
        });
        assert.match(err.userMessage, /limited to other projects than project 1/);
        await p2.close();
    });

    it("reads both wordings of the service, and other 403s quote PostHog without key advice", () => {
        assert.equal(
            forbiddenCause("This action does not support personal API key access").kind,
            "no_personal_key_access",
        );
        assert.deepEqual(
            forbiddenCause("API key does not have access to the requested project '7'"),
            {
                kind: "project_not_in_key",
                projectId: "7",
            },
        );
        const other = apiErrorMessage("You do not have editor access to this resource.");
        assert.equal(
            other,
            "PostHog refused this: You do not have editor access to this resource.",
        );
        assert.doesNotMatch(other, KEY_ADVICE);
    });
});

function apiErrorMessage(detail: string): string {
    return forbiddenMessage(forbiddenCause(detail));
}
