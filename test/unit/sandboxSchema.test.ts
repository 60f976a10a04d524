// The tables the sandbox serves from PostHog's source (schemaTable.json, generated from
// posthog/hogql/database/): each runs a real query over real HTTP on seeded rows made inside
// ClickHouse, and tables PostHog lacks get PostHog's message.
/* eslint-disable @typescript-eslint/no-explicit-any */
import assert from "node:assert/strict";
import { type Sandbox, startSandbox } from "../sandbox/index";
import { COMPANIES, PRO_COHORT_ID } from "../sandbox/hogql/seedSql";

describe("sandbox schema from PostHog's source", function () {
    this.timeout(60_000);
    let sb: Sandbox;

    before(async () => {
        sb = await startSandbox();
    });
    after(async () => {
        await sb.close();
    });

    async function query(query: object): Promise<{ status: number; json: any }> {
        const res = await fetch(`${sb.url}/api/projects/${sb.projectId}/query/`, {
            method: "POST",
            headers: {
                Authorization: `Bearer ${sb.keys.full}`,
                "Content-Type": "application/json",
            },
            body: JSON.stringify({ query, refresh: "force_blocking" }),
        });
        return { status: res.status, json: await res.json() };
    }
    const hogql = (text: string) => query({ kind: "HogQLQuery", query: text });
    async function rows(text: string): Promise<unknown[][]> {
        const res = await hogql(text);
        assert.equal(res.status, 200, `${text}: ${JSON.stringify(res.json)}`);
        return res.json.results;
    }

    it("groups: the companies the events name, one row each, SELECT * without team_id", async () => {
        const [[groups, named]] = await rows(
            "SELECT count(), countIf(properties.name LIKE 'Company %') FROM groups WHERE index = 0",
        );
        const [[companies]] = await rows("SELECT count(DISTINCT $group_0) FROM events");
        assert.equal(groups, companies);
        assert.equal(named, groups);
        assert.ok(Number(groups) > COMPANIES / 2 && Number(groups) <= COMPANIES, String(groups));
        const star = await hogql("SELECT * FROM raw_groups LIMIT 1");
        assert.equal(star.status, 200, JSON.stringify(star.json));
        assert.deepEqual(star.json.columns, [
            "index",
            "key",
            "created_at",
            "updated_at",
            "properties",
        ]);
    });

    it("events.group_0: the lazy join to the groups of index 0 on $group_0", async () => {
        const [[named, total]] = await rows(
            `SELECT countIf(group_0.properties.name LIKE 'Company %'), count()
            FROM events WHERE $group_0 != ''`,
        );
        assert.ok(Number(total) > 0);
        assert.equal(named, total);
        // group_1 joins the groups of index 1, which the seed has none of.
        const [[none]] = await rows(
            "SELECT countIf(group_1.key != '') FROM events WHERE $group_0 != ''",
        );
        assert.equal(none, 0);
    });

    it("cohort_people: the pro-plan cohort, and its lazy join to persons", async () => {
        const [[members]] = await rows(
            `SELECT count() FROM cohort_people WHERE cohort_id = ${PRO_COHORT_ID}`,
        );
        const [[pro]] = await rows("SELECT count() FROM persons WHERE properties.plan = 'pro'");
        assert.equal(members, pro);
        assert.ok(Number(pro) > 0);
        const plans = await rows("SELECT DISTINCT person.properties.plan FROM cohort_people");
        assert.deepEqual(plans, [["pro"]]);
        const [[sign, version]] = await rows(
            "SELECT min(sign), max(version) FROM raw_cohort_people",
        );
        assert.deepEqual([sign, version], [1, 1]);
    });

    it("session replays: the raw table and the lazy one with PostHog's fields", async () => {
        const [[raw, firstStart]] = await rows(
            "SELECT count(), min(min_first_timestamp) FROM raw_session_replay_events",
        );
        const [[lazy, start]] = await rows(
            "SELECT count(), min(start_time) FROM session_replay_events",
        );
        assert.equal(raw, lazy);
        assert.equal(firstStart, start);
        assert.ok(Number(raw) > 0);
        const [[urls, person]] = await rows(
            "SELECT length(all_urls) > 0, person_id IS NOT NULL FROM session_replay_events LIMIT 1",
        );
        assert.deepEqual([urls, person], [1, 1]);
        // session_replay_events.py: the raw-only fields are not fields of the lazy table.
        const res = await hogql("SELECT min_first_timestamp FROM session_replay_events");
        assert.equal(res.status, 400);
        assert.equal(res.json.detail, "Unable to resolve field: min_first_timestamp");
    });

    it("sessions: the fields of sessions v3 too, such as $page_screen_autocapture_count_up_to", async () => {
        const result = await rows(
            "SELECT $page_screen_autocapture_count_up_to AS n, count() FROM sessions GROUP BY n ORDER BY n",
        );
        // uniqUpTo(1): 0, 1, or 2 for more than one; every seeded session has a pageview.
        assert.deepEqual(
            result.map((r) => r[0]),
            [2],
        );
        const [[host, end]] = await rows(
            "SELECT $entry_hostname, $end_pathname != '' FROM sessions LIMIT 1",
        );
        assert.deepEqual([host, end], ["hogflix.example", 1]);
        // v3 leaves its aggregate-state fields out of SELECT *.
        const star = await hogql("SELECT * FROM sessions LIMIT 1");
        assert.equal(star.status, 200, JSON.stringify(star.json));
        assert.ok(!star.json.columns.includes("$page_screen_autocapture_count_up_to"));
        assert.ok(star.json.columns.includes("$end_current_url"));
    });

    it("raw_sessions_v3: the sessions as aggregate states, read with -Merge as sessions_v3.py does", async () => {
        const [[raw]] = await rows("SELECT count() FROM raw_sessions_v3");
        const [[sessions]] = await rows("SELECT count() FROM sessions");
        assert.equal(raw, sessions);
        const merged = await rows(
            `SELECT uniqUpToMerge(1)(page_screen_autocapture_uniq_up_to) AS n,
                argMinMerge(entry_url) LIKE 'https://hogflix.example/%' AS url,
                uniqExactMerge(pageview_uniq) > 0 AS viewed
            FROM raw_sessions_v3 GROUP BY session_id_v7 LIMIT 1`,
        );
        assert.deepEqual(merged, [[2, 1, 1]]);
        // sessions_v3.py avoid_asterisk_fields: the states and session_id_v7 stay out of SELECT *.
        const star = await hogql("SELECT * FROM raw_sessions_v3 LIMIT 1");
        assert.equal(star.status, 200, JSON.stringify(star.json));
        assert.deepEqual(star.json.columns, [
            "min_timestamp",
            "max_timestamp",
            "max_inserted_at",
            "urls",
        ]);
    });

    it("exchange_rate: five currencies for each of the last 90 days, no team guard", async () => {
        const result = await rows(
            "SELECT currency, count(), min(rate) > 0 FROM exchange_rate GROUP BY currency ORDER BY currency",
        );
        assert.deepEqual(result, [
            ["BRL", 90, 1],
            ["EUR", 90, 1],
            ["GBP", 90, 1],
            ["JPY", 90, 1],
            ["USD", 90, 1],
        ]);
    });

    it("numbers stays a table function with PostHog's argument counts", async () => {
        assert.deepEqual(await rows("SELECT sum(number) FROM numbers(5)"), [[10]]);
        const res = await hogql("SELECT number FROM numbers");
        assert.equal(res.status, 400);
        assert.equal(res.json.detail, "Table function 'numbers' requires arguments");
    });

    it("names tables PostHog lacks in PostHog's words, with its suggestions", async () => {
        let res = await hogql("SELECT 1 FROM evnts");
        assert.equal(res.status, 400);
        assert.equal(res.json.detail, "Unknown table `evnts`. Did you mean: events?");
        res = await hogql("SELECT 1 FROM nothing_like_it");
        assert.equal(res.json.detail, "Unknown table `nothing_like_it`.");
        // A table PostHog has that the sandbox does not hold is not called unknown.
        res = await hogql("SELECT 1 FROM heatmaps");
        assert.equal(res.status, 400);
        assert.match(res.json.detail, /sandbox does not hold PostHog's table `heatmaps`/);
    });

    it("answers DatabaseSchemaQuery with the generated tables' fields and types", async () => {
        const res = await query({ kind: "DatabaseSchemaQuery" });
        assert.equal(res.status, 200);
        const fields = (table: string) =>
            Object.fromEntries(
                Object.values(res.json.tables[table].fields).map((f: any) => [f.name, f.type]),
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
        assert.equal(fields("session_replay_events").start_time, "datetime");
        assert.equal(fields("cohort_people").person, "lazy_table");
    });

    it("lists in DatabaseSchemaQuery exactly the tables PostHog lists, in its order", async () => {
        const res = await query({ kind: "DatabaseSchemaQuery" });
        assert.equal(res.status, 200);
        const names = Object.keys(res.json.tables);
        // database.py get_posthog_table_names(include_hidden=True): the root tables and the
        // posthog. ones outside them, sorted; numbers (a table function) is not one of them.
        assert.deepEqual(names, [...names].sort());
        for (const name of ["events", "raw_sessions_v3", "heatmaps", "posthog.ai_events"])
            assert.ok(names.includes(name), name);
        assert.ok(!names.includes("numbers"));
        assert.ok(!names.includes("posthog.events"), "posthog. copies of root tables");
        assert.equal(res.json.tables.query_log.type, "system");
        assert.equal(res.json.tables.events.type, "posthog");
        const events = res.json.tables.events.fields;
        assert.deepEqual(events.goe_0, {
            name: "goe_0",
            hogql_value: "goe_0",
            type: "virtual_table",
            schema_valid: true,
            table: "events",
            fields: ["key", "created_at", "properties"],
        });
        assert.equal(events.person_mode.type, "string");
        // The team's default modifiers: person joined on the event's person_id.
        assert.equal(events.person.type, "lazy_table");
        assert.equal(events.person.table, "persons");
        assert.equal(events.person_id.type, "string");
        assert.equal(events.$session_id.hogql_value, "`$session_id`");
        assert.equal(events.team_id, undefined);
        assert.deepEqual(res.json.tables.persons.fields.pdi.fields, [
            "team_id",
            "distinct_id",
            "person_id",
        ]);
        assert.ok(Object.keys(res.json.tables.sessions.fields).includes("$session_duration"));
    });

    it("runs the fields only the newest events.py and query_log_archive.py have", async () => {
        const [[mode, sessionUuid, groupKey, groupProps]] = await rows(
            "SELECT person_mode, $session_id_uuid IS NOT NULL, goe_0.key = $group_0, goe_0.properties FROM events LIMIT 1",
        );
        assert.deepEqual([mode, sessionUuid, groupKey, groupProps], ["full", 1, 1, ""]);
        const [[pdi]] = await rows(
            "SELECT count() FROM persons WHERE pdi.distinct_id LIKE 'user_%'",
        );
        assert.ok(Number(pdi) > 0);
        const [[raw, lazy]] = await rows(
            "SELECT (SELECT count() FROM raw_persons), (SELECT count() FROM persons)",
        );
        assert.equal(raw, lazy);
        const log = await hogql(
            "SELECT RealTimeMicroseconds, S3GetObject, is_personal_api_key_request FROM query_log LIMIT 1",
        );
        assert.equal(log.status, 200, JSON.stringify(log.json));
        const rawLog = await hogql("SELECT lc_access_method, lc_query__kind FROM raw_query_log");
        assert.equal(rawLog.status, 200, JSON.stringify(rawLog.json));
    });

    it("refuses a field PostHog lacks with PostHog's message at its position", async () => {
        const text = "SELECT event, $session_id_v7 FROM events";
        const res = await query({ kind: "HogQLMetadata", language: "hogQL", query: text });
        assert.equal(res.status, 200);
        assert.equal(res.json.isValid, false);
        const start = text.indexOf("$session_id_v7");
        assert.deepEqual(res.json.errors[0], {
            message: "Unable to resolve field: $session_id_v7",
            start,
            end: start + "$session_id_v7".length,
        });
        const run = await hogql(text);
        assert.equal(run.status, 400);
        assert.equal(run.json.detail, "Unable to resolve field: $session_id_v7");
    });
});
