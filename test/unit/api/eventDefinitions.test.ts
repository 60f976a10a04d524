// Event definition endpoints (#19-#23) against the sandbox.
import assert from "node:assert/strict";
import type { EventDefinition, PostHogClient } from "../../../src/api";
import { apiError, requestsTo, type Sandbox } from "./helpers";
import { useSandbox } from "../useSandbox";

describe("api/eventDefinitions", () => {
    let sb: Sandbox;
    let client: PostHogClient;

    useSandbox((started) => ({ sb, client } = started));

    it("#19 lists a page and iterates every page", async () => {
        const page = await client.listEventDefinitionsPage({ limit: 5 });
        assert.equal(page.results.length, 5);
        assert.ok(page.next?.startsWith(sb.url));
        const all: EventDefinition[] = await client.listEventDefinitions({ limit: 5 }).all();
        assert.equal(all.length, page.count);
        assert.equal(new Set(all.map((d) => d.id)).size, all.length);
    });

    it("#19 passes search, ordering, event_type, exclude_hidden and verified", async () => {
        const found = await client.listEventDefinitionsPage({ search: "page view" });
        assert.ok(found.results.every((d) => /page/i.test(d.name) && /view/i.test(d.name)));
        const ordered = await client.listEventDefinitionsPage({ ordering: "name", limit: 100 });
        const names = ordered.results.map((d) => d.name);
        assert.deepEqual(
            names,
            [...names].sort((a, b) => a.localeCompare(b)),
        );
        const posthog = await client.listEventDefinitionsPage({
            event_type: "event_posthog",
            limit: 100,
        });
        assert.ok(posthog.results.every((d) => d.name.startsWith("$")));
        const custom = await client.listEventDefinitionsPage({
            event_type: "event_custom",
            exclude_hidden: true,
            limit: 100,
        });
        assert.ok(custom.results.every((d) => !d.name.startsWith("$") && !d.hidden));
        await client.listEventDefinitionsPage({ verified: true });
        const req = sb.requests.at(-1)!;
        assert.match(req.url, /verified=true/);
        assert.match(req.path, /\/event_definitions\/$/);
    });

    it("#20 gets, #21 patches", async () => {
        const first = (await client.listEventDefinitionsPage({ limit: 1 })).results[0];
        const got = await client.getEventDefinition(first.id);
        assert.equal(got.id, first.id);
        const patched = await client.updateEventDefinition(first.id, {
            description: "from the client",
            tags: ["x"],
        });
        assert.equal(patched.description, "from the client");
    });

    it("#21 refuses hidden and verified together before sending", async () => {
        const first = (await client.listEventDefinitionsPage({ limit: 1 })).results[0];
        const before = requestsTo(sb, "PATCH", "/event_definitions/").length;
        const err = await apiError(
            client.updateEventDefinition(first.id, { hidden: true, verified: true }),
        );
        assert.equal(err.status, 400);
        assert.match(err.userMessage, /hidden and verified/);
        assert.equal(requestsTo(sb, "PATCH", "/event_definitions/").length, before, "nothing sent");
    });

    it("#22 deletes (204) and the definition is then a 404", async () => {
        const last = (await client.listEventDefinitionsPage({ limit: 100 })).results.at(-1)!;
        await client.deleteEventDefinition(last.id);
        assert.ok(!sb.state.eventDefinitions.some((d) => d.id === last.id));
        const err = await apiError(client.getEventDefinition(last.id));
        assert.equal(err.status, 404);
    });

    it("#19 an unknown event_type is PostHog's 400 on event_type, said plainly", async () => {
        const err = await apiError(client.listEventDefinitionsPage({ event_type: "actions" }));
        assert.equal(err.status, 400);
        assert.equal(err.attr, "event_type");
        assert.equal(
            err.userMessage,
            'PostHog has no event type "actions" to list; use event, event_custom or event_posthog.',
        );
    });

    it("#19 pages past a capped count: the count is a lower bound", async () => {
        const seed = sb.state.eventDefinitions.find((d) => d.team_id === sb.projectId)!;
        const before = sb.state.eventDefinitions.length;
        const own = sb.state.eventDefinitions.filter((d) => d.team_id === sb.projectId).length;
        // More than 50,000 definitions make a large project (definition_search.py).
        for (let i = 0; i < 50_001; i++) {
            const n = String(i).padStart(5, "0");
            sb.state.eventDefinitions.push({
                ...seed,
                id: `00000000-0000-4000-8000-0000001${n}`,
                name: `zz_bulk_${n}`,
            });
        }
        try {
            const page = await client.listEventDefinitionsPage({ limit: 5000 });
            assert.deepEqual([page.count, page.count_is_capped], [10_000, true]);
            const all = await client.listEventDefinitions({ limit: 5000 }).all();
            assert.equal(all.length, own + 50_001, "every definition, not the first 10,000");
        } finally {
            sb.state.eventDefinitions.splice(before);
        }
    });

    it("#20 a non-UUID id is a 404", async () => {
        const err = await apiError(client.getEventDefinition("not-a-uuid"));
        assert.equal(err.status, 404);
    });
});
