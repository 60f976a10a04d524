// Renders an experiment as Markdown for the read-only details editor. Pure (no vscode).
import * as l10n from "@vscode/l10n";
import type { Experiment } from "../api";
import { appLink } from "../appLinks";
import {
    experimentMetrics,
    experimentState,
    experimentVariants,
    flagRollout,
    roleWord,
    startText,
} from "./model";
import { codeSpan, inMarkdown } from "../shared/plainText";

const ONE = { oneLine: true };

/** The state as a word of the display language. */
function stateWord(state: ReturnType<typeof experimentState>): string {
    return {
        draft: () => l10n.t("draft"),
        running: () => l10n.t("running"),
        paused: () => l10n.t("paused"),
        exposure_frozen: () => l10n.t("exposure frozen"),
        complete: () => l10n.t("complete"),
    }[state]();
}

/**
 * Server text (names, descriptions) as Markdown shows it literally: no link, image, HTML or
 * entity forms, and no linkifier joins a URL; on one line where it goes into a table cell.
 */
export function mdText(text: string, options: { oneLine?: boolean } = {}): string {
    return inMarkdown(text, options);
}

/** A code span in a table cell: a pipe would end the cell even inside the span, unescaped. */
function cellCode(text: string): string {
    return codeSpan(text).replace(/\|/g, "\\|");
}

function row(label: string, value: string | undefined | null): string {
    return `| ${label} | ${value ? value : "—"} |`;
}

function person(p: Experiment["created_by"]): string | undefined {
    if (!p) return undefined;
    const name = [p.first_name, p.last_name].filter(Boolean).join(" ");
    return mdText(name ? `${name} <${p.email ?? ""}>` : (p.email ?? String(p.id)), ONE);
}

export function experimentMarkdown(e: Experiment, host: string, projectId: string): string {
    const lines: string[] = [];
    lines.push(`# ${mdText(e.name, ONE)}`, "");
    if (e.description) lines.push(mdText(e.description), "");
    lines.push("| | |", "|---|---|");
    const state = stateWord(experimentState(e));
    lines.push(row(l10n.t("State"), e.archived ? l10n.t("{0} (archived)", state) : state));
    lines.push(
        row(l10n.t("Status (service)"), e.status ? mdText(String(e.status), ONE) : undefined),
    );
    lines.push(row(l10n.t("Start"), mdText(startText(e), ONE)));
    lines.push(row(l10n.t("End"), e.end_date ? mdText(e.end_date, ONE) : undefined));
    lines.push(
        row(l10n.t("Conclusion"), e.conclusion ? mdText(String(e.conclusion), ONE) : undefined),
    );
    lines.push(
        row(
            l10n.t("Conclusion comment"),
            e.conclusion_comment ? mdText(e.conclusion_comment, ONE) : undefined,
        ),
    );
    lines.push(row(l10n.t("Created by"), person(e.created_by)));
    lines.push(row(l10n.t("Created"), mdText(e.created_at, ONE)));
    lines.push(row(l10n.t("Updated"), mdText(e.updated_at, ONE)));
    lines.push(
        row(l10n.t("Exposure cohort"), e.exposure_cohort ? String(e.exposure_cohort) : undefined),
    );
    lines.push("");

    lines.push(`## ${l10n.t("Feature flag")}`, "", "| | |", "|---|---|");
    lines.push(row(l10n.t("Key"), cellCode(e.feature_flag_key)));
    if (e.feature_flag) {
        // `active` is optional in MinimalFeatureFlag: unknown ("—") when left out, not "no".
        const active = e.feature_flag.active;
        lines.push(
            row(
                l10n.t("Active"),
                active === undefined ? undefined : active ? l10n.t("yes") : l10n.t("no"),
            ),
        );
        const rollout = flagRollout(e);
        lines.push(row(l10n.t("Rollout"), rollout === undefined ? undefined : `${rollout}%`));
    }
    const variants = experimentVariants(e);
    if (variants.length) {
        lines.push("", `| ${l10n.t("Variant")} | ${l10n.t("Rollout")} |`, "|---|---|");
        for (const v of variants) lines.push(`| ${mdText(v.key, ONE)} | ${v.rollout ?? "—"}% |`);
    }
    lines.push("");

    lines.push(`## ${l10n.t("Holdout")}`, "");
    lines.push(
        e.holdout
            ? l10n.t("{0} (id {1})", mdText(e.holdout.name, ONE), e.holdout.id)
            : l10n.t("None"),
        "",
    );

    lines.push(`## ${l10n.t("Metrics")}`, "");
    const metrics = experimentMetrics(e);
    if (metrics.length === 0) lines.push(l10n.t("No metrics yet."));
    else {
        lines.push(
            `| ${[l10n.t("Metric"), l10n.t("Role"), l10n.t("Type"), l10n.t("UUID")].join(" | ")} |`,
            "|---|---|---|---|",
        );
        for (const m of metrics) {
            const type =
                typeof m.metric.metric_type === "string"
                    ? m.metric.metric_type
                    : String(m.metric.kind ?? "");
            lines.push(
                `| ${mdText(m.name, ONE)} | ${roleWord(m.role)} | ${mdText(type, ONE)} | ${cellCode(m.uuid)} |`,
            );
        }
    }
    lines.push("");
    const saved = e.saved_metrics ?? [];
    lines.push(`## ${l10n.t("Saved metrics")}`, "");
    if (saved.length === 0) lines.push(l10n.t("None."));
    for (const s of saved)
        lines.push(
            `- ${l10n.t("{0} (id {1})", mdText(s.name ?? l10n.t("Saved metric {0}", s.saved_metric), ONE), s.saved_metric)}`,
        );
    lines.push(
        "",
        `[${l10n.t("Open in PostHog")}](${appLink(host, "project", projectId, "experiments", e.id)})`,
        "",
    );
    return lines.join("\n");
}
