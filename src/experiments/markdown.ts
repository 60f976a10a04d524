// Renders an experiment as Markdown for the read-only details editor. Pure (no vscode).
import type { Experiment } from "../api";
import { experimentMetrics, experimentState, experimentVariants, flagRollout } from "./model";

/** Escapes text so Markdown shows it literally (names and descriptions are user data). */
export function mdText(text: string): string {
    return text.replace(/([\\`*_{}[\]()#+\-.!|<>~])/g, "\\$1").replace(/\r?\n/g, "  \n");
}

function row(label: string, value: string | undefined | null): string {
    return `| ${label} | ${value ? value : "—"} |`;
}

function person(p: Experiment["created_by"]): string | undefined {
    if (!p) return undefined;
    const name = [p.first_name, p.last_name].filter(Boolean).join(" ");
    return mdText(name ? `${name} <${p.email ?? ""}>` : (p.email ?? String(p.id)));
}

export function experimentMarkdown(e: Experiment, host: string, projectId: string): string {
    const lines: string[] = [];
    lines.push(`# ${mdText(e.name)}`, "");
    if (e.description) lines.push(mdText(e.description), "");
    lines.push("| | |", "|---|---|");
    lines.push(row("State", `${experimentState(e)}${e.archived ? " (archived)" : ""}`));
    lines.push(row("Status (service)", e.status ? mdText(String(e.status)) : undefined));
    lines.push(row("Start", e.start_date ? mdText(e.start_date) : "not started"));
    lines.push(row("End", e.end_date ? mdText(e.end_date) : undefined));
    lines.push(row("Conclusion", e.conclusion ? mdText(String(e.conclusion)) : undefined));
    lines.push(
        row("Conclusion comment", e.conclusion_comment ? mdText(e.conclusion_comment) : undefined),
    );
    lines.push(row("Created by", person(e.created_by)));
    lines.push(row("Created", mdText(e.created_at)));
    lines.push(row("Updated", mdText(e.updated_at)));
    lines.push(row("Exposure cohort", e.exposure_cohort ? String(e.exposure_cohort) : undefined));
    lines.push("");

    lines.push("## Feature flag", "", "| | |", "|---|---|");
    lines.push(row("Key", `\`${e.feature_flag_key.replace(/`/g, "")}\``));
    if (e.feature_flag) {
        lines.push(row("Active", e.feature_flag.active ? "yes" : "no"));
        const rollout = flagRollout(e);
        lines.push(row("Rollout", rollout === undefined ? undefined : `${rollout}%`));
    }
    const variants = experimentVariants(e);
    if (variants.length) {
        lines.push("", "| Variant | Rollout |", "|---|---|");
        for (const v of variants) lines.push(`| ${mdText(v.key)} | ${v.rollout ?? "—"}% |`);
    }
    lines.push("");

    lines.push("## Holdout", "");
    lines.push(e.holdout ? `${mdText(e.holdout.name)} (id ${e.holdout.id})` : "None", "");

    lines.push("## Metrics", "");
    const metrics = experimentMetrics(e);
    if (metrics.length === 0) lines.push("No metrics yet.");
    else {
        lines.push("| Metric | Role | Type | UUID |", "|---|---|---|---|");
        for (const m of metrics) {
            const type =
                typeof m.metric.metric_type === "string"
                    ? m.metric.metric_type
                    : String(m.metric.kind ?? "");
            lines.push(`| ${mdText(m.name)} | ${m.role} | ${mdText(type)} | \`${m.uuid}\` |`);
        }
    }
    lines.push("");
    const saved = e.saved_metrics ?? [];
    lines.push("## Saved metrics", "");
    if (saved.length === 0) lines.push("None.");
    for (const s of saved)
        lines.push(
            `- ${mdText(s.name ?? `Saved metric ${s.saved_metric}`)} (id ${s.saved_metric})`,
        );
    lines.push(
        "",
        `[Open in PostHog](${host}/project/${encodeURIComponent(projectId)}/experiments/${e.id})`,
        "",
    );
    return lines.join("\n");
}
