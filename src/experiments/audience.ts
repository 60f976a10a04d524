// Who an experiment's feature flag reaches, in words, for the confirmations of Launch and Ship
// Variant. No `vscode` here, so it is unit-tested in plain Node. Everything it returns is plain
// text that may hold server strings (variant keys): the caller escapes it for its sink.
import * as l10n from "@vscode/l10n";
import type { ExperimentBasic } from "../api";
import { experimentVariants } from "./model";

/** One release condition of the flag: how many property filters it has, and its rollout. */
interface Condition {
    filters: number;
    rollout: number;
}

/**
 * The flag's release conditions (`filters.groups`). A condition without a rollout percentage
 * rolls out to everyone it matches, as PostHog's flag matching reads it (null means 100%).
 */
function conditions(experiment: ExperimentBasic): Condition[] | undefined {
    const groups = experiment.feature_flag?.filters?.groups;
    if (!Array.isArray(groups)) return undefined;
    return groups.map((g) => {
        const group = (g ?? {}) as { properties?: unknown; rollout_percentage?: unknown };
        const filters = Array.isArray(group.properties) ? group.properties.length : 0;
        const rollout =
            typeof group.rollout_percentage === "number" ? group.rollout_percentage : 100;
        return { filters, rollout };
    });
}

/** Each release condition as a sentence: "50% of all users", "10% of users matching 2 filters". */
export function audienceLines(experiment: ExperimentBasic): string[] {
    const list = conditions(experiment);
    if (list === undefined) return [l10n.t("The flag's release conditions are not known here.")];
    if (list.length === 0)
        return [l10n.t("The flag has no release conditions, so no user matches it.")];
    return list.map((c) =>
        c.filters === 0
            ? l10n.t("{0}% of all users", c.rollout)
            : c.filters === 1
              ? l10n.t("{0}% of users matching 1 property filter", c.rollout)
              : l10n.t("{0}% of users matching {1} property filters", c.rollout, c.filters),
    );
}

/** The variant split, "control 50%, test 50%", or undefined when the flag has no variants. */
export function splitText(experiment: ExperimentBasic): string | undefined {
    const variants = experimentVariants(experiment);
    if (variants.length === 0) return undefined;
    return variants
        .map((v) => (v.rollout === undefined ? v.key : `${v.key} ${v.rollout}%`))
        .join(", ");
}
