// The tables the sandbox serves from PostHog's source (schemaTable.json, generated from
// posthog/hogql/database/): each runs a real query over real HTTP on seeded rows made inside
// ClickHouse, and tables PostHog lacks get PostHog's message.
/* eslint-disable @typescript-eslint/no-explicit-any */
import assert from "node:assert/strict";
import { type Sandbox } from "../sandbox/index";
import { COMPANIES, PRO_COHORT_ID } from "../sandbox/hogql/seedSql";
import { useSandbox } from "./useSandbox";

describe("sandbox schema from PostHog's source", function () {
    this.timeout(60_000);
    let sb: Sandbox;

    useSandbox((started) => ({ sb } = started));

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

    it("sessions: sessions_v2.py's table, which Database.create_for gives every team by default", async () => {
        const result = await rows(
            "SELECT $page_screen_autocapture_count_up_to AS n, count() FROM sessions GROUP BY n ORDER BY n",
        );
        // uniqUpTo(1): 0, 1, or 2 for more than one; every seeded session has a pageview.
        assert.deepEqual(
            result.map((r) => r[0]),
            [2],
        );
        const [[host, end, gclsrc, lcp]] = await rows(
            "SELECT $entry_hostname, $end_pathname != '', $entry_gclsrc, $vitals_lcp FROM sessions LIMIT 1",
        );
        assert.deepEqual([host, end, gclsrc, lcp], ["hogflix.example", 1, null, null]);
        // v2's avoid_asterisk_fields: the v1 aliases, id, duration and session_id_v7 stay out of
        // SELECT *; the plain DatabaseField $page_screen_autocapture_count_up_to does not.
        const star = await hogql("SELECT * FROM sessions LIMIT 1");
        assert.equal(star.status, 200, JSON.stringify(star.json));
        for (const name of [
            "$page_screen_autocapture_count_up_to",
            "$end_current_url",
            "$vitals_lcp",
        ])
            assert.ok(star.json.columns.includes(name), name);
        for (const name of ["$exit_current_url", "id", "duration", "session_id_v7", "team_id"])
            assert.ok(!star.json.columns.includes(name), name);
        // v3's own fields and v1's joins are not fields of v2.
        for (const field of ["$entry_has_gclid", "events.event", "person.id"]) {
            const res = await hogql(`SELECT ${field} FROM sessions LIMIT 1`);
            assert.equal(res.status, 400, `${field}: ${JSON.stringify(res.json)}`);
        }
        // events.session joins the same table.
        const [[duration]] = await rows(
            "SELECT session.$session_duration >= 0 FROM events WHERE $session_id != '' LIMIT 1",
        );
        assert.equal(duration, 1);
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

    it("raw_sessions: sessions_v2.py's states of the same sessions, made when first asked for", async () => {
        const [[sessions, pageviews, autocaptures]] = await rows(
            "SELECT count(), sum(pv), sum(ac) FROM (SELECT session_id_v7, uniqMerge(pageview_uniq) AS pv, uniqMerge(autocapture_uniq) AS ac FROM raw_sessions GROUP BY session_id_v7)",
        );
        const [[v2Sessions, v2Pageviews, v2Autocaptures]] = await rows(
            "SELECT count(), sum($pageview_count), sum($autocapture_count) FROM sessions",
        );
        assert.deepEqual(
            [sessions, pageviews, autocaptures],
            [v2Sessions, v2Pageviews, v2Autocaptures],
        );
        const star = await hogql("SELECT * FROM raw_sessions LIMIT 1");
        assert.deepEqual(star.json.columns, [
            "min_timestamp",
            "max_timestamp",
            "max_inserted_at",
            "urls",
        ]);
    });

    it("exchange_rate: five currencies daily for 90 days and monthly since 2020, no team guard", async () => {
        // Days count back from the seed's own today (its newest date), not the query's: the
        // day can turn between seeding and asking.
        const seeded = "(SELECT max(date) FROM exchange_rate)";
        const result = await rows(
            `SELECT currency, countIf(date > ${seeded} - 90), countIf(date <= ${seeded} - 90) >= 60, ` +
                "min(rate) > 0, min(date) FROM exchange_rate GROUP BY currency ORDER BY currency",
        );
        assert.deepEqual(
            result,
            ["BRL", "EUR", "GBP", "JPY", "USD"].map((c) => [c, 90, 1, 1, "2020-01-01"]),
        );
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

    it("knows the system.* tables system.py lists, hidden ones too, and suggests the visible ones", async () => {
        // PostHog runs them for a personal key (an organization admin's, or any member's
        // without an access-control restriction); they live in PostHog's Postgres, which the
        // sandbox does not have, so it says so instead of calling them unknown.
        for (const name of ["system.cohorts", "system.insights", "system._ticket_assignments"]) {
            const res = await hogql(`SELECT * FROM ${name}`);
            assert.equal(res.status, 400, name);
            assert.equal(
                res.json.detail,
                `The sandbox does not hold PostHog's table \`${name}\`: query it on a PostHog instance.`,
            );
        }
        // database.py get_table: unknown, with suggestions from get_posthog_table_names(), whose
        // system tables are the visible ones.
        let res = await hogql("SELECT 1 FROM system.cohortz");
        assert.equal(
            res.json.detail,
            "Unknown table `system.cohortz`. Did you mean: system.cohorts, system.exports, system.batch_exports?",
        );
        res = await hogql("SELECT 1 FROM system._ticket_assignmentz");
        assert.equal(
            res.json.detail,
            "Unknown table `system._ticket_assignmentz`. Did you mean: system.error_tracking_issue_assignments?",
        );
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
        // database.py serialize: get_posthog_table_names(include_hidden=True), the root tables
        // and the posthog. ones outside them, sorted (numbers, a table function, is not one of
        // them); then get_system_table_names(): query_log (already listed) and the visible
        // system.* tables in system.py's order.
        const system = names.filter((n) => n.startsWith("system."));
        const posthog = names.filter((n) => !n.startsWith("system."));
        assert.deepEqual(posthog, [...posthog].sort());
        assert.deepEqual(names, [...posthog, ...system]);
        assert.deepEqual(system.slice(0, 4), [
            "system.accounts",
            "system.account_relationship_definitions",
            "system.account_relationships",
            "system.activity_logs",
        ]);
        assert.ok(!system.includes("system._ticket_assignments"), "hidden");
        assert.ok(!system.includes("system.information_schema"), "a node, not a table");
        for (const name of system) assert.equal(res.json.tables[name].type, "system", name);
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
        // sessions as create_for gives it (sessions_v2.py), typed from the reading.
        const sessions = res.json.tables.sessions.fields;
        assert.equal(sessions.$session_duration.type, "integer");
        assert.equal(sessions.$vitals_lcp.type, "float");
        assert.equal(sessions.$entry_has_gclid, undefined, "a v3 field");
        assert.equal(
            sessions.$page_screen_autocapture_count_up_to,
            undefined,
            "a plain DatabaseField",
        );
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

    it("log_entries: console logs of replayed sessions through console_logs, batch export lines apart", async () => {
        const [[consoleLines, exportLines, all]] = await rows(
            "SELECT (SELECT count() FROM console_logs_log_entries), (SELECT count() FROM batch_export_log_entries), (SELECT count() FROM log_entries)",
        );
        assert.ok(Number(consoleLines) > 0 && Number(exportLines) > 0);
        assert.equal(Number(consoleLines) + Number(exportLines), Number(all));
        // session_replay_events.py console_logs: LEFT JOIN on session_id = log_source_id, only
        // the session_replay lines (log_entries.py ReplayConsoleLogsLogEntriesTable).
        const [[joined, sources]] = await rows(
            "SELECT countIf(console_logs.log_source_id = session_id), groupUniqArray(console_logs.log_source) FROM raw_session_replay_events WHERE console_logs.message != ''",
        );
        assert.equal(joined, consoleLines);
        assert.deepEqual(sources, ["session_replay"]);
    });

    it("cohort_membership: the cohort's people, entered", async () => {
        const [[members, statuses]] = await rows(
            `SELECT count(), groupUniqArray(status) FROM cohort_membership WHERE cohort_id = ${PRO_COHORT_ID}`,
        );
        const [[people]] = await rows(
            `SELECT count() FROM cohort_people WHERE cohort_id = ${PRO_COHORT_ID}`,
        );
        assert.equal(members, people);
        assert.deepEqual(statuses, ["entered"]);
    });

    it("groups.revenue_analytics: joins the empty table PostHog selects without revenue views", async () => {
        const res = await hogql(
            "SELECT key, revenue_analytics.revenue, revenue_analytics.revenue_last_30_days FROM groups LIMIT 1",
        );
        assert.equal(res.status, 200, JSON.stringify(res.json));
        assert.deepEqual(res.json.columns, ["key", "revenue", "revenue_last_30_days"]);
        const [[count]] = await rows("SELECT count() FROM groups_revenue_analytics");
        assert.equal(count, 0);
    });

    it("document embeddings: one table per embedding model (HOGQL_MODEL_TABLES), and the lazy one picking the model from WHERE", async () => {
        for (const model of ["text_embedding_3_small_1536", "text_embedding_3_large_3072"]) {
            const res = await hogql(`SELECT * FROM document_embeddings_${model}`);
            assert.equal(res.status, 200, JSON.stringify(res.json));
            assert.deepEqual(res.json.columns, [
                "product",
                "document_type",
                "rendering",
                "document_id",
                "timestamp",
                "inserted_at",
                "content",
                "metadata",
                "embedding",
            ]);
            assert.deepEqual(res.json.results, []);
        }
        // document_embeddings.py DocumentEmbeddingsTable reads the table of the model its WHERE
        // names, with model_name as a constant; with none, lazy_select's ValueError is a 500.
        const lazy = await hogql(
            "SELECT document_id, model_name FROM document_embeddings WHERE equals('text-embedding-3-small-1536', model_name) AND product != ''",
        );
        assert.equal(lazy.status, 200, JSON.stringify(lazy.json));
        assert.deepEqual(lazy.json.columns, ["document_id", "model_name"]);
        assert.equal((await hogql("SELECT document_id FROM document_embeddings")).status, 500);
        const unknownModel = await hogql(
            "SELECT document_id FROM document_embeddings WHERE model_name = 'text_embedding_3_small_1536'",
        );
        assert.equal(unknownModel.status, 500);
        const schema = await query({ kind: "DatabaseSchemaQuery" });
        const listed = Object.keys(schema.json.tables).filter((t) => t.includes("embedding"));
        assert.deepEqual(listed.sort(), [
            "document_embeddings",
            "document_embeddings_text_embedding_3_large_3072",
            "document_embeddings_text_embedding_3_small_1536",
            "pg_embeddings",
            "raw_document_embeddings",
        ]);
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
