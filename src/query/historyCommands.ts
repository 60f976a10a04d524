import * as vscode from "vscode";
import { withAbortSignal } from "../cancellation";
import type { ResultsDep, SessionDep, UiDep } from "../deps";
import { resultOf } from "../resultsPanel";
import type { HistoryEntry, QueryHistory } from "./history";
import type { QueryRunner } from "./queryRunner";
import { fetchQueryLog, queryLogNode } from "./queryLog";
import { displayLanguage } from "../locale";
import { formatByteSize } from "../shared/byteSize";
import { inLabel } from "../shared/plainText";

/** What the history and query log commands use. */
export interface HistoryCommandDeps extends UiDep, SessionDep, ResultsDep {
    readonly history: Pick<QueryHistory, "entries" | "clear">;
    readonly runner: Pick<QueryRunner, "run">;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function describe(entry: HistoryEntry): string {
    const seconds = (entry.durationMs / 1000).toFixed(1);
    if (entry.status === "ok")
        return `$(pass) ${entry.rows ?? 0} rows · ${seconds} s${cost(entry)}`;
    if (entry.status === "cancelled") return `$(circle-slash) cancelled · ${seconds} s`;
    // The server's words: `$(name)` in them must not turn into an icon.
    return `$(error) ${entry.error ? inLabel(entry.error) : "failed"}`;
}

/** " · 38 kB read · 2.1 GB of the query budget left", for what the service said of the run. */
function cost(entry: HistoryEntry): string {
    const language = displayLanguage();
    let out = "";
    if (typeof entry.bytesRead === "number")
        out += ` · ${vscode.l10n.t("{0} read", formatByteSize(entry.bytesRead, language))}`;
    if (typeof entry.budgetRemainingBytes === "number")
        out += ` · ${vscode.l10n.t(
            "{0} of the query budget left",
            formatByteSize(entry.budgetRemainingBytes, language),
        )}`;
    return out;
}

function pickEntry(
    deps: HistoryCommandDeps,
    entries: HistoryEntry[],
    title: string,
): Promise<HistoryEntry | undefined> {
    return deps.ui.pick(
        entries.map((entry) => ({
            label: entry.text.replace(/\s+/g, " ").slice(0, 120),
            description: describe(entry),
            detail: `${new Date(entry.startedAt).toLocaleString(displayLanguage())}${entry.file ? ` · ${vscode.Uri.parse(entry.file).path.split("/").pop()}` : ""} · ${entry.host}`,
            value: entry,
        })),
        { title, placeHolder: vscode.l10n.t("Type to search the query text") },
    );
}

/** Query history: search, then run again, open, copy or show the service's log. */
export async function showHistory(deps: HistoryCommandDeps): Promise<void> {
    const entries = deps.history.entries();
    if (entries.length === 0) {
        void deps.ui.info(vscode.l10n.t("No queries have run in this workspace yet."));
        return;
    }
    const entry = await pickEntry(deps, entries, vscode.l10n.t("Query history (newest first)"));
    if (!entry) return;
    const recent = Date.now() - entry.startedAt < DAY_MS;
    const action = await deps.ui.pick(
        [
            { label: vscode.l10n.t("$(play) Run again"), value: "run" },
            { label: vscode.l10n.t("$(go-to-file) Open in editor"), value: "open" },
            { label: vscode.l10n.t("$(copy) Copy query"), value: "copy" },
            ...(recent
                ? [
                      {
                          label: vscode.l10n.t("$(output) Show query log"),
                          description: vscode.l10n.t("from PostHog, last 24 hours"),
                          value: "log",
                      },
                  ]
                : []),
        ],
        { title: vscode.l10n.t("Query history") },
    );
    if (action === "copy") await vscode.env.clipboard.writeText(entry.text);
    else if (action === "log") await showQueryLog(deps, entry);
    else if (action === "open" || action === "run") {
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: entry.text,
        });
        await vscode.window.showTextDocument(document);
        if (action === "run")
            await deps.runner.run(document, [
                { text: entry.text, start: 0, end: entry.text.length },
            ]);
    }
}

export async function clearHistory(deps: HistoryCommandDeps): Promise<void> {
    const confirmed = await deps.ui.confirm(
        vscode.l10n.t("Clear the query history of this workspace?"),
        vscode.l10n.t(
            "{0} entries will be removed. Results were never stored.",
            deps.history.entries().length,
        ),
        vscode.l10n.t("Clear"),
    );
    if (confirmed) await deps.history.clear();
}

/**
 * The service's query log for a run of the last 24 hours, read with HogQL through the query
 * endpoint (queryLog.ts) and shown as a result.
 */
export async function showQueryLog(deps: HistoryCommandDeps, arg?: unknown): Promise<void> {
    let entry = arg as HistoryEntry | undefined;
    if (!entry?.queryId) {
        const recent = deps.history.entries().filter((e) => Date.now() - e.startedAt < DAY_MS);
        if (recent.length === 0) {
            void deps.ui.info(
                vscode.l10n.t(
                    "PostHog keeps query logs for 24 hours, and no query ran here in that time.",
                ),
            );
            return;
        }
        entry = await pickEntry(deps, recent, vscode.l10n.t("Show the query log of"));
        if (!entry) return;
    }
    const client = await deps.auth.session.client();
    const id = entry.queryId;
    const started = Date.now();
    const raw = await vscode.window.withProgress(
        {
            location: vscode.ProgressLocation.Notification,
            title: vscode.l10n.t("Loading the query log..."),
            cancellable: true,
        },
        (_p, token) => withAbortSignal(token, (signal) => fetchQueryLog(client, id, { signal })),
    );
    if (raw.layout.rowStarts.length === 0)
        void deps.ui.info(
            vscode.l10n.t(
                "PostHog's query log has no record of this run yet; records appear a little after a query finishes.",
            ),
        );
    // The response's bytes as received, like any HogQL run's.
    await deps.results.show([
        resultOf(raw.bytes, raw.layout, {
            title: vscode.l10n.t("Log {0}", id.slice(0, 8)),
            queryText: queryLogNode(id).query,
            queryId: raw.queryId,
            durationMs: Date.now() - started,
        }),
    ]);
}
