import type * as vscode from "vscode";
import type { Ctx } from "../ctx";
import type { HogQLDataSource, HogQLTable } from "./languageFeatures";

/** How long names stay fresh before a background refresh. */
const STALE_MS = 10 * 60 * 1000;
/** Recent events sampled for property names (PostHog has no property list among our endpoints). */
const PROPERTY_SAMPLE = "SELECT properties FROM events ORDER BY timestamp DESC LIMIT 200";

interface Cached<T> {
    value: T;
    at: number;
    loading?: Promise<void>;
}

/**
 * Tables, event names and property names for completion, per host and project. Every getter
 * answers at once from the cache and, when the cache is empty or stale, starts one background
 * fetch; typing never waits on the network.
 */
export class SchemaCache implements HogQLDataSource, vscode.Disposable {
    private cacheKey = "";
    /** Bumped by clear(): answers of fetches from an older session or project are dropped. */
    private generation = 0;
    private readonly tablesCache: Cached<HogQLTable[]> = { value: [], at: 0 };
    private readonly eventsCache: Cached<string[]> = { value: [], at: 0 };
    private readonly propertiesCache: Cached<string[]> = { value: [], at: 0 };
    private readonly subscription: vscode.Disposable;

    constructor(private readonly ctx: Ctx) {
        this.subscription = ctx.auth.session.onDidChange(() => this.clear());
    }

    tables(): HogQLTable[] {
        return this.read(this.tablesCache, () => this.fetchTables());
    }

    eventNames(): string[] {
        return this.read(this.eventsCache, () => this.fetchEventNames());
    }

    propertyNames(): string[] {
        return this.read(this.propertiesCache, () => this.fetchPropertyNames());
    }

    /** Drops everything and fetches again now (the Refresh HogQL Schema command). */
    async refresh(): Promise<void> {
        this.clear();
        this.tables();
        this.eventNames();
        this.propertyNames();
        await Promise.all(
            [this.tablesCache, this.eventsCache, this.propertiesCache].map((c) => c.loading),
        );
    }

    /** Resolves when the fetches under way are done (tests and the refresh command). */
    async settled(): Promise<void> {
        await Promise.all(
            [this.tablesCache, this.eventsCache, this.propertiesCache].map((c) => c.loading),
        );
    }

    private clear(): void {
        this.generation++;
        for (const cache of [this.tablesCache, this.eventsCache, this.propertiesCache]) {
            cache.value = [];
            cache.at = 0;
            cache.loading = undefined;
        }
    }

    private read<T>(cache: Cached<T>, fetch: () => Promise<T>): T {
        const state = this.ctx.auth.session.state;
        if (!state.signedIn) return cache.value;
        const key = `${state.host}|${state.projectId}`;
        if (key !== this.cacheKey) {
            this.cacheKey = key;
            this.clear();
        }
        if (!cache.loading && Date.now() - cache.at > STALE_MS) {
            const generation = this.generation;
            const loading = fetch()
                .then((value) => {
                    if (generation !== this.generation) return;
                    cache.value = value;
                    cache.at = Date.now();
                })
                .catch((error: unknown) => {
                    if (generation !== this.generation) return;
                    // Completion keeps working from keywords and functions; say why in the log.
                    cache.at = Date.now();
                    this.ctx.log.warn(
                        `HogQL completion data: ${error instanceof Error ? error.message : String(error)}`,
                    );
                })
                .finally(() => {
                    if (cache.loading === loading) cache.loading = undefined;
                });
            cache.loading = loading;
        }
        return cache.value;
    }

    private async fetchTables(): Promise<HogQLTable[]> {
        const client = await this.ctx.auth.session.client();
        const { response } = await client.runQuery<{
            tables?: Record<
                string,
                { name?: string; fields?: Record<string, { name?: string; type?: string }> }
            >;
        }>({ kind: "DatabaseSchemaQuery" }, { name: "PostHog Workbench: schema for completion" });
        return Object.entries(response.tables ?? {}).map(([id, table]) => ({
            name: table.name ?? id,
            fields: Object.entries(table.fields ?? {}).map(([fieldId, field]) => ({
                name: field.name ?? fieldId,
                type: field.type ?? "unknown",
            })),
        }));
    }

    private async fetchEventNames(): Promise<string[]> {
        const client = await this.ctx.auth.session.client();
        const names: string[] = [];
        for await (const page of client.listEventDefinitions({ limit: 100 })) {
            names.push(...page.results.map((d) => d.name));
            if (names.length >= 1000) break;
        }
        return names;
    }

    private async fetchPropertyNames(): Promise<string[]> {
        const client = await this.ctx.auth.session.client();
        const { response } = await client.runQuery(
            { kind: "HogQLQuery", query: PROPERTY_SAMPLE },
            { name: "PostHog Workbench: property names for completion" },
        );
        const names = new Set<string>();
        for (const row of response.results ?? []) {
            const cell = row[0];
            const properties = typeof cell === "string" ? safeParse(cell) : cell;
            if (properties && typeof properties === "object")
                for (const key of Object.keys(properties)) names.add(key);
        }
        return [...names].sort();
    }

    dispose(): void {
        this.subscription.dispose();
    }
}

function safeParse(text: string): unknown {
    try {
        return JSON.parse(text);
    } catch {
        return undefined;
    }
}
