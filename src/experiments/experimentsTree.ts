import * as vscode from "vscode";
import type { ExperimentBasic, ListExperimentsParams, Page } from "../api";
import type { ConfigDep, ErrorReportDep, LogDep, SessionDep } from "../deps";
import { userMessageOf } from "../errorText";
import { experimentState } from "./model";
import {
    ExperimentNode,
    type ExperimentTreeNode,
    GroupNode,
    type GroupId,
    LoadMoreNode,
    MessageNode,
} from "./nodes";

/** What the experiments tree uses. */
export type ExperimentsTreeDeps = LogDep &
    ErrorReportDep &
    SessionDep &
    ConfigDep<"experimentsPageSize">;

/** How many times selecting a revealed row is tried while the view reloads its group. */
const REVEAL_ATTEMPTS = 5;

/** What a group has loaded so far. */
interface GroupPages {
    rows: ExperimentNode[];
    next: string | null;
    count?: number;
    /** The server's count includes rows of other groups (it ignored the status filter). */
    countUnknown?: boolean;
    error?: string;
    loading?: Promise<void>;
}

/**
 * The Experiments view: groups by state, each loading its own pages from the service (filtered
 * by `status` or `archived`) when expanded, so 5,000 experiments open as fast as 5.
 */
/** What an empty group says. */
const NO_EXPERIMENTS: Record<GroupId, () => string> = {
    running: () => vscode.l10n.t("No running experiments"),
    paused: () => vscode.l10n.t("No paused experiments"),
    exposure_frozen: () => vscode.l10n.t("No experiments with exposure frozen"),
    draft: () => vscode.l10n.t("No draft experiments"),
    complete: () => vscode.l10n.t("No complete experiments"),
    archived: () => vscode.l10n.t("No archived experiments"),
};

export class ExperimentsTree
    implements vscode.TreeDataProvider<ExperimentTreeNode>, vscode.Disposable
{
    private readonly changed = new vscode.EventEmitter<
        ExperimentTreeNode | ExperimentTreeNode[] | undefined
    >();
    readonly onDidChangeTreeData = this.changed.event;
    private view: vscode.TreeView<ExperimentTreeNode> | undefined;
    private readonly groups = new Map<GroupId, GroupNode>();
    private pages = new Map<GroupId, GroupPages>();
    private search = "";
    private showArchived = false;
    /**
     * The groups the view's root last got, or undefined once a refresh of the root may have
     * dropped them (VS Code then forgets every row's handle until it fetches the root again).
     */
    private shownRoot: readonly GroupId[] | undefined;
    /** Each group's latest getChildren call, so a reveal can wait for the view's fetch. */
    private readonly fetching = new Map<GroupId, Promise<unknown>>();

    constructor(private readonly deps: ExperimentsTreeDeps) {
        for (const id of [
            "running",
            "paused",
            "exposure_frozen",
            "draft",
            "complete",
            "archived",
        ] as const)
            this.groups.set(id, new GroupNode(id));
    }

    /** The rows selected in the view (none before it is attached). */
    get selection(): readonly ExperimentTreeNode[] {
        return this.view?.selection ?? [];
    }

    /** Takes the view activation created (src/lazyViews.ts), whose rows this tree provides. */
    attach(view: vscode.TreeView<ExperimentTreeNode>): void {
        this.view = view;
        void this.setContext();
    }

    /** Drops everything loaded; groups reload when VS Code asks for them again. */
    refresh(): void {
        this.pages = new Map();
        this.groupsChanged();
    }

    /**
     * Tells the view its groups changed: each group when the root would list the same ones,
     * the whole view only when the root's list itself changes (sign-in, sign-out, archived).
     * VS Code's ExtHostTreeView (`_refresh` -> `_addAllToClear`) forgets every handle on a
     * refresh of the root, and a fetch of a group's children that the workbench sent before it
     * learnt of that refresh is answered "No tree item with id ... found" with no children,
     * which it then shows: expanded groups, empty for good (a fresh-clone UI run at 0f6af66,
     * where sign-in came while the view fetched its groups). Refreshing the groups keeps their
     * handles.
     */
    private groupsChanged(): void {
        const ids = this.rootIds();
        const shown = this.shownRoot;
        if (shown && ids.length > 0 && ids.join() === shown.join()) {
            this.changed.fire(ids.map((id) => this.groups.get(id) as GroupNode));
            return;
        }
        this.shownRoot = undefined;
        this.changed.fire(undefined);
    }

    /** The groups the root lists now: none while signed out. */
    private rootIds(): GroupId[] {
        if (!this.deps.auth.session.state.signedIn) return [];
        const ids: GroupId[] = ["running", "paused", "exposure_frozen", "draft", "complete"];
        if (this.showArchived) ids.push("archived");
        return ids;
    }

    get filter(): string {
        return this.search;
    }

    setFilter(search: string): void {
        this.search = search.trim();
        if (this.view)
            this.view.description = this.search
                ? vscode.l10n.t("filter: {0}", this.search)
                : undefined;
        void this.setContext();
        this.refresh();
    }

    get archivedShown(): boolean {
        return this.showArchived;
    }

    setShowArchived(show: boolean): void {
        this.showArchived = show;
        void this.setContext();
        this.groupsChanged();
    }

    private async setContext(): Promise<void> {
        await vscode.commands.executeCommand(
            "setContext",
            "posthog-workbench.experiments.filtered",
            this.search !== "",
        );
        await vscode.commands.executeCommand(
            "setContext",
            "posthog-workbench.experiments.showArchived",
            this.showArchived,
        );
    }

    getTreeItem(node: ExperimentTreeNode): vscode.TreeItem {
        if (node instanceof GroupNode) return node.toTreeItem(this.pages.get(node.id)?.count);
        return node.toTreeItem();
    }

    getParent(node: ExperimentTreeNode): ExperimentTreeNode | undefined {
        return node instanceof GroupNode ? undefined : node.group;
    }

    getChildren(node?: ExperimentTreeNode): Promise<ExperimentTreeNode[]> {
        const children = this.childrenOf(node);
        if (node instanceof GroupNode)
            this.fetching.set(
                node.id,
                children.then(undefined, () => undefined),
            );
        return children;
    }

    private async childrenOf(node?: ExperimentTreeNode): Promise<ExperimentTreeNode[]> {
        if (!node) {
            const ids = this.rootIds();
            this.shownRoot = ids;
            return ids.map((id) => this.groups.get(id) as GroupNode);
        }
        if (!this.deps.auth.session.state.signedIn) return [];
        if (!(node instanceof GroupNode)) return [];
        let pages = this.pages.get(node.id);
        if (!pages) {
            pages = { rows: [], next: null };
            this.pages.set(node.id, pages);
            pages.loading = this.loadFirst(node, pages);
        }
        await pages.loading;
        if (pages.error) return [new MessageNode(node, pages.error, true)];
        if (pages.rows.length === 0)
            return [
                new MessageNode(
                    node,
                    this.search
                        ? vscode.l10n.t("No experiments match the filter")
                        : NO_EXPERIMENTS[node.id](),
                ),
            ];
        const rows: ExperimentTreeNode[] = [...pages.rows];
        if (pages.next) rows.push(new LoadMoreNode(node, pages.rows.length, pages.count));
        return rows;
    }

    private params(group: GroupId): ListExperimentsParams {
        const params: ListExperimentsParams = { limit: this.deps.config.experimentsPageSize };
        if (this.search) params.search = this.search;
        if (group === "archived") {
            params.archived = true;
            params.status = "all";
        } else {
            // PostHog's list filter (filter_experiments_queryset): running = flag active and
            // exposure not frozen, paused = running with the flag off, exposure_frozen,
            // complete = stopped.
            params.status = group;
        }
        return params;
    }

    private async loadFirst(group: GroupNode, pages: GroupPages): Promise<void> {
        try {
            const client = await this.deps.auth.session.client();
            this.accept(group, pages, await client.listExperimentsPage(this.params(group.id)));
            // The group's row shows the count, known only now.
            setTimeout(() => this.changed.fire(group), 0);
        } catch (error) {
            pages.error = this.describe(error);
        }
    }

    /** Loads the group's next page (the "Load more" row). */
    async loadMore(group: GroupNode): Promise<void> {
        const pages = this.pages.get(group.id);
        if (!pages?.next) return;
        const next = pages.next;
        pages.loading = (async () => {
            try {
                const client = await this.deps.auth.session.client();
                this.accept(group, pages, await client.fetchPage<ExperimentBasic>(next));
            } catch (error) {
                void this.deps.reportError(vscode.l10n.t("Loading more experiments"), error);
            }
        })();
        await pages.loading;
        this.changed.fire(group);
    }

    private accept(group: GroupNode, pages: GroupPages, page: Page<ExperimentBasic>): void {
        const known = new Set(pages.rows.map((row) => row.experiment.id));
        let foreign = false;
        for (const experiment of page.results) {
            // Older servers may ignore the status filter (one that predates exposure_frozen
            // lists everything for it): keep each group to its own state.
            if (!experiment.deleted && !this.belongs(group.id, experiment)) foreign = true;
            if (
                experiment.deleted ||
                known.has(experiment.id) ||
                !this.belongs(group.id, experiment)
            )
                continue;
            pages.rows.push(new ExperimentNode(group, experiment));
        }
        pages.next = page.next ?? null;
        // A server that ignored the filter counted other states too: no count then.
        if (foreign) pages.countUnknown = true;
        pages.count =
            typeof page.count === "number" && !pages.countUnknown ? page.count : undefined;
    }

    private belongs(group: GroupId, experiment: ExperimentBasic): boolean {
        return groupOf(experiment) === group;
    }

    private describe(error: unknown): string {
        this.deps.log.warn(
            `loading experiments failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return vscode.l10n.t("Couldn't load experiments: {0}", userMessageOf(error));
    }

    /** The loaded row of an experiment, if any. */
    find(id: number): ExperimentNode | undefined {
        for (const pages of this.pages.values()) {
            const row = pages.rows.find((r) => r.experiment.id === id);
            if (row) return row;
        }
        return undefined;
    }

    /**
     * Puts a changed experiment in place: the same row when it stays in its group, otherwise
     * both groups reload. Removed (deleted) experiments leave their group.
     */
    update(experiment: ExperimentBasic): void {
        const row = this.find(experiment.id);
        const target = groupOf(experiment);
        if (row && !experiment.deleted && row.group.id === target) {
            row.experiment = experiment;
            this.changed.fire(row);
            return;
        }
        if (row) this.reloadGroup(row.group.id);
        if (!experiment.deleted) this.reloadGroup(target);
    }

    /**
     * Moves a changed experiment to its state's group in the loaded model, without reading the
     * lists again: out of the group it was in, into its new group when that group has loaded (at
     * its place in PostHog's order, newest first), and one change event for the groups touched.
     * A group not loaded yet finds it when it loads.
     */
    place(experiment: ExperimentBasic): void {
        const row = this.find(experiment.id);
        const target = groupOf(experiment);
        if (row && row.group.id === target) {
            row.experiment = experiment;
            this.changed.fire(row);
            return;
        }
        const touched: GroupNode[] = [];
        if (row) {
            const from = this.pages.get(row.group.id);
            if (from) {
                from.rows = from.rows.filter((r) => r !== row);
                if (from.count !== undefined) from.count--;
            }
            touched.push(row.group);
        }
        const group = this.groups.get(target) as GroupNode;
        const to = this.pages.get(target);
        if (to && !experiment.deleted) {
            const node = new ExperimentNode(group, experiment);
            const at = to.rows.findIndex((r) => r.experiment.created_at < experiment.created_at);
            if (at === -1 && to.next) {
                // Older than every loaded row while more pages remain: its page loads it.
            } else {
                to.rows.splice(at === -1 ? to.rows.length : at, 0, node);
                if (to.count !== undefined) to.count++;
            }
            touched.push(group);
        }
        // A group the root does not list (archived, hidden) is not the view's to refresh.
        const shown = this.rootIds();
        const fire = touched.filter((g) => shown.includes(g.id));
        if (fire.length) this.changed.fire(fire);
    }

    private reloadGroup(id: GroupId): void {
        this.pages.delete(id);
        this.changed.fire(this.groups.get(id));
    }

    /** Reloads the experiment's group and selects its row. */
    async reveal(experiment: ExperimentBasic): Promise<void> {
        const target = groupOf(experiment);
        this.reloadGroup(target);
        const group = this.groups.get(target) as GroupNode;
        await this.getChildren(group);
        // VS Code's ExtHostTreeView (_fetchChildrenNodes) drops a fetch of a node's children
        // that a newer fetch of the same node overtook, or that a refresh cancelled, and reveal
        // then rejects with "Cannot resolve tree item" (a fresh-clone CI run at 0b7f04c). The
        // view reloads the group right after the change above, so the reveal is tried again
        // once that fetch is done. Selecting is a courtesy after the action succeeded: if it
        // still fails it is logged, never reported as the action failing (which would invite a
        // second create).
        for (let attempt = 1; ; attempt++) {
            const row = this.find(experiment.id);
            if (!row || !this.view) return;
            try {
                await this.view.reveal(row, { select: true, focus: false, expand: true });
                return;
            } catch (err) {
                if (attempt === REVEAL_ATTEMPTS) {
                    this.deps.log.warn(
                        `experiments: could not select ${experiment.id}: ${String(err)}`,
                    );
                    return;
                }
                await this.fetchesDone(target);
            }
        }
    }

    /** Resolves when the group's latest fetch of children, and VS Code's work after it, is done. */
    private async fetchesDone(id: GroupId): Promise<void> {
        for (;;) {
            const fetch = this.fetching.get(id);
            await fetch;
            // VS Code registers the children a task after getChildren returns.
            await new Promise((resolve) => setTimeout(resolve, 0));
            if (this.fetching.get(id) === fetch) return;
        }
    }

    dispose(): void {
        this.changed.dispose();
    }
}

/** The group an experiment is listed in: archived ones apart, else its state's group. */
export function groupOf(experiment: ExperimentBasic): GroupId {
    if (experiment.archived) return "archived";
    return experimentState(experiment);
}
