// The volumes of events in one HogQL query per refresh, never one per name: the last 30 days per
// event and day, and the newest timestamp. Pure (no vscode), so the query and its reading are
// unit-tested in plain Node and against the sandbox's engine.
import { hogqlString } from "../events/format";

/** How many days the volumes cover, today included. */
export const VOLUME_DAYS = 30;
/** Most names in one query: past this the rest wait for the next refresh (a workspace's worth). */
export const MAX_NAMES = 1000;
/** Most names the completion's ranking asks for. */
export const TOP_NAMES = 1000;

/** One event's volume over {@link VOLUME_DAYS} days. */
export interface EventVolume {
    /** Events per day, oldest first, today last. */
    daily: number[];
    /** Events over the whole period. */
    total: number;
    /** ISO time of the newest event in the period, when there is one. */
    lastSeen: string | null;
}

/**
 * Events per name and day over the last {@link VOLUME_DAYS} days, for `names` only. The names go in
 * as escaped HogQL string literals (as New Query for Event writes them), so no name can change the
 * query; `IN` with a list of literals is plain HogQL (posthog/hogql/grammar/HogQLParser.g4).
 */
export function volumesQuery(names: readonly string[]): string {
    const list = names.slice(0, MAX_NAMES).map(hogqlString).join(", ");
    return [
        "SELECT event, toString(toDate(timestamp)) AS day, count() AS events, toString(max(timestamp)) AS last_seen",
        "FROM events",
        `WHERE timestamp >= toStartOfDay(now()) - INTERVAL ${VOLUME_DAYS - 1} DAY AND event IN (${list})`,
        "GROUP BY event, day",
        "ORDER BY event, day",
    ].join("\n");
}

/** The most received event names over the period, for completion's order (one query). */
export function topEventsQuery(): string {
    return [
        "SELECT event, count() AS events",
        "FROM events",
        `WHERE timestamp >= toStartOfDay(now()) - INTERVAL ${VOLUME_DAYS - 1} DAY`,
        "GROUP BY event",
        "ORDER BY events DESC",
        `LIMIT ${TOP_NAMES}`,
    ].join("\n");
}

function count(cell: unknown): number {
    const value = typeof cell === "number" ? cell : Number(String(cell));
    return Number.isFinite(value) && value >= 0 ? value : 0;
}

/** `YYYY-MM-DD` of a time, in UTC. */
function dayOf(time: number): string {
    return new Date(time).toISOString().slice(0, 10);
}

/**
 * Reads the rows of {@link volumesQuery}: every name asked for gets a volume, zero when no row
 * names it. A row whose shape is not the query's is left out (the server is not trusted).
 */
export function readVolumes(
    rows: unknown,
    names: readonly string[],
    now = Date.now(),
): Map<string, EventVolume> {
    const days = Array.from({ length: VOLUME_DAYS }, (_, i) =>
        dayOf(now - (VOLUME_DAYS - 1 - i) * 86_400_000),
    );
    const index = new Map(days.map((day, i) => [day, i]));
    const out = new Map<string, EventVolume>();
    for (const name of names.slice(0, MAX_NAMES))
        out.set(name, { daily: new Array<number>(VOLUME_DAYS).fill(0), total: 0, lastSeen: null });
    for (const row of Array.isArray(rows) ? rows : []) {
        if (!Array.isArray(row) || typeof row[0] !== "string") continue;
        const volume = out.get(row[0]);
        const at = index.get(String(row[1]).slice(0, 10));
        if (!volume || at === undefined) continue;
        const events = count(row[2]);
        volume.daily[at] += events;
        volume.total += events;
        const last = typeof row[3] === "string" ? row[3] : null;
        if (last && (!volume.lastSeen || last > volume.lastSeen)) volume.lastSeen = last;
    }
    return out;
}

/** Reads the rows of {@link topEventsQuery}: name to 30-day count, most first. */
export function readTopEvents(rows: unknown): Map<string, number> {
    const out = new Map<string, number>();
    for (const row of Array.isArray(rows) ? rows : [])
        if (Array.isArray(row) && typeof row[0] === "string") out.set(row[0], count(row[1]));
    return out;
}
