import * as assert from "node:assert/strict";
import { catalogueTables, tableCatalogueLoaded } from "../../src/language/tableCatalogue";

describe("HogQL table catalogue (generated from PostHog's posthog/hogql/database/)", () => {
    it("is read on first use only", () => {
        // Only the extension's SchemaCache reads it (not in a unit test), so nothing has yet.
        assert.equal(tableCatalogueLoaded(), false);
        catalogueTables();
        assert.equal(tableCatalogueLoaded(), true);
    });

    it("lists the tables database.py registers at the root, sorted, with the table functions", () => {
        const names = catalogueTables().map((t) => t.name);
        assert.deepEqual(names, [...names].sort());
        for (const name of [
            "events",
            "persons",
            "groups",
            "cohort_people",
            "raw_session_replay_events",
            "raw_sessions_v3",
            "exchange_rate",
            "numbers",
        ])
            assert.ok(names.includes(name), name);
        assert.ok(
            !names.some((n) => n.startsWith("posthog.")),
            "the posthog. copies are not listed",
        );
        const numbers = catalogueTables().find((t) => t.name === "numbers")!;
        assert.deepEqual(numbers.tableFunction, [1, 2]);
    });

    it("gives the fields DatabaseSchemaQuery lists for the tables read: no team_id, no hidden or untyped ones", () => {
        const fields = (name: string) =>
            Object.fromEntries(
                catalogueTables()
                    .find((t) => t.name === name)!
                    .fields.map((f) => [f.name, f.type]),
            );
        assert.deepEqual(fields("groups"), {
            index: "integer",
            key: "string",
            created_at: "datetime",
            updated_at: "datetime",
            properties: "json",
            revenue_analytics: "lazy_table",
        });
        assert.deepEqual(fields("exchange_rate"), {
            currency: "string",
            date: "date",
            rate: "decimal",
        });
        // first_url is a plain DatabaseField on the raw table (an aggregate state): not listed.
        assert.equal(fields("raw_session_replay_events").first_url, undefined);
        assert.equal(fields("raw_session_replay_events").min_first_timestamp, "datetime");
        assert.equal(fields("session_replay_events").start_time, "datetime");
        assert.equal(fields("session_replay_events").min_first_timestamp, undefined);
        // events.py: the newest fields, the sub-tables and joins; $session_id_uuid is a plain
        // DatabaseField (not listed), team_id is left out.
        const events = fields("events");
        assert.equal(events.person_mode, "string");
        assert.equal(events.uuid, "string");
        assert.equal(events.goe_0, "virtual_table");
        assert.equal(events.pdi, "lazy_table");
        assert.equal(events.person, "field_traverser");
        assert.equal(events.$session_id_uuid, undefined);
        assert.equal(events.team_id, undefined);
        assert.equal(fields("query_log").RealTimeMicroseconds, "integer");
        // Tables whose schema module was not read are named without fields.
        assert.deepEqual(fields("heatmaps"), {});
    });
});
