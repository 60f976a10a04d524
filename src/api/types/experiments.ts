import type { UserSummary } from "./common";
import type { FeatureFlag } from "./featureFlags";

/**
 * The status the service sends. Today's PostHog (Experiment.status_label) sends draft, running,
 * paused (running, flag off), exposure_frozen (running, enrollment frozen to the already-exposed
 * cohort) or stopped; older services the stored draft / running / stopped. Anything else is
 * possible and shown as sent.
 */
export type ExperimentStatus =
    "draft" | "running" | "paused" | "exposure_frozen" | "stopped" | (string & {});

/** Holdout group nested in an experiment (api.md 2.3). */
export interface Holdout {
    /** Numeric holdout id. */
    id: number;
    /** Holdout name. */
    name: string;
    /** Description. */
    description?: string | null;
    /** Holdout filters (opaque). */
    filters?: unknown;
    /** Creator. */
    created_by?: UserSummary | null;
    /** ISO 8601 creation time. */
    created_at?: string;
    /** ISO 8601 update time. */
    updated_at?: string;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** A saved metric linked to an experiment (api.md 2.4). */
export interface SavedMetricLink {
    /** Link id. */
    id: number;
    /** Experiment id. */
    experiment: number;
    /** Saved metric id. */
    saved_metric: number;
    /** Link metadata, e.g. `{type: "primary"}`. */
    metadata?: unknown;
    /** ISO 8601 creation time. */
    created_at?: string;
    /** The metric query. */
    query?: unknown;
    /** Metric name. */
    name?: string;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Experiment parameters; `feature_flag_variants` holds the variants on the real service. */
export interface ExperimentParameters {
    /** Variants of the linked flag. */
    feature_flag_variants?: { key: string; rollout_percentage?: number; [key: string]: unknown }[];
    /** Minimum detectable effect, when set. */
    minimum_detectable_effect?: number | null;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/**
 * A row of the experiment list: PostHog's ExperimentBasicSerializer ("Lightweight, read-only
 * serializer for the experiment list endpoint", products/experiments/backend/presentation/
 * serializers.py). It has no `metrics`, `metrics_secondary` or `saved_metrics`, and no index
 * signature, so code that needs them does not compile against a row: fetch the experiment
 * ({@link Experiment}, `getExperiment`) first.
 */
export interface ExperimentBasic {
    /** Numeric experiment id. Read-only. */
    id: number;
    /** Experiment name (max 400 characters). */
    name: string;
    /** Description. */
    description?: string | null;
    /** ISO 8601 start; null while a draft. */
    start_date?: string | null;
    /** ISO 8601 end; null while not stopped. */
    end_date?: string | null;
    /** Key of the linked feature flag. */
    feature_flag_key: string;
    /** The linked flag. Read-only. */
    feature_flag?: FeatureFlag | null;
    /** The holdout group. Read-only. */
    holdout?: Holdout | null;
    /** Id of the exposure cohort, once created. Read-only. */
    exposure_cohort?: number | null;
    /** Variants and other parameters. */
    parameters?: ExperimentParameters | null;
    /** Running-time calculator state (newer services). */
    running_time_calculation?: unknown;
    /** Variant keys left out of the analysis (newer services). */
    excluded_variants?: string[] | null;
    /** Whether the experiment is archived (hidden from lists unless asked). */
    archived: boolean;
    /** Soft-delete flag. */
    deleted?: boolean;
    /** Creator. Read-only. */
    created_by?: UserSummary | null;
    /** ISO 8601 creation time. Read-only. */
    created_at: string;
    /** ISO 8601 update time. Read-only. */
    updated_at: string;
    /** Experiment type, e.g. `product` or `web`. */
    type?: string | null;
    /** Conclusion, e.g. `won`. */
    conclusion?: string | null;
    /** Free-text conclusion comment. */
    conclusion_comment?: string | null;
    /**
     * Status as the service words it: draft, running, paused, exposure_frozen or stopped on
     * today's PostHog; older services send the stored draft / running / stopped. Any other
     * value is shown as sent.
     */
    status?: ExperimentStatus;
    /** Whether it uses legacy-engine metrics (newer services). */
    is_legacy?: boolean;
    /** The caller's access level. Read-only. */
    user_access_level?: string | null;
}

/** An experiment as GET .../experiments/{id}/ (and every write) returns it: with its metrics. */
export interface Experiment extends ExperimentBasic {
    /** Id of the holdout group. */
    holdout_id?: number | null;
    /** Legacy secondary metrics. */
    secondary_metrics?: unknown;
    /** Linked saved metrics. Read-only. */
    saved_metrics?: SavedMetricLink[];
    /** Ids of saved metrics to link (write only). */
    saved_metrics_ids?: unknown[] | null;
    /** Legacy filters. */
    filters?: unknown;
    /** Exposure criteria. */
    exposure_criteria?: unknown;
    /** Primary metrics. */
    metrics?: unknown[] | null;
    /** Secondary metrics. */
    metrics_secondary?: unknown[] | null;
    /** Statistics settings. */
    stats_config?: unknown;
    /** Folder to create the experiment in (write only). */
    _create_in_folder?: string;
    /** Order of primary metrics by uuid. */
    primary_metrics_ordered_uuids?: string[] | null;
    /** Order of secondary metrics by uuid. */
    secondary_metrics_ordered_uuids?: string[] | null;
    /** Scheduling settings (real service). */
    scheduling_config?: unknown;
    /** Count only users whose exposure has matured (real service). */
    only_count_matured_users?: boolean | null;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Writable experiment fields (create and PATCH bodies). */
export interface ExperimentWrite {
    /** Name (required on create, max 400 characters). */
    name?: string;
    /** Description. */
    description?: string | null;
    /** ISO 8601 start. */
    start_date?: string | null;
    /** ISO 8601 end. */
    end_date?: string | null;
    /** Flag key (required on create; a missing flag is created with control/test). */
    feature_flag_key?: string;
    /** Holdout id. */
    holdout_id?: number | null;
    /** Parameters, including `feature_flag_variants`. */
    parameters?: ExperimentParameters | null;
    /** Legacy secondary metrics. */
    secondary_metrics?: unknown;
    /** Saved metric links to set. */
    saved_metrics_ids?: unknown[] | null;
    /** Legacy filters. */
    filters?: unknown;
    /** Archive flag. */
    archived?: boolean;
    /** Soft-delete flag. */
    deleted?: boolean;
    /** Type, e.g. `product` or `web`. */
    type?: string | null;
    /** Exposure criteria. */
    exposure_criteria?: unknown;
    /** Primary metrics. */
    metrics?: unknown[] | null;
    /** Secondary metrics. */
    metrics_secondary?: unknown[] | null;
    /** Statistics settings. */
    stats_config?: unknown;
    /** Folder to create in. */
    _create_in_folder?: string;
    /** Conclusion, e.g. `won`. */
    conclusion?: string | null;
    /** Conclusion comment. */
    conclusion_comment?: string | null;
    /** Primary metric order. */
    primary_metrics_ordered_uuids?: string[] | null;
    /** Secondary metric order. */
    secondary_metrics_ordered_uuids?: string[] | null;
    /** Other fields are passed through unchanged. */
    [key: string]: unknown;
}

/** Query parameters of the experiment list (#1 plus the real service's filters). */
export interface ListExperimentsParams {
    /** Page size (default 100 on the real service). */
    limit?: number;
    /** Initial index. */
    offset?: number;
    /** Text search on the name. */
    search?: string;
    /** Include archived experiments (default false: they are hidden). */
    archived?: boolean;
    /**
     * PostHog's list filter: draft, running (flag active, exposure not frozen), paused (running,
     * flag inactive), exposure_frozen, stopped or complete (the same), all.
     */
    status?: ExperimentStatus | "complete" | "all";
    /** Only experiments created by this user id. */
    created_by_id?: number;
    /** Sort field with optional `-` (default `-created_at`). */
    order?: string;
}

/** Body of duplicate (#7): both optional. */
export interface DuplicateExperimentBody {
    /** Name of the copy (default "X (Copy)", then "X (Copy) 1", ...). */
    name?: string;
    /** Flag key for the copy (default: reuse the same flag). */
    feature_flag_key?: string;
    /** Other fields are passed through. */
    [key: string]: unknown;
}

/** Response of create_exposure_cohort_for_experiment (#6): 201 `{cohort}`. */
export interface ExposureCohortResponse {
    /** The created cohort, named `Users exposed to experiment "X"`. */
    cohort: {
        /** Cohort id. */
        id: number;
        /** Cohort name. */
        name: string;
        /** Unknown fields are kept. */
        [key: string]: unknown;
    };
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Body of recalculate_timeseries (#8). */
export interface RecalculateTimeseriesBody {
    /** The full metric object (must carry its `uuid`). */
    metric: Record<string, unknown>;
    /** Fingerprint of the metric configuration. */
    fingerprint: string;
}

/** Response of recalculate_timeseries: 201 when created, 200 when one is already pending. */
export interface RecalculationRequest {
    /** Recalculation request id. */
    id: string | number;
    /** Experiment id. */
    experiment_id: number;
    /** Metric uuid. */
    metric_uuid: string;
    /** Metric fingerprint. */
    fingerprint: string;
    /** Status, e.g. `pending`. */
    status: string;
    /** ISO 8601 creation time. */
    created_at: string;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/** Parameters of timeseries_results (#9): both required. */
export interface TimeseriesParams {
    /** UUID of the metric. */
    metric_uuid: string;
    /** Fingerprint of the metric configuration. */
    fingerprint: string;
}

/** Response of timeseries_results (#9). */
export interface TimeseriesResults {
    /** Experiment id. */
    experiment_id: number;
    /** Metric uuid. */
    metric_uuid: string;
    /** pending, failed, completed or partial. */
    status: "pending" | "failed" | "completed" | "partial" | (string & {});
    /** Daily results keyed by `YYYY-MM-DD`; null for days not computed. */
    timeseries: Record<string, unknown> | null;
    /** Errors per day, when any. */
    errors?: unknown;
    /** ISO 8601 time of computation. */
    computed_at?: string | null;
    /** ISO 8601 creation time. */
    created_at?: string | null;
    /** ISO 8601 update time. */
    updated_at?: string | null;
    /** Status of a pending recalculation, if any. */
    recalculation_status?: string | null;
    /** ISO 8601 creation time of the recalculation request. */
    recalculation_created_at?: string | null;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}

/**
 * Body of POST .../experiments/{id}/archive/ (ArchiveExperimentSerializer). With
 * `disable_feature_flag: true` PostHog also needs the key's feature_flag:write scope
 * (EnterpriseExperimentsViewSet.dangerously_get_required_scopes).
 */
export interface ArchiveExperimentBody {
    /** Also turn off (and archive) the linked flag when it is still on. Default false. */
    disable_feature_flag?: boolean;
}

/**
 * PostHog's conclusion values (EndExperimentSerializer's `conclusion` choices,
 * products/experiments/backend/presentation/serializers.py).
 */
export type ExperimentConclusionValue =
    "won" | "lost" | "inconclusive" | "stopped_early" | "invalid";

/**
 * Body of POST .../experiments/{id}/end/ (EndExperimentSerializer, EndExperimentApi in
 * products/experiments/frontend/generated/api.schemas.ts @00bb1076). Both fields optional. The
 * serializer's `open_cleanup_pr` (opens a pull request through PostHog Code, and needs the
 * task:write scope) is left out on purpose: the extension never asks for one.
 */
export interface EndExperimentBody {
    /** The conclusion; null or absent leaves it unset. */
    conclusion?: ExperimentConclusionValue | null;
    /** Free-text comment on the conclusion (at most 4000 characters). */
    conclusion_comment?: string | null;
}

/**
 * Body of POST .../experiments/{id}/ship_variant/ (ShipVariantSerializer, ShipVariantApi in
 * products/experiments/frontend/generated/api.schemas.ts @00bb1076): the end body plus the
 * variant.
 */
export interface ShipVariantBody extends EndExperimentBody {
    /** Key of the variant to ship; PostHog answers 400 when the flag has no such variant. */
    variant_key: string;
    /**
     * Also put a release condition of 100% of users first on the flag, so everyone gets the
     * variant, overriding the flag's other release conditions. Default false: the variant is
     * served to the users the existing conditions already match.
     */
    release_to_everyone?: boolean;
}

/** Response of requires_flag_implementation (#11). */
export interface RequiresFlagImplementationResponse {
    /** Whether the flag still has to be implemented in code. */
    result: boolean;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}
