import * as vscode from "vscode";
import type { Experiment, ExperimentBasic, FeatureFlag } from "../api";
import { appLink } from "../appLinks";
import type { ErrorReportDep, SessionDep, UiDep } from "../deps";
import { inLabel, inMessage, quotedInMessage } from "../shared/plainText";
import { withProgress } from "../progress";
import type { Choice } from "../userPrompts";
import {
    checkExperimentName,
    checkFlagKey,
    copyName,
    experimentMetrics,
    type ExperimentMetric,
    isEnded,
    metricFingerprint,
    roleWord,
    statusText,
} from "./model";
import type { ExperimentsTree } from "./experimentsTree";
import { allowedActions } from "./lifecycle";
import { runLifecycle } from "./lifecycleActions";
import { ExperimentNode } from "./nodes";

/** What the experiment actions use. */
export interface ExperimentActionDeps extends UiDep, SessionDep, ErrorReportDep {
    readonly views: { readonly experiments: ExperimentsTree };
    /** Opens an experiment's page. */
    readonly documents: {
        showDetails(id: number, focusMetric?: string | null): Promise<unknown>;
        /** Reads the experiment's open page again, if it has one. */
        refreshDetails(id: number): Promise<unknown>;
    };
}

const TYPE_FLAG_KEY = Symbol("type a key");

/** Which experiments a command from the palette offers in its pick list. */
export interface PickFilter {
    /** Whether the experiment is in a state the command acts on. */
    offered: (experiment: ExperimentBasic) => boolean;
    /** List the archived experiments (the default lists live ones). */
    archived?: boolean;
    /** What the pick list says when no experiment is offered. */
    none: () => string;
}

/**
 * The experiment a command acts on: the tree row it was invoked on, or (from the command
 * palette) one the user picks, among those `filter` offers. Either is a list row, without
 * metrics: an action that needs them fetches the experiment itself ({@link fetchExperiment}).
 */
export async function resolveExperiment(
    deps: ExperimentActionDeps,
    arg: unknown,
    filter?: PickFilter,
): Promise<ExperimentBasic | undefined> {
    if (arg instanceof ExperimentNode) return arg.experiment;
    const selected = deps.views.experiments.selection[0];
    if (
        arg === undefined &&
        selected instanceof ExperimentNode &&
        (!filter || filter.offered(selected.experiment))
    )
        return selected.experiment;
    const client = await deps.auth.session.client();
    const page = await client.listExperimentsPage({
        limit: 100,
        status: "all",
        ...(filter?.archived ? { archived: true } : {}),
    });
    const offered = filter ? page.results.filter(filter.offered) : page.results;
    if (filter && offered.length === 0) {
        void deps.ui.info(filter.none());
        return undefined;
    }
    return deps.ui.pick(
        offered.map((e) => ({
            label: inLabel(e.name),
            description: inLabel(e.feature_flag_key),
            detail: filter ? inLabel(statusText(e)) : undefined,
            value: e,
        })),
        { title: vscode.l10n.t("Pick an experiment") },
    );
}

export async function newExperiment(deps: ExperimentActionDeps): Promise<Experiment | undefined> {
    const name = await deps.ui.input({
        title: vscode.l10n.t("New experiment (1/2): name"),
        prompt: vscode.l10n.t("A name that says what the experiment tests"),
        validate: checkExperimentName,
    });
    if (!name) return undefined;
    const client = await deps.auth.session.client();
    const flags = await withProgress(
        vscode.l10n.t("Loading eligible feature flags..."),
        ({ signal, onRetry }) =>
            client.listEligibleFeatureFlags({ limit: 100 }, { signal, onRetry }),
    );
    const choices: Choice<FeatureFlag | typeof TYPE_FLAG_KEY>[] = [
        {
            label: vscode.l10n.t("$(add) New flag key..."),
            description: vscode.l10n.t("created with control/test variants"),
            value: TYPE_FLAG_KEY,
        },
        ...flags.results.map((flag) => {
            const variants = variantsOf(flag);
            return {
                label: inLabel(flag.key),
                description: flag.name ? inLabel(flag.name) : undefined,
                detail: variants === undefined ? undefined : inLabel(variants),
                value: flag,
            };
        }),
    ];
    const picked = await deps.ui.pick(choices, {
        title: vscode.l10n.t("New experiment (2/2): feature flag"),
        placeHolder: vscode.l10n.t(
            "Pick a multivariate flag whose first variant is 'control', or type a new key",
        ),
    });
    if (picked === undefined) return undefined;
    let flagKey: string | undefined;
    if (picked === TYPE_FLAG_KEY) {
        flagKey = await deps.ui.input({
            title: vscode.l10n.t("New experiment (2/2): new flag key"),
            prompt: vscode.l10n.t(
                "The flag is created with variants control and test (50/50), inactive while the experiment is a draft.",
            ),
            value: slug(name),
            validate: checkFlagKey,
        });
        if (!flagKey) return undefined;
    } else flagKey = picked.key;
    const created = await withProgress(
        vscode.l10n.t("Creating experiment {0}...", quotedInMessage(name)),
        ({ signal }) =>
            client.createExperiment(
                { name: name.trim(), feature_flag_key: flagKey.trim() },
                { signal },
            ),
    );
    await deps.views.experiments.reveal(created);
    void deps.ui.info(
        vscode.l10n.t(
            "Created draft experiment {0} with flag {1}.",
            quotedInMessage(created.name),
            inMessage(created.feature_flag_key),
        ),
    );
    return created;
}

function variantsOf(flag: FeatureFlag): string | undefined {
    const variants = (
        flag.filters as {
            multivariate?: { variants?: { key: string; rollout_percentage?: number }[] };
        }
    )?.multivariate?.variants;
    return variants?.map((v) => `${v.key} ${v.rollout_percentage ?? "?"}%`).join(", ");
}

function slug(name: string): string {
    return name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 60);
}

type EditableField = "name" | "description" | "conclusion" | "conclusion_comment";

const CONCLUSIONS = ["won", "lost", "inconclusive", "stopped_early", "invalid"];

export async function editExperiment(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
): Promise<Experiment | undefined> {
    const field = await deps.ui.pick<EditableField>(
        [
            {
                label: vscode.l10n.t("Name"),
                description: inLabel(experiment.name),
                value: "name",
            },
            {
                label: vscode.l10n.t("Description"),
                description: inLabel(experiment.description ?? ""),
                value: "description",
            },
            {
                label: vscode.l10n.t("Conclusion"),
                description: inLabel(experiment.conclusion ?? "none"),
                value: "conclusion",
            },
            {
                label: vscode.l10n.t("Conclusion comment"),
                description: inLabel(experiment.conclusion_comment ?? ""),
                value: "conclusion_comment",
            },
        ],
        { title: vscode.l10n.t("Edit {0}", quotedInMessage(experiment.name)) },
    );
    if (!field) return undefined;
    let value: string | null | undefined;
    if (field === "conclusion") {
        const picked = await deps.ui.pick<string>(
            [
                ...CONCLUSIONS.map((c) => ({ label: c, value: c })),
                { label: vscode.l10n.t("(none)"), value: "" },
            ],
            { title: vscode.l10n.t("Conclusion") },
        );
        if (picked === undefined) return undefined;
        value = picked || null;
    } else {
        const current = (experiment[field] as string | null | undefined) ?? "";
        value = await deps.ui.input({
            title: vscode.l10n.t("Edit {0}", field.replace("_", " ")),
            value: current,
            validate: field === "name" ? checkExperimentName : undefined,
        });
        if (value === undefined) return undefined;
    }
    return patch(
        deps,
        experiment,
        { [field]: value },
        vscode.l10n.t("Saving {0}...", quotedInMessage(experiment.name)),
    );
}

/**
 * Archives an ended experiment (POST archive/). Unarchiving is a lifecycle action of its own
 * (./lifecycleActions.ts, PostHog's POST unarchive/).
 */
export async function archiveExperiment(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
): Promise<Experiment | undefined> {
    if (!isEnded(experiment)) {
        // PostHog archives only an ended experiment (POST archive/ answers 400 otherwise): say so
        // before sending, and offer to end it.
        const end = vscode.l10n.t("End Experiment...");
        const canEnd = allowedActions(experiment).includes("end");
        const choice = await deps.ui.warn(
            vscode.l10n.t(
                "{0} is {1}: PostHog archives an experiment only once it has ended. End it first, then archive it.",
                quotedInMessage(experiment.name),
                inMessage(statusText(experiment)),
            ),
            ...(canEnd ? [end] : []),
        );
        if (choice === end) await runLifecycle(deps, experiment, "end");
        return undefined;
    }
    const client = await deps.auth.session.client();
    let updated: Experiment;
    try {
        updated = await withProgress(
            vscode.l10n.t("Archiving {0}...", quotedInMessage(experiment.name)),
            ({ signal, onRetry }) =>
                client.archiveExperiment(experiment.id, {}, { signal, onRetry }),
        );
    } catch (error) {
        // The row may be stale (ended, or not, in PostHog since): PostHog's own reason, as text.
        const refusal = badRequestReason(error);
        if (refusal !== undefined) {
            void deps.ui.warn(
                vscode.l10n.t(
                    "PostHog did not archive {0}: {1}",
                    quotedInMessage(experiment.name),
                    inMessage(refusal),
                ),
            );
            deps.views.experiments.refresh();
            return undefined;
        }
        throw error;
    }
    deps.views.experiments.place(updated);
    void deps.documents.refreshDetails(updated.id);
    void deps.ui.info(vscode.l10n.t("Archived {0}.", quotedInMessage(experiment.name)));
    return updated;
}

/**
 * The service's own sentence of a 400, or undefined for any other failure. Read from the error's
 * fields, not `instanceof`: the API client is loaded as its own bundle (apiLoader).
 */
function badRequestReason(error: unknown): string | undefined {
    const e = error as { status?: unknown; detail?: unknown; userMessage?: unknown } | null;
    if (!e || e.status !== 400) return undefined;
    if (typeof e.detail === "string" && e.detail) return e.detail;
    return typeof e.userMessage === "string" ? e.userMessage : undefined;
}

/** Soft delete: the API's DELETE answers 405, so deleting is PATCH `deleted: true`. */
export async function deleteExperiment(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
): Promise<boolean> {
    const confirmed = await deps.ui.confirm(
        vscode.l10n.t("Delete experiment {0}?", quotedInMessage(experiment.name)),
        vscode.l10n.t(
            "It disappears from PostHog's lists. Its feature flag {0} is kept.",
            inMessage(experiment.feature_flag_key),
        ),
        vscode.l10n.t("Delete"),
    );
    if (!confirmed) return false;
    await patch(
        deps,
        experiment,
        { deleted: true },
        vscode.l10n.t("Deleting {0}...", quotedInMessage(experiment.name)),
    );
    void deps.ui.info(vscode.l10n.t("Deleted {0}.", quotedInMessage(experiment.name)));
    return true;
}

async function patch(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
    body: Record<string, unknown>,
    title: string,
): Promise<Experiment> {
    const client = await deps.auth.session.client();
    const updated = await withProgress(title, ({ signal, onRetry }) =>
        client.patchExperiment(experiment.id, body, { signal, onRetry }),
    );
    // A PATCH with deleted=true answers with the record; make sure the tree drops it.
    deps.views.experiments.update({
        ...updated,
        deleted: body.deleted === true ? true : updated.deleted,
    });
    return updated;
}

export async function duplicateExperiment(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
): Promise<Experiment | undefined> {
    const name = await deps.ui.input({
        title: vscode.l10n.t("Duplicate {0}", quotedInMessage(experiment.name)),
        prompt: vscode.l10n.t("Name of the copy (it reuses the same feature flag)"),
        value: copyName(experiment.name),
        validate: checkExperimentName,
    });
    if (!name) return undefined;
    const client = await deps.auth.session.client();
    // Never retried: a second POST would create a second copy.
    const copy = await withProgress(
        vscode.l10n.t("Duplicating {0}...", quotedInMessage(experiment.name)),
        ({ signal }) =>
            client.duplicateExperiment(experiment.id, { name: name.trim() }, { signal }),
    );
    await deps.views.experiments.reveal(copy);
    void deps.ui.info(vscode.l10n.t("Created {0}.", quotedInMessage(copy.name)));
    return copy;
}

export async function createExposureCohort(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
): Promise<void> {
    const client = await deps.auth.session.client();
    const { cohort } = await withProgress(
        vscode.l10n.t("Creating the exposure cohort of {0}...", quotedInMessage(experiment.name)),
        ({ signal }) => client.createExposureCohort(experiment.id, { signal }),
    );
    deps.views.experiments.update({ ...experiment, exposure_cohort: cohort.id });
    const choice = await deps.ui.info(
        vscode.l10n.t(
            "Created cohort {0} (id {1}).",
            quotedInMessage(cohort.name),
            inMessage(String(cohort.id)),
        ),
        vscode.l10n.t("Open in PostHog"),
    );
    if (choice === vscode.l10n.t("Open in PostHog"))
        await vscode.env.openExternal(
            vscode.Uri.parse(
                appLink(client.host, "project", String(client.projectId), "cohorts", cohort.id),
            ),
        );
}

async function pickMetric(
    deps: ExperimentActionDeps,
    experiment: Experiment,
): Promise<ExperimentMetric | undefined> {
    const metrics = experimentMetrics(experiment);
    if (metrics.length === 0) {
        void deps.ui.warn(
            vscode.l10n.t(
                "{0} has no metrics with a uuid yet; add one in PostHog first.",
                quotedInMessage(experiment.name),
            ),
        );
        return undefined;
    }
    if (metrics.length === 1) return metrics[0];
    return deps.ui.pick(
        metrics.map((m) => ({
            label: inLabel(m.name),
            description: inLabel(`${roleWord(m.role)} · ${m.uuid}`),
            value: m,
        })),
        { title: vscode.l10n.t("Metric of {0}", quotedInMessage(experiment.name)) },
    );
}

/**
 * The experiment itself, with its metrics: the one given when it is already that, else fetched
 * (GET .../experiments/{id}/), since a list row leaves the metrics out.
 */
export async function fetchExperiment(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic | Experiment,
): Promise<Experiment> {
    if (isFull(experiment)) return experiment;
    const client = await deps.auth.session.client();
    return withProgress(
        vscode.l10n.t("Loading {0}...", quotedInMessage(experiment.name)),
        ({ signal, onRetry }) => client.getExperiment(experiment.id, { signal, onRetry }),
    );
}

/** Whether this is the experiment itself (it carries its metric lists), not a list row. */
function isFull(experiment: ExperimentBasic | Experiment): experiment is Experiment {
    const e = experiment as Partial<Experiment>;
    return Array.isArray(e.metrics) && Array.isArray(e.metrics_secondary);
}

/** The experiment with its metrics, and the metric the user picks; undefined if none is picked. */
async function experimentAndMetric(
    deps: ExperimentActionDeps,
    row: ExperimentBasic | Experiment,
): Promise<{ experiment: Experiment; metric: ExperimentMetric } | undefined> {
    const experiment = await fetchExperiment(deps, row);
    const metric = await pickMetric(deps, experiment);
    return metric ? { experiment, metric } : undefined;
}

export async function recalculateTimeseries(
    deps: ExperimentActionDeps,
    row: ExperimentBasic | Experiment,
): Promise<void> {
    const picked = await experimentAndMetric(deps, row);
    if (!picked) return;
    const { experiment, metric } = picked;
    const client = await deps.auth.session.client();
    const request = await withProgress(
        vscode.l10n.t("Requesting recalculation of {0}...", quotedInMessage(metric.name)),
        ({ signal }) =>
            client.recalculateTimeseries(
                experiment.id,
                { metric: metric.metric, fingerprint: metricFingerprint(metric.metric) },
                { signal },
            ),
    );
    void deps.ui.info(
        vscode.l10n.t(
            "Recalculation of {0} is {1}. Show Timeseries Results to see it when done.",
            quotedInMessage(metric.name),
            inMessage(String(request.status)),
        ),
    );
}

/** Opens the experiment's page at the picked metric: its change over time with intervals. */
export async function showTimeseries(
    deps: ExperimentActionDeps,
    row: ExperimentBasic | Experiment,
): Promise<void> {
    const picked = await experimentAndMetric(deps, row);
    if (picked) await deps.documents.showDetails(picked.experiment.id, picked.metric.uuid);
}

export async function checkFlagImplementation(deps: ExperimentActionDeps): Promise<boolean> {
    const client = await deps.auth.session.client();
    const { result } = await withProgress(
        vscode.l10n.t("Checking flag implementation..."),
        ({ signal, onRetry }) => client.requiresFlagImplementation({ signal, onRetry }),
    );
    void deps.ui.info(
        result
            ? vscode.l10n.t(
                  "Flags still need implementing: PostHog has not seen the experiment flags in events yet. Call the flag in your code (e.g. posthog.getFeatureFlag) and deploy.",
              )
            : vscode.l10n.t("Flags are implemented: PostHog sees them in incoming events."),
    );
    return result;
}

export async function openInPostHog(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
): Promise<void> {
    const { host, projectId } = await deps.auth.session.client();
    const link = appLink(host, "project", String(projectId), "experiments", experiment.id);
    await vscode.env.openExternal(vscode.Uri.parse(link));
}

export async function copyFlagKey(
    deps: ExperimentActionDeps,
    experiment: ExperimentBasic,
): Promise<void> {
    await vscode.env.clipboard.writeText(experiment.feature_flag_key);
    void deps.ui.info(vscode.l10n.t("Copied {0}.", inMessage(experiment.feature_flag_key)));
}
