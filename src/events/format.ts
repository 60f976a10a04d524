// Text for the Event Definitions view, the details document and New Query for Event. Imports
// nothing from vscode so the unit tests can check it in plain Node.
import * as l10n from "@vscode/l10n";
import type { EventDefinition, HogQLQueryNode, PostHogClient, UserSummary } from "../api";
import { readResponse } from "../readResponse";
import { isBigNumber } from "../shared/json/bigNumber";
import { displayLanguage } from "../locale";
import { codeBlock, inMarkdown } from "../shared/plainText";

/** "3 days ago", "yesterday", "just now"; "never" without a time. */
export function relativeTime(iso: string | null | undefined, now = Date.now()): string {
    if (!iso) return l10n.t("never");
    const then = Date.parse(iso);
    if (Number.isNaN(then)) return l10n.t("unknown");
    // Only past times are shown (seen, created, updated); a time ahead of this machine's clock
    // is clock skew, not the future.
    const seconds = Math.min(0, Math.round((then - now) / 1000));
    const format = new Intl.RelativeTimeFormat(displayLanguage(), { numeric: "auto" });
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
        ["year", 365 * 24 * 3600],
        ["month", 30 * 24 * 3600],
        ["week", 7 * 24 * 3600],
        ["day", 24 * 3600],
        ["hour", 3600],
        ["minute", 60],
    ];
    for (const [unit, size] of units) {
        if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
    }
    return l10n.t("just now");
}

/** A person as the service embeds them: a summary on cloud, a bare id on some servers. */
export function personName(person: UserSummary | number | null | undefined): string | undefined {
    if (person === null || person === undefined) return undefined;
    if (typeof person === "number") return l10n.t("user {0}", person);
    const name = [person.first_name, person.last_name].filter(Boolean).join(" ").trim();
    if (name && person.email) return `${name} <${person.email}>`;
    return name || person.email || l10n.t("user {0}", person.id);
}

/** A HogQL string literal for `value` (backslash escapes, which HogQL and ClickHouse share). */
export function hogqlString(value: string): string {
    const escaped = value
        .replace(/\\/g, "\\\\")
        .replace(/'/g, "\\'")
        .replace(/\n/g, "\\n")
        .replace(/\r/g, "\\r")
        .replace(/\t/g, "\\t");
    return `'${escaped}'`;
}

/**
 * The query New Query for Event opens: events and distinct persons per day over the last 30
 * days, which answers "is this event alive, and how much" before anything more specific.
 */
export function eventQuery(name: string): string {
    // The name goes into a line comment too, so it must not end the comment early.
    const title = name.replace(/[\r\n]+/g, " ");
    return [
        `-- ${title}: events and persons per day over the last 30 days`,
        "SELECT toStartOfDay(timestamp) AS day, count() AS events, count(DISTINCT person_id) AS persons",
        "FROM events",
        `WHERE event = ${hogqlString(name)} AND timestamp >= now() - INTERVAL 30 DAY`,
        "GROUP BY day",
        "ORDER BY day",
        "",
    ].join("\n");
}

/**
 * The query behind the volume a row's hover shows: events of this name over the last 30 days,
 * one number. The name goes in as a placeholder value (HogQLQuery.values, which PostHog's
 * hogql_query_runner.py @02ec3baf parses as constants), so no name can change the query's text.
 */
export function volumeQuery(name: string): HogQLQueryNode & { values: { event_name: string } } {
    return {
        kind: "HogQLQuery",
        query: "SELECT count() FROM events WHERE event = {event_name} AND timestamp >= now() - INTERVAL 30 DAY",
        values: { event_name: name },
    };
}

/** The count a {@link volumeQuery} answered, or null when the answer holds none. */
export function volumeOf(response: unknown): number | null {
    const results = (response as { results?: unknown } | null)?.results;
    const cell: unknown =
        Array.isArray(results) && Array.isArray(results[0]) ? results[0][0] : null;
    // A UInt64 may arrive as a number, a wide one as a BigNumber, a bigint or a string of digits.
    const digits = isBigNumber(cell) ? cell.toString() : cell;
    const value =
        typeof digits === "number"
            ? digits
            : typeof digits === "bigint" || (typeof digits === "string" && /^\d+$/.test(digits))
              ? Number(digits)
              : NaN;
    return Number.isFinite(value) && value >= 0 ? value : null;
}

/** Events of this name over the last 30 days ({@link volumeQuery}), or null when none came back. */
export function fetchVolume(
    client: PostHogClient,
    name: string,
    signal?: AbortSignal,
): Promise<number | null> {
    return client
        .runQuery(volumeQuery(name), { signal, name: "event definition volume" })
        .then((run) => readResponse(run))
        .then(volumeOf);
}

/** A count for display; "10,000+" when the service capped it (a lower bound). */
export function countText(count: number, capped = false): string {
    const text = count.toLocaleString(displayLanguage());
    return capped
        ? l10n.t({
              message: "{0}+",
              args: [text],
              comment: ["A count the service stopped at: at least {0} (e.g. 10,000+)."],
          })
        : text;
}

/** Tags typed as "a, b ,c": trimmed, without empties or repeats, in the order typed. */
export function parseTags(text: string): string[] {
    const tags = text
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean);
    return [...new Set(tags)];
}

/** What the list shows and sends; the defaults match what PostHog's own list shows first. */
export interface EventDefinitionsFilter {
    /** Every whitespace-separated term must match the name (the service's `search`). */
    search: string;
    /** `name` or `-last_seen_at`. */
    ordering: EventDefinitionsOrdering;
    /** Include definitions marked hidden. */
    includeHidden: boolean;
    /** Include PostHog's own `$` events. */
    includePostHog: boolean;
    /** Only the events the workspace's code captures, only the others, or all (issue 45). */
    usage: EventUsageFilter;
}

/** Which rows the usage filter keeps: it applies to the pages loaded, on this side. */
export type EventUsageFilter = "all" | "used" | "unused";

export type EventDefinitionsOrdering = "name" | "-last_seen_at";

export { DEFAULT_FILTER } from "./filterDefaults";

/** The view's description: only what differs from the defaults, so a plain list shows nothing. */
export function describeFilter(filter: EventDefinitionsFilter): string {
    const parts: string[] = [];
    if (filter.search) parts.push(`"${filter.search}"`);
    if (filter.ordering === "-last_seen_at") parts.push(l10n.t("by last seen"));
    if (filter.includeHidden) parts.push(l10n.t("with hidden"));
    if (!filter.includePostHog) parts.push(l10n.t("no $ events"));
    if (filter.usage === "used") parts.push(l10n.t("used in code"));
    if (filter.usage === "unused") parts.push(l10n.t("not used in code"));
    return parts.join(" · ");
}

/** The row's description: last seen, tags and the start of the description. */
export function rowDescription(def: EventDefinition, now = Date.now()): string {
    const parts = [relativeTime(def.last_seen_at, now)];
    if (def.tags?.length) parts.push(def.tags.map((tag) => `#${tag}`).join(" "));
    const description = def.description?.trim();
    if (description) parts.push(description.split(/\r?\n/)[0]);
    return parts.join(" · ");
}

/**
 * Server text on one line of the details document. The document is shown in the Markdown
 * preview, which renders HTML, links and remote images and links bare URLs: every character
 * Markdown would read is escaped, so the preview shows the text as it is.
 */
function md(text: string): string {
    return inMarkdown(text, { oneLine: true });
}

function when(iso: string | null | undefined, now: number): string {
    return iso ? `${relativeTime(iso, now)} (${iso})` : l10n.t("never");
}

/** The details document (#20): the definition, its 30-day volume, and a query to start from. */
export function detailsMarkdown(
    def: EventDefinition,
    volume: number | null | undefined,
    now = Date.now(),
): string {
    const yes = l10n.t("yes");
    const no = l10n.t("no");
    /** "<when> by <who>", or just when. */
    const by = (iso: string | null | undefined, who: string | undefined): string =>
        who ? l10n.t("{0} by {1}", when(iso, now), who) : when(iso, now);
    const rows: [string, string][] = [
        [
            l10n.t("Verified"),
            def.verified
                ? [
                      yes,
                      personName(def.verified_by),
                      def.verified_at && l10n.t("on {0}", def.verified_at),
                  ]
                      .filter(Boolean)
                      .join(", ")
                : no,
        ],
        [l10n.t("Hidden"), def.hidden ? yes : no],
        [l10n.t("Tags"), def.tags?.length ? def.tags.join(", ") : l10n.t("none")],
        [l10n.t("Last seen"), when(def.last_seen_at, now)],
        [l10n.t("Owner"), personName(def.owner) ?? l10n.t("nobody")],
        [l10n.t("Created"), by(def.created_at, personName(def.created_by))],
        [l10n.t("Updated"), by(def.updated_at, personName(def.updated_by))],
        [
            l10n.t("Events in the last 30 days"),
            volume === null || volume === undefined ? l10n.t("unknown") : countText(volume),
        ],
        [l10n.t("Id"), def.id],
    ];
    const description = def.description?.trim();
    return [
        `# ${md(def.name)}`,
        "",
        description ? inMarkdown(description) : `_${l10n.t("No description.")}_`,
        "",
        `| ${l10n.t("Field")} | ${l10n.t("Value")} |`,
        "| --- | --- |",
        ...rows.map(([field, value]) => `| ${field} | ${md(value)} |`),
        "",
        `## ${l10n.t("Query")}`,
        "",
        // Its fence is longer than any backtick run in the query: an odd name cannot close it.
        codeBlock(eventQuery(def.name).trimEnd(), "hogql"),
        "",
    ].join("\n");
}
