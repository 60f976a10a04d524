// The sandbox's event definitions, derived from the seeded events the way PostHog's ingestion
// derives them (rust/property-defs-rs/src/types.rs @b1df5613): one definition per team and event
// name, created when the name is first seen, its last_seen_at moved on by every later event
// (ingestion stamps its own clock; the seeded events count as ingested at their timestamps).
// Only what people edit is seed data here, keyed by name: description, tags, owner, verified,
// hidden. PostHog's definitions carry no volume any more (volume_30_day is deprecated in
// posthog/models/event_definition.py @08eaf473): the extension counts with HogQL.
import { createHash } from "node:crypto";
import { runSql } from "./hogql/clickhouse";
import type { EventDefinition, Json, UserSummary } from "./types";

/** An event name of the events table, with the times of its first and last event. */
export interface SeenEvent {
    teamId: number;
    name: string;
    /** ISO time of the first event: the definition's created_at */
    first: string;
    /** ISO time of the last event: the definition's last_seen_at */
    last: string;
}

/** What people edit on a definition (EnterpriseEventDefinition's own fields). */
interface Curated {
    description: string;
    tags: string[];
    verified?: boolean;
    hidden?: boolean;
    /** id of the owning user (UserBasic when rendered) */
    owner?: number;
}

/** The curated fields of project 1's events. A name here without events has no definition. */
export const CURATED: Record<string, Curated> = {
    $pageview: { description: "Automatically captured when a page is viewed.", tags: [], owner: 2 },
    $pageleave: {
        description: "Automatically captured when a page is left.",
        tags: [],
        verified: true,
    },
    $autocapture: {
        description: "Clicks, inputs and form submissions captured automatically.",
        tags: [],
    },
    $identify: { description: "Links an anonymous user to an identified one.", tags: [] },
    $feature_flag_called: { description: "A feature flag was evaluated.", tags: [] },
    $set: { description: "Person properties were set.", tags: [] },
    $groupidentify: { description: "A group was identified.", tags: [], verified: true, owner: 2 },
    $rageclick: { description: "A user clicked the same element repeatedly.", tags: [] },
    $exception: { description: "An exception was captured.", tags: ["errors"] },
    $web_vitals: { description: "Core web vitals measurement.", tags: ["performance"] },
    $screen: { description: "A mobile screen was viewed.", tags: [] },
    $opt_in: { description: "The user opted in to capturing.", tags: [], verified: true },
    $survey_shown: { description: "A survey was shown.", tags: ["surveys"], owner: 2 },
    $survey_sent: { description: "A survey was answered.", tags: ["surveys"] },
    $survey_dismissed: { description: "A survey was dismissed.", tags: ["surveys"] },
    $ai_generation: { description: "An LLM generation.", tags: ["ai"] },
    $create_alias: { description: "An alias was created.", tags: [], verified: true },
    $merge_dangerously: { description: "Two persons were merged.", tags: [] },
    signed_up: {
        description: "A user finished the signup form.",
        tags: ["growth", "activation"],
        verified: true,
        owner: 2,
    },
    logged_in: { description: "A user logged in.", tags: ["auth"] },
    logged_out: { description: "A user logged out.", tags: ["auth"] },
    checkout_started: {
        description: "The checkout page was opened.",
        tags: ["revenue"],
        verified: true,
    },
    checkout_completed: { description: "An order was paid.", tags: ["revenue"], verified: true },
    subscription_created: { description: "A paid subscription started.", tags: ["revenue"] },
    subscription_cancelled: {
        description: "A paid subscription was cancelled.",
        tags: ["revenue", "churn"],
        owner: 2,
    },
    plan_upgraded: { description: "The plan changed to a more expensive one.", tags: ["revenue"] },
    plan_downgraded: {
        description: "The plan changed to a cheaper one.",
        tags: ["revenue", "churn"],
        verified: true,
    },
    video_played: { description: "Playback started.", tags: ["engagement"] },
    video_paused: { description: "Playback paused.", tags: ["engagement"] },
    video_completed: { description: "Playback reached the end.", tags: ["engagement"] },
    search_performed: { description: "A search was run.", tags: ["engagement"], owner: 2 },
    title_added_to_list: {
        description: "A title was added to My List.",
        tags: ["engagement"],
        verified: true,
    },
    invite_sent: { description: "A user invited a teammate.", tags: ["growth"] },
    invite_accepted: { description: "An invitation was accepted.", tags: ["growth"] },
    onboarding_step_completed: {
        description: "One onboarding step was finished.",
        tags: ["activation"],
    },
    onboarding_completed: {
        description: "All onboarding steps were finished.",
        tags: ["activation"],
    },
    settings_updated: {
        description: "Account settings were saved.",
        tags: [],
        verified: true,
        owner: 2,
    },
    export_downloaded: { description: "A CSV export was downloaded.", tags: [] },
    support_ticket_created: { description: "A support ticket was opened.", tags: ["support"] },
    legacy_button_clicked: {
        description: "Old custom click event, replaced by autocapture.",
        tags: ["deprecated"],
        hidden: true,
    },
    test_event_please_ignore: { description: "", tags: [], hidden: true },
};

/** Namespace of the definitions' name-based ids (any fixed UUID: it only has to stay fixed). */
const ID_NAMESPACE = "6f1d2c4e-8b3a-4f5e-9c7d-0a1b2c3d4e5f";

/**
 * A definition's id: a name-based UUID (RFC 9562 version 5) of its team and name, so the same
 * event always has the same id and tests can name it. PostHog's are random (UUIDT); only the form
 * matters to clients.
 */
export function definitionId(name: string, teamId = 1): string {
    const hash = createHash("sha1")
        .update(Buffer.from(ID_NAMESPACE.replace(/-/g, ""), "hex"))
        .update(`${teamId}/${name}`, "utf8")
        .digest();
    hash[6] = (hash[6] & 0x0f) | 0x50;
    hash[8] = (hash[8] & 0x3f) | 0x80;
    const hex = hash.subarray(0, 16).toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let seen: Promise<SeenEvent[]> | null = null;

/**
 * The events table's names with their first and last times, read once per process: every sandbox
 * of a process shares one ClickHouse session, seeded once and read-only to queries afterwards
 * (hogql/clickhouse.ts), so its events do not change.
 *
 * As ingestion does (types.rs @b1df5613): `$$plugin_metrics` makes no definition, nor does a name
 * longer than 200 bytes (will_fit_in_postgres_column); a NUL in a name is stored as U+FFFD.
 */
export function seenEvents(): Promise<SeenEvent[]> {
    if (!seen) seen = readSeenEvents("events");
    return seen;
}

/** One query over `table` (the events table, or a test's table of the same columns). */
export async function readSeenEvents(table: string): Promise<SeenEvent[]> {
    const r = await runSql(
        `SELECT toInt32(team_id), event, min(timestamp), max(timestamp) FROM ${table}
        WHERE event != '$$plugin_metrics' AND length(event) <= 200
        GROUP BY team_id, event ORDER BY team_id, event`,
    );
    return r.rows.map(([teamId, name, first, last]) => ({
        teamId: Number(teamId),
        name: String(name).replaceAll("\u0000", "\ufffd"),
        first: String(first),
        last: String(last),
    }));
}

/** The later of two ISO times. */
function later(a: string, b: string): string {
    return Date.parse(a) >= Date.parse(b) ? a : b;
}

/**
 * The definitions of the seen events: names and times from the events, the rest from CURATED.
 * A curated definition was edited by the first of `users` at `editedAt` (never before it was
 * created); an uncurated one was never edited (updated_by null, updated_at its creation).
 */
export function eventDefinitions(
    events: SeenEvent[],
    users: UserSummary[],
    editedAt: string,
): EventDefinition[] {
    const user = (id: number | undefined): Json =>
        (users.find((u) => u.id === id) ?? null) as unknown as Json;
    const editor = users[0] as unknown as Json;
    return events.map(({ teamId, name, first, last }) => {
        const curated = teamId === 1 ? CURATED[name] : undefined;
        const updatedAt = curated ? later(first, editedAt) : first;
        const verified = curated?.verified ?? false;
        return {
            id: definitionId(name, teamId),
            team_id: teamId,
            name,
            owner: user(curated?.owner),
            description: curated?.description || null,
            tags: [...(curated?.tags ?? [])],
            created_at: first,
            updated_at: updatedAt,
            updated_by: curated ? editor : null,
            last_seen_at: last,
            verified,
            verified_at: verified ? updatedAt : null,
            verified_by: verified ? editor : null,
            hidden: curated?.hidden ?? false,
            is_action: false,
            post_to_slack: false,
            default_columns: [],
            media_preview_urls: [],
        };
    });
}
