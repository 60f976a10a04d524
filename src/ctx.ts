import * as vscode from "vscode";
import { Auth } from "./auth/auth";
import { CodeInsight } from "./codeInsight";
import { Config } from "./config";
import { CodeUsages } from "./events/codeUsages";
import { ExperimentDocuments } from "./experiments/documents";
import { HogQLLanguage } from "./language";
import { LazyViews, type Views } from "./lazyViews";
import { errorDetail, userMessageOf } from "./errorText";
import { QueryHistory } from "./query/history";
import { LazyQueryRunner } from "./query/lazyRunner";
import type { ResultsPresenter } from "./resultsPanel";
import { LazyResultsPanels } from "./resultsPanel/lazyPanels";
import { Ui, vscodeUi } from "./userPrompts";

/**
 * The extension's one context: it owns the VS Code context, the settings, the log and every
 * disposable, so deactivation (and a test) can tear everything down in one place. Its
 * constructor builds every piece; activation (src/extension.ts) then registers them with VS Code.
 * Only activation knows this class: each piece takes the few members it names (src/deps.ts and
 * each feature's `...Deps`), and is handed the context, which has them.
 */
export class Ctx implements vscode.Disposable {
    readonly log: vscode.LogOutputChannel;
    readonly config: Config;
    /** Replaceable so integration tests can answer prompts; everything else uses VS Code's UI. */
    ui: Ui = vscodeUi;
    readonly auth: Auth;
    /** Read-only Markdown documents (experiment details, timeseries). */
    readonly documents: ExperimentDocuments;
    /** The sidebar's views, whose trees load on first use (src/lazyViews.ts). */
    readonly trees: LazyViews;
    readonly history: QueryHistory;
    /** Runs queries; its code loads with the first run. */
    readonly runner: LazyQueryRunner;
    /** The results panels (restored after a reload through their serializer), loaded on first use. */
    readonly panels: LazyResultsPanels;
    /** Where query results are shown: the results panel (tests may swap in a recorder). */
    results: ResultsPresenter;
    /** The HogQL language pieces: schema cache, error ranges, PostHog's parser (src/language). */
    readonly language: HogQLLanguage;
    /** The workspace's PostHog calls (issue 45): loaded and built on first use, never here. */
    readonly codeUsages: CodeUsages;
    /** PostHog calls in application code: hovers, completion, diagnostics (started lazily). */
    readonly codeInsight: CodeInsight;
    private readonly disposables: vscode.Disposable[] = [];

    /**
     * Builds every piece. `log` is activation's, which outlives a failed build so the failure
     * can still be shown. A failure disposes what was built and throws.
     */
    constructor(
        readonly extension: vscode.ExtensionContext,
        log: vscode.LogOutputChannel,
    ) {
        this.log = log;
        try {
            this.config = this.push(new Config());
            this.auth = this.push(new Auth(this));
            this.documents = this.push(new ExperimentDocuments(this));
            this.history = new QueryHistory(extension.workspaceState);
            this.runner = this.push(new LazyQueryRunner(this));
            this.panels = this.push(
                new LazyResultsPanels({
                    extensionUri: extension.extensionUri,
                    storageUri: extension.storageUri ?? extension.globalStorageUri,
                    log: this.log,
                    workspaceState: extension.workspaceState,
                    reusePanel: () => this.config.reuseResultsPanel,
                    location: () => this.config.resultsLocation,
                    neutraliseFormulas: () => this.config.neutraliseFormulas,
                    onDidChangeConfiguration: this.config.onDidChange,
                    prompts: this,
                    host: () => this.auth.session.state.host,
                }),
            );
            this.results = this.panels;
            this.codeUsages = this.push(new CodeUsages(this));
            this.trees = this.push(new LazyViews(this));
            this.language = new HogQLLanguage(this);
            this.codeInsight = this.push(new CodeInsight(this));
            // Once something has built the workspace index (Find Usages, the usage filter), the
            // workspace's events join the editor's batched volume query; nothing builds it here.
            this.push(
                this.codeUsages.onDidLoad((index) => {
                    const share = () =>
                        this.codeInsight.setReferencedEvents(index.referencedEvents());
                    this.push(index.onDidChange(share));
                    share();
                }),
            );
        } catch (error) {
            this.dispose();
            throw error;
        }
    }

    /** PostHog's HogQL parser for whole statements; it loads on first use, never at activation. */
    get hogqlParser(): HogQLLanguage["parsed"] {
        return this.language.parsed;
    }

    /**
     * The sidebar's trees, for the commands that work on them: every command's first run loads
     * them (src/extension.ts), and so does a view's first fetch; before that there are none.
     */
    get views(): Views {
        const views = this.trees.loaded;
        if (!views) throw new Error("the sidebar's trees have not loaded yet (ctx.trees.load())");
        return views;
    }

    /** Takes ownership of a disposable and returns it, so it can be written inline. */
    push<T extends vscode.Disposable>(disposable: T): T {
        this.disposables.push(disposable);
        return disposable;
    }

    get extensionUri(): vscode.Uri {
        return this.extension.extensionUri;
    }

    /**
     * Logs the whole error and shows the user one sentence with a "Show Log" button. The sentence
     * is the error's `userMessage` when it has one (API errors do), else its message.
     */
    async reportError(action: string, error: unknown): Promise<void> {
        const message = userMessageOf(error);
        // The session's redaction knows the signed-in key; the patterns alone miss a legacy key.
        const redact = (text: string) => this.auth.session.redact(text);
        this.log.error(`${action} failed: ${redact(errorDetail(error))}`);
        const choice = await this.ui.error(
            vscode.l10n.t("{0} failed: {1}", action, redact(message)),
            vscode.l10n.t("Show Log"),
        );
        if (choice === vscode.l10n.t("Show Log")) this.log.show(true);
    }

    dispose(): void {
        // Dispose in reverse so later pieces, which may use earlier ones, go first.
        for (const disposable of this.disposables.splice(0).reverse()) {
            try {
                disposable.dispose();
            } catch (error) {
                this.log?.warn(`dispose failed: ${String(error)}`);
            }
        }
    }
}
