import * as vscode from "vscode";
import { Auth } from "./auth/auth";
import { Config } from "./config";
import { EventDefinitionsTree } from "./events/eventDefinitionsTree";
import { ExperimentDocuments } from "./experiments/documents";
import { ExperimentsTree } from "./experiments/experimentsTree";
import type { Parsed } from "./language/parser/parseResult";
import { createLog, redact } from "./log";
import { QueryHistory } from "./query/history";
import { ResultsPanelPresenter, type ResultsPresenter } from "./query/resultsPresenter";
import { QueryRunner } from "./query/queryRunner";
import { ResultsPanelManager } from "./resultsPanel";
import { Ui, vscodeUi } from "./userPrompts";

/** What the query runner needs from the HogQL diagnostics. */
export interface HogQLDiagnosticsSink {
    /** Underlines errors given as offsets into a statement that starts at `statementStart`. */
    report(
        document: vscode.TextDocument,
        statementStart: number,
        errors: { message: string; start: number; end: number; fix?: string | null }[],
    ): void;
    clear(document: vscode.TextDocument): void;
}

/**
 * The extension's one context: it owns the VS Code context, the settings, the log and every
 * disposable, so deactivation (and a test) can tear everything down in one place.
 */
export class Ctx implements vscode.Disposable {
    readonly log: vscode.LogOutputChannel;
    readonly config: Config;
    /** Replaceable so integration tests can answer prompts; everything else uses VS Code's UI. */
    ui: Ui = vscodeUi;
    readonly auth: Auth;
    /** Read-only Markdown documents (experiment details, timeseries). */
    readonly documents: ExperimentDocuments;
    readonly views: { experiments: ExperimentsTree; eventDefinitions: EventDefinitionsTree };
    readonly history: QueryHistory;
    readonly runner: QueryRunner;
    /** Where query results are shown: the results panel (tests may swap in a recorder). */
    results: ResultsPresenter;
    /** HogQL error ranges in the editor; set by the language features. */
    diagnostics?: HogQLDiagnosticsSink;
    /** PostHog's HogQL parser for whole statements (src/language); it loads on first use, never at activation. */
    hogqlParser?: {
        readonly parserStarted: boolean;
        parseStatement(text: string): Promise<Parsed>;
    };
    private readonly disposables: vscode.Disposable[] = [];

    constructor(readonly extension: vscode.ExtensionContext) {
        this.log = this.push(createLog());
        this.config = this.push(new Config());
        this.auth = this.push(new Auth(this));
        this.documents = this.push(new ExperimentDocuments(this));
        this.history = new QueryHistory(extension.workspaceState);
        this.runner = this.push(new QueryRunner(this));
        this.results = this.push(
            new ResultsPanelPresenter(
                new ResultsPanelManager({
                    extensionUri: extension.extensionUri,
                    storageUri: extension.storageUri ?? extension.globalStorageUri,
                    log: this.log,
                    workspaceState: extension.workspaceState,
                    reusePanel: () => this.config.reuseResultsPanel,
                }),
            ),
        );
        this.views = {
            experiments: this.push(new ExperimentsTree(this)),
            eventDefinitions: this.push(new EventDefinitionsTree(this)),
        };
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
        this.log.error(`${action} failed: ${redact(detailOf(error))}`);
        const choice = await this.ui.error(`${action} failed: ${redact(message)}`, "Show Log");
        if (choice === "Show Log") this.log.show(true);
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

function userMessageOf(error: unknown): string {
    if (error && typeof error === "object" && "userMessage" in error) {
        const userMessage = (error as { userMessage?: unknown }).userMessage;
        if (typeof userMessage === "string" && userMessage) return userMessage;
    }
    return error instanceof Error ? error.message : String(error);
}

function detailOf(error: unknown): string {
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
