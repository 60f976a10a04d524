// The editor insight once a supported document is open: the finder's client, the documents'
// calls and the providers. Loaded as its own chunk on that first document (./index.ts), so that
// activation loads none of it.
import * as path from "node:path";
import * as vscode from "vscode";
import { CodeCallsClient } from "../codeCalls/client";
import type { CodeCall } from "../codeCalls/types";
import { CodeCompletionProvider } from "./completionProvider";
import { CodeDiagnostics } from "./diagnostics";
import { DocumentCalls } from "./documentCalls";
import { CodeHoverProvider } from "./hoverProvider";
import type { CodeInsightDeps } from "./index";
import { VolumeInlayHints } from "./inlayHints";
import { InsightData } from "./insightData";
import { CODE_SELECTOR } from "./languages";
import { registerDidYouMean } from "./quickFix";
import type { SharedFinder } from "./sharedFinder";

/** The quotes that open the string completion goes into. */
const TRIGGERS = ['"', "'", "`"];

/** The PostHog data, made on first use (it fetches nothing until asked). */
export function createInsightData(deps: CodeInsightDeps): InsightData {
    return new InsightData(deps);
}

/** The providers on every supported document, with the finder behind them. */
export class StartedInsight implements vscode.Disposable {
    private readonly documents: DocumentCalls;
    private readonly disposables: vscode.Disposable[] = [];

    constructor(
        private readonly deps: CodeInsightDeps,
        data: InsightData,
        shared: SharedFinder,
    ) {
        const finder = () =>
            shared.client(
                () =>
                    new CodeCallsClient(
                        path.join(this.deps.extensionUri.fsPath, "dist", "codeCalls.js"),
                    ),
            );
        const documents = new DocumentCalls(finder, this.deps.log);
        this.documents = documents;
        const selector = [...CODE_SELECTOR];
        const settings = () => this.deps.config.codeInsight;
        const hints = new VolumeInlayHints(documents, data, () => settings().inlayHints);
        const diagnostics = new CodeDiagnostics(documents, data, () => settings());
        this.disposables.push(
            documents,
            hints,
            diagnostics,
            vscode.languages.registerHoverProvider(
                selector,
                new CodeHoverProvider(documents, data, this.deps.log),
            ),
            vscode.languages.registerCompletionItemProvider(
                selector,
                new CodeCompletionProvider(documents, data),
                ...TRIGGERS,
            ),
            registerDidYouMean(selector, data),
            vscode.languages.registerInlayHintsProvider(selector, hints),
            this.deps.config.onDidChange((event) => {
                if (!event.affectsConfiguration("posthog-workbench.codeInsight")) return;
                diagnostics.updateAll();
                hints.refresh();
            }),
            // What a document's hovers show is asked for when it is read (on opening, and after
            // a pause in typing), so that a hover finds it there rather than waits for it: the
            // result of the experiment each flag belongs to, and the volumes of its events, sent
            // once every document being read has been read (one query for files opened
            // together).
            documents.onDidChange((document) => {
                const calls = documents.current(document) ?? [];
                for (const call of calls) {
                    const experiment = call.kind === "flag" && data.experiment(call.key);
                    if (experiment) void data.primaryResult(experiment);
                }
                data.referenceEvents(calls.filter((c) => c.kind === "capture").map((c) => c.key));
                if (documents.idle) void data.sendWaitingVolumes();
            }),
        );
        void data.ensureLoaded();
        for (const document of vscode.workspace.textDocuments) void documents.calls(document);
    }

    /** Whether no document is being read (see DocumentCalls.idle). */
    get idle(): boolean {
        return this.documents.idle;
    }

    callsIn(document: vscode.TextDocument): Promise<CodeCall[]> {
        return this.documents.calls(document);
    }

    dispose(): void {
        for (const disposable of this.disposables.splice(0).reverse()) disposable.dispose();
    }
}
