// The sandbox's ClickHouse tables (column names as PostHog's ClickHouse schema has them) and their
// seed data, generated inside ClickHouse from numbers() with hash functions of `number`, so every
// run has the same rows and counts (only timestamps move with "now"):
// 2,000 persons, 12,000 sessions over the last 90 days (fewer on weekends), 10 events each
// (120,000 events: pageviews, clicks, signups, checkouts, feature flag calls with the seeded
// experiments' variants), sessions derived from events, replays for a third of the sessions, the
// companies (group type 0) the events name, a cohort of the persons on the pro plan, and
// exchange rates (daily, and monthly back to 2020) with the dictionary convertCurrency reads.
import { EXCHANGE_RATE_DICTIONARY_SQL } from "./exchangeRates";

export const PERSONS = 2000;
export const SESSIONS = 12_000;
export const EVENTS_PER_SESSION = 10;
export const EVENTS = SESSIONS * EVENTS_PER_SESSION;
const TEAM = 1;

/** Multivariate flags of the seeded experiments (test/sandbox/seed.ts) and their variants. */
export const EXPERIMENT_FLAGS: [key: string, variants: string[]][] = [
    ["checkout-button-color", ["control", "test"]],
    ["pricing-page-v2", ["control", "test", "test-2"]],
    ["annual-plan-discount", ["control", "test", "test-2"]],
    ["email-digest-frequency", ["control", "test"]],
    ["cart-reminder-timing", ["control", "test"]],
    ["web-landing-page-headline", ["control", "test"]],
    ["free-trial-length", ["control", "test"]],
];

/**
 * Events a few sessions end with instead of `$pageleave`, so that the event definitions derived
 * from the events (test/sandbox/eventDefinitionSeed.ts) cover PostHog's own events and a product's
 * custom ones, not only the dozen the sessions' steps send.
 */
export const OCCASIONAL_EVENTS = [
    "$set",
    "$groupidentify",
    "$rageclick",
    "$web_vitals",
    "$screen",
    "$opt_in",
    "$survey_shown",
    "$survey_sent",
    "$survey_dismissed",
    "$ai_generation",
    "$create_alias",
    "$merge_dangerously",
    "logged_in",
    "logged_out",
    "subscription_created",
    "plan_upgraded",
    "plan_downgraded",
    "video_paused",
    "video_completed",
    "title_added_to_list",
    "invite_sent",
    "invite_accepted",
    "onboarding_step_completed",
    "onboarding_completed",
    "settings_updated",
    "export_downloaded",
    "support_ticket_created",
];

/** Events no longer sent: only sessions older than 50 days have them (their definitions are stale). */
export const RETIRED_EVENTS = ["legacy_button_clicked", "test_event_please_ignore"];

const SETTINGS = "SETTINGS session_timezone = 'UTC'";

/**
 * The group columns PostHog's events carry for persons-on-events (events.py goe_N: group{N}_
 * properties, group{N}_created_at). The sandbox does not copy groups onto its events: ALIAS
 * columns (not stored, not written by the seed's INSERTs) give what an event without the group's
 * copy holds.
 */
const GROUP_ON_EVENT_COLUMNS = [0, 1, 2, 3, 4]
    .map(
        (i) =>
            `group${i}_properties String ALIAS '', group${i}_created_at DateTime64(6, 'UTC') ALIAS toDateTime64(0, 6, 'UTC')`,
    )
    .join(",\n        ");

/**
 * sessions_v2.py fields the seeded events never set (ad ids other than gclid and fbclid, LCP) or
 * the seed does not keep (the entry referrer's full URL): NULL, as PostHog's null_if_empty gives
 * for an empty value. ALIAS columns are not stored, so they cost the seed nothing.
 */
const SESSIONS_V2_NULL_COLUMNS = [
    "referrer",
    ...["gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "twclid", "li_fat_id", "mc_cid"],
    ...["igshid", "ttclid", "_kx", "irclid"],
]
    .map((name) => `\`$entry_${name}\` Nullable(String) ALIAS NULL`)
    .concat("vitals_lcp Nullable(Float64) ALIAS NULL")
    .join(",\n        ");

export const CREATE_TABLES: string[] = [
    `CREATE TABLE person (
        id UUID, team_id Int64, created_at DateTime64(6, 'UTC'), properties String,
        is_identified Bool, is_deleted UInt8, version Int64, initial_channel_type String
    ) ENGINE = MergeTree ORDER BY (team_id, id)`,
    `CREATE TABLE person_distinct_id2 (
        team_id Int64, distinct_id String, person_id UUID, is_deleted UInt8, version Int64
    ) ENGINE = MergeTree ORDER BY (team_id, distinct_id)`,
    `CREATE TABLE events (
        uuid UUID, event String, properties String, timestamp DateTime64(6, 'UTC'),
        team_id Int64, distinct_id String, elements_chain String,
        created_at DateTime64(6, 'UTC'), \`$session_id\` String, \`$window_id\` String,
        person_id UUID, person_properties String, person_created_at DateTime64(6, 'UTC'),
        \`$group_0\` String, \`$group_1\` String, \`$group_2\` String, \`$group_3\` String,
        \`$group_4\` String, elements_chain_href String, elements_chain_texts Array(String),
        elements_chain_ids Array(String), elements_chain_elements Array(String),
        issue_id Nullable(String),
        person_mode String ALIAS 'full',
        \`$session_id_uuid\` Nullable(UInt128) ALIAS toUInt128(toUUIDOrNull(\`$session_id\`)),
        ${GROUP_ON_EVENT_COLUMNS}
    ) ENGINE = MergeTree
    ORDER BY (team_id, toDate(timestamp), event, cityHash64(distinct_id), cityHash64(uuid))
    SAMPLE BY cityHash64(distinct_id)`,
    `CREATE TABLE sessions (
        id String, session_id String, team_id Int64, distinct_id String, person_id UUID,
        \`$start_timestamp\` DateTime64(6, 'UTC'), \`$end_timestamp\` DateTime64(6, 'UTC'),
        \`$urls\` Array(String), \`$num_uniq_urls\` UInt64, \`$entry_current_url\` String,
        \`$entry_pathname\` String, \`$exit_current_url\` String, \`$exit_pathname\` String,
        \`$entry_utm_source\` Nullable(String), \`$entry_referring_domain\` String,
        \`$event_count_map\` String, \`$pageview_count\` UInt64, \`$autocapture_count\` UInt64,
        \`$screen_count\` UInt64, \`$channel_type\` String, \`$session_duration\` Int64,
        duration Int64, \`$is_bounce\` Bool,
        session_id_v7 String, session_timestamp DateTime64(6, 'UTC'),
        max_inserted_at DateTime64(6, 'UTC'), \`$entry_host\` String, \`$end_current_url\` String,
        \`$end_pathname\` String, \`$end_hostname\` String, \`$last_external_click_url\` String,
        \`$entry_utm_campaign\` Nullable(String), \`$entry_utm_medium\` Nullable(String),
        \`$entry_utm_term\` Nullable(String), \`$entry_utm_content\` Nullable(String),
        \`$entry_fbclid\` Nullable(String), \`$entry_gclid\` Nullable(String),
        \`$entry_gad_source\` Nullable(String), \`$entry_has_fbclid\` Bool,
        \`$entry_has_gclid\` Bool, \`$page_screen_autocapture_count_up_to\` UInt64,
        ${SESSIONS_V2_NULL_COLUMNS}
    ) ENGINE = MergeTree ORDER BY (team_id, session_id)`,
    `CREATE TABLE session_replay_events (
        session_id String, team_id Int64, distinct_id String, person_id UUID,
        min_first_timestamp DateTime64(6, 'UTC'), max_last_timestamp DateTime64(6, 'UTC'),
        first_url Nullable(String), all_urls Array(String), click_count Int64,
        keypress_count Int64, mouse_activity_count Int64, active_milliseconds Int64,
        console_log_count Int64, console_warn_count Int64, console_error_count Int64, size Int64,
        event_count Int64, message_count Int64, snapshot_source Nullable(String),
        retention_period_days Nullable(Int64), _timestamp DateTime64(6, 'UTC')
    ) ENGINE = MergeTree ORDER BY (team_id, session_id)`,
    // PostHog's groups, cohortpeople and exchange_rate tables, one final row per key (PostHog's
    // ReplacingMergeTree / CollapsingMergeTree rows after merging).
    `CREATE TABLE groups (
        group_type_index Int64, team_id Int64, group_key String,
        created_at DateTime64(6, 'UTC'), _timestamp DateTime64(6, 'UTC'), group_properties String
    ) ENGINE = MergeTree ORDER BY (team_id, group_type_index, group_key)`,
    // PostHog's raw_sessions_v3: aggregate states per session (sessions_v3.py reads them with
    // -Merge functions); the column types follow what sessions_v3.py merges, the states are made
    // from the seeded events below. One row per session already, so no AggregatingMergeTree:
    // writing 42 state columns into MergeTree parts would cost more than the rest of the seed.
    `CREATE TABLE raw_sessions_v3 (
        team_id Int64,
        session_id_v7 UInt128,
        session_timestamp DateTime64(6, 'UTC'),
        distinct_id AggregateFunction(argMax, String, DateTime64(6, 'UTC')),
        person_id AggregateFunction(argMax, UUID, DateTime64(6, 'UTC')),
        min_timestamp SimpleAggregateFunction(min, DateTime64(6, 'UTC')),
        max_timestamp SimpleAggregateFunction(max, DateTime64(6, 'UTC')),
        max_inserted_at SimpleAggregateFunction(max, DateTime64(6, 'UTC')),
        urls SimpleAggregateFunction(groupUniqArrayArray, Array(String)),
        entry_url AggregateFunction(argMin, String, DateTime64(6, 'UTC')),
        end_url AggregateFunction(argMax, String, DateTime64(6, 'UTC')),
        last_external_click_url AggregateFunction(argMax, String, DateTime64(6, 'UTC')),
        browser AggregateFunction(argMin, String, DateTime64(6, 'UTC')),
        browser_version AggregateFunction(argMin, String, DateTime64(6, 'UTC')),
        os AggregateFunction(argMin, String, DateTime64(6, 'UTC')),
        os_version AggregateFunction(argMin, String, DateTime64(6, 'UTC')),
        device_type AggregateFunction(argMin, String, DateTime64(6, 'UTC')),
        viewport_width AggregateFunction(argMin, Int64, DateTime64(6, 'UTC')),
        viewport_height AggregateFunction(argMin, Int64, DateTime64(6, 'UTC')),
        geoip_country_code AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        geoip_subdivision_1_code AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        geoip_subdivision_1_name AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        geoip_subdivision_city_name AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        geoip_time_zone AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_referring_domain AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_utm_source AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_utm_campaign AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_utm_medium AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_utm_term AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_utm_content AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_gclid AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_gad_source AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_fbclid AggregateFunction(argMin, Nullable(String), DateTime64(6, 'UTC')),
        entry_has_gclid AggregateFunction(argMin, Bool, DateTime64(6, 'UTC')),
        entry_has_fbclid AggregateFunction(argMin, Bool, DateTime64(6, 'UTC')),
        entry_ad_ids_map AggregateFunction(argMin, Map(String, String), DateTime64(6, 'UTC')),
        entry_ad_ids_set AggregateFunction(argMin, Array(String), DateTime64(6, 'UTC')),
        entry_channel_type_properties AggregateFunction(argMin, Tuple(Nullable(String), Nullable(String), Nullable(String), Nullable(String), Bool, Bool, Nullable(String)), DateTime64(6, 'UTC')),
        pageview_uniq AggregateFunction(uniqExact, UUID),
        autocapture_uniq AggregateFunction(uniqExact, UUID),
        screen_uniq AggregateFunction(uniqExact, UUID),
        page_screen_autocapture_uniq_up_to AggregateFunction(uniqUpTo(1), UUID)
    ) ENGINE = Memory`,
    `CREATE TABLE cohortpeople (
        person_id UUID, cohort_id Int64, team_id Int64, sign Int8, version Int64
    ) ENGINE = MergeTree ORDER BY (team_id, cohort_id, person_id)`,
    // exchange_rate/sql.py EXCHANGE_RATE_TABLE_SQL, with the dictionary convertCurrency reads.
    `CREATE TABLE exchange_rate (
        currency String, date Date, rate Decimal64(10),
        version UInt32 DEFAULT toUnixTimestamp(now())
    ) ENGINE = MergeTree ORDER BY (date, currency)`,
    EXCHANGE_RATE_DICTIONARY_SQL,
    // cohort_membership.py CohortMembershipTable: realtime cohort membership, one row per person
    // and cohort with its last status.
    `CREATE TABLE cohort_membership (
        team_id Int64, cohort_id Int64, person_id UUID, status String,
        last_updated DateTime64(6, 'UTC')
    ) ENGINE = MergeTree ORDER BY (team_id, cohort_id, person_id)`,
    // log_entries.py LogEntriesTable: log lines of session replay (console logs) and batch exports.
    `CREATE TABLE log_entries (
        team_id Int64, log_source String, log_source_id String, instance_id String,
        timestamp DateTime64(6, 'UTC'), message String, level String
    ) ENGINE = MergeTree ORDER BY (team_id, log_source, log_source_id, timestamp)`,
    // Tables PostHog has that hold nothing for the sandbox's project: groups_revenue_analytics.py
    // selects SelectQuery.empty(columns=FIELDS) when the team has no revenue views, and no
    // document embeddings are made for it (document_embeddings.py, indexed_embedding.py).
    `CREATE TABLE groups_revenue_analytics (
        team_id Int64, group_key String, revenue Decimal64(10), revenue_last_30_days Decimal64(10)
    ) ENGINE = Memory`,
    ...[
        "distributed_posthog_document_embeddings_text_embedding_3_small_1536",
        "distributed_posthog_document_embeddings_text_embedding_3_large_3072",
        "posthog_document_embeddings_union_view",
    ].map(
        (table) => `CREATE TABLE ${table} (
        team_id Int64, product String, document_type String, rendering String,
        document_id String, timestamp DateTime64(3, 'UTC'), inserted_at DateTime64(3, 'UTC'),
        content String, metadata String, embedding Array(Float64)${table.endsWith("union_view") ? ", model_name String" : ""}
    ) ENGINE = Memory`,
    ),
    `CREATE TABLE query_log_archive (
        team_id Int64, event_date Date, event_time DateTime64(6, 'UTC'), query_id String,
        lc_id String, lc_query__query String, lc_query__kind String,
        query_start_time DateTime64(6, 'UTC'), query_duration_ms Int64, lc_name String,
        lc_user_id Int64, read_rows Int64, read_bytes Int64, result_rows Int64,
        result_bytes Int64, memory_usage Int64, type String, exception_code Int64,
        is_personal_api_key_request Bool, ProfileEvents_OSCPUVirtualTimeMicroseconds Int64,
        lc_access_method String ALIAS if(is_personal_api_key_request, 'personal_api_key', ''),
        ProfileEvents_RealTimeMicroseconds Int64 ALIAS query_duration_ms * 1000,
        ProfileEvents_S3ListObjects Int64 ALIAS 0, ProfileEvents_S3HeadObject Int64 ALIAS 0,
        ProfileEvents_S3GetObjectAttributes Int64 ALIAS 0, ProfileEvents_S3GetObject Int64 ALIAS 0,
        ProfileEvents_ReadBufferFromS3Bytes Int64 ALIAS 0
    ) ENGINE = MergeTree ORDER BY (team_id, event_date, query_id)`,
];

/** A value picked from a list by a hash: arrayElement([...], 1 + h % n). */
const pick = (list: string[], hash: string) =>
    `arrayElement([${list.map((s) => `'${s}'`).join(", ")}], 1 + (${hash}) % ${list.length})`;
const h = (salt: number, of = "number") => `intHash32(${of} * 1000003 + ${salt})`;

const FIRST = [
    "Alex",
    "Sam",
    "Jordan",
    "Taylor",
    "Morgan",
    "Casey",
    "Riley",
    "Jamie",
    "Quinn",
    "Avery",
];
const LAST = [
    "Smith",
    "Garcia",
    "Chen",
    "Müller",
    "Okafor",
    "Silva",
    "Patel",
    "Kim",
    "Novak",
    "Dubois",
];
const PLANS = ["free", "free", "free", "pro", "pro", "enterprise"];
const COUNTRIES = ["US", "US", "US", "GB", "DE", "FR", "BR", "IN", "NL", "CA"];
const BROWSERS = [
    "Chrome",
    "Chrome",
    "Chrome",
    "Chrome",
    "Chrome",
    "Chrome",
    "Safari",
    "Safari",
    "Firefox",
    "Edge",
];
const OSES = ["Mac OS X", "Windows", "Windows", "iOS", "Android", "Linux"];
const PATHS = [
    "/",
    "/pricing",
    "/browse",
    "/title/the-hedgehog",
    "/title/max-and-friends",
    "/search",
    "/account",
    "/signup",
    "/checkout",
];
const REFERRERS = [
    "$direct",
    "$direct",
    "https://www.google.com/",
    "https://www.google.com/",
    "https://news.ycombinator.com/",
    "https://twitter.com/",
];

const personId = (i: string) => `reinterpretAsUUID(sipHash128('person', ${i}))`;
/** The company (group type 0) person `i` works at: one of COMPANIES. */
/** Console log messages of the replayed sessions (PostHog's replay tests log the first). */
const CONSOLE_MESSAGES = [
    "This is a generic message",
    "Fetching user settings",
    "Deprecated API used",
    "Failed to load resource",
];

export const COMPANIES = 40;
const company = (i: string) =>
    `concat('company_', toString(intHash32(${i} * 7 + 3) % ${COMPANIES}))`;
/** The cohort of the persons on the pro plan (cohortpeople rows, version 1). */
export const PRO_COHORT_ID = 1;

export function seedStatements(): string[] {
    // Persons: person i has distinct id user_{1000+i}; identified ones also an anonymous id.
    const persons = `INSERT INTO person
        SELECT ${personId("number")}, ${TEAM},
            now64(6, 'UTC') - toIntervalSecond(86400 * (91 + ${h(1)} % 300)),
            toJSONString(map(
                'email', concat(lower(${pick(FIRST, h(2))}), '.', toString(number), '@example.com'),
                'name', concat(${pick(FIRST, h(2))}, ' ', ${pick(LAST, h(3))}),
                'plan', ${pick(PLANS, h(4))},
                '$initial_browser', ${pick(BROWSERS, h(5))},
                '$geoip_country_code', ${pick(COUNTRIES, h(6))},
                'company_size', ${pick(["1-10", "11-50", "51-200", "201-1000"], h(7))}
            )),
            ${h(8)} % 10 < 7, 0, 1, ${pick(["Direct", "Organic Search", "Referral", "Paid Search"], h(9))}
        FROM numbers(${PERSONS}) ${SETTINGS}`;
    const distinctIds = `INSERT INTO person_distinct_id2
        SELECT ${TEAM}, concat('user_', toString(1000 + number)), ${personId("number")}, 0, 1
        FROM numbers(${PERSONS})
        UNION ALL
        SELECT ${TEAM}, concat('anon_', lower(hex(${h(10)}))), ${personId("number")}, 0, 1
        FROM numbers(${PERSONS}) WHERE ${h(8)} % 10 < 7`;

    // Sessions: person (skewed to low ids: a few heavy users), age with a weekly rhythm (a
    // weekend pick is kept only half of the time), and what the visitor does.
    const session = `SELECT number AS s,
            toUInt64(pow(${h(20)} / 4294967296, 1.7) * ${PERSONS}) AS p,
            ${h(21)} % (90 * 86400 - 7200) + 3600 AS age1,
            ${h(22)} % (90 * 86400 - 7200) + 3600 AS age2,
            if(toDayOfWeek(now() - toIntervalSecond(age1)) >= 6 AND ${h(23)} % 100 < 55, age2, age1) AS age,
            now64(6, 'UTC') - toIntervalSecond(age) AS start,
            ${pick(BROWSERS, h(24))} AS browser,
            if(browser = 'Safari', ${pick(["Mac OS X", "iOS"], h(25))}, ${pick(OSES, h(25))}) AS os,
            ${pick(COUNTRIES, h(26))} AS country,
            ${pick(REFERRERS, h(27))} AS referrer,
            if(os IN ('iOS', 'Android'), 390, ${pick(["1280", "1440", "1920", "2560"], h(28))}) AS screen_width,
            if(os IN ('iOS', 'Android'), 844, toUInt32(screen_width) * 9 / 16) AS screen_height,
            ${h(29)} % 100 < 28 AS signs_up,
            toString(reinterpretAsUUID(sipHash128('session', number))) AS session_id,
            ${EXPERIMENT_FLAGS.map(([, variants], i) => `${pick(variants, `intHash32(p * 7 + ${i + 100})`)} AS flag_${i}`).join(",\n            ")},
            ${h(30)} % 100 < (if(flag_0 = 'test', 46, 32)) AS checks_out,
            ${h(31)} % 100 < (if(flag_0 = 'test', 62, 48)) AS completes
        FROM numbers(${SESSIONS})`;

    const props = `concat('{',
            '"$browser":"', browser, '",',
            '"$browser_version":', if(browser = 'Chrome', '131', '18'), ',',
            '"$os":"', os, '",',
            '"$device_type":"', if(os IN ('iOS', 'Android'), 'Mobile', 'Desktop'), '",',
            '"$current_url":"https://hogflix.example', path, '",',
            '"$pathname":"', path, '",',
            '"$host":"hogflix.example",',
            '"$referrer":"', referrer, '",',
            '"$geoip_country_code":"', country, '",',
            '"$screen_width":', toString(screen_width), ',',
            '"$screen_height":', toString(screen_height), ',',
            '"$lib":"web","$lib_version":"1.200.0",',
            '"$session_id":"', session_id, '",',
            '"$active_feature_flags":[${EXPERIMENT_FLAGS.map(([k]) => `\\"${k}\\"`).join(",")}],',
            ${EXPERIMENT_FLAGS.map(([k], i) => `'"$feature/${k}":"', flag_${i}, '",'`).join(",\n            ")},
            multiIf(
                event = '$feature_flag_called', concat('"$feature_flag":"', flag_key, '","$feature_flag_response":"', flag_value, '",'),
                event = 'checkout_completed', concat('"amount":', toString(round(5 + (${h(40, "n")} % 9500) / 100, 2)), ',"currency":"USD",'),
                event = 'search_performed', concat('"query":"', ${pick(["hedgehog", "max", "comedy", "docs"], h(41, "n"))}, '",'),
                event = '$exception', '"$exception_message":"TypeError: Cannot read properties of undefined",',
                ''),
            '"plan":"', pplan, '"',
        '}')`;

    // Every event's typed values before they become JSON, made once into a Memory table: the
    // events and the sessions' facts are both made from it (so no event's properties are parsed
    // back), then it is dropped.
    const eventRows = `CREATE TABLE event_rows ENGINE = Memory AS
            SELECT *, k, s * ${EVENTS_PER_SESSION} + k AS n,
                multiIf(
                    k = 0, '$pageview',
                    k = 1, if(${h(50, "s")} % 100 < 45, '$feature_flag_called', '$autocapture'),
                    k = 2, '$pageview',
                    k = 3, ${pick(["$autocapture", "$autocapture", "video_played", "search_performed", "$pageview"], h(51, "s"))},
                    k = 4, '$pageview',
                    k = 5, if(signs_up, 'signed_up', ${pick(["$autocapture", "video_played", "$pageview"], h(52, "s"))}),
                    k = 6, if(signs_up, '$identify', ${pick(["$autocapture", "$pageview", "video_played"], h(53, "s"))}),
                    k = 7, if(checks_out, 'checkout_started', '$pageview'),
                    k = 8, if(checks_out AND completes, 'checkout_completed', '$autocapture'),
                    multiIf(${h(54, "s")} % 100 < 3, '$exception', ${h(54, "s")} % 100 < 5, 'subscription_cancelled',
                        ${h(54, "s")} % 100 < 12, if(age > 50 * 86400 AND ${h(58, "s")} % 4 = 0, ${pick(RETIRED_EVENTS, h(59, "s"))}, ${pick(OCCASIONAL_EVENTS, h(57, "s"))}),
                        '$pageleave')
                ) AS event,
                multiIf(k = 0, if(referrer = '$direct', '/', ${pick(PATHS.slice(0, 5), h(55, "s"))}),
                    event = 'signed_up', '/signup', event IN ('checkout_started', 'checkout_completed'), '/checkout',
                    ${pick(PATHS, `intHash32(n * 31 + 7)`)}) AS path,
                ${pick(
                    EXPERIMENT_FLAGS.map(([k]) => k),
                    h(56, "s"),
                )} AS flag_key,
                multiIf(${EXPERIMENT_FLAGS.map(([k], i) => `flag_key = '${k}', flag_${i}`).join(", ")}, '') AS flag_value
            FROM (${session}) AS sess
            ARRAY JOIN range(${EVENTS_PER_SESSION}) AS k
            LEFT JOIN (SELECT number AS pn, properties AS pprops, JSONExtractString(properties, 'plan') AS pplan, created_at AS pcreated FROM person
                       JOIN (SELECT number, ${personId("number")} AS pid FROM numbers(${PERSONS})) AS ids ON ids.pid = person.id) AS pp
                ON pp.pn = sess.p ${SETTINGS}`;

    const events = `INSERT INTO events
        SELECT
            reinterpretAsUUID(sipHash128('event', n)) AS uuid, event, ${props} AS properties,
            start + toIntervalSecond(k * (20 + ${h(42, "s")} % 100)) AS timestamp, ${TEAM},
            concat('user_', toString(1000 + p)) AS distinct_id,
            if(event = '$autocapture', concat('button.btn:text="', ${pick(["Watch now", "Add to list", "Start trial", "Search"], h(43, "n"))}, '"nth-child="1"'), '') AS elements_chain,
            timestamp, session_id, concat('w-', session_id), ${personId("p")}, pprops, pcreated,
            ${company("p")}, '', '', '', '', '', [], [], [], NULL
        FROM event_rows ${SETTINGS}`;

    // The facts of each session, from the typed event rows (the values its events' properties
    // hold), kept in a Memory table that sessions and, when first asked for, raw_sessions_v3 are
    // made from (deferredSeeds), and raw_sessions too.
    const facts = `CREATE TABLE session_facts ENGINE = Memory AS
        SELECT ${TEAM} AS team_id, session_id AS sid, any(distinct_id) AS did, any(person_id) AS pid,
            argMax(distinct_id, timestamp) AS last_did, argMax(person_id, timestamp) AS last_pid,
            min(timestamp) AS st, max(timestamp) AS et, max(timestamp) AS ins,
            groupUniqArray(url) AS urls, argMin(url, timestamp) AS entry,
            argMin(path, timestamp) AS entry_path, argMax(url, timestamp) AS exit,
            argMax(path, timestamp) AS exit_path,
            argMin(if(referrer = '$direct', '$direct', domain(referrer)), timestamp) AS ref,
            argMin(e_browser, timestamp) AS browser,
            argMin(if(e_browser = 'Chrome', '131', '18'), timestamp) AS browser_version,
            argMin(e_os, timestamp) AS os,
            argMin(if(e_os IN ('iOS', 'Android'), 'Mobile', 'Desktop'), timestamp) AS device,
            argMin(toInt64(toString(screen_width)), timestamp) AS vw,
            argMin(toInt64(screen_height), timestamp) AS vh,
            argMin(e_country, timestamp) AS country,
            toJSONString(CAST(sumMap(map(event, toUInt64(1))) AS Map(String, UInt64))) AS event_counts,
            countIf(event = '$pageview') AS pv, countIf(event = '$autocapture') AS ac,
            groupArrayIf(uuid, event = '$pageview') AS pageviews,
            groupArrayIf(uuid, event = '$autocapture') AS autocaptures,
            groupArrayIf(uuid, event = '$screen') AS screens
        FROM (SELECT session_id, event, path, referrer, browser AS e_browser, os AS e_os, screen_width,
                screen_height, country AS e_country, concat('https://hogflix.example', path) AS url,
                reinterpretAsUUID(sipHash128('event', n)) AS uuid,
                start + toIntervalSecond(k * (20 + ${h(42, "s")} % 100)) AS timestamp,
                concat('user_', toString(1000 + p)) AS distinct_id, ${personId("p")} AS person_id
            FROM event_rows)
        GROUP BY sid ${SETTINGS}`;

    const sessions = `INSERT INTO sessions
        SELECT sid, sid, team_id, did, pid, st, et, urls, length(urls), entry, entry_path, exit,
            exit_path, NULL, ref, event_counts, pv, ac, 0,
            multiIf(ref = '$direct', 'Direct', ref LIKE '%google%', 'Organic Search', ref LIKE '%twitter%', 'Organic Social', 'Referral'),
            dateDiff('second', st, et) AS d, d, pv <= 1 AND d < 10,
            sid, st, et, domain(entry), exit, exit_path, domain(exit), '',
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, false, false,
            -- sessions_v3.py: uniqUpToMerge(1) of the pageview, screen and autocapture events
            least(length(pageviews) + length(autocaptures) + length(screens), 2)
        FROM session_facts ${SETTINGS}`;

    const replays = `INSERT INTO session_replay_events
        SELECT session_id, team_id, distinct_id, person_id, \`$start_timestamp\`, \`$end_timestamp\`,
            \`$entry_current_url\`, \`$urls\`, \`$autocapture_count\` * 2 + 1, ${h(60, "cityHash64(session_id)")} % 40,
            ${h(61, "cityHash64(session_id)")} % 300, \`$session_duration\` * 700,
            ${h(62, "cityHash64(session_id)")} % 20, ${h(63, "cityHash64(session_id)")} % 5,
            ${h(64, "cityHash64(session_id)")} % 3, 20000 + ${h(65, "cityHash64(session_id)")} % 500000,
            10 + ${h(66, "cityHash64(session_id)")} % 200, 5 + ${h(67, "cityHash64(session_id)")} % 50, 'web',
            30, \`$end_timestamp\`
        FROM sessions WHERE cityHash64(session_id) % 3 = 0 ${SETTINGS}`;

    // Groups: the companies the events name, first and last seen there.
    const groups = `INSERT INTO groups
        SELECT 0, ${TEAM}, \`$group_0\`, min(timestamp), max(timestamp),
            toJSONString(map('name', concat('Company ', substring(\`$group_0\`, 9)),
                'industry', ${pick(["media", "retail", "software", "finance"], "cityHash64(`$group_0`)")}))
        FROM events WHERE \`$group_0\` != '' GROUP BY \`$group_0\` ${SETTINGS}`;

    const cohortPeople = `INSERT INTO cohortpeople
        SELECT id, ${PRO_COHORT_ID}, ${TEAM}, 1, 1
        FROM person WHERE JSONExtractString(properties, 'plan') = 'pro' ${SETTINGS}`;

    // Realtime cohort membership: the cohort's people, entered when the cohort was calculated.
    const cohortMembership = `INSERT INTO cohort_membership
        SELECT team_id, cohort_id, person_id, 'entered', now64(6, 'UTC') - toIntervalDay(1)
        FROM cohortpeople ${SETTINGS}`;

    // Console logs of a few replayed sessions (log_source 'session_replay', log_source_id the
    // session), and the log lines of one batch export run.
    const logEntries = `INSERT INTO log_entries
        SELECT team_id, 'session_replay', session_id, '', min_first_timestamp + toIntervalSecond(k),
            ${pick(CONSOLE_MESSAGES, "cityHash64(session_id, k)")},
            ${pick(["info", "info", "warn", "error"], "cityHash64(session_id, k, 1)")}
        FROM session_replay_events ARRAY JOIN range(1 + console_log_count % 3) AS k
        WHERE cityHash64(session_id) % 10 = 0
        UNION ALL
        SELECT ${TEAM}, 'batch_export', 'export_1', 'run_1', now64(6, 'UTC') - toIntervalMinute(number),
            ['Batch export started', 'Batch export finished'][1 + number % 2], 'info'
        FROM numbers(2) ${SETTINGS}`;

    // Rates of a few currencies to USD (sql.py: every rate is against the USD of its day, so USD
    // is 1): daily for the last 90 days and on the first of each month since 2020, as PostHog's
    // historical rates reach back years. They move a little around a base.
    const rates = `INSERT INTO exchange_rate (currency, date, rate)
        SELECT currency, day, toDecimal64(if(currency = 'USD', 1, base * (1 + ((intHash32(toUInt32(day) * 13 + length(currency)) % 200) - 100) / 10000)), 10)
        FROM (
            SELECT today() - number AS day FROM numbers(90)
            UNION DISTINCT
            SELECT addMonths(toDate('2020-01-01'), number) AS day FROM numbers(dateDiff('month', toDate('2020-01-01'), today()) + 1)
        )
        ARRAY JOIN ['USD', 'EUR', 'GBP', 'JPY', 'BRL'] AS currency, [1, 0.92, 0.79, 151.2, 5.05] AS base
        ${SETTINGS}`;

    return [
        persons,
        distinctIds,
        eventRows,
        events,
        facts,
        "DROP TABLE event_rows",
        sessions,
        replays,
        groups,
        cohortPeople,
        cohortMembership,
        logEntries,
        rates,
    ];
}

/**
 * Seeds few queries need, made when a query first names their table rather than at start
 * (clickhouse.ts runs them): the table, and the statements that fill it.
 */
export interface DeferredSeed {
    /** the ClickHouse table a printed query must name for the seed to run */
    table: string;
    statements: string[];
}

/**
 * Raw sessions v3 and v2: the sessions as aggregate states, made over the session_facts the eager
 * seed keeps (one row per session: far cheaper than states over every event).
 * Only queries of raw_sessions_v3 or raw_sessions read them: made at start, every start would pay for them
 * (docs/performance.md).
 */
export function deferredSeeds(): DeferredSeed[] {
    const init = (fn: string, value: string, at: string) => `${fn}State(${value}, ${at})`;
    const nothing = (at: string) => init("argMin", "CAST(NULL, 'Nullable(String)')", at);
    const rawSessions = `INSERT INTO raw_sessions_v3
        SELECT team_id, reinterpretAsUInt128(toUUID(sid)), any(st),
            ${init("argMax", "last_did", "et")}, ${init("argMax", "last_pid", "et")}, min(st), max(et),
            max(ins), groupUniqArrayArray(urls),
            ${init("argMin", "entry", "st")}, ${init("argMax", "exit", "et")}, ${init("argMax", "''", "et")},
            ${init("argMin", "browser", "st")}, ${init("argMin", "browser_version", "st")},
            ${init("argMin", "os", "st")}, ${init("argMin", "''", "st")}, ${init("argMin", "device", "st")},
            ${init("argMin", "vw", "st")}, ${init("argMin", "vh", "st")},
            ${init("argMin", "toNullable(country)", "st")}, ${nothing("st")}, ${nothing("st")},
            ${nothing("st")}, ${nothing("st")}, ${init("argMin", "toNullable(ref)", "st")},
            ${Array.from({ length: 8 }, () => nothing("st")).join(", ")},
            ${init("argMin", "false", "st")}, ${init("argMin", "false", "st")},
            ${init("argMin", "CAST(map(), 'Map(String, String)')", "st")},
            ${init("argMin", "CAST([], 'Array(String)')", "st")},
            ${init("argMin", "CAST((NULL, NULL, NULL, NULL, false, false, NULL), 'Tuple(Nullable(String), Nullable(String), Nullable(String), Nullable(String), Bool, Bool, Nullable(String))')", "st")},
            any(arrayReduce('uniqExactState', pageviews)), any(arrayReduce('uniqExactState', autocaptures)),
            any(arrayReduce('uniqExactState', screens)),
            any(arrayReduce('uniqUpToState(1)', arrayConcat(pageviews, autocaptures, screens)))
        FROM session_facts GROUP BY team_id, sid ${SETTINGS}`;
    return [
        { table: "raw_sessions_v3", statements: [rawSessions] },
        { table: "raw_sessions", statements: rawSessionsV2() },
    ];
}

/** sessions_v2.py's raw_sessions (RawSessionsTableV2) columns of initial attribution. */
const V2_INITIAL = [
    ...["referring_domain", "referrer", "utm_source", "utm_campaign", "utm_medium", "utm_term"],
    ...["utm_content", "gclid", "gad_source", "gclsrc", "dclid", "gbraid", "wbraid", "fbclid"],
    ...["msclkid", "twclid", "li_fat_id", "mc_cid", "igshid", "ttclid", "_kx", "irclid"],
];

/**
 * Raw sessions v2, the table `raw_sessions` is for every team on the default modifiers
 * (sessions_v2.py RawSessionsTableV2): the columns its fields read, with the types of
 * posthog/models/raw_sessions/sql.py (code index id 943114291; find_files lists 08c3e8d3), as
 * states of one row per session made from session_facts, as its materialized view makes them
 * from the events (session_id_v7 is toUInt128 of the session's UUID there too).
 */
function rawSessionsV2(): string[] {
    const dt = "DateTime64(6, 'UTC')";
    const argMin = (type: string) => `AggregateFunction(argMin, ${type}, ${dt})`;
    const uuids = (list: string) => `CAST(${list}, 'Array(Nullable(UUID))')`;
    const create = `CREATE TABLE raw_sessions (
        team_id Int64, session_id_v7 UInt128,
        distinct_id AggregateFunction(argMax, String, ${dt}),
        min_timestamp SimpleAggregateFunction(min, ${dt}),
        max_timestamp SimpleAggregateFunction(max, ${dt}),
        max_inserted_at SimpleAggregateFunction(max, ${dt}),
        urls SimpleAggregateFunction(groupUniqArrayArray, Array(String)),
        entry_url ${argMin("String")}, end_url AggregateFunction(argMax, String, ${dt}),
        last_external_click_url AggregateFunction(argMax, String, ${dt}),
        ${V2_INITIAL.map((name) => `initial_${name} ${argMin("String")}`).join(", ")},
        pageview_uniq AggregateFunction(uniq, Nullable(UUID)),
        autocapture_uniq AggregateFunction(uniq, Nullable(UUID)),
        screen_uniq AggregateFunction(uniq, Nullable(UUID)),
        page_screen_autocapture_uniq_up_to AggregateFunction(uniqUpTo(1), Nullable(UUID)),
        vitals_lcp ${argMin("Nullable(Float64)")}
    ) ENGINE = Memory`;
    const insert = `INSERT INTO raw_sessions
        SELECT team_id, toUInt128(toUUID(sid)), argMaxState(last_did, et), min(st), max(et),
            max(ins), groupUniqArrayArray(urls), argMinState(entry, st), argMaxState(exit, et),
            argMaxState('', et),
            ${V2_INITIAL.map((name) => `argMinState(${name === "referring_domain" ? "ref" : "''"}, st)`).join(", ")},
            any(arrayReduce('uniqState', ${uuids("pageviews")})),
            any(arrayReduce('uniqState', ${uuids("autocaptures")})),
            any(arrayReduce('uniqState', ${uuids("screens")})),
            any(arrayReduce('uniqUpToState(1)', ${uuids("arrayConcat(pageviews, autocaptures, screens)")})),
            argMinState(CAST(NULL, 'Nullable(Float64)'), st)
        FROM session_facts GROUP BY team_id, sid ${SETTINGS}`;
    return [create, insert];
}
