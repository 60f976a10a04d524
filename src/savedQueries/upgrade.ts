// Upgrade Query and Upgrade All Saved Queries: nodes go to `/query/upgrade/` (or, when the key
// can't use it, through PostHog's migrations run locally: upgradePath.ts), the answer is written back with the smallest edit in the file's own layout, and nothing is written before
// the user has seen the diff (or confirmed applying everything).
import { applyEdits, type Edit } from "jsonc-parser";
import * as vscode from "vscode";
import { loadApi } from "../apiLoader";
import type { ConfigDep, LogDep, SessionDep, UiDep } from "../deps";
import { userMessageOf } from "../errorText";
import { inLabel } from "../shared/plainText";
import { withProgress, type ProgressScope } from "../progress";
import { describeNode, findSavedQueries, type SavedQuery } from "./detect";
import { jsonEqual } from "./jsonScan";
import { detectFormat, editsToward, singleReplacement } from "./rewrite";
import { resolveTarget } from "./targets";
import { describeUpgradePath, Upgrader, type UpgradePath } from "./upgradePath";
import { UPGRADE_SCHEME } from "./upgradeScheme";

/** What upgrading saved queries uses. */
export type UpgradeDeps = LogDep & UiDep & SessionDep & ConfigDep<"savedQueriesInclude">;

export { UPGRADE_SCHEME };

/** Read-only documents holding upgraded text, the right side of the diffs. */
export class UpgradePreviews implements vscode.TextDocumentContentProvider, vscode.Disposable {
    private readonly texts = new Map<string, string>();
    private readonly changed = new vscode.EventEmitter<vscode.Uri>();
    readonly onDidChange = this.changed.event;
    private counter = 0;

    provideTextDocumentContent(uri: vscode.Uri): string {
        return this.texts.get(uri.toString()) ?? "";
    }

    /** A preview of `text` named after `file` (the name shows in the diff's title). */
    create(file: vscode.Uri, text: string): vscode.Uri {
        const name = file.path.split("/").pop() ?? "query.json";
        // A fresh query per preview: VS Code caches virtual documents by URI.
        const uri = vscode.Uri.from({
            scheme: UPGRADE_SCHEME,
            path: `/${name}`,
            query: String(++this.counter),
        });
        this.texts.set(uri.toString(), text);
        return uri;
    }

    release(uri: vscode.Uri): void {
        this.texts.delete(uri.toString());
    }

    dispose(): void {
        this.changed.dispose();
        this.texts.clear();
    }
}

/** One node's upgrade: what it was and what it became. */
export interface NodeChange {
    before: string;
    after: string;
}

/** What upgrading one file produced (nothing is written yet). */
export interface FileUpgrade {
    uri: vscode.Uri;
    /** The text the upgrade was computed from; applying checks the file still has it. */
    before: string;
    after: string;
    changes: NodeChange[];
    /** Nodes looked at. */
    nodes: number;
}

/** What Upgrade Query and Upgrade All report back (the integration tests read it). */
export interface UpgradeReport {
    files: { uri: string; changes: NodeChange[]; applied: boolean }[];
    failures: { uri: string; message: string }[];
    unchanged: number;
    summary: string;
    /** Which path produced the upgrade (PostHog's endpoint or its migrations run locally). */
    path?: UpgradePath;
}

/** Upgrades each of `queries` and computes the file's new text. */
async function upgradeText(
    upgrader: Upgrader,
    text: string,
    queries: SavedQuery[],
    scope: Pick<ProgressScope, "signal" | "onRetry">,
): Promise<{ after: string; changes: NodeChange[] }> {
    const format = detectFormat(text);
    const edits: Edit[] = [];
    const changes: NodeChange[] = [];
    for (const saved of queries) {
        const query = await upgrader.upgrade(saved.node, scope);
        if (jsonEqual(saved.node, query)) continue;
        changes.push({ before: describeNode(saved.node), after: describeNode(query) });
        edits.push(...editsToward(text, saved.tree, query, format));
    }
    return { after: applyEdits(text, edits), changes };
}

/**
 * Where a pick's list of files is cut: it names kinds from the service's answers, so it goes in
 * as a label (no icons), but longer than a name.
 */
const LIST_LIMIT = 1000;

function changeText(changes: NodeChange[]): string {
    return changes
        .map((c) => (c.before === c.after ? `${c.before} updated` : `${c.before} → ${c.after}`))
        .join(", ");
}

async function showDiff(
    deps: UpgradeDeps,
    previews: UpgradePreviews,
    uri: vscode.Uri,
    after: string,
    path: UpgradePath,
) {
    const preview = previews.create(uri, after);
    const name = uri.path.split("/").pop() ?? "";
    const title = `${name} ↔ ${describeUpgradePath(path)}`;
    await vscode.commands.executeCommand("vscode.diff", uri, preview, title, {
        preview: true,
    });
    return {
        preview,
        close: async () => {
            previews.release(preview);
            const tabs = vscode.window.tabGroups.all
                .flatMap((g) => g.tabs)
                .filter(
                    (t) =>
                        t.input instanceof vscode.TabInputTextDiff &&
                        t.input.modified.toString() === preview.toString(),
                );
            try {
                if (tabs.length) await vscode.window.tabGroups.close(tabs);
            } catch (error) {
                deps.log.warn(`closing the upgrade diff failed: ${String(error)}`);
            }
        },
    };
}

/**
 * Writes `upgrade` into its document as one edit (one undo step). Refuses when the file
 * changed since the upgrade was computed, so nothing the user typed meanwhile is lost.
 */
async function applyUpgrade(
    edit: vscode.WorkspaceEdit,
    upgrade: FileUpgrade,
): Promise<vscode.TextDocument | undefined> {
    const document = await vscode.workspace.openTextDocument(upgrade.uri);
    if (document.getText() !== upgrade.before) return undefined;
    const change = singleReplacement(upgrade.before, upgrade.after);
    if (!change) return document;
    edit.replace(
        upgrade.uri,
        new vscode.Range(
            document.positionAt(change.offset),
            document.positionAt(change.offset + change.length),
        ),
        change.content,
    );
    return document;
}

/** Upgrade Query: the node at `(uri, offset)` (a lens) or under the cursor. */
export async function upgradeQuery(
    deps: UpgradeDeps,
    previews: UpgradePreviews,
    uri?: unknown,
    offset?: unknown,
): Promise<UpgradeReport | undefined> {
    const target = await resolveTarget(uri, offset);
    if (!target || target.type !== "json") {
        void deps.ui.info(
            vscode.l10n.t("Put the cursor in a JSON query node (a saved query) to upgrade it."),
        );
        return undefined;
    }
    const { document, saved } = target;
    const before = document.getText();
    const upgrader = new Upgrader(await deps.auth.session.client(), loadApi());
    const { after, changes } = await withProgress(`Upgrading ${saved.node.kind}`, (scope) =>
        upgradeText(upgrader, before, [saved], scope),
    );
    const report: UpgradeReport = {
        files: [],
        failures: [],
        unchanged: changes.length === 0 ? 1 : 0,
        summary: "",
        path: upgrader.path,
    };
    if (changes.length === 0) {
        report.summary = `${describeNode(saved.node)} is already at its latest version.`;
        void deps.ui.info(vscode.l10n.t("{0} Nothing to change.", report.summary));
        return report;
    }
    const upgrade: FileUpgrade = { uri: document.uri, before, after, changes, nodes: 1 };
    report.summary = `${changeText(changes)} in ${document.uri.path.split("/").pop()}`;
    const diff = await showDiff(deps, previews, document.uri, after, upgrader.path);
    const apply = await deps.ui.pick(
        [
            {
                label: vscode.l10n.t("Apply upgrade"),
                description: inLabel(changeText(changes)),
                value: true,
            },
            {
                label: vscode.l10n.t("Cancel"),
                description: vscode.l10n.t("leave the file as it is"),
                value: false,
            },
        ],
        {
            title: vscode.l10n.t("Upgrade {0}?", describeNode(saved.node)),
            placeHolder: vscode.l10n.t("The diff shows the change"),
        },
    );
    let applied = false;
    if (apply) {
        const edit = new vscode.WorkspaceEdit();
        const changed = await applyUpgrade(edit, upgrade);
        if (!changed) {
            void deps.ui.warn(
                vscode.l10n.t("The file changed while the diff was open. Run Upgrade again."),
            );
        } else {
            applied = await vscode.workspace.applyEdit(edit);
            if (!applied)
                void deps.ui.error(vscode.l10n.t("VS Code did not apply the upgrade to the file."));
        }
    }
    await diff.close();
    if (applied) await vscode.window.showTextDocument(document, { preview: false });
    report.files.push({ uri: document.uri.toString(), changes, applied });
    return report;
}

/** A saved query file of the workspace: its text (an open document wins) and its nodes. */
interface SavedQueryFile {
    uri: vscode.Uri;
    text: string;
    queries: SavedQuery[];
}

/** Saved query files of the workspace: texts (open documents win) and their query nodes. */
async function findSavedQueryFiles(deps: UpgradeDeps): Promise<SavedQueryFile[]> {
    const uris = await vscode.workspace.findFiles(
        deps.config.savedQueriesInclude,
        "**/{node_modules,.git}/**",
        5000,
    );
    const decoder = new TextDecoder();
    const out: SavedQueryFile[] = [];
    for (const uri of uris.sort((a, b) => a.path.localeCompare(b.path))) {
        const open = vscode.workspace.textDocuments.find(
            (d) => d.uri.toString() === uri.toString(),
        );
        let text = open?.getText();
        if (text === undefined) {
            const stat = await vscode.workspace.fs.stat(uri);
            // Saved queries are small; a multi-megabyte JSON file is data, not a query.
            if (stat.size > 2_000_000) continue;
            text = decoder.decode(await vscode.workspace.fs.readFile(uri));
        }
        const queries = findSavedQueries(text);
        if (queries.length > 0) out.push({ uri, text, queries });
    }
    return out;
}

/** The workspace-relative name of `uri`, for messages and the log. */
function relative(uri: vscode.Uri): string {
    return vscode.workspace.asRelativePath(uri, false);
}

/**
 * Upgrade All Saved Queries: upgrades every node of every saved query file first (writing
 * nothing), then shows what would change; files are written after their diff is seen, or all
 * at once after a confirmation. Any failure means nothing is written at all.
 */
export async function upgradeAll(
    deps: UpgradeDeps,
    previews: UpgradePreviews,
): Promise<UpgradeReport | undefined> {
    const upgrader = new Upgrader(await deps.auth.session.client(), loadApi());
    const files = await findSavedQueryFiles(deps);
    const report: UpgradeReport = { files: [], failures: [], unchanged: 0, summary: "" };
    if (files.length === 0) {
        report.summary = "No saved queries found in the workspace.";
        void deps.ui.info(report.summary);
        return report;
    }
    const upgrades = await upgradeFiles(deps, upgrader, files, report);
    report.path = upgrader.path;
    if (upgrader.path !== "service")
        deps.log.info(`Upgrade All: ${describeUpgradePath(upgrader.path)}`);
    if (report.failures.length > 0) {
        const first = report.failures[0];
        report.summary = `Could not upgrade ${report.failures.length} of ${files.length} saved query files, so nothing was written. ${relative(vscode.Uri.parse(first.uri))}: ${first.message}`;
        const choice = await deps.ui.error(report.summary, vscode.l10n.t("Show Log"));
        if (choice === vscode.l10n.t("Show Log")) deps.log.show(true);
        return report;
    }
    if (upgrades.length === 0) {
        report.summary = `All ${files.length} saved query files are up to date.`;
        void deps.ui.info(report.summary);
        return report;
    }
    const lines = upgrades.map((u) => `${relative(u.uri)}: ${changeText(u.changes)}`);
    deps.log.info(`Upgrade All: ${upgrades.length} files would change:\n  ${lines.join("\n  ")}`);
    const mode = await pickApplyMode(deps, lines, files.length, report.unchanged, upgrader.path);
    if (!mode) return withSummary(report, upgrades, []);
    const outcome =
        mode === "all"
            ? await applyAll(deps, upgrades, lines)
            : await reviewEach(deps, previews, upgrades, upgrader.path);
    if (!outcome) return withSummary(report, upgrades, []);
    const { applied, stale } = outcome;
    if (stale.length > 0)
        void deps.ui.warn(
            vscode.l10n.t(
                "{0} changed during the upgrade and {1} left alone. Run Upgrade All again.",
                stale.map((u) => relative(u.uri)).join(", "),
                stale.length === 1 ? "was" : "were",
            ),
        );
    withSummary(report, upgrades, applied);
    void deps.ui.info(report.summary);
    return report;
}

/**
 * Upgrades every file's nodes (writing nothing) and returns the files that would change. Files
 * already current count in `report.unchanged`; files that failed go to `report.failures`.
 */
async function upgradeFiles(
    deps: UpgradeDeps,
    upgrader: Upgrader,
    files: SavedQueryFile[],
    report: UpgradeReport,
): Promise<FileUpgrade[]> {
    const upgrades: FileUpgrade[] = [];
    await withProgress("Upgrading saved queries", async (scope) => {
        for (const [i, file] of files.entries()) {
            scope.report(`${relative(file.uri)} (${i + 1} of ${files.length})`);
            try {
                const { after, changes } = await upgradeText(
                    upgrader,
                    file.text,
                    file.queries,
                    scope,
                );
                if (changes.length === 0) report.unchanged++;
                else
                    upgrades.push({
                        uri: file.uri,
                        before: file.text,
                        after,
                        changes,
                        nodes: file.queries.length,
                    });
            } catch (error) {
                if (scope.signal.aborted) throw error;
                const message = userMessageOf(error);
                report.failures.push({ uri: file.uri.toString(), message });
                deps.log.warn(`upgrade of ${relative(file.uri)} failed: ${message}`);
            }
        }
    });
    return upgrades;
}

/** Asks whether to review each diff or apply everything; undefined when the user leaves. */
async function pickApplyMode(
    deps: UpgradeDeps,
    lines: string[],
    fileCount: number,
    unchanged: number,
    path: UpgradePath,
): Promise<"review" | "all" | undefined> {
    return deps.ui.pick(
        [
            {
                label: vscode.l10n.t("Review each diff"),
                description: vscode.l10n.t("apply or skip file by file"),
                detail: inLabel(lines.join(" · "), LIST_LIMIT),
                value: "review" as const,
            },
            {
                label: vscode.l10n.t("Apply all {0} files", lines.length),
                description: vscode.l10n.t("after one confirmation"),
                detail: inLabel(lines.join(" · "), LIST_LIMIT),
                value: "all" as const,
            },
        ],
        {
            title: vscode.l10n.t(
                "Upgrade All: {0} of {1} saved query files would change ({2} up to date)",
                lines.length,
                fileCount,
                unchanged,
            ),
            // Which way the upgrades were made, also for "apply all", which shows no diff.
            placeHolder: vscode.l10n.t("Saved queries {0}", describeUpgradePath(path)),
        },
    );
}

/** Which upgrades were written, and which were not because their file changed meanwhile. */
interface ApplyOutcome {
    applied: FileUpgrade[];
    stale: FileUpgrade[];
}

/**
 * Applies every upgrade as one workspace edit after one confirmation; undefined when the user
 * does not confirm. Files that had no unsaved changes are saved, as a batch tool is expected to.
 */
async function applyAll(
    deps: UpgradeDeps,
    upgrades: FileUpgrade[],
    lines: string[],
): Promise<ApplyOutcome | undefined> {
    const ok = await deps.ui.confirm(
        vscode.l10n.t("Apply upgrades to {0} saved query files?", upgrades.length),
        lines.join("\n"),
        vscode.l10n.t("Apply All"),
    );
    if (!ok) return undefined;
    const outcome: ApplyOutcome = { applied: [], stale: [] };
    const edit = new vscode.WorkspaceEdit();
    const documents: [FileUpgrade, vscode.TextDocument][] = [];
    for (const u of upgrades) {
        const document = await applyUpgrade(edit, u);
        if (document) documents.push([u, document]);
        else outcome.stale.push(u);
    }
    const dirtyBefore = new Set(documents.filter(([, d]) => d.isDirty).map(([u]) => u));
    if (documents.length > 0 && (await vscode.workspace.applyEdit(edit))) {
        for (const [u, document] of documents) {
            if (!dirtyBefore.has(u)) await document.save();
            outcome.applied.push(u);
        }
    }
    return outcome;
}

/** Shows each upgrade's diff and applies, skips or stops as the user picks. */
async function reviewEach(
    deps: UpgradeDeps,
    previews: UpgradePreviews,
    upgrades: FileUpgrade[],
    path: UpgradePath,
): Promise<ApplyOutcome> {
    const outcome: ApplyOutcome = { applied: [], stale: [] };
    for (const u of upgrades) {
        const diff = await showDiff(deps, previews, u.uri, u.after, path);
        const choice = await pickReviewChoice(deps, u);
        if (choice === "apply") {
            const edit = new vscode.WorkspaceEdit();
            const document = await applyUpgrade(edit, u);
            if (!document) outcome.stale.push(u);
            else {
                const wasDirty = document.isDirty;
                if (await vscode.workspace.applyEdit(edit)) {
                    if (!wasDirty) await document.save();
                    outcome.applied.push(u);
                }
            }
        }
        await diff.close();
        if (choice !== "apply" && choice !== "skip") break;
    }
    return outcome;
}

/** Apply, Skip or Stop for one file whose diff is open; undefined when the user leaves. */
function pickReviewChoice(deps: UpgradeDeps, u: FileUpgrade) {
    return deps.ui.pick(
        [
            {
                label: vscode.l10n.t("Apply"),
                description: inLabel(changeText(u.changes)),
                value: "apply",
            },
            {
                label: vscode.l10n.t("Skip"),
                description: vscode.l10n.t("leave this file as it is"),
                value: "skip",
            },
            {
                label: vscode.l10n.t("Stop"),
                description: vscode.l10n.t("leave this and the remaining files"),
                value: "stop",
            },
        ],
        {
            title: vscode.l10n.t("Upgrade {0}?", relative(u.uri)),
            placeHolder: vscode.l10n.t("The diff shows the change"),
        },
    );
}

function withSummary(
    report: UpgradeReport,
    upgrades: FileUpgrade[],
    applied: FileUpgrade[],
): UpgradeReport {
    report.files = upgrades.map((u) => ({
        uri: u.uri.toString(),
        changes: u.changes,
        applied: applied.includes(u),
    }));
    const names = applied.map((u) => u.uri.path.split("/").pop()).join(", ");
    report.summary =
        applied.length === 0
            ? `Upgraded no files (${upgrades.length} could change).`
            : `Upgraded ${applied.length} of ${upgrades.length} saved query files: ${names}.`;
    return report;
}
