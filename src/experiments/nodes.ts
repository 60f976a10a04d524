import * as vscode from "vscode";
import type { ExperimentBasic } from "../api";
import { inMarkdown, oneLine } from "../shared/plainText";
import { allowedActions } from "./lifecycle";
import {
    experimentDescription,
    experimentState,
    experimentVariants,
    flagRollout,
    shortDate,
    stateLabel,
    statusText,
} from "./model";

/** The groups of PostHog's own experiment list filter, plus the archived ones. */
export type GroupId = "running" | "paused" | "exposure_frozen" | "draft" | "complete" | "archived";

/** A group's title: the state in PostHog's words, and "Archived". */
function groupLabel(id: GroupId): string {
    return id === "archived" ? vscode.l10n.t("Archived") : stateLabel(id);
}

/** The state as a word in a sentence (the row's screen reader label). */
const STATE_WORDS: Record<GroupId, () => string> = {
    running: () => vscode.l10n.t("running"),
    paused: () => vscode.l10n.t("paused"),
    exposure_frozen: () => vscode.l10n.t("exposure frozen"),
    draft: () => vscode.l10n.t("draft"),
    complete: () => vscode.l10n.t("complete"),
    archived: () => vscode.l10n.t("archived"),
};

/** A state group: its rows load lazily, page by page, when it is expanded. */
export class GroupNode {
    readonly kind = "group";
    constructor(readonly id: GroupId) {}

    toTreeItem(count: number | undefined): vscode.TreeItem {
        const item = new vscode.TreeItem(
            groupLabel(this.id),
            this.id === "complete" || this.id === "archived"
                ? vscode.TreeItemCollapsibleState.Collapsed
                : vscode.TreeItemCollapsibleState.Expanded,
        );
        item.id = `group:${this.id}`;
        item.description = count === undefined ? undefined : String(count);
        item.contextValue = `group:${this.id}`;
        item.iconPath = new vscode.ThemeIcon(
            {
                running: "play-circle",
                paused: "debug-pause",
                exposure_frozen: "lock",
                draft: "edit",
                complete: "pass",
                archived: "archive",
            }[this.id],
        );
        return item;
    }
}

/** A row inside a group, with no rows of its own. */
abstract class GroupRow {
    /** Which node the row is. */
    abstract readonly kind: "experiment" | "loadMore" | "message";
    constructor(readonly group: GroupNode) {}

    /** A childless item; a label is plain text, but shows every character: one line, cut. */
    protected rowItem(label: string, id: string): vscode.TreeItem {
        const item = new vscode.TreeItem(oneLine(label), vscode.TreeItemCollapsibleState.None);
        item.id = id;
        return item;
    }
}

/**
 * What an experiment row's menus key on: `experiment:<state>:<live|archived>:` and then
 * `can-<action>:` for each lifecycle action PostHog allows in its state (./lifecycle.ts), so each
 * menu's `when` is one simple match (`viewItem =~ /:can-launch:/`): VS Code 1.99 mishandles
 * compound `when` clauses (src/lm/offeredContext.ts).
 */
export function experimentContext(e: ExperimentBasic): string {
    const base = `experiment:${experimentState(e)}:${e.archived ? "archived" : "live"}:`;
    return (
        base +
        allowedActions(e)
            .map((a) => `can-${a}:`)
            .join("")
    );
}

/** One experiment; `contextValue` drives its menus ({@link experimentContext}). */
export class ExperimentNode extends GroupRow {
    readonly kind = "experiment";
    /** A list row, or the experiment itself after an edit (both without a need for metrics). */
    experiment: ExperimentBasic;

    constructor(group: GroupNode, experiment: ExperimentBasic) {
        super(group);
        this.experiment = experiment;
    }

    toTreeItem(): vscode.TreeItem {
        const e = this.experiment;
        const state = experimentState(e);
        const item = this.rowItem(e.name, `experiment:${e.id}`);
        item.description = oneLine(experimentDescription(e));
        item.contextValue = experimentContext(e);
        item.iconPath = experimentIcon(e);
        item.tooltip = experimentTooltip(e, state);
        item.command = {
            command: "posthog-workbench.openExperiment",
            title: vscode.l10n.t("Open Experiment"),
            arguments: [this],
        };
        item.accessibilityInformation = {
            label: [
                e.name,
                STATE_WORDS[state](),
                e.archived ? STATE_WORDS.archived() : undefined,
                state === "paused"
                    ? vscode.l10n.t("flag {0} off", e.feature_flag_key)
                    : vscode.l10n.t("flag {0}", e.feature_flag_key),
            ]
                .filter(Boolean)
                .map((part) => oneLine(String(part)))
                .join(", "),
        };
        return item;
    }
}

/** The row at the end of a group that has more pages. */
export class LoadMoreNode extends GroupRow {
    readonly kind = "loadMore";
    constructor(
        group: GroupNode,
        private readonly loaded: number,
        private readonly total: number | undefined,
    ) {
        super(group);
    }

    toTreeItem(): vscode.TreeItem {
        const item = this.rowItem(
            vscode.l10n.t("Load more..."),
            `more:${this.group.id}:${this.loaded}`,
        );
        item.description = this.total
            ? vscode.l10n.t("{0} of {1}", this.loaded, this.total)
            : vscode.l10n.t("{0} loaded", this.loaded);
        item.iconPath = new vscode.ThemeIcon("ellipsis");
        item.contextValue = "loadMore";
        item.command = {
            command: "posthog-workbench.loadMoreExperiments",
            title: vscode.l10n.t("Load More"),
            arguments: [this],
        };
        return item;
    }
}

/** An informational row: empty group, or an error with a retry. */
export class MessageNode extends GroupRow {
    readonly kind = "message";
    constructor(
        group: GroupNode,
        readonly text: string,
        readonly isError = false,
    ) {
        super(group);
    }

    toTreeItem(): vscode.TreeItem {
        // The text can be a server's error sentence.
        const item = this.rowItem(this.text, `message:${this.group.id}`);
        item.iconPath = new vscode.ThemeIcon(
            this.isError ? "warning" : "info",
            this.isError ? new vscode.ThemeColor("problemsWarningIcon.foreground") : undefined,
        );
        if (this.isError) {
            item.tooltip = `${this.text}\n${vscode.l10n.t("Click to retry.")}`;
            item.command = {
                command: "posthog-workbench.refreshExperiments",
                title: vscode.l10n.t("Retry"),
            };
        }
        return item;
    }
}

export type ExperimentTreeNode = GroupNode | ExperimentNode | LoadMoreNode | MessageNode;

function experimentIcon(e: ExperimentBasic): vscode.ThemeIcon {
    if (e.archived) return new vscode.ThemeIcon("archive");
    switch (experimentState(e)) {
        case "draft":
            return new vscode.ThemeIcon("circle-large-outline");
        case "running":
            return new vscode.ThemeIcon("play-circle", new vscode.ThemeColor("charts.green"));
        case "paused":
            return new vscode.ThemeIcon("debug-pause", new vscode.ThemeColor("charts.yellow"));
        case "exposure_frozen":
            return new vscode.ThemeIcon("lock", new vscode.ThemeColor("charts.blue"));
        case "complete":
            if (e.conclusion === "won")
                return new vscode.ThemeIcon("pass-filled", new vscode.ThemeColor("charts.green"));
            if (e.conclusion === "lost")
                return new vscode.ThemeIcon("error", new vscode.ThemeColor("charts.red"));
            return new vscode.ThemeIcon("check");
    }
}

function experimentTooltip(e: ExperimentBasic, state: string): vscode.MarkdownString {
    // Our own sentences go in as Markdown (they wrap); server text through `inMarkdown`, not
    // `appendText`, which leaves autolinks, bare URLs, HTML and invisible characters as they are.
    const text = (value: string) => inMarkdown(value, { oneLine: true });
    const md = new vscode.MarkdownString(undefined, true);
    md.supportHtml = false;
    const name = text(e.name).trim();
    // Trimmed: `**` after a space does not close the bold.
    if (name) md.appendMarkdown(`**${name}**\n\n`);
    // The status as PostHog words it; one this extension does not know, exactly as sent.
    md.appendMarkdown(`${vscode.l10n.t("Status:")} ${text(statusText(e))}\n\n`);
    if (state === "paused") {
        md.appendMarkdown(
            `$(debug-pause) ${vscode.l10n.t(
                "Paused: its feature flag is off, so users get no variant. Turn the flag back on in PostHog to resume.",
            )}\n\n`,
        );
    }
    if (state === "exposure_frozen") {
        // PostHog's own account of the state (ExperimentBaseSerializer.status help text).
        md.appendMarkdown(
            `$(lock) ${vscode.l10n.t(
                "Exposure frozen: enrollment is frozen to the users already exposed, while metrics keep flowing. New users no longer enter the experiment.",
            )}\n\n`,
        );
    }
    if (e.description) md.appendMarkdown(`${inMarkdown(e.description)}\n\n`);
    // Not a code span: with theme icons on, VS Code renders `$(name)` even inside one.
    md.appendMarkdown(`$(symbol-key) ${vscode.l10n.t("Flag")} ${text(e.feature_flag_key)}`);
    const rollout = flagRollout(e);
    if (rollout !== undefined) md.appendMarkdown(` · ${vscode.l10n.t("rollout {0}%", rollout)}`);
    // `active` is optional in MinimalFeatureFlag: left out, the tooltip does not guess.
    if (e.feature_flag && e.feature_flag.active !== undefined)
        md.appendMarkdown(
            ` · ${e.feature_flag.active ? vscode.l10n.t("active") : vscode.l10n.t("inactive")}`,
        );
    md.appendMarkdown("\n\n");
    const variants = experimentVariants(e);
    if (variants.length) {
        md.appendMarkdown(`${vscode.l10n.t("Variants:")} `);
        md.appendMarkdown(
            text(
                variants
                    .map((v) => (v.rollout === undefined ? v.key : `${v.key} ${v.rollout}%`))
                    .join(", "),
            ),
        );
        md.appendMarkdown("\n\n");
    }
    const start = shortDate(e.start_date);
    const end = shortDate(e.end_date);
    md.appendMarkdown(
        text(
            start
                ? end
                    ? vscode.l10n.t("Started {0}, ended {1}", start, end)
                    : vscode.l10n.t("Started {0}", start)
                : vscode.l10n.t("Not started (draft)"),
        ),
    );
    if (e.conclusion) {
        md.appendMarkdown(`\n\n${vscode.l10n.t("Conclusion:")} ${text(e.conclusion)}`);
        if (e.conclusion_comment) md.appendMarkdown(` ${text(`(${e.conclusion_comment})`)}`);
    }
    return md;
}
