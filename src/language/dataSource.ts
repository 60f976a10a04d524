import * as vscode from "vscode";
import type { EventDefinition, InsightVariable, PostHogClient } from "../api";
import type { LogDep, SessionDep } from "../deps";
import { readResponse } from "../readResponse";
import { isBigNumber } from "../shared/json/bigNumber";
import type { SessionState } from "../auth/session";
import { fetchSavedVariables } from "../query/savedVariables";
import type { HogQLDataSource, HogQLTable } from "./languageFeatures";
import { catalogueTables } from "./tableCatalogue";

/** What the completion data uses. */
export type SchemaCacheDeps = LogDep & SessionDep;

/** How long names stay fresh before a background refresh. */
const STALE_MS = 10 * 60 * 1000;
/** After a failed fetch, try again sooner than a full staleness period, but not per keystroke. */
const RETRY_MS = 60 * 1000;
/** Event definitions read for completion: the first pages are the ones people use. */
const EVENT_PAGES = 5;
const EVENT_PAGE_SIZE = 100;
/**
 * Property names seen on last week's events. PostHog's schema does not list them and none of our
 * endpoints does either; this is one small query, cached like the rest.
 */
const PROPERTY_KEYS_QUERY =
    "SELECT DISTINCT arrayJoin(JSONExtractKeys(properties)) AS key FROM events " +
    "WHERE timestamp > now() - INTERVAL 7 DAY LIMIT 500";
/**
 * For services that reject the keys query (older deployments, the sandbox): sample a few recent
 * events and read their keys here. No ORDER BY, so the service can stop after the first rows.
 */
const PROPERTY_SAMPLE_QUERY =
    "SELECT properties FROM events WHERE timestamp > now() - INTERVAL 7 DAY LIMIT 200";

/** What the `DatabaseSchemaQuery` kind answers (only what completion reads). */
interface SchemaResponse {
    tables?: Record<
        string,
        { name?: string; fields?: Record<string, { name?: string; type?: string }> }
    >;
    /** Property names, when a service includes them (names, or objects with a `name`). */
    properties?: unknown;
}

interface Entry<T> {
    value: T;
    /** When `value` was last fetched (or a fetch failed); 0 = never. */
    at: number;
    /** How long `value` stays fresh from `at`. */
    ttl: number;
    loading?: Promise<void>;
}

/**
 * Tables, event names and property names for completion, per host and project. Every getter
 * answers at once from the cache and, when the cache is empty or stale, starts one background
 * fetch; typing never waits on the network. Nothing is fetched before a HogQL document is open
 * or completion asks.
 */
export class SchemaCache implements HogQLDataSource, vscode.Disposable {
    /** `host|project` the cached names belong to; "" before the first use. */
    private scope = "";
    /** Aborted when the scope changes: answers for another project must not land here. */
    private abort = new AbortController();
    private readonly tablesEntry: Entry<HogQLTable[]> = { value: [], at: 0, ttl: 0 };
    private readonly eventsEntry: Entry<string[]> = { value: [], at: 0, ttl: 0 };
    private readonly propertiesEntry: Entry<string[]> = { value: [], at: 0, ttl: 0 };
    private readonly variablesEntry: Entry<InsightVariable[]> = { value: [], at: 0, ttl: 0 };
    /** Property names the schema itself carried, if any (then no query is needed). */
    private schemaProperties: string[] | undefined;
    private readonly subscriptions: vscode.Disposable[];

    constructor(private readonly deps: SchemaCacheDeps) {
        this.subscriptions = [
            deps.auth.session.onDidChange((state) => this.sessionChanged(state)),
            // Opening a HogQL file is the moment to warm up: by the first keystroke names are here.
            vscode.workspace.onDidOpenTextDocument((document) => {
                if (document.languageId === "hogql") this.warm();
            }),
        ];
    }

    /**
     * The project's tables; until its schema is cached (signed out, offline, the first fetch
     * under way or failed), PostHog's tables as read from its source, so FROM and columns still
     * complete.
     */
    tables(): HogQLTable[] {
        const cached = this.read(this.tablesEntry, (client, signal) =>
            this.fetchTables(client, signal),
        );
        return cached.length > 0 ? cached : [...catalogueTables()];
    }

    eventNames(): string[] {
        return this.read(this.eventsEntry, (client, signal) =>
            this.fetchEventNames(client, signal),
        );
    }

    propertyNames(): string[] {
        return this.read(this.propertiesEntry, (client, signal) =>
            this.fetchPropertyNames(client, signal),
        );
    }

    savedVariables(): InsightVariable[] {
        return this.read(this.variablesEntry, (client, signal) =>
            fetchSavedVariables(client, { signal }),
        );
    }

    /** Starts background fetches of whatever is missing or stale, when a HogQL file is open. */
    warm(): void {
        if (!vscode.workspace.textDocuments.some((d) => d.languageId === "hogql")) return;
        this.tables();
        this.eventNames();
        this.propertyNames();
        this.savedVariables();
    }

    /** Drops everything and fetches again now (the Refresh HogQL Schema command). */
    async refresh(): Promise<{ tables: number; events: number; properties: number }> {
        this.reset();
        this.tables();
        this.eventNames();
        this.propertyNames();
        await this.settled();
        return {
            tables: this.tablesEntry.value.length,
            events: this.eventsEntry.value.length,
            properties: this.propertiesEntry.value.length,
        };
    }

    /** Resolves when the fetches under way are done (the refresh command and tests). */
    async settled(): Promise<void> {
        await Promise.all(this.entries().map((entry) => entry.loading));
    }

    private entries(): Entry<unknown[]>[] {
        return [this.tablesEntry, this.eventsEntry, this.propertiesEntry, this.variablesEntry];
    }

    private sessionChanged(state: SessionState): void {
        if (!state.signedIn) {
            this.reset();
            return;
        }
        // Another project's names would be wrong; the same project's are only possibly stale.
        if (scopeOf(state) !== this.scope) this.reset();
        else for (const entry of this.entries()) entry.at = 0;
        this.warm();
    }

    /** Forgets every name and abandons fetches under way. */
    private reset(): void {
        this.abort.abort();
        this.abort = new AbortController();
        this.scope = "";
        this.schemaProperties = undefined;
        for (const entry of this.entries()) {
            entry.value = [];
            entry.at = 0;
            entry.loading = undefined;
        }
    }

    private read<T>(
        entry: Entry<T>,
        fetch: (client: PostHogClient, signal: AbortSignal) => Promise<T>,
    ): T {
        const state = this.deps.auth.session.state;
        if (!state.signedIn) return entry.value;
        const scope = scopeOf(state);
        if (scope !== this.scope) {
            this.reset();
            this.scope = scope;
        }
        if (!entry.loading && Date.now() - entry.at > entry.ttl) {
            const signal = this.abort.signal;
            const loading = this.deps.auth.session
                .client()
                .then((client) => fetch(client, signal))
                .then((value) => {
                    if (signal.aborted) return;
                    entry.value = value;
                    entry.at = Date.now();
                    entry.ttl = STALE_MS;
                })
                .catch((error: unknown) => {
                    if (signal.aborted) return;
                    // Completion keeps working from keywords and functions; the log says why.
                    entry.at = Date.now();
                    entry.ttl = RETRY_MS;
                    this.deps.log.warn(`HogQL completion data: ${messageOf(error)}`);
                })
                .finally(() => {
                    if (entry.loading === loading) entry.loading = undefined;
                });
            entry.loading = loading;
        }
        return entry.value;
    }

    private async fetchTables(client: PostHogClient, signal: AbortSignal): Promise<HogQLTable[]> {
        const response = await readResponse<SchemaResponse>(
            await client.runQuery(
                { kind: "DatabaseSchemaQuery" },
                { signal, name: "PostHog Workbench: schema for completion" },
            ),
        );
        const properties = namesOf(response.properties);
        if (properties.length > 0) this.schemaProperties = properties;
        return Object.entries(response.tables ?? {})
            .map(([id, table]) => ({
                name: table.name ?? id,
                fields: Object.entries(table.fields ?? {}).map(([fieldId, field]) => ({
                    name: field.name ?? fieldId,
                    type: field.type ?? "unknown",
                })),
            }))
            .sort((a, b) => a.name.localeCompare(b.name));
    }

    private async fetchEventNames(client: PostHogClient, signal: AbortSignal): Promise<string[]> {
        const definitions: EventDefinition[] = [];
        let pages = 0;
        for await (const page of client.listEventDefinitions(
            { limit: EVENT_PAGE_SIZE, exclude_hidden: true },
            { signal },
        )) {
            definitions.push(...page.results);
            if (++pages >= EVENT_PAGES) break;
        }
        return rankEventNames(definitions);
    }

    private async fetchPropertyNames(
        client: PostHogClient,
        signal: AbortSignal,
    ): Promise<string[]> {
        // The schema may list them; it is being fetched anyway, so wait for it first.
        await this.tablesEntry.loading;
        if (this.schemaProperties) return this.schemaProperties;
        const name = "PostHog Workbench: property names for completion";
        try {
            const response = await readResponse<{ results?: unknown[][] }>(
                await client.runQuery(
                    { kind: "HogQLQuery", query: PROPERTY_KEYS_QUERY },
                    { signal, name },
                ),
            );
            return [...new Set((response.results ?? []).map((row) => String(row[0])))].sort();
        } catch (error) {
            if (signal.aborted || !isHogQLRejection(error)) throw error;
            this.deps.log.debug(
                `property keys query rejected, sampling events: ${messageOf(error)}`,
            );
        }
        const response = await readResponse<{ results?: unknown[][] }>(
            await client.runQuery(
                { kind: "HogQLQuery", query: PROPERTY_SAMPLE_QUERY },
                { signal, name },
            ),
        );
        const names = new Set<string>();
        for (const row of response.results ?? []) {
            const cell = row[0];
            const properties = typeof cell === "string" ? safeParse(cell) : cell;
            // A wide number is a String object (BigNumber): not a properties object.
            if (isPlainObject(properties))
                for (const key of Object.keys(properties)) names.add(key);
        }
        return [...names].sort();
    }

    dispose(): void {
        this.abort.abort();
        for (const subscription of this.subscriptions) subscription.dispose();
    }
}

/**
 * Event names, most recently seen first, then by name. (PostHog no longer sends the 30-day
 * counters with a definition, so recency is what the list itself says about use.)
 */
export function rankEventNames(definitions: readonly EventDefinition[]): string[] {
    const seen = (d: EventDefinition): number =>
        d.last_seen_at ? Date.parse(d.last_seen_at) || 0 : 0;
    const unique = new Map<string, EventDefinition>();
    for (const d of definitions) if (d.name && !unique.has(d.name)) unique.set(d.name, d);
    return [...unique.values()]
        .sort((a, b) => seen(b) - seen(a) || a.name.localeCompare(b.name))
        .map((d) => d.name);
}

function scopeOf(state: { host: string; projectId: string }): string {
    return `${state.host}|${state.projectId}`;
}

/** Names from a list of strings, a list of `{name}` objects, or an object keyed by name. */
function namesOf(value: unknown): string[] {
    if (Array.isArray(value))
        return value
            .map((item: unknown) =>
                typeof item === "string"
                    ? item
                    : item && typeof item === "object" && "name" in item
                      ? String((item as { name: unknown }).name)
                      : "",
            )
            .filter((name) => name.length > 0);
    if (value && typeof value === "object") return Object.keys(value);
    return [];
}

/** A 400 for the query itself (e.g. a function this deployment does not know). */
function isHogQLRejection(error: unknown): boolean {
    return !!error && typeof error === "object" && (error as { status?: unknown }).status === 400;
}

function messageOf(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
}

function isPlainObject(value: unknown): value is object {
    return (
        typeof value === "object" && value !== null && !Array.isArray(value) && !isBigNumber(value)
    );
}

function safeParse(text: string): unknown {
    try {
        return JSON.parse(text);
    } catch {
        return undefined;
    }
}
