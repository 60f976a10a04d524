// PostHog in the application's own code (issue 45, item 2): hovers, completion, diagnostics with a
// quick fix, and inlay hints on the calls the finder (src/codeCalls/) reports. Nothing of it runs
// at activation: the providers are registered, and the finder's worker started, when the first
// document of a supported language is open.
import * as path from "node:path";
import * as vscode from "vscode";
import { CodeCallsClient } from "../codeCalls/client";
import type { CodeCall } from "../codeCalls/types";
import type { ConfigDep, LogDep, SessionDep } from "../deps";
import { CodeCompletionProvider } from "./completionProvider";
import { CodeDiagnostics } from "./diagnostics";
import { DocumentCalls } from "./documentCalls";
import { CodeHoverProvider } from "./hoverProvider";
import { VolumeInlayHints } from "./inlayHints";
import { InsightData } from "./insightData";
import { CODE_LANGUAGE_IDS, isSupportedLanguage } from "./languages";
import { DidYouMeanProvider } from "./quickFix";

/** What the editor insight uses. */
export type CodeInsightDeps = LogDep &
    SessionDep &
    ConfigDep<"hostSource" | "codeInsight" | "onDidChange"> & {
        readonly extensionUri: vscode.Uri;
    };

/** The quotes that open the string completion goes into. */
const TRIGGERS = ['"', "'", "`"];

export class CodeInsight implements vscode.Disposable {
    private dataInstance: InsightData | undefined;
    private finder: CodeCallsClient | undefined;
    private documents: DocumentCalls | undefined;
    private readonly disposables: vscode.Disposable[] = [];

    constructor(private readonly deps: CodeInsightDeps) {}

    /** Waits for the first supported document; called once from activation. */
    register(): vscode.Disposable {
        const watch = vscode.workspace.onDidOpenTextDocument((document) => {
            if (isSupportedLanguage(document.languageId)) this.start();
        });
        if (vscode.workspace.textDocuments.some((d) => isSupportedLanguage(d.languageId)))
            this.start();
        return watch;
    }

    /** Whether the providers are registered (a supported document has been open). */
    get started(): boolean {
        return this.documents !== undefined;
    }

    /** Whether the finder's worker thread runs (it starts on the first document read). */
    get finderStarted(): boolean {
        return this.finder?.started === true;
    }

    /** The PostHog data, created on first use (it fetches nothing until asked). */
    get data(): InsightData {
        this.dataInstance ??= new InsightData(this.deps);
        return this.dataInstance;
    }

    /** The PostHog calls of a document (none before a supported document started the insight). */
    callsIn(document: vscode.TextDocument): Promise<CodeCall[]> {
        return this.documents?.calls(document) ?? Promise.resolve([]);
    }

    /** The workspace's event names (the workspace index): their volumes join the batched query. */
    setReferencedEvents(names: readonly string[]): void {
        this.data.setReferencedEvents(names);
    }

    private start(): void {
        if (this.documents) return;
        const finder = () =>
            (this.finder ??= new CodeCallsClient(
                path.join(this.deps.extensionUri.fsPath, "dist", "codeCalls.js"),
            ));
        const documents = new DocumentCalls(finder, this.deps.log);
        this.documents = documents;
        const data = this.data;
        const selector = CODE_LANGUAGE_IDS.map((language) => ({ language }));
        const settings = () => this.deps.config.codeInsight;
        const hints = new VolumeInlayHints(documents, data, () => settings().inlayHints);
        const diagnostics = new CodeDiagnostics(documents, data, () => settings());
        this.disposables.push(
            documents,
            hints,
            diagnostics,
            vscode.languages.registerHoverProvider(
                selector,
                new CodeHoverProvider(documents, data),
            ),
            vscode.languages.registerCompletionItemProvider(
                selector,
                new CodeCompletionProvider(documents, data),
                ...TRIGGERS,
            ),
            vscode.languages.registerCodeActionsProvider(selector, new DidYouMeanProvider(data), {
                providedCodeActionKinds: DidYouMeanProvider.kinds,
            }),
            vscode.languages.registerInlayHintsProvider(selector, hints),
            this.deps.config.onDidChange((event) => {
                if (!event.affectsConfiguration("posthog-workbench.codeInsight")) return;
                diagnostics.updateAll();
                hints.refresh();
            }),
            // An experiment's result is asked for when a document that reads its flag is read,
            // so that the hover finds it there.
            documents.onDidChange((document) => {
                for (const call of documents.current(document) ?? []) {
                    const experiment = call.kind === "flag" && data.experiment(call.key);
                    if (experiment) void data.primaryResult(experiment);
                }
            }),
        );
        void data.ensureLoaded();
        for (const document of vscode.workspace.textDocuments) void documents.calls(document);
    }

    dispose(): void {
        for (const disposable of this.disposables.splice(0).reverse()) disposable.dispose();
        this.finder?.dispose();
        this.dataInstance?.dispose();
    }
}
