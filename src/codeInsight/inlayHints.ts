// "1.2k/day" after an event name, from the batched volumes (off by default).
import * as vscode from "vscode";
import type { DocumentCalls } from "./documentCalls";
import { perDayText } from "./hoverText";
import type { InsightData } from "./insightData";

export class VolumeInlayHints implements vscode.InlayHintsProvider, vscode.Disposable {
    private readonly changed = new vscode.EventEmitter<void>();
    readonly onDidChangeInlayHints = this.changed.event;
    private readonly subscriptions: vscode.Disposable[];

    constructor(
        private readonly documents: DocumentCalls,
        private readonly data: InsightData,
        private readonly enabled: () => boolean,
    ) {
        this.subscriptions = [
            data.onDidChange(() => this.changed.fire()),
            documents.onDidChange(() => this.changed.fire()),
        ];
    }

    /** Redraws (the setting changed). */
    refresh(): void {
        this.changed.fire();
    }

    async provideInlayHints(
        document: vscode.TextDocument,
        range: vscode.Range,
    ): Promise<vscode.InlayHint[]> {
        if (!this.enabled()) return [];
        const calls = await this.documents.calls(document);
        const hints: vscode.InlayHint[] = [];
        for (const call of calls) {
            if (call.kind !== "capture") continue;
            const volume = this.data.volume(call.key);
            if (!volume) continue;
            // After the closing quote.
            const at = new vscode.Position(call.range.end.line, call.range.end.character + 1);
            if (!range.contains(at)) continue;
            const hint = new vscode.InlayHint(at, perDayText(volume));
            hint.paddingLeft = true;
            hints.push(hint);
        }
        return hints;
    }

    dispose(): void {
        this.subscriptions.forEach((s) => s.dispose());
        this.changed.dispose();
    }
}
