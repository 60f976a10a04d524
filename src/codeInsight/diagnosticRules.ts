// What the diagnostics say about one call, from the data fetched for the session. Pure of
// vscode's UI so that the rules read plainly; the collection is diagnostics.ts.
import * as l10n from "@vscode/l10n";
import type { ExperimentBasic } from "../api";
import type { CodeCall } from "../codeCalls/types";
import { experimentVariants, isEnded } from "../experiments/model";
import { quotedInMessage } from "../shared/plainText";
import { closestName } from "./closeName";
import type { InsightData } from "./insightData";

/** The kinds of diagnostic, each turned off by its own setting. */
export type FindingKind = "unknownEvent" | "hiddenEvent" | "endedExperiment";

export interface Finding {
    kind: FindingKind;
    message: string;
    severity: "warning" | "information";
    /** The name "did you mean" offers. */
    suggestion?: string;
}

/**
 * The variant a shipped experiment serves: ship_variant rewrites the flag so that the variant has
 * 100% of the distribution and every other 0% (ExperimentService._transform_filters_for_winning_
 * variant, products/experiments/backend/experiment_service.py @55383f32).
 */
export function shippedVariant(experiment: ExperimentBasic): string | undefined {
    const variants = experimentVariants(experiment);
    const full = variants.filter((v) => v.rollout === 100);
    return variants.length > 1 &&
        full.length === 1 &&
        variants.every((v) => v.rollout === 100 || v.rollout === 0)
        ? full[0].key
        : undefined;
}

export function findingFor(
    call: CodeCall,
    data: InsightData,
    enabled: Readonly<Record<FindingKind, boolean>>,
): Finding | undefined {
    // A string being typed (an editor closes the quotes at once) is not a name yet.
    if (call.key === "") return undefined;
    const stale = data.stale
        ? ` ${l10n.t("(PostHog could not be reached: this may be out of date.)")}`
        : "";
    if (call.kind === "capture") {
        if (enabled.unknownEvent && data.neverReceived(call.key) === true) {
            const suggestion = closestName(call.key, data.eventNames());
            const message = suggestion
                ? l10n.t(
                      "PostHog has never received the event {0} and has no definition of it. Did you mean {1}?",
                      quotedInMessage(call.key),
                      quotedInMessage(suggestion),
                  )
                : l10n.t(
                      "PostHog has never received the event {0} and has no definition of it.",
                      quotedInMessage(call.key),
                  );
            return {
                kind: "unknownEvent",
                message: message + stale,
                severity: "warning",
                suggestion,
            };
        }
        if (enabled.hiddenEvent && data.definition(call.key)?.hidden)
            return {
                kind: "hiddenEvent",
                message:
                    l10n.t(
                        "The event {0} is hidden in PostHog: it is left out of pickers and lists.",
                        quotedInMessage(call.key),
                    ) + stale,
                severity: "information",
            };
        return undefined;
    }
    const experiment = data.experiment(call.key);
    if (!enabled.endedExperiment || !experiment || !isEnded(experiment)) return undefined;
    const shipped = shippedVariant(experiment);
    const message = shipped
        ? l10n.t(
              "The experiment {0} on this flag has ended and shipped the variant {1}.",
              quotedInMessage(experiment.name),
              quotedInMessage(shipped),
          )
        : l10n.t(
              "The experiment {0} on this flag has ended; no variant was shipped.",
              quotedInMessage(experiment.name),
          );
    return { kind: "endedExperiment", message: message + stale, severity: "information" };
}
