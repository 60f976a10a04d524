// The "did you mean" quick fix of an unknown event: replaces the name with the closest known one.
import * as l10n from "@vscode/l10n";
import * as vscode from "vscode";
import { replacementFixes } from "../quickFix";
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
        return replacementFixes(
            document,
            context,
            (diagnostic) => diagnostic.source === SOURCE && diagnostic.code === UNKNOWN_EVENT_CODE,
            (name) => {
                const suggestion = closestName(name, this.data.eventNames());
                if (!suggestion) return undefined;
                return { title: l10n.t("Change to {0}", oneLine(suggestion)), text: suggestion };
            },
        );
    }
}
