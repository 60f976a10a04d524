// Experiments endpoints (#1-#11), following products/experiments/backend behaviour.
import { randomUUID } from "node:crypto";
import { type Ctx, type Reply, intParam, ok, pageLinks } from "./context";
import { ApiError, notFound, validation } from "./errors";
import {
    daysAgo,
    experimentStatus,
    fingerprint,
    makeFlag,
    nestedFlag,
    nowIso,
    rng,
    USERS,
} from "./seed";
import type { Experiment, FeatureFlag, Json, JsonObject } from "./types";

const WRITABLE = [
    "name",
    "description",
    "start_date",
    "end_date",
    "holdout_id",
    "parameters",
    "secondary_metrics",
    "saved_metrics_ids",
    "filters",
    "archived",
    "deleted",
    "type",
    "exposure_criteria",
    "metrics",
    "metrics_secondary",
    "stats_config",
    "_create_in_folder",
    "conclusion",
    "conclusion_comment",
    "primary_metrics_ordered_uuids",
    "secondary_metrics_ordered_uuids",
    "scheduling_config",
    "only_count_matured_users",
];

/**
 * The experiment as the API returns it (ExperimentSerializer, products/experiments/backend/
 * presentation/serializers.py; its fields as ExperimentApi in products/experiments/frontend/
 * generated/api.schemas.ts @00bb1076): current flag, derived status, no internal fields and none
 * of the write-only ones (`_create_in_folder`).
 */
export function present(ctx: Ctx, exp: Experiment): JsonObject {
    const { team_id: _team, _create_in_folder: _folder, ...rest } = exp;
    void _team;
    void _folder;
    const flag = ctx.state.featureFlags.find(
        (f) => f.key === exp.feature_flag_key && f.team_id === exp.team_id,
    );
    const out: JsonObject = { ...rest, feature_flag: flag ? nestedFlag(flag) : null };
    out.status = statusLabel(out);
    out.is_legacy = hasLegacyMetrics(exp);
    out.can_freeze_exposure = canFreezeExposure(out, flag);
    // Set only when an end or ship asked for a cleanup pull request, which the sandbox never opens.
    out.flag_cleanup_task_id = null;
    return out;
}

/** The legacy metric kinds (LEGACY_METRIC_KINDS of products/experiments/backend/models). */
const LEGACY_KINDS = ["ExperimentTrendsQuery", "ExperimentFunnelsQuery"];

/** `experiment_has_legacy_metrics`: any metric (saved ones included) of the legacy engine's kinds. */
function hasLegacyMetrics(exp: Experiment): boolean {
    const kinds = [
        ...asArray(exp.metrics),
        ...asArray(exp.metrics_secondary),
        ...asArray(exp.saved_metrics).map((s) => (s as JsonObject | null)?.query),
    ].map((m) => (m as JsonObject | null | undefined)?.kind);
    return kinds.some((k) => LEGACY_KINDS.includes(String(k)));
}

/**
 * `can_freeze_exposure`, as its help text says: running, and a flag whose release conditions a
 * person cohort can narrow (no group aggregation, no holdout).
 */
function canFreezeExposure(out: JsonObject, flag: FeatureFlag | undefined): boolean {
    if (out.status !== "running" || !flag || out.holdout) return false;
    const filters = flag.filters as JsonObject;
    return filters.aggregation_group_type_index == null && Array.isArray(filters.groups);
}

/**
 * The fields of a list row: PostHog's ExperimentBasicSerializer, "Lightweight, read-only
 * serializer for the experiment list endpoint" (PostHog/posthog
 * products/experiments/backend/presentation/serializers.py, the newest stored version: the one
 * with ExperimentWriteSerializer and ArchiveExperimentSerializer; the code index names no commit
 * for it, the older acf62d0376b9 has no such class; as ExperimentBasicApi in
 * products/experiments/frontend/generated/api.schemas.ts @00bb1076). No `metrics`,
 * `metrics_secondary` or `saved_metrics`: those come only with the experiment itself
 * (GET .../experiments/{id}/).
 */
export const LIST_ROW_FIELDS = [
    "id",
    "name",
    "description",
    "start_date",
    "end_date",
    "feature_flag_key",
    "feature_flag",
    "holdout",
    "exposure_cohort",
    "parameters",
    "running_time_calculation",
    "excluded_variants",
    "archived",
    "deleted",
    "created_by",
    "created_at",
    "updated_at",
    "type",
    "conclusion",
    "conclusion_comment",
    "status",
    "is_legacy",
    "user_access_level",
] as const;

/** One row of the experiment list, as ExperimentBasicSerializer renders it. */
export function presentListRow(ctx: Ctx, exp: Experiment): JsonObject {
    const full = present(ctx, exp);
    const row: JsonObject = {};
    for (const field of LIST_ROW_FIELDS) {
        if (field in full) row[field] = full[field];
        // Model columns the sandbox does not store: null, as PostHog sends an unset one.
        else row[field] = null;
    }
    return row;
}

function asArray(value: unknown): unknown[] {
    return Array.isArray(value) ? value : [];
}

/** The group key PostHog stamps on each release group when it freezes exposure. */
export const EXPOSURE_FROZEN_GROUP_KEY = "exposure_frozen";

/**
 * The public status PostHog serves (Experiment.status_label, products/experiments/backend/models/
 * experiment.py): the stored draft / running / stopped, except that a running experiment is
 * `paused` while its flag is off, and `exposure_frozen` while every release group of its flag
 * carries the `exposure_frozen: true` stamp (enrollment frozen to the already-exposed cohort,
 * metrics still flowing). Paused wins over frozen, and a group added without the stamp reopens
 * enrollment: PostHog's own list-filter tests say both (a frozen flag that was then paused is
 * listed under paused; "a frozen flag with a manually-added unstamped group ... running, not
 * exposure_frozen"), newest stored version of its experiments API tests.
 */
export function statusLabel(exp: JsonObject): string {
    const stored = experimentStatus(exp);
    if (stored !== "running") return stored;
    const flag = exp.feature_flag as JsonObject | null | undefined;
    if (!flag) return stored;
    if (flag.active === false) return "paused";
    const groups = asArray((flag.filters as JsonObject | undefined)?.groups);
    const frozen =
        groups.length > 0 &&
        groups.every((g) => (g as JsonObject | null)?.[EXPOSURE_FROZEN_GROUP_KEY] === true);
    return frozen ? "exposure_frozen" : stored;
}

/** The experiment of the path (404 for another project's, a deleted or an unknown one). */
export function find(ctx: Ctx, idText: string): Experiment {
    const id = Number(idText);
    const exp = ctx.state.experiments.find(
        (e) => e.id === id && e.team_id === ctx.projectId && !e.deleted,
    );
    if (!exp) throw notFound();
    return exp;
}

function teamFlag(ctx: Ctx, key: string): FeatureFlag | undefined {
    return ctx.state.featureFlags.find(
        (f) => f.key === key && f.team_id === ctx.projectId && !f.deleted,
    );
}

function variantsOf(flag: FeatureFlag): { key: string }[] {
    const mv = flag.filters.multivariate as { variants?: { key: string }[] } | undefined;
    return mv?.variants ?? [];
}

function withMetricIds(metrics: unknown): Json {
    if (!Array.isArray(metrics)) return [];
    return metrics.map((m: JsonObject) => {
        const metric: JsonObject = { ...m };
        if (!metric.uuid) metric.uuid = randomUUID();
        if (!metric.fingerprint) metric.fingerprint = fingerprint(metric);
        return metric;
    });
}

/** EXPERIMENT_ORDER_ALLOWLIST of the experiment service. */
const ORDERS = [
    "created_at",
    "created_by",
    "updated_at",
    "name",
    "start_date",
    "end_date",
    "duration",
    "status",
];

export function listExperiments(ctx: Ctx): Reply {
    const limit = intParam(ctx.query.get("limit"), 100);
    const offset = intParam(ctx.query.get("offset"), 0);
    if (limit === null || offset === null)
        throw validation("A valid integer is required.", "limit");
    // Only "true" lists the archived ones; anything else (or nothing) the others.
    const archived = (ctx.query.get("archived") ?? "").toLowerCase() === "true";
    const status = ctx.query.get("status");
    const search = ctx.query.get("search")?.toLowerCase();
    const createdBy = ctx.query.get("created_by_id");
    const order = ctx.query.get("order") || "-created_at";
    const field = order.replace(/^-/, "");
    if (!ORDERS.includes(field)) throw validation(`Invalid order field: '${order}'`);
    let items = ctx.state.experiments
        .filter((e) => e.team_id === ctx.projectId && !e.deleted)
        .map((e) => presentListRow(ctx, e));
    if (status) items = items.filter((e) => matchesStatus(e, status));
    items = items.filter((e) => e.archived === archived);
    if (search) items = items.filter((e) => String(e.name).toLowerCase().includes(search));
    if (createdBy)
        items = items.filter((e) => String((e.created_by as JsonObject)?.id) === createdBy);
    const dir = order.startsWith("-") ? -1 : 1;
    const key = (e: JsonObject): string =>
        field === "status"
            ? String(!e.start_date ? 0 : !e.end_date ? 1 : 2)
            : field === "created_by"
              ? String((e.created_by as JsonObject | null)?.id ?? "")
              : String(e[field] ?? "");
    items.sort((a, b) => {
        const x = key(a);
        const y = key(b);
        return (x < y ? -1 : x > y ? 1 : (a.id as number) - (b.id as number)) * dir;
    });
    const effectiveLimit = Math.min(Math.max(limit, 1), 1000);
    return ok({
        count: items.length,
        ...pageLinks(ctx, items.length, effectiveLimit, offset),
        results: items.slice(offset, offset + effectiveLimit),
    });
}

export function getExperiment(ctx: Ctx): Reply {
    return ok(present(ctx, find(ctx, ctx.params[0])));
}

function checkName(body: JsonObject, required: boolean): void {
    if (!("name" in body) || body.name === null) {
        if (required) throw validation("This field is required.", "name", "required");
        return;
    }
    if (typeof body.name !== "string") throw validation("Not a valid string.", "name", "invalid");
    if (body.name.trim() === "") throw validation("This field may not be blank.", "name", "blank");
    if (body.name.length > 400) {
        throw validation(
            "Ensure this field has no more than 400 characters.",
            "name",
            "max_length",
        );
    }
}

/** Finds the flag for key, creating the default control/test flag when it does not exist. */
function flagForKey(ctx: Ctx, key: string, body: JsonObject): FeatureFlag {
    const existing = teamFlag(ctx, key);
    if (existing) {
        const variants = variantsOf(existing);
        if (variants.length < 2 || !variants.some((v) => v.key === "control")) {
            throw validation(
                "Feature flag must have at least 2 variants, and one of them must be 'control'.",
                "feature_flag_key",
            );
        }
        return existing;
    }
    if (!/^[a-zA-Z0-9_-]+$/.test(key)) {
        throw validation(
            "Only letters, numbers, hyphens (-) & underscores (_) are allowed.",
            "feature_flag_key",
        );
    }
    const params = body.parameters as JsonObject | undefined;
    const given = params?.feature_flag_variants as
        { key: string; rollout_percentage: number }[] | undefined;
    const variants = given?.length
        ? given
        : [
              { key: "control", rollout_percentage: 50 },
              { key: "test", rollout_percentage: 50 },
          ];
    // The new flag stays inactive while the experiment is a draft.
    return makeFlag(
        ctx.state,
        ctx.projectId,
        key,
        variants,
        !!body.start_date,
        nowIso(),
        `Feature flag for experiment ${String(body.name)}`,
    );
}

export function createExperiment(ctx: Ctx): Reply {
    const body = ctx.body as JsonObject;
    checkName(body, true);
    const key = body.feature_flag_key;
    if (typeof key !== "string" || key === "") {
        throw validation("This field is required.", "feature_flag_key", "required");
    }
    const flag = flagForKey(ctx, key, body);
    const now = nowIso();
    const exp: Experiment = {
        id: ++ctx.state.nextIds.experiment,
        team_id: ctx.projectId,
        name: String(body.name),
        description: "",
        start_date: null,
        end_date: null,
        feature_flag_key: key,
        feature_flag: nestedFlag(flag),
        holdout: null,
        holdout_id: null,
        exposure_cohort: null,
        parameters: {
            feature_flag_variants: variantsOf(flag) as unknown as Json,
        },
        secondary_metrics: [],
        saved_metrics: [],
        saved_metrics_ids: [],
        filters: {},
        archived: false,
        deleted: false,
        created_by: USERS[0] as unknown as Json,
        created_at: now,
        updated_at: now,
        type: "product",
        exposure_criteria: null,
        metrics: [],
        metrics_secondary: [],
        stats_config: null,
        _create_in_folder: null,
        conclusion: null,
        conclusion_comment: null,
        primary_metrics_ordered_uuids: null,
        secondary_metrics_ordered_uuids: null,
        user_access_level: "editor",
        scheduling_config: null,
        only_count_matured_users: false,
        status: "draft",
    };
    applyWritable(exp, body);
    exp.updated_at = now;
    ctx.state.experiments.push(exp);
    return ok(present(ctx, exp), 201);
}

function applyWritable(exp: Experiment, body: JsonObject): void {
    for (const field of WRITABLE) {
        if (!(field in body)) continue;
        if (field === "metrics" || field === "metrics_secondary") {
            exp[field] = withMetricIds(body[field]);
        } else if (field === "name") {
            exp.name = String(body.name);
        } else {
            exp[field] = body[field] as Json;
        }
    }
}

export function patchExperiment(ctx: Ctx): Reply {
    const exp = find(ctx, ctx.params[0]);
    const body = ctx.body as JsonObject;
    if ("name" in body) checkName(body, true);
    if (
        "conclusion" in body &&
        body.conclusion !== null &&
        !["won", "lost", "inconclusive", "stopped_early", "invalid"].includes(
            String(body.conclusion),
        )
    ) {
        throw validation(
            `"${String(body.conclusion)}" is not a valid choice.`,
            "conclusion",
            "invalid_choice",
        );
    }
    const wasStarted = !!exp.start_date;
    applyWritable(exp, body);
    if (!wasStarted && exp.start_date) {
        // Launching an experiment turns its flag on.
        const flag = teamFlag(ctx, String(exp.feature_flag_key));
        if (flag) flag.active = true;
    }
    exp.updated_at = nowIso();
    return ok(present(ctx, exp));
}

export function deleteExperiment(ctx: Ctx): Reply {
    find(ctx, ctx.params[0]);
    // Hard delete is not allowed: 405 with an empty body; soft delete is PATCH {deleted: true}.
    return { status: 405 };
}

export function duplicateExperiment(ctx: Ctx): Reply {
    const source = find(ctx, ctx.params[0]);
    const body = ctx.body as JsonObject;
    let name: string;
    if (typeof body.name === "string" && body.name.trim() !== "") {
        checkName(body, true);
        name = body.name;
    } else {
        const taken = new Set(
            ctx.state.experiments
                .filter((e) => e.team_id === ctx.projectId && !e.deleted)
                .map((e) => e.name),
        );
        name = `${source.name} (Copy)`;
        for (let n = 1; taken.has(name); n++) name = `${source.name} (Copy) ${n}`;
    }
    let flagKey = String(source.feature_flag_key);
    if (typeof body.feature_flag_key === "string" && body.feature_flag_key !== "") {
        flagKey = body.feature_flag_key;
        flagForKey(ctx, flagKey, { ...source, ...body, name, start_date: null });
    }
    const now = nowIso();
    const copy: Experiment = {
        ...(JSON.parse(JSON.stringify(source)) as Experiment),
        id: ++ctx.state.nextIds.experiment,
        name,
        feature_flag_key: flagKey,
        start_date: null,
        end_date: null,
        archived: false,
        deleted: false,
        exposure_cohort: null,
        conclusion: null,
        conclusion_comment: null,
        created_by: USERS[0] as unknown as Json,
        created_at: now,
        updated_at: now,
    };
    ctx.state.experiments.push(copy);
    return ok(present(ctx, copy), 201);
}

export function createExposureCohort(ctx: Ctx): Reply {
    const exp = find(ctx, ctx.params[0]);
    const flag = teamFlag(ctx, String(exp.feature_flag_key ?? ""));
    if (!flag) throw validation("Experiment does not have a feature flag attached");
    if (!exp.start_date) throw validation("Experiment does not have a start date");
    if (exp.exposure_cohort) throw validation("Experiment already has an exposure cohort");
    const id = ++ctx.state.nextIds.cohort + 100;
    const cohort: JsonObject = {
        id,
        name: `Users exposed to experiment "${exp.name}"`,
        description: "",
        groups: [],
        deleted: false,
        filters: {
            properties: {
                type: "OR",
                values: [
                    {
                        type: "OR",
                        values: [
                            {
                                type: "behavioral",
                                key: "$feature_flag_called",
                                value: "performed_event",
                                event_type: "events",
                                negation: false,
                                event_filters: [
                                    {
                                        key: "$feature_flag",
                                        value: flag.key,
                                        operator: "exact",
                                        type: "event",
                                    },
                                    {
                                        key: "$feature_flag_response",
                                        value: variantsOf(flag).map((v) => v.key),
                                        operator: "exact",
                                        type: "event",
                                    },
                                ],
                                explicit_datetime: exp.start_date,
                            },
                        ],
                    },
                ],
            },
        },
        query: null,
        is_calculating: true,
        created_by: USERS[0] as unknown as Json,
        created_at: nowIso(),
        last_calculation: null,
        errors_calculating: 0,
        count: null,
        is_static: false,
        experiment_set: [exp.id],
    };
    ctx.state.cohorts.push({
        id,
        team_id: ctx.projectId,
        name: String(cohort.name),
        experimentId: exp.id,
        body: cohort,
    });
    exp.exposure_cohort = id;
    exp.updated_at = nowIso();
    return ok({ cohort }, 201);
}

export function recalculateTimeseries(ctx: Ctx): Reply {
    const exp = find(ctx, ctx.params[0]);
    const metric = ctx.body.metric as JsonObject | undefined;
    const fp = ctx.body.fingerprint;
    if (!metric || typeof metric !== "object")
        throw validation("This field is required.", "metric", "required");
    if (typeof fp !== "string" || !fp)
        throw validation("This field is required.", "fingerprint", "required");
    if (!exp.start_date) throw validation("Experiment has not been started yet");
    const metricUuid = String(metric.uuid ?? "");
    const pending = ctx.state.recalculations.find(
        (r) =>
            r.experiment_id === exp.id &&
            r.metric_uuid === metricUuid &&
            r.fingerprint === fp &&
            (r.status === "pending" || r.status === "in_progress"),
    );
    if (pending) return ok({ ...pending });
    const rec = {
        id: randomUUID(),
        experiment_id: exp.id,
        metric_uuid: metricUuid,
        fingerprint: fp,
        status: "pending" as const,
        created_at: nowIso(),
    };
    ctx.state.recalculations.push(rec);
    return ok({ ...rec }, 201);
}

function dayResult(rand: () => number, variants: string[], day: number): JsonObject {
    const samples = (base: number) => Math.round(base * (day + 1) * (0.9 + rand() * 0.2));
    const stats = (key: string, rate: number) => {
        const n = samples(40);
        const sum = Math.round(n * rate);
        return { key, number_of_samples: n, sum, sum_squares: sum };
    };
    const baseline = stats(variants[0], 0.21);
    return {
        kind: "ExperimentQuery",
        baseline,
        variant_results: variants.slice(1).map((key) => {
            const s = stats(key, 0.21 + rand() * 0.06);
            const win = Math.min(0.999, 0.5 + rand() * 0.49);
            return {
                ...s,
                method: "bayesian",
                chance_to_win: Number(win.toFixed(4)),
                credible_interval: [
                    Number((-0.02 + rand() * 0.02).toFixed(4)),
                    Number((0.05 + rand() * 0.1).toFixed(4)),
                ],
                significant: win > 0.95,
            };
        }),
    };
}

export function timeseriesResults(ctx: Ctx): Reply {
    const exp = find(ctx, ctx.params[0]);
    const metricUuid = ctx.query.get("metric_uuid");
    const fp = ctx.query.get("fingerprint");
    if (!metricUuid || !fp) {
        throw validation(
            "metric_uuid and fingerprint are required",
            metricUuid ? "fingerprint" : "metric_uuid",
            "required",
        );
    }
    if (!exp.start_date) throw validation("Experiment has not been started yet");
    const variants = (
        (exp.parameters as JsonObject)?.feature_flag_variants as { key: string }[] | undefined
    )?.map((v) => v.key) ?? ["control", "test"];
    // A 32-bit string hash (Math.imul keeps it exact): a plain `a * 31 + c` over a 36-character
    // uuid outgrows a double's 53 bits, its low 32 bits become 0, and every metric got one seed.
    const seed = [...metricUuid].reduce((a, c) => (Math.imul(a, 31) + c.charCodeAt(0)) | 0, exp.id);
    const rand = rng(seed >>> 0);
    const start = new Date(String(exp.start_date));
    const end = exp.end_date ? new Date(String(exp.end_date)) : new Date();
    const today = new Date().toISOString().slice(0, 10);
    const timeseries: JsonObject = {};
    let day = 0;
    for (
        const d = new Date(
            Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()),
        );
        d <= end;
        d.setUTCDate(d.getUTCDate() + 1)
    ) {
        const key = d.toISOString().slice(0, 10);
        // Today's bucket is not computed yet on a running experiment.
        timeseries[key] = key === today && !exp.end_date ? null : dayResult(rand, variants, day);
        day++;
    }
    const recalc = [...ctx.state.recalculations]
        .reverse()
        .find(
            (r) =>
                r.experiment_id === exp.id && r.metric_uuid === metricUuid && r.fingerprint === fp,
        );
    const partial = Object.values(timeseries).some((v) => v === null);
    return ok({
        experiment_id: exp.id,
        metric_uuid: metricUuid,
        status: partial ? "partial" : "completed",
        timeseries,
        errors: {},
        computed_at: daysAgo(0, 3),
        created_at: String(exp.start_date),
        updated_at: daysAgo(0, 3),
        recalculation_status: recalc ? recalc.status : null,
        recalculation_created_at: recalc ? recalc.created_at : null,
    });
}

function presentFlag(flag: FeatureFlag, ctx: Ctx): JsonObject {
    const experiments = ctx.state.experiments
        .filter((e) => e.team_id === flag.team_id && e.feature_flag_key === flag.key && !e.deleted)
        .map((e) => e.id);
    return {
        id: flag.id,
        name: flag.name,
        key: flag.key,
        filters: flag.filters,
        deleted: flag.deleted,
        active: flag.active,
        created_by: flag.created_by as unknown as Json,
        created_at: flag.created_at,
        updated_at: flag.created_at,
        version: flag.version,
        last_modified_by: flag.created_by as unknown as Json,
        is_simple_flag: false,
        rollout_percentage: null,
        ensure_experience_continuity: flag.ensure_experience_continuity,
        experiment_set: experiments,
        surveys: [],
        features: [],
        rollback_conditions: null,
        performed_rollback: false,
        can_edit: true,
        tags: [],
        evaluation_tags: flag.evaluation_tags,
        usage_dashboard: null,
        analytics_dashboards: [],
        has_enriched_analytics: false,
        user_access_level: "editor",
        creation_context: "feature_flags",
        is_remote_configuration: false,
        has_encrypted_payloads: flag.has_encrypted_payloads,
        status: "ACTIVE",
        evaluation_runtime: flag.evaluation_runtime,
        team_id: flag.team_id,
    };
}

export function eligibleFeatureFlags(ctx: Ctx): Reply {
    const limit = intParam(ctx.query.get("limit"), 20);
    const offset = intParam(ctx.query.get("offset"), 0);
    if (limit === null || offset === null || limit < 1) {
        throw new ApiError(400, { error: "Invalid limit or offset" });
    }
    const search = ctx.query.get("search")?.toLowerCase();
    const active = ctx.query.get("active");
    const createdBy = ctx.query.get("created_by_id");
    const runtime = ctx.query.get("evaluation_runtime");
    let flags = ctx.state.featureFlags.filter((f) => {
        if (f.team_id !== ctx.projectId || f.deleted) return false;
        const variants = variantsOf(f);
        return variants.length >= 2 && variants[0].key === "control";
    });
    if (search)
        flags = flags.filter(
            (f) => f.key.toLowerCase().includes(search) || f.name.toLowerCase().includes(search),
        );
    if (active === "true" || active === "false")
        flags = flags.filter((f) => f.active === (active === "true"));
    if (createdBy) flags = flags.filter((f) => String(f.created_by.id) === createdBy);
    if (runtime) flags = flags.filter((f) => f.evaluation_runtime === runtime);
    const order = ctx.query.get("order") || "-created_at";
    const field = order.replace(/^-/, "") as keyof FeatureFlag;
    const dir = order.startsWith("-") ? -1 : 1;
    flags.sort(
        (a, b) =>
            (String(a[field]) < String(b[field])
                ? -1
                : String(a[field]) > String(b[field])
                  ? 1
                  : a.id - b.id) * dir,
    );
    const page = flags.slice(offset, offset + Math.min(limit, 100));
    return ok({ results: page.map((f) => presentFlag(f, ctx)), count: flags.length });
}

export function requiresFlagImplementation(ctx: Ctx): Reply {
    // True while no experiment of the project has been launched (flags not yet wired in code).
    const launched = ctx.state.experiments.some(
        (e) => e.team_id === ctx.projectId && !e.deleted && !!e.start_date,
    );
    return ok({ result: !launched });
}

/**
 * The list's `status` filter, as `filter_experiments_queryset` of the experiment service
 * (products/experiments/backend) applies it: `running` only the started, unfinished experiments
 * whose flag is active and whose exposure is not frozen; `paused` the same with an inactive
 * flag; `exposure_frozen` the frozen ones; `complete` is read as `stopped`; `all` and unknown
 * values filter nothing. `e` is the presented row, whose `status` is already the public label.
 */
function matchesStatus(e: JsonObject, status: string): boolean {
    const label = String(e.status);
    switch (status.toLowerCase()) {
        case "draft":
        case "running":
        case "paused":
        case "exposure_frozen":
            return label === status.toLowerCase();
        case "complete":
        case "stopped":
            return label === "stopped";
        default:
            return true;
    }
}
