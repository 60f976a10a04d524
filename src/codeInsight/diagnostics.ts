// The PostHog diagnostics of open documents: redrawn when a document's calls are found again and
// when the data changes. Each kind has its own setting (on by default).
import * as vscode from "vscode";
import type { CodeCall } from "../codeCalls/types";
import { rangeOf, type DocumentCalls } from "./documentCalls";
import { findingFor, type FindingKind } from "./diagnosticRules";
import type { InsightData } from "./insightData";
import { codeLanguageOf } from "./languages";

/** The diagnostics' source, and the code the quick fix looks for. */
export const SOURCE = "PostHog";
export const UNKNOWN_EVENT_CODE = "unknown-event";

const CODES: Record<FindingKind, string> = {
    unknownEvent: UNKNOWN_EVENT_CODE,
    hiddenEvent: "hidden-event",
    endedExperiment: "ended-experiment",
};

export class CodeDiagnostics implements vscode.Disposable {
    private readonly collection = vscode.languages.createDiagnosticCollection("posthog-code");
    private readonly subscriptions: vscode.Disposable[];

    constructor(
        private readonly documents: DocumentCalls,
        private readonly data: InsightData,
        private readonly enabled: () => Readonly<Record<FindingKind, boolean>>,
    ) {
        this.subscriptions = [
            documents.onDidChange((document) => this.update(document)),
            data.onDidChange(() => this.updateAll()),
            vscode.workspace.onDidCloseTextDocument((document) =>
                this.collection.delete(document.uri),
            ),
        ];
    }

    updateAll(): void {
        for (const document of vscode.workspace.textDocuments) this.update(document);
    }

    private update(document: vscode.TextDocument): void {
        if (!codeLanguageOf(document)) return;
        const calls = this.documents.latest(document);
        if (calls)
            this.data.referenceEvents(calls.filter((c) => c.kind === "capture").map((c) => c.key));
        if (!calls || !this.data.ready) {
            this.collection.delete(document.uri);
            return;
        }
        this.collection.set(document.uri, this.diagnostics(calls));
    }

    private diagnostics(calls: readonly CodeCall[]): vscode.Diagnostic[] {
        const enabled = this.enabled();
        const out: vscode.Diagnostic[] = [];
        for (const call of calls) {
            const finding = findingFor(call, this.data, enabled);
            if (!finding) continue;
            const diagnostic = new vscode.Diagnostic(
                rangeOf(call),
                finding.message,
                finding.severity === "warning"
                    ? vscode.DiagnosticSeverity.Warning
                    : vscode.DiagnosticSeverity.Information,
            );
            diagnostic.source = SOURCE;
            diagnostic.code = CODES[finding.kind];
            out.push(diagnostic);
        }
        return out;
    }

    dispose(): void {
        this.subscriptions.forEach((s) => s.dispose());
        this.collection.dispose();
    }
}
