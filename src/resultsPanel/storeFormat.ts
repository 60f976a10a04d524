// What the reload store (store.ts) writes beside each result's bytes, and how it reads a stored
// result back. No `vscode` import: `npm run bench` times the store's work on the extension host
// with it (bench/host.mjs).
import type { ResultMeta } from "../shared/resultsProtocol";
import { infoOf, type ResultInfo, type ResultSet, type ResultSummary } from "./resultSet";

interface StoredMeta {
    /** 2: `summary` has `firstRowsJson`; 1 (older builds): `firstRows` as values. */
    version: 1 | 2;
    savedAt: number;
    /** Origin of the host the results came from (Sign Out can delete them); older files lack it. */
    host?: string;
    sets: (ResultInfo & { summary: ResultSummary | StoredSummaryV1 })[];
}

/** What version 1 stored: the first rows as parsed values (wide numbers already rounded). */
interface StoredSummaryV1 {
    meta: ResultMeta;
    firstRows: unknown[][];
}

function upgradeSummary(summary: ResultSummary | StoredSummaryV1): ResultSummary {
    if ("firstRowsJson" in summary) return summary;
    return {
        meta: summary.meta,
        firstRowsJson: JSON.stringify(summary.firstRows),
        hogql: null,
        clickhouse: null,
    };
}

/**
 * The meta file for `sets`: what each result is and its summary (the first screen's rows as
 * text), so a reload paints without scanning the stored bytes. A few kilobytes per result.
 */
export function storedMetaBytes(sets: ResultSet[], host?: string): Uint8Array {
    const meta: StoredMeta = {
        version: 2,
        savedAt: Date.now(),
        host,
        sets: sets.map((s) => ({ ...infoOf(s), summary: s.summary })),
    };
    return new TextEncoder().encode(JSON.stringify(meta));
}

/** The host a meta file says its results came from, if it says (older files do not). */
export function storedHostOf(metaBytes: Uint8Array): string | undefined {
    const meta = JSON.parse(new TextDecoder().decode(metaBytes)) as Partial<StoredMeta> | null;
    return typeof meta?.host === "string" ? meta.host : undefined;
}

/** The result sets a meta file describes, each with its bytes as stored (read with `bytesOf`). */
export async function setsFromStored(
    metaBytes: Uint8Array,
    bytesOf: (index: number) => Promise<Uint8Array>,
): Promise<ResultSet[]> {
    const meta = JSON.parse(new TextDecoder().decode(metaBytes)) as StoredMeta;
    const sets: ResultSet[] = [];
    for (let i = 0; i < meta.sets.length; i++) {
        const bytes = await bytesOf(i);
        const { summary, ...info } = meta.sets[i];
        sets.push({ ...info, bytes, summary: upgradeSummary(summary) });
    }
    return sets;
}
