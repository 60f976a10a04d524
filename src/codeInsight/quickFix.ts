// The "did you mean" quick fix of an unknown event: replaces the name with the closest known one.
import * as l10n from "@vscode/l10n";
import * as vscode from "vscode";
import { registerReplacementFixes } from "../quickFix";
import { oneLine } from "../shared/plainText";
import { closestName } from "./closeName";
import { SOURCE, UNKNOWN_EVENT_CODE } from "./diagnostics";
import type { InsightData } from "./insightData";

/** Registers the "Change to …" fix of an unknown event for `selector`'s documents. */
export function registerDidYouMean(
    selector: vscode.DocumentSelector,
    data: InsightData,
): vscode.Disposable {
    return registerReplacementFixes(
        selector,
        (diagnostic) => diagnostic.source === SOURCE && diagnostic.code === UNKNOWN_EVENT_CODE,
        (name) => {
            const suggestion = closestName(name, data.eventNames());
            if (!suggestion) return undefined;
            return { title: l10n.t("Change to {0}", oneLine(suggestion)), text: suggestion };
        },
    );
}
