import { nodeCrypto } from "../nodeCrypto";
import * as vscode from "vscode";
import type { HogQLError, PostHogClient, RefreshMode } from "../api";
import { loadApi } from "../apiLoader";
import { withAbortSignal } from "../cancellation";
import type { ConfigDep, ErrorReportDep, LogDep, ResultsDep, SessionDep, UiDep } from "../deps";
import type { HogQLDiagnostics } from "../language/diagnostics";
import type { QueryHistory } from "./history";
import { userMessageOf } from "../errorText";
import { redact } from "../log";
import { inLabel, withoutControls } from "../shared/plainText";
import type { QueryResult } from "../shared/resultsProtocol";
import type { ResultLayout } from "../resultsPanel/resultSet";
import { describeVariable, fetchSavedVariables, namesToPrompt } from "./savedVariables";
import type { Statement } from "../hogql/statementSplitter";
import { missingVariableRanges } from "./variableErrors";
import { RunStatusItem } from "./runStatusItem";
import {
    findVariables,
    hasTopLevelLimit,
    hogqlQueryNode,
    queryName,
    variablesOverride,
    withLimit,
} from "./runTargets";
import { markWalkthroughDone, WALKTHROUGH_DONE } from "../walkthrough/progress";
import { screenReaderOptimized } from "./screenReader";
import { mayUseText, restrictedRunMessage } from "../trust";

/** What running queries uses. */
export interface QueryRunnerDeps
    extends LogDep, UiDep, ErrorReportDep, SessionDep, ResultsDep, ConfigDep<"refreshMode"> {
    /** Where the error ranges of a failed run go. */
    readonly language: { readonly diagnostics: HogQLDiagnostics };
    readonly history: Pick<QueryHistory, "add">;
    /** Where a file's variable values are kept. */
    readonly extension: Pick<vscode.ExtensionContext, "workspaceState">;
}

/** What one statement's run produced: a result or an error, with what ran and how long. */
export interface RunOutcome {
    /** The HogQL that ran and its place in the document (for diagnostics and re-runs). */
    statement: Statement;
    /** The `client_query_id` sent (the service's query id). */
    queryId: string;
    durationMs: number;
    /** The result as the results panel shows it: the response's bytes as received (success). */
    result?: QueryResult;
    /** Where each row is in the result's bytes, from the run's scan (success). */
    layout?: ResultLayout;
    /** What went wrong (failure or cancel). */
    error?: unknown;
    cancelled?: boolean;
}

/** One statement to run, and everything its run needs. */
interface StatementRun {
    client: PostHogClient;
    document: vscode.TextDocument;
    target: Statement;
    /** The results tab's title: file name and statement number. */
    title: string;
    /** The file name the query's `name` carries. */
    fileName: string;
    refresh: RefreshMode;
    /** The values of every `{variables.x}` asked for this run (each statement picks its own). */
    values: Record<string, string>;
    token: vscode.CancellationToken;
    report: (message: string) => void;
    /** The caller shows failures itself (the notebook controller): no diagnostics or messages. */
    quiet?: boolean;
    /** History writes, awaited after the results are shown (see {@link QueryRunner.runOne}). */
    writes: Promise<void>[];
}

const VARIABLES_KEY = "posthog-workbench.variables";
const MAX_ROWS = 50_000;

/**
 * Runs HogQL statements: prompts for `{variables.x}`, runs them one after another under a
 * cancellable progress notification and a status bar item, records history, turns HogQL
 * errors into diagnostics and hands results to the results panel.
 */
export class QueryRunner implements vscode.Disposable {
    private readonly running = new Set<vscode.CancellationTokenSource>();
    private readonly statusItem = new RunStatusItem();

    constructor(private readonly deps: QueryRunnerDeps) {}

    get isRunning(): boolean {
        return this.running.size > 0;
    }

    /** Cancels every run in progress (the Cancel command, the status bar item). */
    cancelAll(): number {
        const count = this.running.size;
        for (const source of this.running) source.cancel();
        return count;
    }

    /**
     * Runs `targets` of `document` in order, each to its own result. Returns the outcomes (also
     * shown in the results panel) or undefined when the user backed out before anything ran.
     */
    async run(
        document: vscode.TextDocument,
        targets: Statement[],
        refresh: RefreshMode = this.deps.config.refreshMode,
    ): Promise<RunOutcome[] | undefined> {
        if (targets.length === 0) {
            void this.deps.ui.info(vscode.l10n.t("There is no HogQL statement here to run."));
            return undefined;
        }
        if (!mayUseText(document)) {
            void this.deps.ui.warn(restrictedRunMessage());
            return undefined;
        }
        this.deps.log.debug("run: started");
        const client = await this.deps.auth.session.client();
        this.deps.log.debug("run: client ready");
        const values = await this.askVariables(document, targets, client);
        if (!values) return undefined;
        this.deps.language.diagnostics.clear(document);

        const source = new vscode.CancellationTokenSource();
        this.running.add(source);
        void vscode.commands.executeCommand("setContext", "posthog-workbench.queryRunning", true);
        const outcomes: RunOutcome[] = [];
        const writes: Promise<void>[] = [];
        const fileName = document.isUntitled ? "untitled" : document.uri.path;
        this.deps.results.prepare?.(baseName(fileName));
        this.deps.log.debug("run: panel prepared");
        try {
            await vscode.window.withProgress(
                {
                    location: vscode.ProgressLocation.Notification,
                    title:
                        targets.length > 1
                            ? vscode.l10n.t("Running {0} HogQL statements", targets.length)
                            : vscode.l10n.t("Running HogQL"),
                    cancellable: true,
                },
                async (progress, token) => {
                    const cancel = token.onCancellationRequested(() => source.cancel());
                    try {
                        for (const [index, target] of targets.entries()) {
                            if (source.token.isCancellationRequested) break;
                            const label =
                                targets.length > 1
                                    ? ` ${vscode.l10n.t("({0} of {1})", index + 1, targets.length)}`
                                    : "";
                            this.statusItem.show(`HogQL${label}`);
                            progress.report({ message: `${oneLine(target.text)}${label}` });
                            const outcome = await this.runOne({
                                client,
                                document,
                                target,
                                title: `${baseName(fileName)}${targets.length > 1 ? ` #${index + 1}` : ""}`,
                                fileName,
                                refresh,
                                values,
                                token: source.token,
                                writes,
                                report: (message) =>
                                    progress.report({ message: `${message}${label}` }),
                            });
                            outcomes.push(outcome);
                        }
                    } finally {
                        cancel.dispose();
                    }
                },
            );
        } finally {
            this.running.delete(source);
            source.dispose();
            if (this.running.size === 0) {
                this.statusItem.hide();
                void vscode.commands.executeCommand(
                    "setContext",
                    "posthog-workbench.queryRunning",
                    false,
                );
            }
        }
        await Promise.all([this.present(document, outcomes), ...writes]);
        return outcomes;
    }

    /**
     * Runs one statement for another front end (the notebook controller): no prompts, no results
     * panel and no error messages, the caller shows the outcome; history, the server-side cancel
     * and Cancel Query work as for files. `values` are the `{variables.x}` values to send.
     */
    async runStatement(
        document: vscode.TextDocument,
        target: Statement,
        options: {
            values: Record<string, string>;
            token: vscode.CancellationToken;
            title: string;
            report?: (message: string) => void;
            refresh?: RefreshMode;
        },
    ): Promise<RunOutcome> {
        const client = await this.deps.auth.session.client();
        const source = new vscode.CancellationTokenSource();
        const link = options.token.onCancellationRequested(() => source.cancel());
        if (options.token.isCancellationRequested) source.cancel();
        this.running.add(source);
        void vscode.commands.executeCommand("setContext", "posthog-workbench.queryRunning", true);
        const writes: Promise<void>[] = [];
        try {
            const outcome = await this.runOne({
                client,
                document,
                target,
                title: options.title,
                fileName: document.isUntitled ? "untitled" : document.uri.path,
                refresh: options.refresh ?? this.deps.config.refreshMode,
                values: options.values,
                token: source.token,
                report: options.report ?? (() => undefined),
                quiet: true,
                writes,
            });
            // The history entry is written when the cell's run ends, as before.
            await Promise.all(writes);
            return outcome;
        } finally {
            link.dispose();
            this.running.delete(source);
            source.dispose();
            if (this.running.size === 0)
                void vscode.commands.executeCommand(
                    "setContext",
                    "posthog-workbench.queryRunning",
                    false,
                );
        }
    }

    /** Runs one statement; its result is built here, once, from the bytes as received. */
    private async runOne(run: StatementRun): Promise<RunOutcome> {
        const { client, document, target, report } = run;
        const queryId = nodeCrypto().randomUUID();
        const values = pick(run.values, findVariables(target.text));
        const started = Date.now();
        const outcome: RunOutcome = { statement: target, queryId, durationMs: 0 };
        let polls = 0;
        try {
            const raw = await withAbortSignal(run.token, (signal) =>
                client.runQuery(hogqlQueryNode(target.text, values), {
                    refresh: run.refresh,
                    name: queryName(run.fileName, target.text),
                    clientQueryId: queryId,
                    variablesOverride: Object.keys(values).length
                        ? variablesOverride(values)
                        : undefined,
                    signal,
                    onRetry: (info) =>
                        report(`${info.reason}; retrying in ${Math.ceil(info.delayMs / 1000)} s`),
                    onStatus: () => report(`running on the server (check ${++polls})`),
                }),
            );
            outcome.durationMs = Date.now() - started;
            this.deps.log.debug("run: response received");
            outcome.layout = raw.layout;
            // Loaded on the first result, with the response reader, not at activation.
            const { resultOf } = await import("../resultsPanel/resultSet");
            outcome.result = resultOf(raw.bytes, raw.layout, {
                title: run.title,
                queryText: target.text,
                durationMs: outcome.durationMs,
                queryId,
                ...raw.cost,
            });
        } catch (error) {
            outcome.durationMs = Date.now() - started;
            outcome.error = error;
            outcome.cancelled =
                run.token.isCancellationRequested || loadApi().isCancellation(error);
        }
        this.deps.log.debug("run: result built");
        // Not awaited here: a memento write goes through the workbench's main thread (in the
        // browser for code-server), which can be busy for seconds; the result need not wait.
        run.writes.push(this.remember(document, outcome, started));
        if (!run.quiet && outcome.error && !outcome.cancelled)
            this.reportFailure(document, target, outcome.error);
        return outcome;
    }

    private async remember(
        document: vscode.TextDocument,
        outcome: RunOutcome,
        startedAt: number,
    ): Promise<void> {
        const state = this.deps.auth.session.state;
        await this.deps.history.add({
            queryId: outcome.queryId,
            text: outcome.statement.text,
            file: document.isUntitled ? undefined : document.uri.toString(),
            host: state.host,
            projectId: state.signedIn ? state.projectId : "",
            startedAt,
            durationMs: outcome.durationMs,
            rows: outcome.result?.meta.rowCount,
            bytesRead: outcome.result?.bytesRead,
            budgetRemainingBytes: outcome.result?.budgetRemainingBytes,
            status: outcome.cancelled ? "cancelled" : outcome.error ? "error" : "ok",
            error: outcome.error ? redact(userMessageOf(outcome.error)) : undefined,
        });
    }

    private reportFailure(document: vscode.TextDocument, target: Statement, error: unknown): void {
        const errors = (error as { hogqlErrors?: HogQLError[] }).hogqlErrors;
        const detail = (error as { detail?: unknown; message?: unknown }).detail;
        const missing = missingVariableRanges(
            target.text,
            String(detail ?? (error as { message?: unknown }).message ?? ""),
        );
        if (missing.length > 0) {
            // PostHog names the variables without a position; the placeholders are the place.
            this.deps.language.diagnostics.report(document, target.start, missing);
            this.deps.log.warn(`HogQL variables: ${missing[0].message}`);
            vscode.window.setStatusBarMessage(
                // The status bar renders `$(name)` icons; the message holds the server's names.
                vscode.l10n.t("$(error) {0}", inLabel(missing[0].message)),
                10_000,
            );
            if (screenReaderOptimized()) void this.deps.ui.warn(missing[0].message);
            return;
        }
        if (errors && errors.length > 0) {
            // HogQL errors belong in the editor, at the range the service names.
            this.deps.language.diagnostics.report(document, target.start, errors);
            // The client already removed the key from these; redact() also catches any phx_ token.
            this.deps.log.warn(`HogQL error: ${redact(errors.map((e) => e.message).join("; "))}`);
            vscode.window.setStatusBarMessage(
                vscode.l10n.t("$(error) HogQL: {0}", inLabel(redact(errors[0].message))),
                10_000,
            );
            if (screenReaderOptimized())
                void this.deps.ui.warn(
                    vscode.l10n.t(
                        "The query failed: {0} (underlined in the editor).",
                        redact(errors[0].message),
                    ),
                );
            return;
        }
        void this.deps.reportError(vscode.l10n.t("Query"), error);
    }

    private async present(document: vscode.TextDocument, outcomes: RunOutcome[]): Promise<void> {
        const shown = outcomes.filter((o) => o.result);
        if (shown.length === 0) {
            this.deps.results.discard?.();
            return;
        }
        this.deps.log.debug("run: showing");
        await this.deps.results.show(
            shown.map((o) => o.result as QueryResult),
            document.uri,
        );
        markWalkthroughDone(WALKTHROUGH_DONE.queryRan);
        const truncated = shown.find(
            (o) => o.result?.meta.hasMore && !hasTopLevelLimit(o.statement.text),
        );
        if (!truncated) return;
        const limit = truncated.result?.meta.limit ?? 100;
        const choice = await this.deps.ui.info(
            vscode.l10n.t(
                "Showing the first {0} rows: HogQL adds LIMIT {1} to queries without one. Add a LIMIT (at most 50,000) to get more.",
                limit,
                limit,
            ),
            vscode.l10n.t("Re-run with LIMIT 50,000"),
        );
        if (choice === vscode.l10n.t("Re-run with LIMIT 50,000"))
            await this.run(document, [limitedTarget(truncated)]);
    }

    /**
     * Asks for the `{variables.x}` values PostHog can't fill from a saved variable's default,
     * offering the ones last used in this file. When the key may not read saved variables, every
     * name is asked for.
     */
    private async askVariables(
        document: vscode.TextDocument,
        targets: Statement[],
        client: PostHogClient,
    ): Promise<Record<string, string> | undefined> {
        const names = [...new Set(targets.flatMap((t) => findVariables(t.text)))];
        if (names.length === 0) return {};
        const saved = await fetchSavedVariables(client).catch((error: unknown) => {
            this.deps.log.warn(`saved variables: ${redact(String(error))}`);
            return [];
        });
        const state = this.deps.extension.workspaceState;
        const all = state.get<Record<string, Record<string, string>>>(VARIABLES_KEY) ?? {};
        const remembered = all[document.uri.toString()] ?? {};
        const values: Record<string, string> = {};
        for (const name of namesToPrompt(names, saved)) {
            const variable = saved.find((v) => v.code_name === name);
            const value = await this.deps.ui.input({
                title: vscode.l10n.t(
                    "Value of {0}{1}",
                    `{variables.${name}}`,
                    variable ? ` (${withoutControls(describeVariable(variable))})` : "",
                ),
                prompt: vscode.l10n.t(
                    "Numbers and true/false are sent as such; anything else as text.",
                ),
                value: remembered[name],
            });
            if (value === undefined) return undefined;
            values[name] = value;
        }
        if (Object.keys(values).length > 0) {
            all[document.uri.toString()] = { ...remembered, ...values };
            await state.update(VARIABLES_KEY, all);
        }
        return values;
    }

    dispose(): void {
        this.cancelAll();
        this.statusItem.dispose();
    }
}

/** The statement again with an explicit LIMIT; appended at the end, so offsets still map. */
function limitedTarget(outcome: RunOutcome): Statement {
    const text = withLimit(outcome.statement.text, MAX_ROWS);
    const start = outcome.statement.start;
    return { text, start, end: start + text.length };
}

function pick(values: Record<string, string>, names: string[]): Record<string, string> {
    return Object.fromEntries(names.filter((n) => n in values).map((n) => [n, values[n]]));
}

function oneLine(text: string): string {
    const line = text.replace(/\s+/g, " ").trim();
    return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

function baseName(path: string): string {
    return path.split(/[\\/]/).pop() || "untitled";
}
