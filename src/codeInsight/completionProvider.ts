// Completion inside the string of a capture call (event names, most received first) and of a flag
// call (the experiments' flag keys), from the data fetched for the session.
import * as l10n from "@vscode/l10n";
import * as vscode from "vscode";
import { statusText } from "../experiments/model";
import { oneLine } from "../shared/plainText";
import { callAt, rangeOf, type DocumentCalls } from "./documentCalls";
import type { InsightData } from "./insightData";

/** Most items offered: an editor list longer than this helps no one. */
const MAX_ITEMS = 500;

export class CodeCompletionProvider implements vscode.CompletionItemProvider {
    constructor(
        private readonly documents: DocumentCalls,
        private readonly data: InsightData,
    ) {}

    async provideCompletionItems(
        document: vscode.TextDocument,
        position: vscode.Position,
    ): Promise<vscode.CompletionItem[] | undefined> {
        const call = callAt(await this.documents.calls(document), position);
        if (!call) return undefined;
        await this.data.ensureLoaded();
        const range = rangeOf(call);
        if (call.kind === "capture") {
            return this.data
                .eventNames()
                .slice(0, MAX_ITEMS)
                .map((name, rank) => {
                    const item = new vscode.CompletionItem(name, vscode.CompletionItemKind.Event);
                    const count = this.data.receivedCount(name);
                    item.detail = l10n.t("PostHog event: {0} in 30 days", count.toLocaleString());
                    const description = this.data.definition(name)?.description;
                    if (description) item.documentation = oneLine(description);
                    item.range = range;
                    item.sortText = String(rank).padStart(5, "0");
                    return item;
                });
        }
        return this.data
            .experiments()
            .slice(0, MAX_ITEMS)
            .map((e) => {
                const item = new vscode.CompletionItem(
                    e.feature_flag_key,
                    vscode.CompletionItemKind.Constant,
                );
                item.detail = l10n.t(
                    "PostHog experiment: {0} ({1})",
                    oneLine(e.name),
                    oneLine(statusText(e)),
                );
                item.range = range;
                return item;
            });
    }
}
