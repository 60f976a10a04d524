import * as l10n from "@vscode/l10n";
import type { CommandSpec } from "../commands";
import type { ExperimentBasic } from "../api";
import * as actions from "./actions";
import { allowedActions, type LifecycleAction } from "./lifecycle";
import { runLifecycle, type RunAction } from "./lifecycleActions";
import { LoadMoreNode } from "./nodes";

const P = "posthog-workbench";

/** A command that acts on one experiment (the row it was invoked on, or a picked one). */
function onExperiment(
    name: string,
    title: string,
    action: (deps: actions.ExperimentActionDeps, experiment: ExperimentBasic) => Promise<unknown>,
): CommandSpec<actions.ExperimentActionDeps> {
    return {
        id: `${P}.${name}`,
        title,
        run: async (deps, arg) => {
            const experiment = await actions.resolveExperiment(deps, arg);
            return experiment ? action(deps, experiment) : undefined;
        },
    };
}

/**
 * A lifecycle command: from the palette its pick list holds only the experiments whose state
 * allows the action (the tree's menus and the page's buttons show it only there).
 */
function lifecycle(
    name: string,
    title: string,
    action: LifecycleAction,
    none: () => string,
    run: (deps: actions.ExperimentActionDeps, experiment: ExperimentBasic) => Promise<unknown>,
): CommandSpec<actions.ExperimentActionDeps> {
    return {
        id: `${P}.${name}`,
        title,
        run: async (deps, arg) => {
            const experiment = await actions.resolveExperiment(deps, arg, {
                offered: (e) => allowedActions(e).includes(action),
                archived: action === "unarchive",
                none,
            });
            return experiment ? run(deps, experiment) : undefined;
        },
    };
}

const run = (action: RunAction) => (deps: actions.ExperimentActionDeps, e: ExperimentBasic) =>
    runLifecycle(deps, e, action);

/** Commands of the Experiments view. */
export const experimentCommands: readonly CommandSpec<actions.ExperimentActionDeps>[] = [
    {
        id: `${P}.refreshExperiments`,
        title: l10n.t("Refresh Experiments"),
        run: (deps) => deps.views.experiments.refresh(),
    },
    {
        id: `${P}.loadMoreExperiments`,
        title: l10n.t("Load More Experiments"),
        run: (deps, node) =>
            node instanceof LoadMoreNode ? deps.views.experiments.loadMore(node.group) : undefined,
    },
    {
        id: `${P}.filterExperiments`,
        title: l10n.t("Filter Experiments"),
        run: async (deps) => {
            const search = await deps.ui.input({
                title: l10n.t("Filter experiments"),
                prompt: l10n.t("Show experiments whose name contains this text (empty shows all)"),
                value: deps.views.experiments.filter,
            });
            if (search !== undefined) deps.views.experiments.setFilter(search);
        },
    },
    {
        id: `${P}.clearExperimentFilter`,
        title: l10n.t("Clear Experiment Filter"),
        run: (deps) => deps.views.experiments.setFilter(""),
    },
    {
        id: `${P}.showArchivedExperiments`,
        title: l10n.t("Show Archived Experiments"),
        run: (deps) => deps.views.experiments.setShowArchived(true),
    },
    {
        id: `${P}.hideArchivedExperiments`,
        title: l10n.t("Hide Archived Experiments"),
        run: (deps) => deps.views.experiments.setShowArchived(false),
    },
    {
        id: `${P}.newExperiment`,
        title: l10n.t("New Experiment"),
        run: (deps) => actions.newExperiment(deps),
    },
    onExperiment("openExperiment", l10n.t("Open Experiment"), (deps, e) =>
        deps.documents.showDetails(e.id),
    ),
    onExperiment("editExperiment", l10n.t("Edit Experiment"), actions.editExperiment),
    lifecycle(
        "launchExperiment",
        l10n.t("Launch Experiment"),
        "launch",
        () => l10n.t("No draft experiment to launch."),
        run("launch"),
    ),
    lifecycle(
        "pauseExperiment",
        l10n.t("Pause Experiment"),
        "pause",
        () => l10n.t("No running experiment to pause."),
        run("pause"),
    ),
    lifecycle(
        "resumeExperiment",
        l10n.t("Resume Experiment"),
        "resume",
        () => l10n.t("No paused experiment to resume."),
        run("resume"),
    ),
    lifecycle(
        "endExperiment",
        l10n.t("End Experiment"),
        "end",
        () => l10n.t("No running experiment to end."),
        run("end"),
    ),
    lifecycle(
        "shipVariant",
        l10n.t("Ship Variant"),
        "ship_variant",
        () => l10n.t("No launched experiment to ship a variant of."),
        run("ship_variant"),
    ),
    lifecycle(
        "resetExperiment",
        l10n.t("Reset Experiment to Draft"),
        "reset",
        () => l10n.t("No launched experiment to reset."),
        run("reset"),
    ),
    lifecycle(
        "archiveExperiment",
        l10n.t("Archive Experiment"),
        "archive",
        () => l10n.t("No ended experiment to archive."),
        actions.archiveExperiment,
    ),
    lifecycle(
        "unarchiveExperiment",
        l10n.t("Unarchive Experiment"),
        "unarchive",
        () => l10n.t("No archived experiment to unarchive."),
        run("unarchive"),
    ),
    onExperiment("deleteExperiment", l10n.t("Delete Experiment"), actions.deleteExperiment),
    onExperiment(
        "duplicateExperiment",
        l10n.t("Duplicate Experiment"),
        actions.duplicateExperiment,
    ),
    onExperiment(
        "createExposureCohort",
        l10n.t("Create Exposure Cohort"),
        actions.createExposureCohort,
    ),
    onExperiment(
        "recalculateTimeseries",
        l10n.t("Recalculate Timeseries"),
        actions.recalculateTimeseries,
    ),
    onExperiment("showTimeseries", l10n.t("Show Timeseries Results"), actions.showTimeseries),
    {
        id: `${P}.checkFlagImplementation`,
        title: l10n.t("Check Flag Implementation"),
        run: (deps) => actions.checkFlagImplementation(deps),
    },
    onExperiment("openExperimentInPostHog", l10n.t("Open in PostHog"), actions.openInPostHog),
    onExperiment("copyFlagKey", l10n.t("Copy Flag Key"), actions.copyFlagKey),
];
