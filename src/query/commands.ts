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

function hogqlEditor(ctx: QueryCommandDeps): vscode.TextEditor | undefined {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId === "hogql") return editor;
    void ctx.ui.info(vscode.l10n.t("Open a .hogql file to run a query."));
    return undefined;
}

/** Run Query: the selection, else the statement under the cursor, else the whole file. */
async function runQuery(ctx: QueryCommandDeps, refresh?: RefreshMode): Promise<unknown> {
    const editor = hogqlEditor(ctx);
    if (!editor) return undefined;
    const document = editor.document;
    const text = document.getText();
    const selection = {
        start: document.offsetAt(editor.selection.start),
        end: document.offsetAt(editor.selection.end),
    };
    let targets = queryTargets(text, selection, document.offsetAt(editor.selection.active));
    if (targets.length === 0) targets = fileTargets(text);
    return ctx.runner.run(document, targets, refresh);
}

export const queryCommands: readonly CommandSpec<QueryCommandDeps>[] = [
    { id: `${P}.runQuery`, title: vscode.l10n.t("Run Query"), run: (ctx) => runQuery(ctx) },
    {
        id: `${P}.runFile`,
        title: vscode.l10n.t("Run File"),
        run: (ctx) => {
            const editor = hogqlEditor(ctx);
            return editor
                ? ctx.runner.run(editor.document, fileTargets(editor.document.getText()))
                : undefined;
        },
    },
    {
        id: `${P}.runQueryWith`,
        title: vscode.l10n.t("Run Query With..."),
        run: async (ctx) => {
            const mode = await ctx.ui.pick(
                REFRESH_MODES.map((m) => ({
                    label: m,
                    description: REFRESH_DESCRIPTIONS[m],
                    value: m,
                })),
                {
                    title: vscode.l10n.t("Run with refresh mode"),
                    placeHolder: vscode.l10n.t(
                        "The default is {0} (setting posthog-workbench.query.refreshMode)",
                        ctx.config.refreshMode,
                    ),
                },
            );
            return mode ? runQuery(ctx, mode) : undefined;
        },
    },
    {
        // The code lens above each statement: (document URI, offset of the statement).
        id: `${P}.runStatement`,
        title: vscode.l10n.t("Run Statement"),
        run: async (ctx, uri, offset) => {
            const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(String(uri)));
            const statement = statementAt(document.getText(), Number(offset));
            return statement ? ctx.runner.run(document, [statement]) : undefined;
        },
    },
    {
        id: `${P}.cancelQuery`,
        title: vscode.l10n.t("Cancel Query"),
        run: (ctx) => {
            if (ctx.runner.cancelAll() === 0)
                void ctx.ui.info(vscode.l10n.t("No query is running."));
        },
    },
    {
        id: `${P}.showQueryHistory`,
        title: vscode.l10n.t("Show Query History"),
        run: (ctx) => showHistory(ctx),
    },
    {
        id: `${P}.clearQueryHistory`,
        title: vscode.l10n.t("Clear Query History"),
        run: (ctx) => clearHistory(ctx),
    },
    {
        id: `${P}.showQueryLog`,
        title: vscode.l10n.t("Show Query Log"),
        run: (ctx, entry) => showQueryLog(ctx, entry),
    },
    {
        id: `${P}.draftSql`,
        returnsValue: true,
        title: vscode.l10n.t("Draft HogQL with AI"),
        run: (ctx) => {
            const editor = hogqlEditor(ctx);
            return editor ? draftSql(ctx, editor) : undefined;
        },
    },
];
