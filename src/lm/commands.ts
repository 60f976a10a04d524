// The command behind the Run button `@posthog /query` shows under the query it drafted.
import * as vscode from "vscode";
import type { CommandSpec } from "../commands";
import type { ResultsDep, SessionDep, UiDep } from "../deps";
import { withProgress } from "../progress";
import { queryName } from "../query/runTargets";
import { resultOf } from "../resultsPanel";
import { chatDraftsOf } from "./chatDrafts";

/** What running a chat draft uses. */
export type LmCommandDeps = UiDep & SessionDep & ResultsDep;

const P = "posthog-workbench";

/** Title of the results tab a drafted query opens. */
const DRAFTED_RESULT_TITLE = "@posthog query";

/**
 * Runs the drafted query the button with id `id` showed, and opens its result in the grid.
 * Returns whether it ran.
 */
export async function runDraftedQuery(deps: LmCommandDeps, id: unknown): Promise<boolean> {
    const sql = chatDraftsOf(deps).get(id);
    if (sql === undefined) {
        void deps.ui.info(
            vscode.l10n.t(
                "That drafted query is no longer kept (VS Code restarted, or many were drafted since). Ask @posthog /query again.",
            ),
        );
        return false;
    }
    const client = await deps.auth.session.client();
    const started = performance.now();
    const result = await withProgress(
        vscode.l10n.t("Running the drafted HogQL"),
        ({ signal, onRetry }) =>
            client.runQuery(
                { kind: "HogQLQuery", query: sql },
                { signal, onRetry, name: queryName("@posthog", sql) },
            ),
    );
    await deps.results.show([
        resultOf(result.bytes, result.layout, {
            title: DRAFTED_RESULT_TITLE,
            queryText: sql,
            queryId: result.queryId,
            durationMs: performance.now() - started,
            ...result.cost,
        }),
    ]);
    return true;
}

export const lmCommands: readonly CommandSpec<LmCommandDeps>[] = [
    {
        // The Run button of `@posthog /query`: (id of the drafted query).
        id: `${P}.runDraftedQuery`,
        title: vscode.l10n.t("Run Drafted Query"),
        returnsValue: true,
        run: (deps, id) => runDraftedQuery(deps, id),
    },
];
