// The scope each operation the extension calls needs: the PersonalAPIKeyAuth scopes of its
// `security` in PostHog's API description (test/fixtures/posthog-openapi/openapi.slice.yaml,
// PostHog/posthog commit 1404d6c70a0d6e5a579e08428b79d9836c2af381).
// Written by scripts/openapiSlice.mjs --write; do not edit by hand. --check and
// test/unit/operationScopes.test.ts fail when it differs from the slice. The extension ships
// without the slice, so it reads this table instead.

/** One operation the extension calls, as the contract describes it. */
export interface OperationScope {
    /** HTTP method. */
    readonly method: "GET" | "POST" | "PATCH" | "DELETE";
    /** Path template in the contract (`{project_id}`, `{id}`, ...). */
    readonly path: string;
    /** The path the client sends, where it differs from the contract's template. */
    readonly calledAs?: string;
    /** The client functions (src/api/client.ts) that call it. */
    readonly client: readonly string[];
    /** Every one of these scopes is required; null: no personal API key may call it. */
    readonly scopes: readonly string[] | null;
}

export const OPERATION_SCOPES = {
    list_2: {
        method: "GET",
        path: "/api/organizations/{organization_id}/projects/",
        calledAs: "/api/projects/",
        client: ["iterateProjects"],
        scopes: ["project:read"],
    },
    users_retrieve: {
        method: "GET",
        path: "/api/users/{uuid}/",
        calledAs: "/api/users/@me/",
        client: ["getCurrentUser"],
        scopes: ["user:read"],
    },
    experiments_list: {
        method: "GET",
        path: "/api/projects/{project_id}/experiments/",
        client: ["listExperimentsPage"],
        scopes: ["experiment:read"],
    },
    experiments_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/",
        client: ["createExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_retrieve: {
        method: "GET",
        path: "/api/projects/{project_id}/experiments/{id}/",
        client: ["getExperiment"],
        scopes: ["experiment:read"],
    },
    experiments_partial_update: {
        method: "PATCH",
        path: "/api/projects/{project_id}/experiments/{id}/",
        client: ["patchExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_destroy: {
        method: "DELETE",
        path: "/api/projects/{project_id}/experiments/{id}/",
        client: ["deleteExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_create_exposure_cohort_for_experiment_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/create_exposure_cohort_for_experiment/",
        client: ["createExposureCohort"],
        scopes: ["experiment:write"],
    },
    experiments_duplicate_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/duplicate/",
        client: ["duplicateExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_recalculate_timeseries_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/recalculate_timeseries/",
        client: ["recalculateTimeseries"],
        scopes: ["experiment:write"],
    },
    experiments_timeseries_results_retrieve: {
        method: "GET",
        path: "/api/projects/{project_id}/experiments/{id}/timeseries_results/",
        client: ["getTimeseriesResults"],
        scopes: ["experiment:read"],
    },
    experiments_eligible_feature_flags_retrieve: {
        method: "GET",
        path: "/api/projects/{project_id}/experiments/eligible_feature_flags/",
        client: ["listEligibleFeatureFlags"],
        scopes: ["feature_flag:read"],
    },
    experiments_requires_flag_implementation_retrieve: {
        method: "GET",
        path: "/api/projects/{project_id}/experiments/requires_flag_implementation/",
        client: ["requiresFlagImplementation"],
        scopes: ["experiment:read"],
    },
    query_create: {
        method: "POST",
        path: "/api/projects/{project_id}/query/",
        client: ["runQuery"],
        scopes: ["query:read"],
    },
    query_retrieve: {
        method: "GET",
        path: "/api/projects/{project_id}/query/{id}/",
        client: ["getQueryStatus"],
        scopes: ["query:read"],
    },
    query_destroy: {
        method: "DELETE",
        path: "/api/projects/{project_id}/query/{id}/",
        client: ["cancelQuery"],
        scopes: ["query:read"],
    },
    query_log_retrieve: {
        method: "GET",
        path: "/api/projects/{project_id}/query/{id}/log/",
        client: ["getQueryLog"],
        scopes: null,
    },
    query_check_auth_for_async_create: {
        method: "POST",
        path: "/api/projects/{project_id}/query/check_auth_for_async/",
        client: ["checkAuthForAsync"],
        scopes: null,
    },
    query_draft_sql_retrieve: {
        method: "GET",
        path: "/api/projects/{project_id}/query/draft_sql/",
        client: ["draftSql"],
        scopes: null,
    },
    query_upgrade_create: {
        method: "POST",
        path: "/api/projects/{project_id}/query/upgrade/",
        client: ["upgradeQuery"],
        scopes: null,
    },
    insight_variables_list: {
        method: "GET",
        path: "/api/projects/{project_id}/insight_variables/",
        client: ["listInsightVariables"],
        scopes: ["insight_variable:read"],
    },
    event_definitions_list: {
        method: "GET",
        path: "/api/projects/{project_id}/event_definitions/",
        client: ["listEventDefinitionsPage", "listEventDefinitions"],
        scopes: ["event_definition:read"],
    },
    event_definitions_retrieve: {
        method: "GET",
        path: "/api/projects/{project_id}/event_definitions/{id}/",
        client: ["getEventDefinition"],
        scopes: ["event_definition:read"],
    },
    event_definitions_partial_update: {
        method: "PATCH",
        path: "/api/projects/{project_id}/event_definitions/{id}/",
        client: ["updateEventDefinition"],
        scopes: ["event_definition:write"],
    },
    event_definitions_destroy: {
        method: "DELETE",
        path: "/api/projects/{project_id}/event_definitions/{id}/",
        client: ["deleteEventDefinition"],
        scopes: ["event_definition:write"],
    },
    experiments_archive_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/archive/",
        client: ["archiveExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_launch_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/launch/",
        client: ["launchExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_pause_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/pause/",
        client: ["pauseExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_resume_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/resume/",
        client: ["resumeExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_end_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/end/",
        client: ["endExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_ship_variant_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/ship_variant/",
        client: ["shipVariant"],
        scopes: ["experiment:write"],
    },
    experiments_reset_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/reset/",
        client: ["resetExperiment"],
        scopes: ["experiment:write"],
    },
    experiments_unarchive_create: {
        method: "POST",
        path: "/api/projects/{project_id}/experiments/{id}/unarchive/",
        client: ["unarchiveExperiment"],
        scopes: ["experiment:write"],
    },
} as const satisfies Record<string, OperationScope>;

/** An operation the extension calls, by its operationId. */
export type OperationId = keyof typeof OPERATION_SCOPES;

/** A scope some operation the extension calls requires. */
export type Scope = Exclude<(typeof OPERATION_SCOPES)[OperationId]["scopes"], null>[number];
