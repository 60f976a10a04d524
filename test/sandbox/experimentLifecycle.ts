// The experiment's life in the sandbox: PostHog's POST actions launch, pause, resume, end,
// ship_variant, reset, archive and unarchive, with PostHog's preconditions, texts and effects.
//
// Sources, read at their newest stored versions:
// - the viewset: EnterpriseExperimentsViewSet, products/experiments/backend/presentation/views.py
//   (code index id 54487560455; the index names no commit for it; the actions first appear at
//   @70e4d624e273), cited as "views.py";
// - the service each action calls: ExperimentService, products/experiments/backend/
//   experiment_service.py (code index id 54491625298), cited as "experiment_service.py";
// - the request serializers: EndExperimentSerializer, ShipVariantSerializer and
//   ArchiveExperimentSerializer, products/experiments/backend/presentation/serializers.py (code
//   index id 54508936235), cited as "serializers.py";
// - the model's states: Experiment.is_draft / is_running / is_stopped (start_date set, end_date
//   set), products/experiments/backend/models/experiment.py @0041032109e3.
// The rules are written here from those files, not taken from src/experiments/lifecycle.ts, so
// the unit tests can hold the extension's reading against this one.
import { type Ctx, type Reply, ok } from "./context";
import { hasScope } from "./auth";
import { permissionDenied, validation } from "./errors";
import { find, present } from "./experiments";
import { experimentStatus, nowIso } from "./seed";
import type { Experiment, FeatureFlag, JsonObject } from "./types";

/** PostHog's conclusion choices (EndExperimentSerializer.conclusion, serializers.py). */
const CONCLUSIONS = ["won", "lost", "inconclusive", "stopped_early", "invalid"];

/** DRF's BooleanField.TRUE_VALUES, which the view reads the scope-raising fields with (views.py). */
const TRUE_VALUES = new Set<unknown>([
    "t",
    "T",
    "y",
    "Y",
    "yes",
    "Yes",
    "YES",
    "true",
    "True",
    "TRUE",
    "on",
    "On",
    "ON",
    "1",
    1,
    true,
]);

/** DRF's BooleanField.FALSE_VALUES. */
const FALSE_VALUES = new Set<unknown>([
    "f",
    "F",
    "n",
    "N",
    "no",
    "No",
    "NO",
    "false",
    "False",
    "FALSE",
    "off",
    "Off",
    "OFF",
    "0",
    0,
    false,
]);

/** The experiment's flag, deleted or not (the model's ForeignKey does not look at `deleted`). */
function flagOf(ctx: Ctx, exp: Experiment): FeatureFlag | undefined {
    return ctx.state.featureFlags.find(
        (f) => f.key === exp.feature_flag_key && f.team_id === exp.team_id,
    );
}

const isDraft = (exp: Experiment): boolean => !exp.start_date;
const isStopped = (exp: Experiment): boolean => !!exp.start_date && !!exp.end_date;

/** Model.save recomputes the stored status (Experiment.save, computed_status). */
function saved(ctx: Ctx, exp: Experiment): Reply {
    exp.status = experimentStatus(exp);
    exp.updated_at = nowIso();
    return ok(present(ctx, exp));
}

/**
 * A scope the view adds for a field of the body (dangerously_get_required_scopes, views.py):
 * checked before anything else, as APIScopePermission runs before the action.
 */
function requireScopeWhen(ctx: Ctx, field: string, scope: string): void {
    if (TRUE_VALUES.has(ctx.body[field]) && !hasScope(ctx.key, scope)) {
        throw permissionDenied(`API key missing required scope '${scope}'`);
    }
}

/** A DRF BooleanField: absent gives the default; anything else must read as a boolean. */
function booleanField(body: JsonObject, field: string): boolean {
    const value = body[field];
    if (value === undefined) return false;
    if (TRUE_VALUES.has(value)) return true;
    if (FALSE_VALUES.has(value)) return false;
    throw validation("Must be a valid boolean.", field, "invalid");
}

/** EndExperimentSerializer's two fields (serializers.py): both optional, both nullable. */
function conclusionFields(body: JsonObject): {
    conclusion: string | null | undefined;
    comment: string | null | undefined;
} {
    const conclusion = body.conclusion;
    if (
        conclusion !== undefined &&
        conclusion !== null &&
        !CONCLUSIONS.includes(String(conclusion))
    )
        throw validation(
            `"${String(conclusion)}" is not a valid choice.`,
            "conclusion",
            "invalid_choice",
        );
    const comment = body.conclusion_comment;
    if (comment !== undefined && comment !== null) {
        if (typeof comment !== "string" && typeof comment !== "number")
            throw validation("Not a valid string.", "conclusion_comment", "invalid");
        if (String(comment).length > 4000)
            throw validation(
                "Ensure this field has no more than 4000 characters.",
                "conclusion_comment",
                "max_length",
            );
    }
    return {
        conclusion: conclusion as string | null | undefined,
        comment: comment === undefined || comment === null ? comment : String(comment),
    };
}

/**
 * POST launch/ (views.py launch; experiment_service.py launch_experiment): a draft only; the flag
 * must not be deleted and must have at least two variants, one keyed `control`
 * (_assert_flag_not_deleted_for_launch, _validate_existing_flag). start_date becomes now and the
 * flag is turned on.
 */
export function launchExperiment(ctx: Ctx): Reply {
    const exp = find(ctx, ctx.params[0]);
    if (!isDraft(exp)) throw validation("Experiment has already been launched.");
    const flag = flagOf(ctx, exp);
    if (!flag || flag.deleted)
        throw validation(
            "Experiment cannot be launched because its feature flag has been deleted.",
        );
    const variants = variantsOf(flag);
    if (variants.length < 2)
        throw validation(
            "Feature flag must have at least 2 variants (control and at least one test variant)",
        );
    if (!variants.some((v) => v.key === "control"))
        throw validation("Feature flag must have a variant with key 'control'");
    exp.start_date = nowIso();
    flag.active = true;
    return saved(ctx, exp);
}

/**
 * POST pause/ and resume/ (experiment_service.py pause_experiment / resume_experiment): launched,
 * not ended, with a flag; pause turns an active flag off ("Experiment is already paused."
 * otherwise), resume an inactive one on ("Experiment is not paused."). Nothing else changes:
 * pause is not stored on the experiment (Experiment.is_paused).
 */
function setPaused(ctx: Ctx, paused: boolean): Reply {
    const exp = find(ctx, ctx.params[0]);
    if (isDraft(exp)) throw validation("Experiment has not been launched yet.");
    if (isStopped(exp)) throw validation("Experiment has already ended.");
    const flag = flagOf(ctx, exp);
    if (!flag) throw validation("Experiment does not have a feature flag linked.");
    if (paused && !flag.active) throw validation("Experiment is already paused.");
    if (!paused && flag.active) throw validation("Experiment is not paused.");
    flag.active = !paused;
    return saved(ctx, exp);
}

export function pauseExperiment(ctx: Ctx): Reply {
    return setPaused(ctx, true);
}

export function resumeExperiment(ctx: Ctx): Reply {
    return setPaused(ctx, false);
}

/**
 * POST end/ (views.py end; experiment_service.py end_experiment): launched and not ended, paused
 * ones included. end_date becomes now; conclusion and comment are set to what the body says,
 * absent ones to null. The flag is not touched.
 */
export function endExperiment(ctx: Ctx): Reply {
    requireScopeWhen(ctx, "open_cleanup_pr", "task:write");
    const exp = find(ctx, ctx.params[0]);
    const { conclusion, comment } = conclusionFields(ctx.body as JsonObject);
    booleanField(ctx.body as JsonObject, "open_cleanup_pr");
    if (isDraft(exp)) throw validation("Experiment has not been launched yet.");
    if (isStopped(exp)) throw validation("Experiment has already ended.");
    exp.end_date = nowIso();
    exp.conclusion = conclusion ?? null;
    exp.conclusion_comment = comment ?? null;
    return saved(ctx, exp);
}

/**
 * POST ship_variant/ (views.py ship_variant; experiment_service.py ship_variant and
 * _transform_filters_for_winning_variant): launched (running or ended), with a flag that has the
 * variant. The flag's variant split gives the variant 100% and the others 0 (names kept); with
 * release_to_everyone a catch-all 100% release condition goes first. The flag's `active` is left
 * as it is. A running experiment is ended; conclusion and comment are set only when given.
 */
export function shipVariant(ctx: Ctx): Reply {
    requireScopeWhen(ctx, "open_cleanup_pr", "task:write");
    const exp = find(ctx, ctx.params[0]);
    const body = ctx.body as JsonObject;
    const { conclusion, comment } = conclusionFields(body);
    const variantKey = body.variant_key;
    if (variantKey === undefined)
        throw validation("This field is required.", "variant_key", "required");
    if (variantKey === null) throw validation("This field may not be null.", "variant_key", "null");
    if (typeof variantKey !== "string" && typeof variantKey !== "number")
        throw validation("Not a valid string.", "variant_key", "invalid");
    if (String(variantKey).trim() === "")
        throw validation("This field may not be blank.", "variant_key", "blank");
    const releaseToEveryone = booleanField(body, "release_to_everyone");
    booleanField(body, "open_cleanup_pr");
    if (isDraft(exp)) throw validation("Experiment has not been launched yet.");
    const flag = flagOf(ctx, exp);
    if (!flag) throw validation("Experiment does not have a linked feature flag.");
    const key = String(variantKey).trim();
    const variants = variantsOf(flag);
    if (!variants.some((v) => v.key === key))
        throw validation(`Variant '${key}' not found on feature flag.`);
    const groups = Array.isArray(flag.filters.groups) ? [...flag.filters.groups] : [];
    if (releaseToEveryone) {
        groups.unshift({
            properties: [],
            rollout_percentage: 100,
            description:
                "Added automatically when the experiment was ended to keep only one variant.",
        });
    }
    flag.filters = {
        aggregation_group_type_index: flag.filters.aggregation_group_type_index ?? null,
        payloads: flag.filters.payloads ?? {},
        multivariate: {
            variants: variants.map((v) => ({
                key: v.key,
                rollout_percentage: v.key === key ? 100 : 0,
                ...(v.name ? { name: v.name } : {}),
            })),
        },
        groups,
    };
    flag.version += 1;
    if (!isStopped(exp)) exp.end_date = nowIso();
    if (conclusion !== undefined && conclusion !== null) exp.conclusion = conclusion;
    if (comment !== undefined && comment !== null) exp.conclusion_comment = comment;
    return saved(ctx, exp);
}

/**
 * POST reset/ (experiment_service.py reset_experiment): anything but a draft goes back to draft;
 * dates, archived, conclusion and comment are cleared. The flag is left as it is.
 */
export function resetExperiment(ctx: Ctx): Reply {
    const exp = find(ctx, ctx.params[0]);
    if (isDraft(exp)) throw validation("Experiment is already in draft state.");
    exp.start_date = null;
    exp.end_date = null;
    exp.archived = false;
    exp.conclusion = null;
    exp.conclusion_comment = null;
    return saved(ctx, exp);
}

/** Whether the key may write flags (EnterpriseExperimentsViewSet._token_can_write_feature_flag). */
function canWriteFlags(ctx: Ctx): boolean {
    return hasScope(ctx.key, "feature_flag:write");
}

/** Flags the sandbox archived along with an experiment (Experiment.feature_flag_auto_archived). */
const AUTO_ARCHIVED = new WeakSet<Experiment>();

/**
 * POST archive/ (views.py archive; experiment_service.py archive_experiment and
 * _archive_linked_feature_flag): not archived yet, and ended. With disable_feature_flag the key
 * needs feature_flag:write too (dangerously_get_required_scopes), and a flag still on is turned
 * off and archived; a flag already off is archived either way when the key may write flags. A
 * flag another live experiment uses is left alone.
 */
export function archiveExperiment(ctx: Ctx): Reply {
    requireScopeWhen(ctx, "disable_feature_flag", "feature_flag:write");
    const exp = find(ctx, ctx.params[0]);
    const disable = booleanField(ctx.body as JsonObject, "disable_feature_flag");
    if (exp.archived) throw validation("Experiment is already archived.");
    if (!isStopped(exp)) throw validation("Experiment must be ended before it can be archived.");
    exp.archived = true;
    const flag = flagOf(ctx, exp);
    const shared = ctx.state.experiments.some(
        (e) =>
            e !== exp &&
            e.team_id === exp.team_id &&
            e.feature_flag_key === exp.feature_flag_key &&
            !e.deleted &&
            !e.archived,
    );
    if (flag && !flag.deleted && !flag.archived && !shared) {
        if (flag.active && disable) {
            flag.active = false;
            flag.archived = true;
            AUTO_ARCHIVED.add(exp);
        } else if (!flag.active && canWriteFlags(ctx)) {
            flag.archived = true;
            AUTO_ARCHIVED.add(exp);
        }
    }
    return saved(ctx, exp);
}

/**
 * POST unarchive/ (views.py unarchive; experiment_service.py unarchive_experiment and
 * _unarchive_linked_feature_flag): only an archived experiment. A flag the archive archived comes
 * back too (still off), when the key may write flags.
 */
export function unarchiveExperiment(ctx: Ctx): Reply {
    const exp = find(ctx, ctx.params[0]);
    if (!exp.archived) throw validation("Experiment is not archived.");
    exp.archived = false;
    const flag = flagOf(ctx, exp);
    if (AUTO_ARCHIVED.has(exp)) {
        if (!flag || flag.deleted || !flag.archived) AUTO_ARCHIVED.delete(exp);
        else if (canWriteFlags(ctx)) {
            flag.archived = false;
            AUTO_ARCHIVED.delete(exp);
        }
    }
    return saved(ctx, exp);
}

function variantsOf(flag: FeatureFlag): { key: string; name?: string }[] {
    const mv = flag.filters.multivariate as { variants?: { key: string; name?: string }[] } | null;
    return Array.isArray(mv?.variants) ? mv.variants : [];
}
