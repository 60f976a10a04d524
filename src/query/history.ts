import type * as vscode from "vscode";

/** One run as remembered: what ran, where, when, how it went. Never the result data. */
export interface HistoryEntry {
    /** The query id sent as `client_query_id` (also used for the service's query log). */
    queryId: string;
    /** The HogQL text that ran. */
    text: string;
    /** URI of the file it came from, if any. */
    file?: string;
    /** Host and project it ran against. */
    host: string;
    projectId: string;
    /** Epoch milliseconds when it started. */
    startedAt: number;
    durationMs: number;
    /** Rows returned (on success). */
    rows?: number;
    /** Bytes the run read, when the service said (success). */
    bytesRead?: number;
    /** The project's query budget left after the run, when the service said (success). */
    budgetRemainingBytes?: number;
    status: "ok" | "error" | "cancelled";
    /** One line about the failure (on error). */
    error?: string;
}

const KEY = "posthog-workbench.history";
const MAX_ENTRIES = 500;

/**
 * Query history per workspace (workspace state), newest first, bounded so it never grows
 * without end. Entries hold the query text and metadata only: results stay out of it.
 */
export class QueryHistory {
    constructor(private readonly state: vscode.Memento) {}

    entries(): HistoryEntry[] {
        return this.state.get<HistoryEntry[]>(KEY) ?? [];
    }

    async add(entry: HistoryEntry): Promise<void> {
        const entries = [entry, ...this.entries()].slice(0, MAX_ENTRIES);
        await this.state.update(KEY, entries);
    }

    async clear(): Promise<void> {
        await this.state.update(KEY, []);
    }

    /** How many runs against `host` (an origin) are remembered. */
    countOf(host: string): number {
        return this.entries().filter((entry) => entry.host === host).length;
    }

    /** Forgets every run against `host` (Sign Out); returns how many. */
    async clearHost(host: string): Promise<number> {
        const entries = this.entries();
        const kept = entries.filter((entry) => entry.host !== host);
        await this.state.update(KEY, kept);
        return entries.length - kept.length;
    }
}
