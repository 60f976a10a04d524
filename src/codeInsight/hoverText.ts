// The Markdown of the hovers on an event name and on an experiment's flag key. Pure (no vscode).
// Everything the server sent goes through inMarkdown or codeSpan (src/shared/plainText.ts); the
// only links are our own command links, whose arguments are percent-encoded JSON.
import * as l10n from "@vscode/l10n";
import type { EventDefinition, ExperimentBasic } from "../api";
import { relativeTime } from "../events/format";
import { experimentVariants, statusText } from "../experiments/model";
import { displayLanguage } from "../locale";
import { codeSpan, inMarkdown } from "../shared/plainText";
import type { EventVolume } from "./volumes";

const P = "posthog-workbench";

/** The commands hovers link to: the only ones their Markdown may run (`isTrusted`). */
export const HOVER_COMMANDS = [
    `${P}.openEventInPostHog`,
    `${P}.queryEventFromCode`,
    `${P}.revealEventDefinition`,
    `${P}.openExperimentFromCode`,
] as const;

/** A command link with its arguments; every character that could end the link is encoded. */
export function commandLink(label: string, command: string, args: unknown[]): string {
    const encoded = encodeURIComponent(JSON.stringify(args)).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    return `[${inMarkdown(label, { oneLine: true })}](command:${command}?${encoded})`;
}

const BARS = "▁▂▃▄▅▆▇█";

/** A Unicode sparkline of daily counts: one bar per day, the highest day a full bar. */
export function sparkline(daily: readonly number[]): string {
    const max = Math.max(0, ...daily);
    return daily
        .map((n) => (max === 0 ? BARS[0] : BARS[Math.min(7, Math.round((n / max) * 7))]))
        .join("");
}

/** "1.2k/day": the average per day over the period, compact. */
export function perDayText(volume: EventVolume): string {
    const average = volume.total / Math.max(1, volume.daily.length);
    const text = new Intl.NumberFormat(displayLanguage(), {
        notation: "compact",
        maximumFractionDigits: average < 10 ? 1 : 0,
    }).format(average);
    return l10n.t({ message: "{0}/day", args: [text], comment: ["Events per day, e.g. 1.2k/day"] });
}

/** What the event hover shows. */
export interface EventHoverInput {
    name: string;
    definition: EventDefinition | undefined;
    volume: EventVolume | undefined;
    /** The data could not be refreshed: what is shown may be old. */
    stale: boolean;
    /**
     * PostHog's definitions and received events were read (false: signed out, Restricted Mode
     * with a workspace host, or nothing read yet). Without them the hover cannot say an event
     * has no definition or was never seen.
     */
    loaded: boolean;
}

export function eventHoverMarkdown(input: EventHoverInput, now = Date.now()): string {
    const { name, definition: def, volume } = input;
    const marks: string[] = [];
    if (def?.verified) marks.push(l10n.t("Verified"));
    if (def?.hidden) marks.push(l10n.t("Hidden"));
    if (!def && input.loaded) marks.push(l10n.t("No event definition"));
    const lines = [
        `**${l10n.t("PostHog event")}** ${codeSpan(name)}${marks.length ? ` · ${marks.join(" · ")}` : ""}`,
        "",
    ];
    const description = def?.description?.trim();
    if (description) lines.push(inMarkdown(description), "");
    if (def?.tags?.length)
        lines.push(
            `${l10n.t("Tags")}: ${def.tags.map((t) => inMarkdown(t, { oneLine: true })).join(", ")}`,
            "",
        );
    if (volume) {
        const total = volume.total.toLocaleString(displayLanguage());
        lines.push(
            `${l10n.t("Last 30 days: {0} events ({1})", total, perDayText(volume))}  `,
            `${codeSpan(sparkline(volume.daily))}`,
            "",
        );
    }
    const lastSeen = volume?.lastSeen ?? def?.last_seen_at ?? null;
    if (lastSeen)
        lines.push(
            l10n.t("Last seen {0}", inMarkdown(relativeTime(lastSeen, now), { oneLine: true })),
            "",
        );
    else if (input.loaded) lines.push(l10n.t("Never seen by PostHog"), "");
    // Unread and not stale: signed out, or a host Restricted Mode keeps the workspace from.
    else if (!input.stale)
        lines.push(l10n.t("PostHog's data is not loaded. Sign in to see this event's volume."), "");
    const links: string[] = [];
    if (def) links.push(commandLink(l10n.t("Open in PostHog"), HOVER_COMMANDS[0], [def.id]));
    links.push(commandLink(l10n.t("Query This Event"), HOVER_COMMANDS[1], [name]));
    links.push(commandLink(l10n.t("Reveal in Event Definitions"), HOVER_COMMANDS[2], [name]));
    lines.push(links.join(" · "));
    if (input.stale)
        lines.push("", `_${l10n.t("PostHog could not be reached: this may be out of date.")}_`);
    return lines.join("\n");
}

/** The primary metric's latest result, per variant, as the experiment page words it. */
export interface PrimaryResult {
    /** The metric's name. */
    metric: string;
    /** "Chance to win" or "p-value". */
    statisticLabel: string;
    /** One per test variant. */
    variants: { key: string; statistic: string; significant: boolean; verdict: string | null }[];
    /** Why there is no result (not started, failed, not computed yet). */
    note: string | null;
}

export interface FlagHoverInput {
    flag: string;
    experiment: ExperimentBasic;
    result: PrimaryResult | undefined;
    stale: boolean;
}

export function flagHoverMarkdown(input: FlagHoverInput): string {
    const e = input.experiment;
    const lines = [
        `**${l10n.t("PostHog experiment")}** ${inMarkdown(e.name, { oneLine: true })} · ${inMarkdown(statusText(e), { oneLine: true })}`,
        "",
        `${l10n.t("Flag")}: ${codeSpan(input.flag)}`,
        "",
    ];
    const variants = experimentVariants(e);
    if (variants.length)
        lines.push(
            `${l10n.t("Variants")}: ${variants
                .map((v) =>
                    v.rollout === undefined ? codeSpan(v.key) : `${codeSpan(v.key)} ${v.rollout}%`,
                )
                .join(", ")}`,
            "",
        );
    const r = input.result;
    if (r) {
        lines.push(`${l10n.t("Primary metric")}: ${inMarkdown(r.metric, { oneLine: true })}  `);
        if (r.note) lines.push(inMarkdown(r.note, { oneLine: true }));
        for (const v of r.variants)
            lines.push(
                `${codeSpan(v.key)}: ${inMarkdown(r.statisticLabel, { oneLine: true })} ${inMarkdown(v.statistic, { oneLine: true })} · ${
                    // PostHog's verdict (Won, Lost, Not significant) says whether it is significant.
                    v.verdict
                        ? inMarkdown(v.verdict, { oneLine: true })
                        : v.significant
                          ? l10n.t("Significant")
                          : l10n.t("Not significant")
                }  `,
            );
        lines.push("");
    }
    lines.push(commandLink(l10n.t("Open Experiment"), HOVER_COMMANDS[3], [e.id]));
    if (input.stale)
        lines.push("", `_${l10n.t("PostHog could not be reached: this may be out of date.")}_`);
    return lines.join("\n");
}
