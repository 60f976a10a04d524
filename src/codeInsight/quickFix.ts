// The "did you mean" quick fix of an unknown event: replaces the name with the closest known one.
import * as l10n from "@vscode/l10n";
import * as vscode from "vscode";
import { replacementFix } from "../quickFix";
import { oneLine } from "../shared/plainText";
import { closestName } from "./closeName";
import { SOURCE, UNKNOWN_EVENT_CODE } from "./diagnostics";
import type { InsightData } from "./insightData";

export class DidYouMeanProvider implements vscode.CodeActionProvider {
    static readonly kinds = [vscode.CodeActionKind.QuickFix];

    constructor(private readonly data: InsightData) {}

    provideCodeActions(
        document: vscode.TextDocument,
        _range: vscode.Range,
        context: vscode.CodeActionContext,
    ): vscode.CodeAction[] {
        const actions: vscode.CodeAction[] = [];
        for (const diagnostic of context.diagnostics) {
            if (diagnostic.source !== SOURCE || diagnostic.code !== UNKNOWN_EVENT_CODE) continue;
            // Worked out again from the text: the diagnostic that comes back is a copy.
            const name = document.getText(diagnostic.range);
            const suggestion = closestName(name, this.data.eventNames());
            if (!suggestion) continue;
            actions.push(
                replacementFix(
                    document,
                    diagnostic,
                    l10n.t("Change to {0}", oneLine(suggestion)),
                    suggestion,
                ),
            );
        }
        return actions;
    }
}
