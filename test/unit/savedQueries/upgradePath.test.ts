// Upgrade path choice (src/savedQueries/upgradePath.ts): no personal API key may use
// `/query/upgrade/` (the contract gives it no PersonalAPIKeyAuth), so a signed-in key migrates
// locally with PostHog's migrations and nothing is sent; an unreachable service also goes local,
// and every other failure is passed on (those two with a client whose answer is given).
import assert from "node:assert/strict";
import { isScopedKeyRefusal, isUnreachable, PostHogApiError } from "../../../src/api";
import type { PostHogClient, QueryNode } from "../../../src/api";
import { upgradeLocally } from "../../../src/savedQueries/migrations/upgrade";
import { Upgrader } from "../../../src/savedQueries/upgradePath";
import { makeClient, type Sandbox } from "../api/helpers";
import { useSandbox } from "../useSandbox";

const errors = { isScopedKeyRefusal, isUnreachable };
const OLD_RETENTION = {
    kind: "InsightVizNode",
    source: { kind: "RetentionQuery", retentionFilter: { showMean: true } },
} as unknown as QueryNode;

describe("Upgrader: service or local", () => {
    let sb: Sandbox;
    let keys: Sandbox["keys"];
    useSandbox((started) => {
        ({ sb } = started);
        keys = sb.keys;
    });

    const upgradeCalls = () => sb.requests.filter((r) => r.path.endsWith("/query/upgrade/")).length;

    it("never asks the service with a personal API key, whatever its scopes", async () => {
        for (const apiKey of [keys.full, keys.noScopes]) {
            const { client } = makeClient(sb, { apiKey });
            const upgrader = new Upgrader(client, errors);
            const out = await upgrader.upgrade(OLD_RETENTION);
            assert.equal(upgrader.path, "local-refused");
            assert.deepEqual(out, upgradeLocally(OLD_RETENTION as never));
            await client.close();
        }
        assert.equal(upgradeCalls(), 0, "the client knows the refusal without asking");
    });

    it("migrates locally when the service refuses the scoped (`*`) key, and stops asking", async () => {
        const { client } = makeClient(sb, { apiKey: keys.full });
        const upgrader = new Upgrader(client, errors);
        const out = await upgrader.upgrade(OLD_RETENTION);
        assert.equal(upgrader.path, "local-refused");
        assert.deepEqual((out as unknown as { source: unknown }).source, {
            kind: "RetentionQuery",
            retentionFilter: { meanRetentionCalculation: "simple" },
            version: 2,
        });
        const before = upgradeCalls();
        const again = new Upgrader(client, errors);
        assert.equal(again.path, "local-refused");
        await again.upgrade(OLD_RETENTION);
        await upgrader.upgrade(OLD_RETENTION);
        assert.equal(upgradeCalls(), before, "a refused key is not sent again");
    });

    /** A client whose upgrade fails with `error` (for a key that may one day use the endpoint). */
    const failing = (error: PostHogApiError) =>
        ({ upgradeQuery: () => Promise.reject(error) }) as unknown as PostHogClient;
    const failure = (status: number) =>
        new PostHogApiError({
            status,
            method: "POST",
            path: "/api/projects/1/query/upgrade/",
            message: `status ${status}`,
            userMessage: `status ${status}`,
        });

    it("migrates locally when PostHog can't be reached", async () => {
        const upgrader = new Upgrader(failing(failure(0)), errors);
        const out = await upgrader.upgrade(OLD_RETENTION);
        assert.equal(upgrader.path, "local-offline");
        assert.deepEqual(out, upgradeLocally(OLD_RETENTION as never));
    });

    it("passes on other failures (a 500 is not a reason to guess)", async () => {
        const upgrader = new Upgrader(failing(failure(500)), errors);
        await assert.rejects(upgrader.upgrade(OLD_RETENTION), PostHogApiError);
        assert.equal(upgrader.path, "service");
    });
});
