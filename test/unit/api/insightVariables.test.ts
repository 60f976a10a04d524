// Saved SQL variables over real HTTP: the client reads every page; without the
// `insight_variable:read` scope the run falls back to prompting (no variables, no error).
import assert from "node:assert/strict";
import { fetchSavedVariables } from "../../../src/query/savedVariables";
import { apiError, makeClient, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

describe("insight variables", () => {
    let sb: Sandbox;
    useSandbox((started) => ({ sb } = started));

    it("lists the project's saved variables with code names, types and defaults", async () => {
        const { client } = makeClient(sb);
        const variables = await client.listInsightVariables();
        const eventName = variables.find((v) => v.code_name === "event_name");
        assert.ok(eventName, "the seeded event_name variable");
        assert.equal(eventName.type, "String");
        assert.equal(eventName.default_value, "$pageview");
        assert.equal(typeof eventName.id, "string");
        const request = sb.requests.find((r) => r.path.endsWith("/insight_variables/"));
        assert.equal(request?.method, "GET");
    });

    it("follows next links across pages (PageNumberPagination)", async () => {
        const base = sb.state.insightVariables[0];
        const extra = Array.from({ length: 501 }, (_, i) => ({
            ...base,
            // PostHog's ids are UUIDs (the contract checks the format).
            id: `018f2a3c-1000-7000-8000-${String(i).padStart(12, "0")}`,
            name: `extra ${i}`,
            code_name: `extra_${i}`,
        }));
        sb.state.insightVariables.push(...extra);
        try {
            const { client } = makeClient(sb);
            const before = sb.requests.length;
            const variables = await client.listInsightVariables();
            assert.ok(variables.length >= 502);
            assert.ok(variables.some((v) => v.code_name === "extra_500"));
            const pages = sb.requests
                .slice(before)
                .filter((r) => r.path.includes("/insight_variables/"));
            assert.equal(pages.length, 2);
        } finally {
            sb.state.insightVariables.splice(-extra.length);
        }
    });

    it("a key without insight_variable:read gets a 403, and the run simply prompts", async () => {
        const { client } = makeClient(sb, { apiKey: sb.keys.readOnly });
        const err = await apiError(client.listInsightVariables());
        assert.equal(err.status, 403);
        assert.match(err.detail ?? "", /insight_variable:read/);
        assert.deepEqual(await fetchSavedVariables(client), []);
    });
});
