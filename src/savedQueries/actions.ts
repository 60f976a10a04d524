// Run, Copy as cURL and Open in PostHog for saved queries (and, for the last two, HogQL
// statements too).
import { randomUUID } from "node:crypto";
import * as vscode from "vscode";
import type { QueryNode, QueryResponse } from "../api";
import { checkHost } from "../api/host";
import { readResponse } from "../api/queryBytes";
import type { ConfigDep, LogDep, ResultsDep, SessionDep, UiDep } from "../deps";
import type { QueryHistory } from "../query/history";
import type { QueryRunner } from "../query/queryRunner";
import { redact } from "../log";
import { withProgress } from "../progress";
import { stringifyLossless } from "../shared/json/lossless";
import { queryName } from "../query/runTargets";
import { mayUseText, restrictedRunMessage } from "../trust";
import { resultFromText, type QueryResult } from "../resultsPanel";
import { buildCurl } from "./curl";
import { isRunnableKind } from "./detect";
import { postHogUrlFor } from "./links";
import { tablesFor } from "./nodeResultTables";
import { baseName, resolveTarget, type QueryTarget } from "./targets";

/** What running, copying and opening saved queries uses. */
export interface SavedQueryActionDeps
    extends LogDep, UiDep, SessionDep, ResultsDep, ConfigDep<"refreshMode" | "projectId"> {
    readonly runner: Pick<QueryRunner, "run">;
    readonly history: Pick<QueryHistory, "add">;
}

async function requireTarget(
    deps: SavedQueryActionDeps,
    uri: unknown,
    offset: unknown,
): Promise<QueryTarget> {
    const target = await resolveTarget(uri, offset);
    if (!target) {
        void deps.ui.info(
            vscode.l10n.t(
                "Put the cursor in a saved query (a JSON query node) or a HogQL statement first.",
            ),
        );
        throw new vscode.CancellationError();
    }
    return target;
}

/**
 * Runs a saved query of any kind the query endpoint accepts and shows its results as tables:
 * HogQL-shaped answers as they are, series, funnels and retention reshaped (see tables.ts).
 * Everything goes through `runQuery` rather than the HogQL runner, so fields of the node such
 * as `variables` or `filters` are sent as saved.
 */
export async function runSavedQuery(
    deps: SavedQueryActionDeps,
    uri?: unknown,
    offset?: unknown,
): Promise<QueryResult[] | undefined> {
    const target = await requireTarget(deps, uri, offset);
    const { document, node } = target;
    if (target.type === "hogql") {
        const statement = { text: String(node.query), start: target.start, end: target.start };
        statement.end = statement.start + statement.text.length;
        const outcomes = await deps.runner.run(document, [statement]);
        return outcomes?.flatMap((o) => (o.result ? [o.result] : []));
    }
    if (!isRunnableKind(node.kind)) {
        void deps.ui.info(
            vscode.l10n.t("A {0} is part of a query and does not run on its own.", node.kind),
        );
        return undefined;
    }
    if (!mayUseText(document)) {
        void deps.ui.warn(restrictedRunMessage());
        return undefined;
    }
    const client = await deps.auth.session.client();
    const queryId = randomUUID();
    const started = Date.now();
    const file = baseName(document);
    const result = await withProgress(
        vscode.l10n.t("Running {0}", node.kind),
        ({ signal, onRetry, report }) => {
            let polls = 0;
            return client.runQuery(node, {
                signal,
                onRetry,
                refresh: deps.config.refreshMode,
                name: queryName(file, node.kind),
                clientQueryId: queryId,
                onStatus: () => report(`running on the server (check ${++polls})`),
            });
        },
    );
    const durationMs = Date.now() - started;
    const tables = tablesFor(node.kind, await readResponse<QueryResponse>(result));
    // Each table is built once here and goes to the panel as bytes of a HogQL response's shape.
    const sets: QueryResult[] = [];
    for (const table of tables)
        sets.push(
            await resultFromText(stringifyLossless(table), {
                title: `${file} · ${node.kind}${tables.length > 1 ? ` (${table.label})` : ""}`,
                queryText: JSON.stringify(node, null, 2),
                queryId,
                durationMs,
            }),
        );
    if (node.kind === "HogQLQuery" && typeof node.query === "string") {
        const state = deps.auth.session.state;
        await deps.history.add({
            queryId,
            text: node.query,
            file: document.isUntitled ? undefined : document.uri.toString(),
            host: state.host,
            projectId: state.signedIn ? state.projectId : "",
            startedAt: started,
            durationMs,
            rows: tables[0]?.results.length,
            status: "ok",
        });
    }
    await deps.results.show(sets);
    return sets;
}

/**
 * The checked origin and project for links and commands: the session's, else the settings'.
 * Undefined, after saying why, when the host setting is not usable: links and commands are
 * built from a checked origin only, never from the setting as written.
 */
function where(
    deps: SavedQueryActionDeps,
): { host: string; projectId: string | undefined } | undefined {
    const state = deps.auth.session.state;
    const check = checkHost(state.host);
    if (!check.ok) {
        void deps.ui.warn(
            vscode.l10n.t(
                "The PostHog host setting (posthog-workbench.host) is not usable: {0}",
                check.reason,
            ),
        );
        return undefined;
    }
    return {
        host: check.origin,
        projectId: state.signedIn ? state.projectId : deps.config.projectId,
    };
}

/** Where a sharing command points: the query at the cursor, and the checked host and project. */
interface SharingPlace {
    target: QueryTarget;
    host: string;
    projectId: string | undefined;
}

/**
 * A command that shares the query at (`uri`, `offset`): it runs only once the query is found and
 * the host is usable (each failure said to the user), and returns undefined otherwise.
 */
function sharingCommand(
    share: (deps: SavedQueryActionDeps, place: SharingPlace) => Promise<string | undefined>,
): (deps: SavedQueryActionDeps, uri?: unknown, offset?: unknown) => Promise<string | undefined> {
    return async (deps, uri, offset) => {
        const target = await requireTarget(deps, uri, offset);
        const place = where(deps);
        return place ? share(deps, { target, ...place }) : undefined;
    };
}

/**
 * Copies a curl command that runs the query. The key never enters it: the command reads
 * `$POSTHOG_API_KEY` from the shell, and anything key-shaped in the query text is redacted too.
 * Returns the text, which also serves where the clipboard is unavailable (headless tests).
 */
export const copyAsCurl = sharingCommand(async (deps, { target, host, projectId }) => {
    const name = queryName(
        baseName(target.document),
        target.node.kind === "HogQLQuery" ? String(target.node.query) : target.node.kind,
    );
    // Redact the query, not the whole command: the Bearer header is meant to stay a variable.
    const query = JSON.parse(redact(JSON.stringify(target.node))) as QueryNode;
    const text = buildCurl({ host, projectId, query, name: redact(name) });
    try {
        await vscode.env.clipboard.writeText(text);
    } catch (error) {
        deps.log.warn(`clipboard unavailable: ${String(error)}`);
    }
    void deps.ui.info(
        projectId
            ? vscode.l10n.t(
                  "Copied a curl command for this query. It reads your key from $POSTHOG_API_KEY.",
              )
            : vscode.l10n.t(
                  "Copied a curl command for this query. Set $POSTHOG_API_KEY and $POSTHOG_PROJECT_ID before running it.",
              ),
    );
    return text;
});

/** Opens the query in PostHog: HogQL in the SQL editor, other kinds as a new insight. */
export const openInPostHog = sharingCommand(async (deps, { target, host, projectId }) => {
    if (!projectId) {
        void deps.ui.warn(vscode.l10n.t('Choose a PostHog project first: run "PostHog: Sign In".'));
        return undefined;
    }
    const url = postHogUrlFor(host, projectId, target.node);
    // Not awaited: VS Code may ask the user about the link, and the command should not hang on it.
    void Promise.resolve(vscode.env.openExternal(vscode.Uri.parse(url))).then(
        (opened) => opened || deps.log.info("Open in PostHog: the link was not opened"),
        (error: unknown) => deps.log.warn(`Open in PostHog failed: ${String(error)}`),
    );
    return url;
});
