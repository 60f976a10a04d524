import type { UserSummary } from "./common";

/**
 * An event definition as EnterpriseEventDefinitionSerializer renders it. PostHog no longer
 * serializes the deprecated 30-day counters; the volume comes from a HogQL query instead.
 */
export interface EventDefinition {
    /** UUID. */
    id: string;
    /** Event name, e.g. `$pageview`. */
    name: string;
    /** Owner: a user summary (PostHog's to_representation), a bare id on some servers. */
    owner?: UserSummary | number | null;
    /** Description. */
    description?: string | null;
    /** Tags. */
    tags?: string[];
    /** ISO 8601 creation time. */
    created_at?: string | null;
    /** ISO 8601 update time. */
    updated_at?: string | null;
    /** Who last updated the definition. */
    updated_by?: UserSummary | null;
    /** ISO 8601 time the event was last seen. */
    last_seen_at?: string | null;
    /** ISO 8601 time of the last definition change. */
    last_updated_at?: string | null;
    /** Verified by a person. */
    verified?: boolean;
    /** ISO 8601 verification time. */
    verified_at?: string | null;
    /** Who verified it. */
    verified_by?: UserSummary | null;
    /** Hidden from pickers. */
    hidden?: boolean | null;
    /** Whether this row is an action rather than an event. */
    is_action?: boolean;
    /** Action id when `is_action`. */
    action_id?: number | null;
    /** Whether the counters are being recalculated. */
    is_calculating?: boolean;
    /** ISO 8601 time of the last calculation. */
    last_calculated_at?: string | null;
    /** Creator. */
    created_by?: UserSummary | null;
    /** Post to Slack when the event is seen. */
    post_to_slack?: boolean;
    /** Default columns for the event table. */
    default_columns?: string[];
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** List parameters of `GET event_definitions/` (#19). */
export interface ListEventDefinitionsParams {
    /** Every whitespace-separated term must match the name. */
    search?: string;
    /** `name`, `last_seen_at`, `created_at`, optionally prefixed with `-`. */
    ordering?: string;
    /** `event`, `event_custom` or `event_posthog`; PostHog answers any other value with a 400. */
    event_type?: "event" | "event_custom" | "event_posthog" | (string & {});
    /** Leave hidden definitions out. */
    exclude_hidden?: boolean;
    /** Only verified (true) or unverified (false) definitions. */
    verified?: boolean;
    /** Page size (default 100). */
    limit?: number;
    /** Initial index. */
    offset?: number;
}

/** PATCH body of an event definition (#21). `hidden` and `verified` can't both be true. */
export interface EventDefinitionPatch {
    /** Description. */
    description?: string | null;
    /** Owner user id. */
    owner?: number | null;
    /** Tags. */
    tags?: string[];
    /** Verified flag. */
    verified?: boolean;
    /** Hidden flag. */
    hidden?: boolean;
    /** Default columns. */
    default_columns?: string[];
    /** Post to Slack. */
    post_to_slack?: boolean;
    /** Other fields are passed through. */
    [key: string]: unknown;
}
