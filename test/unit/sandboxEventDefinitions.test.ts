// The sandbox's event definitions come from its events, as PostHog's ingestion makes them
// (rust/property-defs-rs/src/types.rs @b1df5613); only the curated fields are seed data.
/* eslint-disable @typescript-eslint/no-explicit-any */
import assert from "node:assert/strict";
import {
    CURATED,
    definitionId,
    eventDefinitions,
    readSeenEvents,
} from "../sandbox/eventDefinitionSeed";
import { execSql } from "../sandbox/hogql/clickhouse";
import { RETIRED_EVENTS } from "../sandbox/hogql/seedSql";
import { type Sandbox } from "../sandbox/index";
import { USERS } from "../sandbox/seed";
import { useSandbox } from "./useSandbox";

describe("sandbox event definitions from the seeded events", function () {
    this.timeout(30_000);
    let sb: Sandbox;
    let base: string;

    useSandbox((started) => {
        ({ sb } = started);
        base = `${sb.url}/api/projects/${sb.projectId}`;
    });

    async function call(method: string, path: string, body?: unknown): Promise<any> {
        const res = await fetch(path.startsWith("http") ? path : base + path, {
            method,
            headers: {
                Authorization: `Bearer ${sb.keys.full}`,
                "Content-Type": "application/json",
            },
            body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return text ? JSON.parse(text) : null;
    }

    /** The events table's names with first and last times, asked with HogQL through the API. */
    async function eventsTable(): Promise<Map<string, { first: string; last: string }>> {
        const r = await call("POST", "/query/", {
            query: {
                kind: "HogQLQuery",
                query: "SELECT event, min(timestamp), max(timestamp) FROM events GROUP BY event LIMIT 1000",
            },
        });
        return new Map(
            (r.results as [string, string, string][]).map(([name, first, last]) => [
                name,
                { first, last },
            ]),
        );
    }

    it("has one definition per event name of the events table, with its first and last event", async () => {
        const events = await eventsTable();
        const list = await call("GET", "/event_definitions/?limit=1000");
        const defs = list.results as any[];
        assert.equal(list.count, defs.length);
        assert.deepEqual(
            defs.map((d) => d.name).sort(),
            [...events.keys()].sort(),
            "the same names",
        );
        for (const d of defs) {
            const e = events.get(d.name)!;
            assert.equal(d.last_seen_at, e.last, `last seen of ${d.name}`);
            assert.equal(d.created_at, e.first, `created at of ${d.name}`);
            assert.equal(d.id, definitionId(d.name), `id of ${d.name}`);
        }
    });

    it("has events for every curated name, and the retired ones are stale and hidden", async () => {
        const byName = new Map(sb.state.eventDefinitions.map((d) => [d.name, d]));
        for (const [name, curated] of Object.entries(CURATED)) {
            const def = byName.get(name);
            assert.ok(def, `${name} is curated but has no events`);
            assert.equal(def.description, curated.description || null);
            assert.deepEqual(def.tags, curated.tags);
            assert.equal(def.verified, curated.verified ?? false);
            assert.equal(def.hidden, curated.hidden ?? false);
        }
        const fiftyDaysAgo = Date.now() - 50 * 86_400_000;
        for (const name of RETIRED_EVENTS) {
            const def = byName.get(name)!;
            assert.equal(def.hidden, true, `${name} is hidden`);
            assert.ok(Date.parse(String(def.last_seen_at)) < fiftyDaysAgo, `${name} is stale`);
        }
        const live = byName.get("$pageview")!;
        assert.ok(Date.parse(String(live.last_seen_at)) > Date.now() - 86_400_000);
    });

    it("a reset brings a deleted definition back with the same id", async () => {
        const id = definitionId("logged_out");
        await call("DELETE", `/event_definitions/${id}/`);
        assert.ok(!sb.state.eventDefinitions.some((d) => d.id === id));
        const reset = await fetch(`${sb.url}/_sandbox/reset`, { method: "POST" });
        assert.equal(reset.status, 200);
        const again = await call("GET", `/event_definitions/${id}/`);
        assert.deepEqual([again.id, again.name], [id, "logged_out"]);
    });

    it("a new event name becomes a definition with its last seen; ingestion's skips apply", async () => {
        // A table of the events' columns, so the shared events table stays as seeded.
        const table = "zz_events_definitions_test";
        const long = "x".repeat(199) + "é"; // 201 bytes: past will_fit_in_postgres_column
        await execSql(`CREATE TABLE ${table} AS events ENGINE = Memory`);
        try {
            await execSql(
                `INSERT INTO ${table} (uuid, event, timestamp, team_id) VALUES
                (generateUUIDv4(), 'zz_new_event', '2026-03-01 10:00:00.250000', 7),
                (generateUUIDv4(), 'zz_new_event', '2026-03-04 18:30:00', 7),
                (generateUUIDv4(), 'signed_up', '2026-03-02 09:00:00', 7),
                (generateUUIDv4(), '$$plugin_metrics', '2026-03-02 09:00:00', 7),
                (generateUUIDv4(), '${long}', '2026-03-02 09:00:00', 7),
                (generateUUIDv4(), 'nul\\0name', '2026-03-02 09:00:00', 7)`,
            );
            const seen = await readSeenEvents(table);
            assert.deepEqual(
                seen.map((e) => e.name),
                ["nul\ufffdname", "signed_up", "zz_new_event"],
            );
            const defs = eventDefinitions(seen, USERS, "2026-03-10T00:00:00Z");
            const made = defs.find((d) => d.name === "zz_new_event")!;
            assert.deepEqual(
                {
                    id: made.id,
                    team_id: made.team_id,
                    created_at: made.created_at,
                    last_seen_at: made.last_seen_at,
                    updated_at: made.updated_at,
                    updated_by: made.updated_by,
                    description: made.description,
                    tags: made.tags,
                    verified: made.verified,
                    hidden: made.hidden,
                    owner: made.owner,
                },
                {
                    id: definitionId("zz_new_event", 7),
                    team_id: 7,
                    created_at: "2026-03-01T10:00:00.250000Z",
                    last_seen_at: "2026-03-04T18:30:00Z",
                    updated_at: "2026-03-01T10:00:00.250000Z",
                    updated_by: null,
                    description: null,
                    tags: [],
                    verified: false,
                    hidden: false,
                    owner: null,
                },
            );
            // The curated fields are project 1's: another project's signed_up has none.
            assert.equal(defs.find((d) => d.name === "signed_up")!.verified, false);
        } finally {
            await execSql(`DROP TABLE IF EXISTS ${table}`);
        }
    });

    it("ids are name-based UUIDs: fixed per team and name, distinct across both", () => {
        const id = definitionId("signed_up");
        assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        assert.equal(definitionId("signed_up", 1), id);
        assert.notEqual(definitionId("signed_up", 2), id);
        assert.notEqual(definitionId("signed_up "), id);
    });
});
