// "Find Usages in Code" on an experiment: the call sites that read its feature flag (issue 45).
import * as vscode from "vscode";
import type { CommandSpec } from "../commands";
import type { CodeUsagesDep } from "../events/codeUsages";
import { findUsages } from "../events/findUsages";
import { type ExperimentActionDeps, resolveExperiment } from "./actions";

export const experimentUsagesCommand: CommandSpec<ExperimentActionDeps & CodeUsagesDep> = {
    id: "posthog-workbench.findExperimentUsages",
    title: vscode.l10n.t("Find Usages in Code"),
    // The locations go back to a programmatic caller (tests).
    returnsValue: true,
    run: async (deps, arg) => {
        const experiment = await resolveExperiment(deps, arg);
        return experiment ? findUsages(deps, "flag", experiment.feature_flag_key) : undefined;
    },
};
