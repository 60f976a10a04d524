// Pure helpers over the experiment records the API returns: state, variants, metrics, text.
// No `vscode` here, so the rules are unit-tested in plain Node.
import { nodeCrypto } from "../nodeCrypto";
import * as l10n from "@vscode/l10n";
import type { Experiment, ExperimentBasic } from "../api";

/** The states PostHog's experiment list filters by (its `status` filter values). */
export type ExperimentState = "draft" | "running" | "paused" | "exposure_frozen" | "complete";

/**
 * PostHog's own reading (Experiment.status_label, products/experiments/backend/models): draft,
 * running, paused (running, flag off), exposure_frozen (running, enrollment frozen to the
 * already-exposed cohort) or stopped (shown as complete). Older services send the stored draft /
 * running / stopped, so a running one whose flag is off is paused here too. Without a status, or
 * with one this extension does not know, the dates decide (the status itself is still shown as
 * sent: {@link statusText}).
 */
export function experimentState(experiment: ExperimentBasic): ExperimentState {
    const flagOff = experiment.feature_flag?.active === false;
    switch (experiment.status) {
        case "draft":
            return "draft";
        case "running":
            return flagOff ? "paused" : "running";
        case "paused":
            return "paused";
        case "exposure_frozen":
            return "exposure_frozen";
        case "stopped":
        case "complete":
            return "complete";
    }
    if (!experiment.start_date) return "draft";
    if (experiment.end_date) return "complete";
    return flagOff ? "paused" : "running";
}

export interface Variant {
    key: string;
    rollout?: number;
}

/**
 * A state in PostHog's words: the labels of its Experiments list's status filter
 * (frontend/src/scenes/experiments/Experiments.tsx: Draft, Running, Paused, Exposure frozen,
 * Complete).
 */
export function stateLabel(state: ExperimentState): string {
    switch (state) {
        case "draft":
            return l10n.t("Draft");
        case "running":
            return l10n.t("Running");
        case "paused":
            return l10n.t("Paused");
        case "exposure_frozen":
            return l10n.t("Exposure frozen");
        case "complete":
            return l10n.t("Complete");
    }
}

/**
 * The experiment's status for display: a known one in PostHog's words ({@link stateLabel}), one
 * this extension does not know exactly as the service sent it (plain text: the caller escapes it
 * for its sink), and without a status the state the dates give.
 */
export function statusText(experiment: ExperimentBasic): string {
    const status: unknown = experiment.status;
    if (status === undefined || status === null || status === "") {
        return stateLabel(experimentState(experiment));
    }
    if (KNOWN_STATUSES.has(String(status))) return stateLabel(experimentState(experiment));
    return typeof status === "string" ? status : JSON.stringify(status);
}

const KNOWN_STATUSES = new Set([
    "draft",
    "running",
    "paused",
    "exposure_frozen",
    "stopped",
    "complete",
]);

/**
 * Whether it has started: by its status (which PostHog always sends), not by `start_date`,
 * which the contract calls optional; a server that leaves the date out has still started a
 * running experiment (issue 40).
 */
export function hasStarted(experiment: ExperimentBasic): boolean {
    return experimentState(experiment) !== "draft";
}

/** Its start date, or how to show its absence: "not started" for a draft, else "—". */
export function startText(experiment: ExperimentBasic): string {
    if (experiment.start_date) return experiment.start_date;
    return hasStarted(experiment) ? "—" : l10n.t("not started");
}

/** Whether PostHog would archive it: only an ended experiment may be archived. */
export function isEnded(experiment: ExperimentBasic): boolean {
    return experimentState(experiment) === "complete";
}

/** Variants from the flag's `filters.multivariate`, else from `parameters`. */
export function experimentVariants(experiment: ExperimentBasic): Variant[] {
    const filters = experiment.feature_flag?.filters as
        | { multivariate?: { variants?: { key: string; rollout_percentage?: number }[] } }
        | undefined;
    const variants =
        filters?.multivariate?.variants ?? experiment.parameters?.feature_flag_variants ?? [];
    return variants.map((v) => ({ key: v.key, rollout: v.rollout_percentage }));
}

/** Overall rollout of the flag (its first release condition), when it says. */
export function flagRollout(experiment: ExperimentBasic): number | undefined {
    const filters = experiment.feature_flag?.filters as
        { groups?: { rollout_percentage?: number | null }[] } | undefined;
    const value = filters?.groups?.[0]?.rollout_percentage;
    return typeof value === "number" ? value : undefined;
}

export interface ExperimentMetric {
    uuid: string;
    name: string;
    /** "primary", "secondary" or "saved". */
    role: string;
    metric: Record<string, unknown>;
}

/**
 * Every metric of the experiment that has a uuid, in the order the UI shows them. Takes the
 * experiment itself (GET .../experiments/{id}/): a list row has no metrics.
 */
export function experimentMetrics(experiment: Experiment): ExperimentMetric[] {
    const out: ExperimentMetric[] = [];
    const add = (list: unknown, role: string): void => {
        if (!Array.isArray(list)) return;
        for (const item of list) {
            if (!item || typeof item !== "object") continue;
            const metric = item as Record<string, unknown>;
            const uuid = typeof metric.uuid === "string" ? metric.uuid : undefined;
            if (!uuid) continue;
            out.push({ uuid, name: metricName(metric, out.length), role, metric });
        }
    };
    add(experiment.metrics, "primary");
    add(experiment.metrics_secondary, "secondary");
    for (const saved of experiment.saved_metrics ?? []) {
        const query = saved.query as Record<string, unknown> | undefined;
        if (query && typeof query.uuid === "string")
            out.push({
                uuid: query.uuid,
                name: saved.name ?? metricName(query, out.length),
                role: "saved",
                metric: query,
            });
    }
    return out;
}

function metricName(metric: Record<string, unknown>, index: number): string {
    if (typeof metric.name === "string" && metric.name) return metric.name;
    const source = (metric.source ?? metric.series) as Record<string, unknown> | undefined;
    const event = source && typeof source.event === "string" ? source.event : undefined;
    const type = typeof metric.metric_type === "string" ? metric.metric_type : "metric";
    return event ? l10n.t("{0} of {1}", type, event) : l10n.t("Metric {0}", String(index + 1));
}

/**
 * The metric's fingerprint: the one the service stored on it when present; otherwise a SHA-256
 * of its configuration in a stable key order, so the same configuration always gives the same
 * fingerprint.
 */
export function metricFingerprint(metric: Record<string, unknown>): string {
    if (typeof metric.fingerprint === "string" && metric.fingerprint) return metric.fingerprint;
    return nodeCrypto().createHash("sha256").update(stableJson(metric)).digest("hex");
}

function stableJson(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
    if (value && typeof value === "object") {
        const entries = Object.entries(value as Record<string, unknown>)
            .filter(([key, v]) => v !== undefined && key !== "fingerprint")
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
    }
    return JSON.stringify(value);
}

/** `2026-03-01` from an ISO date-time, or undefined. */
export function shortDate(iso: string | null | undefined): string | undefined {
    return iso ? iso.slice(0, 10) : undefined;
}

/** One line for the tree row: flag key (and that it is off when paused), dates and conclusion. */
export function experimentDescription(experiment: ExperimentBasic): string {
    const paused = experimentState(experiment) === "paused";
    const parts = [
        paused
            ? l10n.t("{0} (flag off)", experiment.feature_flag_key)
            : experiment.feature_flag_key,
    ];
    const start = shortDate(experiment.start_date);
    const end = shortDate(experiment.end_date);
    if (start) parts.push(end ? `${start} → ${end}` : l10n.t("since {0}", start));
    if (experiment.conclusion) parts.push(experiment.conclusion);
    return parts.filter(Boolean).join(" · ");
}

/** Default name for a copy, as the service names it. */
export function copyName(name: string): string {
    return `${name} (Copy)`;
}

/** A flag key the service accepts. */
export function checkFlagKey(key: string): string | undefined {
    if (!key.trim()) return l10n.t("Enter a feature flag key.");
    if (!/^[A-Za-z0-9_-]+$/.test(key.trim()))
        return l10n.t("A flag key may only contain letters, digits, '-' and '_'.");
    return undefined;
}

/** A name the service accepts (required, at most 400 characters). */
export function checkExperimentName(name: string): string | undefined {
    if (!name.trim()) return l10n.t("Enter a name for the experiment.");
    if (name.length > 400) return l10n.t("The name is too long: at most 400 characters.");
    return undefined;
}

/** A metric's role ("primary", "secondary", "saved") as a word of the display language. */
export function roleWord(role: string): string {
    if (role === "primary") return l10n.t("primary");
    if (role === "secondary") return l10n.t("secondary");
    if (role === "saved") return l10n.t("saved");
    return role;
}
