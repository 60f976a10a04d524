// What the reload store (store.ts) writes beside each result's bytes, and how it reads a stored
// result back. No `vscode` import: `npm run bench` times the store's work on the extension host
// with it (bench/host.mjs).
import type { QueryResult, ResultMeta, ResultSql } from "../shared/resultsProtocol";
import { type EveryField, resultHeadOf } from "./resultSet";

/** A result as the meta file holds it: all of it but its bytes, which have a file of their own. */
type StoredResult = Omit<QueryResult, "bytes">;

/**
 * A result as versions 1 and 2 held it: the result's own fields, with the rest in a `summary`
 * (2: first rows as text and the SQL texts; 1: first rows as values, wide numbers already
 * rounded).
 */
type StoredResultV2 = Omit<StoredResult, "meta" | "firstRowsJson" | "sql"> & {
    summary: {
        meta: ResultMeta;
        firstRowsJson?: string;
        firstRows?: unknown[][];
    } & Partial<ResultSql>;
};

interface StoredMeta {
    /** 3: each entry is a {@link StoredResult}; 2 and 1 (older builds): {@link StoredResultV2}. */
    version: 1 | 2 | 3;
    savedAt: number;
    /** Origin of the host the results came from (Sign Out can delete them); older files lack it. */
    host?: string;
    sets: (StoredResult | StoredResultV2)[];
}

/** The stored part of a result: its head (each field named there) and its SQL texts. */
function storedOf(result: QueryResult): StoredResult {
    const stored: EveryField<StoredResult> = { ...resultHeadOf(result), sql: result.sql };
    return stored;
}

/** A stored entry of any version as the current one. */
function upgraded(entry: StoredResult | StoredResultV2): StoredResult {
    if (!("summary" in entry)) return entry;
    const { summary, ...own } = entry;
    return {
        ...own,
        meta: summary.meta,
        firstRowsJson: summary.firstRowsJson ?? JSON.stringify(summary.firstRows ?? []),
        sql: { hogql: summary.hogql ?? null, clickhouse: summary.clickhouse ?? null },
    };
}

/**
 * The meta file for `results`: each result but its bytes (the first screen's rows as text), so a
 * reload paints without scanning the stored bytes. A few kilobytes per result.
 */
export function storedMetaBytes(results: QueryResult[], host?: string): Uint8Array {
    const meta: StoredMeta = {
        version: 3,
        savedAt: Date.now(),
        host,
        sets: results.map(storedOf),
    };
    return new TextEncoder().encode(JSON.stringify(meta));
}

/** The host a meta file says its results came from, if it says (older files do not). */
export function storedHostOf(metaBytes: Uint8Array): string | undefined {
    const meta = JSON.parse(new TextDecoder().decode(metaBytes)) as Partial<StoredMeta> | null;
    return typeof meta?.host === "string" ? meta.host : undefined;
}

/** The results a meta file describes, each with its bytes as stored (read with `bytesOf`). */
export async function resultsFromStored(
    metaBytes: Uint8Array,
    bytesOf: (index: number) => Promise<Uint8Array>,
): Promise<QueryResult[]> {
    const meta = JSON.parse(new TextDecoder().decode(metaBytes)) as StoredMeta;
    const results: QueryResult[] = [];
    for (let i = 0; i < meta.sets.length; i++) {
        const bytes = await bytesOf(i);
        results.push({ ...upgraded(meta.sets[i]), bytes });
    }
    return results;
}
