// Which lifecycle actions PostHog allows on an experiment, and PostHog's fixed value sets for
// them. Pure (no `vscode`), so the sandbox and plain-Node tests import it too.
//
// The rules follow PostHog's experiment service, which the viewset's POST actions call
// (ExperimentService.launch_experiment ... reset_experiment in
// products/experiments/backend/experiment_service.py, newest stored version: code index id
// 54491625298; the index names no commit for it), over the model's own reading of the dates
// (Experiment.is_draft / is_running / is_stopped / is_paused in
// products/experiments/backend/models/experiment.py @0041032109e3). The viewset
// (EnterpriseExperimentsViewSet, products/experiments/backend/presentation/views.py, newest
// stored version: code index id 54487560455) adds only the request bodies and scopes.
import * as l10n from "@vscode/l10n";
import type {
    ArchiveExperimentBody,
    ExperimentBasic,
    ExperimentConclusionValue,
    FeatureFlag,
    TransitionAction,
} from "../api";
import { OPERATION_SCOPES, type OperationId } from "../api/operationScopes";
import { experimentState } from "./model";

/**
 * One POST action of PostHog's experiments API that moves an experiment through its life: the
 * actions the API client sends (../api/experimentTransition.ts), named once there.
 */
export type LifecycleAction = TransitionAction;

/** Every lifecycle action, in the order a menu offers them. */
export const LIFECYCLE_ACTIONS: readonly LifecycleAction[] = [
    "launch",
    "pause",
    "resume",
    "end",
    "ship_variant",
    "reset",
    "archive",
    "unarchive",
];

/**
 * The action that undoes another, where PostHog has one: pause and resume only flip the flag's
 * `active` (ExperimentService.pause_experiment / resume_experiment). The others have none: a
 * launch sets start_date (reset clears it, and the conclusion and archive with it), end and ship
 * set end_date and rewrite the flag, archive and unarchive are offered as actions of their own.
 */
export const INVERSE_ACTION: Readonly<Partial<Record<LifecycleAction, LifecycleAction>>> = {
    pause: "resume",
    resume: "pause",
};

/** PostHog's conclusion values (Experiment.conclusion's choices; EndExperimentSerializer). */
export type ExperimentConclusion = ExperimentConclusionValue;

/**
 * The conclusions in PostHog's order (the model field's choices,
 * products/experiments/backend/models/experiment.py @0041032109e3: Won, Lost, Inconclusive,
 * Stopped Early, Invalid). `label` is PostHog's label in the display language
 * ({@link conclusionLabel}), read when asked for, so it follows the language VS Code runs in.
 */
export const CONCLUSIONS: readonly {
    readonly value: ExperimentConclusion;
    readonly label: string;
}[] = (["won", "lost", "inconclusive", "stopped_early", "invalid"] as const).map((value) => ({
    value,
    get label(): string {
        return conclusionLabel(value);
    },
}));

/** Whether a value is one of PostHog's conclusions. */
export function isConclusion(value: unknown): value is ExperimentConclusion {
    return CONCLUSIONS.some((c) => c.value === value);
}

/**
 * A conclusion in the display language; a value PostHog does not list comes back as sent
 * (plain text: the caller escapes it for its sink).
 */
export function conclusionLabel(value: string): string {
    switch (value) {
        case "won":
            return l10n.t("Won");
        case "lost":
            return l10n.t("Lost");
        case "inconclusive":
            return l10n.t("Inconclusive");
        case "stopped_early":
            return l10n.t("Stopped Early");
        case "invalid":
            return l10n.t("Invalid");
        default:
            return value;
    }
}

/** Longest conclusion comment PostHog accepts (EndExperimentSerializer, max_length 4000). */
export const CONCLUSION_COMMENT_MAX = 4000;

/**
 * Why PostHog would refuse the action on this experiment, in PostHog's own words (the
 * ValidationError texts of the experiment service, answered as 400), or undefined when it would
 * allow it. Read from the experiment as the API sent it; a flag the answer leaves out is not held
 * against the action (PostHog decides then).
 *
 * Not covered here, as the experiment alone does not say: the key's scopes (archive with
 * `disable_feature_flag` also needs feature_flag:write), approval policies on the flag (a 409 for
 * ship_variant), and a variant key that is not on the flag.
 */
export function refusalReason(
    experiment: ExperimentBasic,
    action: LifecycleAction,
): string | undefined {
    const state = experimentState(experiment);
    const draft = state === "draft";
    const stopped = state === "complete";
    const flag = experiment.feature_flag;
    switch (action) {
        case "launch":
            // launch_experiment: `if not experiment.is_draft`, then _assert_flag_not_deleted_for_
            // launch and _validate_existing_flag (experiment_service.py, code index id 54491625298).
            if (!draft) return "Experiment has already been launched.";
            return flag ? launchFlagProblem(flag) : undefined;
        case "pause":
        case "resume":
            // pause_experiment / resume_experiment: draft, then stopped, then a missing flag, then
            // the flag's `active` (paused = running with the flag off: Experiment.is_paused).
            if (draft) return "Experiment has not been launched yet.";
            if (stopped) return "Experiment has already ended.";
            if (flag === null) return "Experiment does not have a feature flag linked.";
            if (action === "pause" && state === "paused") return "Experiment is already paused.";
            if (action === "resume" && state !== "paused") return "Experiment is not paused.";
            return undefined;
        case "end":
            // end_experiment: any launched, not yet ended experiment, paused ones included; the
            // flag is not touched.
            if (draft) return "Experiment has not been launched yet.";
            if (stopped) return "Experiment has already ended.";
            return undefined;
        case "ship_variant":
            // ship_variant: running or stopped ("end first, ship later"); needs the flag.
            if (draft) return "Experiment has not been launched yet.";
            if (flag === null) return "Experiment does not have a linked feature flag.";
            return undefined;
        case "reset":
            // reset_experiment: anything but a draft goes back to draft.
            return draft ? "Experiment is already in draft state." : undefined;
        case "archive":
            // archive_experiment: not archived yet, and ended (Experiment.is_stopped).
            if (experiment.archived) return "Experiment is already archived.";
            if (!stopped) return "Experiment must be ended before it can be archived.";
            return undefined;
        case "unarchive":
            // unarchive_experiment: only an archived one.
            return experiment.archived ? undefined : "Experiment is not archived.";
    }
}

/** The actions PostHog allows on the experiment now (see {@link refusalReason}). */
export function allowedActions(experiment: ExperimentBasic): LifecycleAction[] {
    if (experiment.deleted) return [];
    return LIFECYCLE_ACTIONS.filter((action) => refusalReason(experiment, action) === undefined);
}

/** Whether PostHog allows the action on the experiment now. */
export function isAllowed(experiment: ExperimentBasic, action: LifecycleAction): boolean {
    return allowedActions(experiment).includes(action);
}

/**
 * A flag PostHog will not launch on: deleted (_assert_flag_not_deleted_for_launch), fewer than two
 * variants or none keyed `control` (_validate_existing_flag). Undefined when it would launch.
 */
function launchFlagProblem(flag: FeatureFlag): string | undefined {
    if (flag.deleted === true) {
        return "Experiment cannot be launched because its feature flag has been deleted.";
    }
    const variants = flag.filters?.multivariate?.variants;
    // A flag answered without its filters says nothing about its variants.
    if (!flag.filters) return undefined;
    if (!Array.isArray(variants) || variants.length < 2) {
        return "Feature flag must have at least 2 variants (control and at least one test variant)";
    }
    if (!variants.some((v) => v?.key === "control")) {
        return "Feature flag must have a variant with key 'control'";
    }
    return undefined;
}

/**
 * The variants ship_variant can ship: the keys of the flag's multivariate variants
 * (ExperimentService.ship_variant refuses any other key with "Variant '<key>' not found on
 * feature flag.").
 */
export function shippableVariants(experiment: ExperimentBasic): string[] {
    const variants = experiment.feature_flag?.filters?.multivariate?.variants;
    if (!Array.isArray(variants)) return [];
    return variants.map((v) => v?.key).filter((k): k is string => typeof k === "string");
}

/** The contract's operation of each action (test/fixtures/posthog-openapi/operations.json). */
const OPERATION_OF: Readonly<Record<LifecycleAction, OperationId>> = {
    launch: "experiments_launch_create",
    pause: "experiments_pause_create",
    resume: "experiments_resume_create",
    end: "experiments_end_create",
    ship_variant: "experiments_ship_variant_create",
    reset: "experiments_reset_create",
    archive: "experiments_archive_create",
    unarchive: "experiments_unarchive_create",
};

/**
 * The scopes a personal API key needs for the action: the contract's (experiment:write for each),
 * plus feature_flag:write for an archive that also turns the flag off, which PostHog adds from the
 * body (EnterpriseExperimentsViewSet.dangerously_get_required_scopes, views.py, code index id
 * 54487560455) and the contract cannot say.
 */
export function actionScopes(action: LifecycleAction, body?: ArchiveExperimentBody): string[] {
    const scopes: string[] = [...(OPERATION_SCOPES[OPERATION_OF[action]].scopes ?? [])];
    if (action === "archive" && body?.disable_feature_flag === true)
        scopes.push("feature_flag:write");
    return scopes;
}
