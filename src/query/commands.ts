import * as vscode from "vscode";
import type { RefreshMode } from "../api";
import type { CommandSpec } from "../commands";
import { REFRESH_MODES } from "../config";
import type { ConfigDep } from "../deps";
import type { QueryRunner } from "./queryRunner";
import { draftSql, type DraftCommandDeps } from "./draftCommand";
import {
    showHistory,
    clearHistory,
    showQueryLog,
    type HistoryCommandDeps,
} from "./historyCommands";
import { fileTargets, queryTargets } from "./runTargets";
import { statementAt } from "../hogql/statementSplitter";

/** What the query commands use. */
export type QueryCommandDeps = HistoryCommandDeps &
    DraftCommandDeps &
    ConfigDep<"refreshMode"> & { readonly runner: Pick<QueryRunner, "run" | "cancelAll"> };

const P = "posthog-workbench";

/**
 * What PostHog does with each `refresh` on POST /query/ (posthog/api/query.py maps it to an
 * ExecutionMode of posthog/hogql_queries/query_runner.py; force_cache and no refresh become
 * RECENT_CACHE_CALCULATE_BLOCKING_IF_STALE on this endpoint). Same words as package.json.
 */
const REFRESH_DESCRIPTIONS: Record<(typeof REFRESH_MODES)[number], string> = {
    blocking: "Recent cached results if PostHog has them, else calculate now and wait",
    force_blocking: "Always calculate now and wait, ignoring the cache (refresh: true)",
    async: "Recent cached results if PostHog has them, else calculate in the background and poll",
    force_async: "Always calculate in the background and poll, ignoring the cache",
    async_except_on_cache_miss:
        "Cached results even when stale (recalculated in the background); none cached: calculate now",
    force_cache: "Same as blocking: PostHog runs force_cache as blocking on the query endpoint",
};

function hogqlEditor(deps: QueryCommandDeps): vscode.TextEditor | undefined {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId === "hogql") return editor;
    void deps.ui.info(vscode.l10n.t("Open a .hogql file to run a query."));
    return undefined;
}

/** Run Query: the selection, else the statement under the cursor, else the whole file. */
async function runQuery(deps: QueryCommandDeps, refresh?: RefreshMode): Promise<unknown> {
    const editor = hogqlEditor(deps);
    if (!editor) return undefined;
    const document = editor.document;
    const text = document.getText();
    const selection = {
        start: document.offsetAt(editor.selection.start),
        end: document.offsetAt(editor.selection.end),
    };
    let targets = queryTargets(text, selection, document.offsetAt(editor.selection.active));
    if (targets.length === 0) targets = fileTargets(text);
    return deps.runner.run(document, targets, refresh);
}

export const queryCommands: readonly CommandSpec<QueryCommandDeps>[] = [
    { id: `${P}.runQuery`, title: vscode.l10n.t("Run Query"), run: (deps) => runQuery(deps) },
    {
        id: `${P}.runFile`,
        title: vscode.l10n.t("Run File"),
        run: (deps) => {
            const editor = hogqlEditor(deps);
            return editor
                ? deps.runner.run(editor.document, fileTargets(editor.document.getText()))
                : undefined;
        },
    },
    {
        id: `${P}.runQueryWith`,
        title: vscode.l10n.t("Run Query With..."),
        run: async (deps) => {
            const mode = await deps.ui.pick(
                REFRESH_MODES.map((m) => ({
                    label: m,
                    description: REFRESH_DESCRIPTIONS[m],
                    value: m,
                })),
                {
                    title: vscode.l10n.t("Run with refresh mode"),
                    placeHolder: vscode.l10n.t(
                        "The default is {0} (setting posthog-workbench.query.refreshMode)",
                        deps.config.refreshMode,
                    ),
                },
            );
            return mode ? runQuery(deps, mode) : undefined;
        },
    },
    {
        // The code lens above each statement: (document URI, offset of the statement).
        id: `${P}.runStatement`,
        title: vscode.l10n.t("Run Statement"),
        run: async (deps, uri, offset) => {
            const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(String(uri)));
            const statement = statementAt(document.getText(), Number(offset));
            return statement ? deps.runner.run(document, [statement]) : undefined;
        },
    },
    {
        id: `${P}.cancelQuery`,
        title: vscode.l10n.t("Cancel Query"),
        run: (deps) => {
            if (deps.runner.cancelAll() === 0)
                void deps.ui.info(vscode.l10n.t("No query is running."));
        },
    },
    {
        id: `${P}.showQueryHistory`,
        title: vscode.l10n.t("Show Query History"),
        run: (deps) => showHistory(deps),
    },
    {
        id: `${P}.clearQueryHistory`,
        title: vscode.l10n.t("Clear Query History"),
        run: (deps) => clearHistory(deps),
    },
    {
        id: `${P}.showQueryLog`,
        title: vscode.l10n.t("Show Query Log"),
        run: (deps, entry) => showQueryLog(deps, entry),
    },
    {
        id: `${P}.draftSql`,
        returnsValue: true,
        title: vscode.l10n.t("Draft HogQL with AI"),
        run: (deps) => {
            const editor = hogqlEditor(deps);
            return editor ? draftSql(deps, editor) : undefined;
        },
    },
];
