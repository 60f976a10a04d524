import type { UserSummary } from "./common";

/** One variant of a multivariate flag. */
export interface FeatureFlagVariant {
    /** Variant key, e.g. `control` or `test`. */
    key: string;
    /** Optional display name. */
    name?: string | null;
    /** Share of users in percent (0-100). */
    rollout_percentage: number;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Flag filters: release conditions, multivariate settings, payloads. */
export interface FeatureFlagFilters {
    /** Release condition groups. */
    groups?: unknown[];
    /** Multivariate settings; null for boolean flags. */
    multivariate?: { variants: FeatureFlagVariant[]; [key: string]: unknown } | null;
    /** Payloads per variant key. */
    payloads?: Record<string, unknown>;
    /** Group type index for group-based flags. */
    aggregation_group_type_index?: number | null;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** A feature flag as nested in an experiment (api.md 2.2) or listed by eligible_feature_flags. */
export interface FeatureFlag {
    /** Numeric flag id. */
    id: number;
    /** Id of the project (team) that owns the flag. */
    team_id?: number;
    /** Flag description (the service calls it `name`). */
    name: string;
    /** Flag key used in code. */
    key: string;
    /** Release conditions and variants. */
    filters: FeatureFlagFilters;
    /** Soft-delete flag. */
    deleted: boolean;
    /** Whether the flag is enabled. */
    active: boolean;
    /** Persist the flag value across authentication steps. */
    ensure_experience_continuity?: boolean | null;
    /** Whether the payloads are encrypted. */
    has_encrypted_payloads?: boolean | null;
    /** Flag version (32-bit integer). */
    version?: number | null;
    /** Where the flag is evaluated, e.g. `server`, `client`, `all`. */
    evaluation_runtime?: string | null;
    /** Evaluation tags. */
    evaluation_tags?: string[];
    /** Creator (present on list endpoints). */
    created_by?: UserSummary | null;
    /** ISO 8601 creation time (present on list endpoints). */
    created_at?: string;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Parameters of `GET experiments/eligible_feature_flags/` (#10). */
export interface EligibleFeatureFlagsParams {
    /** Case-insensitive match on flag key or name. */
    search?: string;
    /** Page size (default 20, maximum 100). */
    limit?: number;
    /** Initial index (default 0). */
    offset?: number;
    /** Only active (true) or inactive (false) flags. */
    active?: boolean;
    /** Only flags created by this user id. */
    created_by_id?: number;
    /** Sort field, with optional `-` prefix. */
    order?: string;
    /** Only flags with this evaluation runtime. */
    evaluation_runtime?: string;
}

/**
 * Response of eligible_feature_flags: `{results, count}` on the real service, with no `next` or
 * `previous`; page with limit/offset.
 */
export interface EligibleFeatureFlagsResponse {
    /** Flags that are multivariate with at least 2 variants, the first being `control`. */
    results: FeatureFlag[];
    /** Total number of eligible flags. */
    count: number;
    /** Unknown fields are kept (older servers may send next/previous). */
    [key: string]: unknown;
}
