import * as vscode from "vscode";
import type { EventDefinition, ListEventDefinitionsParams } from "../api";
import { loadApi } from "../apiLoader";
import type { ConfigDep, LogDep, SessionDep } from "../deps";
import type { CodeUsageIndex, CodeUsagesDep } from "./codeUsages";
import { errorDetail, userMessageOf } from "../errorText";
import { redact } from "../log";
import { EventDefinitionDocuments } from "./detailsDocument";
import { showFilterContext } from "./filterContext";
import {
    DEFAULT_FILTER,
    countText,
    describeFilter,
    fetchVolume,
    type EventDefinitionsFilter,
} from "./format";
import {
    EventDefinitionNode,
    LoadMoreNode,
    MessageNode,
    tooltipFor,
    type EventDefinitionsElement,
} from "./nodes";

/** What the event definitions tree uses: the session, its page-size setting, and the log. */
export type EventDefinitionsTreeDeps = LogDep &
    SessionDep &
    CodeUsagesDep &
    ConfigDep<"onDidChange" | "eventDefinitionsPageSize">;

const P = "posthog-workbench";

/** What has been fetched for the current filter: the pages so far and where the next one is. */
interface Listing {
    items: EventDefinition[];
    next: string | null;
    count: number;
    /** The service capped `count`: it is a lower bound. */
    capped: boolean;
}

/**
 * The Event Definitions view: pages of definitions for the current filter, loaded on demand and
 * extended page by page through the service's `next` link. Until the user signs in it has no
 * rows, so VS Code shows the view's welcome content (Sign In).
 */
export class EventDefinitionsTree
    implements
        vscode.TreeDataProvider<EventDefinitionsElement>,
        vscode.TreeDragAndDropController<EventDefinitionsElement>,
        vscode.Disposable
{
    private readonly changed = new vscode.EventEmitter<EventDefinitionsElement | undefined>();
    readonly onDidChangeTreeData = this.changed.event;
    /** Dragging rows into an editor inserts their names (VS Code's text drop handles this). */
    readonly dragMimeTypes = ["text/plain"];
    readonly dropMimeTypes: string[] = [];
    readonly details: EventDefinitionDocuments;

    private filterState: EventDefinitionsFilter = { ...DEFAULT_FILTER };
    private listing: Listing | undefined;
    private loadError: unknown;
    private loading: Promise<void> | undefined;
    private loadingMore: Promise<void> | undefined;
    /** Bumped by every reset, so a response for an older filter or session is dropped. */
    private generation = 0;
    private abort = new AbortController();
    /** 30-day volume per id; a promise so concurrent hovers share one query. */
    private readonly volumeCache = new Map<string, Promise<number | null>>();
    private view: vscode.TreeView<EventDefinitionsElement> | undefined;
    private readonly subscriptions: vscode.Disposable[] = [];

    constructor(private readonly deps: EventDefinitionsTreeDeps) {
        this.details = new EventDefinitionDocuments(deps, (def) => this.volume(def));
        this.subscriptions.push(
            deps.config.onDidChange((event) => {
                if (event.affectsConfiguration(`${P}.eventDefinitions`)) this.refresh();
            }),
            // Once something has built the workspace index, rows say which events the code
            // captures, and follow its changes (without fetching anything again).
            deps.codeUsages.onDidLoad((index) => this.followUsages(index)),
        );
        // The tree loads on first use: the index may have been built before it.
        const index = deps.codeUsages.loaded;
        if (index) this.followUsages(index);
    }

    private followUsages(index: CodeUsageIndex): void {
        this.subscriptions.push(index.onDidChange(() => this.changed.fire(undefined)));
    }

    /** The events the workspace's code captures, once the index is built (else undefined). */
    private usedEvents(): ReadonlySet<string> | undefined {
        const index = this.deps.codeUsages.loaded;
        return index?.ready ? new Set(index.referencedEvents()) : undefined;
    }

    /**
     * Takes the view activation created (src/lazyViews.ts), whose rows this tree provides; the
     * details documents' scheme is served from activation on, through src/lazyViews.ts.
     */
    attach(view: vscode.TreeView<EventDefinitionsElement>): void {
        this.view = view;
        this.showFilter();
    }

    get filter(): Readonly<EventDefinitionsFilter> {
        return this.filterState;
    }

    /** Changes the filter and reloads from the first page. */
    setFilter(change: Partial<EventDefinitionsFilter>): void {
        this.filterState = { ...this.filterState, ...change };
        this.showFilter();
        this.refresh();
    }

    /** Forgets everything fetched (pages, volumes) and reloads when VS Code next asks. */
    refresh(): void {
        this.generation++;
        this.abort.abort();
        this.abort = new AbortController();
        this.listing = undefined;
        this.loadError = undefined;
        this.loading = undefined;
        this.loadingMore = undefined;
        this.volumeCache.clear();
        this.changed.fire(undefined);
    }

    /** The definitions loaded so far (loading the first page when nothing is). */
    async definitions(): Promise<EventDefinition[]> {
        await this.ensureLoaded();
        return this.listing?.items ?? [];
    }

    /** Takes an edited definition from the service's reply without reloading every page. */
    updated(def: EventDefinition): void {
        if (this.listing) {
            const index = this.listing.items.findIndex((d) => d.id === def.id);
            if (index >= 0) {
                if (def.hidden && !this.filterState.includeHidden) {
                    this.listing.items.splice(index, 1);
                    if (!this.listing.capped)
                        this.listing.count = Math.max(0, this.listing.count - 1);
                } else {
                    this.listing.items[index] = def;
                }
            }
        }
        this.volumeCache.delete(def.id);
        this.changed.fire(undefined);
        this.details.reload(def.id);
    }

    getTreeItem(element: EventDefinitionsElement): vscode.TreeItem {
        return element;
    }

    async getChildren(element?: EventDefinitionsElement): Promise<EventDefinitionsElement[]> {
        if (element || !this.deps.auth.session.state.signedIn) return [];
        await this.ensureLoaded();
        if (this.loadError !== undefined) {
            return [
                new MessageNode(vscode.l10n.t("Could not load event definitions"), {
                    detail: vscode.l10n.t("{0} Click to retry.", userMessageOf(this.loadError)),
                    icon: "error",
                    command: {
                        command: `${P}.refreshEventDefinitions`,
                        title: vscode.l10n.t("Retry"),
                    },
                }),
            ];
        }
        const listing = this.listing;
        if (!listing) return [];
        const used = this.usedEvents();
        const usage = used ? this.filterState.usage : "all";
        const items = listing.items.filter(
            (def) => usage === "all" || used?.has(def.name) === (usage === "used"),
        );
        if (items.length === 0) {
            const filtered = describeFilter(this.filterState) !== "";
            return [
                new MessageNode(
                    filtered
                        ? vscode.l10n.t("No event definitions match")
                        : vscode.l10n.t("No event definitions yet"),
                    {
                        detail: filtered ? describeFilter(this.filterState) : undefined,
                        icon: filtered ? "search-stop" : "info",
                    },
                ),
                // The usage filter applies to the pages loaded: later pages may hold matches.
                ...(listing.next
                    ? [new LoadMoreNode(listing.items.length, listing.count, listing.capped)]
                    : []),
            ];
        }
        const now = Date.now();
        const nodes: EventDefinitionsElement[] = items.map(
            (def) => new EventDefinitionNode(def, now, used?.has(def.name)),
        );
        if (listing.next) {
            nodes.push(new LoadMoreNode(listing.items.length, listing.count, listing.capped));
        }
        return nodes;
    }

    /**
     * Fills the tooltip on hover, with the event's 30-day volume from one HogQL query (#23).
     * PostHog's metrics endpoint is closed to personal API keys (its action names no scopes).
     */
    async resolveTreeItem(
        item: vscode.TreeItem,
        element: EventDefinitionsElement,
    ): Promise<vscode.TreeItem> {
        if (!(element instanceof EventDefinitionNode)) return item;
        const def = element.definition;
        let volume: string;
        try {
            const value = await this.volume(def);
            volume = value === null ? vscode.l10n.t("unknown") : countText(value);
        } catch (error) {
            // The tree shows only what the API read, so its bundle is loaded by now.
            if (loadApi().isCancellation(error)) return item;
            volume = vscode.l10n.t("could not be loaded");
            this.deps.log.warn(`volume of ${redact(def.name)}: ${redact(userMessageOf(error))}`);
        }
        item.tooltip = tooltipFor(def, volume);
        return item;
    }

    /** Events of one definition's name over the last 30 days: one query per refresh. */
    volume(def: EventDefinition): Promise<number | null> {
        let cached = this.volumeCache.get(def.id);
        if (!cached) {
            const signal = this.abort.signal;
            cached = this.deps.auth.session
                .client()
                .then((client) => fetchVolume(client, def.name, signal));
            this.volumeCache.set(def.id, cached);
            // A failure is not remembered: the next hover tries again.
            cached.catch(() => {
                if (this.volumeCache.get(def.id) === cached) this.volumeCache.delete(def.id);
            });
        }
        return cached;
    }

    /** Appends the next page (the row "Load more…"). */
    loadMore(): Promise<void> {
        this.loadingMore ??= this.fetchNext().finally(() => {
            this.loadingMore = undefined;
        });
        return this.loadingMore;
    }

    handleDrag(source: readonly EventDefinitionsElement[], data: vscode.DataTransfer): void {
        const names = source
            .filter((node): node is EventDefinitionNode => node instanceof EventDefinitionNode)
            .map((node) => node.definition.name);
        if (names.length) data.set("text/plain", new vscode.DataTransferItem(names.join("\n")));
    }

    private ensureLoaded(): Promise<void> {
        if (this.listing || this.loadError !== undefined) return Promise.resolve();
        if (!this.loading) {
            const loading = this.fetchFirst().finally(() => {
                if (this.loading === loading) this.loading = undefined;
            });
            this.loading = loading;
        }
        return this.loading;
    }

    private params(): ListEventDefinitionsParams {
        const filter = this.filterState;
        return {
            limit: this.deps.config.eventDefinitionsPageSize,
            ordering: filter.ordering,
            search: filter.search || undefined,
            event_type: filter.includePostHog ? "event" : "event_custom",
            exclude_hidden: filter.includeHidden ? undefined : true,
        };
    }

    private async fetchFirst(): Promise<void> {
        const generation = this.generation;
        const signal = this.abort.signal;
        try {
            const client = await this.deps.auth.session.client();
            const page = await client.listEventDefinitionsPage(this.params(), { signal });
            if (generation !== this.generation) return;
            this.listing = {
                items: unique(page.results),
                next: page.next,
                count: page.count,
                capped: page.count_is_capped === true,
            };
        } catch (error) {
            if (generation !== this.generation) return;
            this.loadError = error;
            this.deps.log.error(`loading event definitions failed: ${redact(errorDetail(error))}`);
        }
    }

    private async fetchNext(): Promise<void> {
        const generation = this.generation;
        const signal = this.abort.signal;
        const next = this.listing?.next;
        if (!next) return;
        const client = await this.deps.auth.session.client();
        const page = await client.fetchPage<EventDefinition>(next, { signal });
        if (generation !== this.generation || !this.listing) return;
        // Offset paging shifts when definitions are added or deleted meanwhile; skip repeats.
        const seen = new Set(this.listing.items.map((d) => d.id));
        this.listing.items.push(...page.results.filter((d) => !seen.has(d.id)));
        this.listing.next = page.next;
        this.listing.count = page.count;
        this.listing.capped = page.count_is_capped === true;
        this.changed.fire(undefined);
    }

    private showFilter(): void {
        const filter = this.filterState;
        if (this.view) this.view.description = describeFilter(filter) || undefined;
        showFilterContext(filter);
    }

    dispose(): void {
        this.abort.abort();
        for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
        this.changed.dispose();
        this.details.dispose();
    }
}

function unique(defs: EventDefinition[]): EventDefinition[] {
    const seen = new Set<string>();
    return defs.filter((d) => !seen.has(d.id) && seen.add(d.id));
}
