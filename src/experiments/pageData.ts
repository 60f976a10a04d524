// Builds what the experiment page shows from the API's records. Pure (no vscode), so the wording
// and the numbers are unit-tested in plain Node.
//
// The statistics are read and worded the way PostHog's experiment view does:
// - frontend/src/scenes/experiments/MetricsView/shared/utils.ts: `formatChanceToWin`,
//   `formatPValue`, `getVariantInterval` (credible interval for Bayesian results, confidence
//   interval for frequentist ones), `getDelta` (the middle of the interval), `formatMetricValue`;
// - frontend/src/scenes/experiments/MetricsView/new/ResultDetails.tsx: the columns "Variant",
//   "Total users", "Conversion rate" / "Mean" / "Ratio", "Chance to win" / "p-value",
//   "Significant" (Yes/No), "Credible interval (95%)" / "Confidence interval (95%)";
// - frontend/src/scenes/experiments/MetricsView/new/MetricRowGroupTooltip.tsx: "Won", "Lost",
//   "Not significant";
// - frontend/src/scenes/experiments/experimentTimeseriesLogic.ts: per variant and day the change
//   (middle of the interval) with its bounds; a day not computed yet carries the last known value
//   forward; "Computed N of M days" while partial.
import * as l10n from "@vscode/l10n";
import type { Experiment, TimeseriesResults } from "../api";
import { experimentMarkdown, mdText } from "./markdown";
import { allowedActions, type LifecycleAction } from "./lifecycle";
import {
    experimentMetrics,
    experimentState,
    hasStarted,
    startText,
    statusText,
    experimentVariants,
    type ExperimentMetric,
    flagRollout,
    roleWord,
} from "./model";
import type {
    ExperimentPageData,
    LatestRow,
    PageAction,
    PageFact,
    PageMetric,
    PageTimeseries,
    VariantSeries,
} from "../shared/experimentPageProtocol";
import { displayLanguage } from "../locale";
import { inMarkdown } from "../shared/plainText";

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

function num(v: unknown): number | null {
    return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** `formatChanceToWin` of PostHog's shared/utils.ts. */
export function formatChanceToWin(chance: number | null | undefined): string {
    if (chance === null || chance === undefined) return "—";
    const percentage = chance * 100;
    if (percentage >= 99.9) return "> 99.9%";
    if (percentage <= 0.1) return "< 0.1%";
    if (percentage < 1) return percentage.toFixed(2) + "%";
    return percentage.toFixed(1) + "%";
}

/** `formatPValue` of PostHog's shared/utils.ts. */
export function formatPValue(p: number | null | undefined): string {
    if (!p) return "—";
    if (p < 0.001) return "< 0.001";
    if (p < 0.01) return p.toFixed(4);
    return p.toFixed(3);
}

/** `[lower%, upper%]` with two decimals, as PostHog prints an interval. */
export function formatInterval(interval: [number, number] | null): string {
    if (!interval) return "—";
    return `[${(interval[0] * 100).toFixed(2)}%, ${(interval[1] * 100).toFixed(2)}%]`;
}

/** `+3.60%`: the change with its sign, as `formatDeltaPercent` prints it. */
export function formatDelta(delta: number | null): string {
    if (delta === null) return "—";
    const percent = delta * 100;
    return `${percent > 0 ? "+" : ""}${percent.toFixed(2)}%`;
}

/** The interval of a variant result: credible (Bayesian) or confidence (frequentist). */
function intervalOf(v: Obj): [number, number] | null {
    const raw = v.method === "frequentist" ? v.confidence_interval : v.credible_interval;
    const interval = raw ?? v.credible_interval ?? v.confidence_interval;
    if (!Array.isArray(interval) || interval.length < 2) return null;
    const [lo, hi] = [num(interval[0]), num(interval[1])];
    return lo === null || hi === null ? null : [lo, hi];
}

function metricType(metric: Obj): string {
    if (typeof metric.metric_type === "string") return metric.metric_type;
    if (metric.kind === "ExperimentFunnelsQuery") return "funnel";
    if (metric.kind === "ExperimentTrendsQuery") return "trend";
    return typeof metric.kind === "string" ? metric.kind : "metric";
}

/** The verdicts' words (MetricRowGroupTooltip.tsx). */
const VERDICT_TEXT: Record<"Won" | "Lost" | "Not significant", () => string> = {
    Won: () => l10n.t("Won"),
    Lost: () => l10n.t("Lost"),
    "Not significant": () => l10n.t("Not significant"),
};

/** The value column's title (ResultDetails.tsx). */
function valueLabel(type: string): string {
    return type === "mean"
        ? l10n.t("Mean")
        : type === "ratio"
          ? l10n.t("Ratio")
          : l10n.t("Conversion rate");
}

/** `formatMetricValue` of PostHog's shared/utils.ts. */
function metricValue(stats: Obj, type: string): string {
    const sum = num(stats.sum);
    if (type === "ratio") {
        const denominator = num(stats.denominator_sum);
        return sum !== null && denominator ? (sum / denominator).toFixed(2) : "0.000";
    }
    const samples = num(stats.number_of_samples);
    if (sum === null || !samples) return "—";
    const value = sum / samples;
    return type === "mean" ? value.toFixed(2) : `${(value * 100).toFixed(2)}%`;
}

/** A day's result in the shape PostHog's experiment query answers (baseline + variant_results). */
function dayResult(raw: unknown): { baseline: Obj; variants: Obj[] } | null {
    if (!isObj(raw) || !isObj(raw.baseline) || !Array.isArray(raw.variant_results)) return null;
    return { baseline: raw.baseline, variants: raw.variant_results.filter(isObj) };
}

function latestRows(result: { baseline: Obj; variants: Obj[] }, type: string): LatestRow[] {
    const samples = (s: Obj) => {
        const n = num(s.number_of_samples);
        return n === null ? "—" : n.toLocaleString(displayLanguage());
    };
    const control: LatestRow = {
        key: String(result.baseline.key ?? "control"),
        control: true,
        samples: samples(result.baseline),
        value: metricValue(result.baseline, type),
        statistic: "—",
        significant: "—",
        verdict: null,
        verdictText: null,
        isSignificant: false,
        delta: null,
        interval: null,
        intervalText: "—",
        deltaText: l10n.t("Baseline"),
    };
    const rows = result.variants.map((v): LatestRow => {
        const interval = intervalOf(v);
        const delta = interval ? (interval[0] + interval[1]) / 2 : null;
        const significant = v.significant === true;
        const verdict = !significant ? "Not significant" : (delta ?? 0) > 0 ? "Won" : "Lost";
        return {
            key: String(v.key ?? "?"),
            control: false,
            samples: samples(v),
            value: metricValue(v, type),
            statistic:
                v.method === "frequentist"
                    ? formatPValue(num(v.p_value))
                    : formatChanceToWin(num(v.chance_to_win)),
            significant: "significant" in v ? (significant ? l10n.t("Yes") : l10n.t("No")) : "—",
            isSignificant: significant,
            verdict,
            verdictText: VERDICT_TEXT[verdict](),
            delta,
            interval,
            intervalText: formatInterval(interval),
            deltaText: formatDelta(delta),
        };
    });
    return [control, ...rows];
}

/** The timeseries of one metric as lines with bands, and its latest result per variant. */
export function pageTimeseries(data: TimeseriesResults, metric: Obj): PageTimeseries | null {
    const type = metricType(metric);
    const days = Object.keys(data.timeseries ?? {}).sort();
    const results = days.map((d) => dayResult((data.timeseries ?? {})[d]));
    const firstKnown = results.find((r) => r !== null);
    if (!firstKnown) return null;
    const method = firstKnown.variants.some((v) => v.method === "frequentist")
        ? "frequentist"
        : "bayesian";
    const keys: string[] = [];
    for (const r of results)
        for (const v of r?.variants ?? [])
            if (!keys.includes(String(v.key ?? "?"))) keys.push(String(v.key ?? "?"));
    const variants = keys.map((key): VariantSeries => {
        const series: VariantSeries = {
            key,
            delta: [],
            lower: [],
            upper: [],
            measured: [],
            significant: [],
            samples: [],
        };
        let last: { delta: number; lower: number; upper: number; sig: boolean; n: number | null } =
            { delta: NaN, lower: NaN, upper: NaN, sig: false, n: null };
        for (const r of results) {
            const v = r?.variants.find((x) => String(x.key ?? "?") === key);
            const interval = v ? intervalOf(v) : null;
            if (v && interval) {
                last = {
                    delta: (interval[0] + interval[1]) / 2,
                    lower: interval[0],
                    upper: interval[1],
                    sig: v.significant === true,
                    n: num(v.number_of_samples),
                };
                series.measured.push(true);
            } else series.measured.push(false);
            // Carried forward (PostHog's experimentTimeseriesLogic); nothing before the first day.
            const known = !Number.isNaN(last.delta);
            series.delta.push(known ? last.delta : null);
            series.lower.push(known ? last.lower : null);
            series.upper.push(known ? last.upper : null);
            series.significant.push(known && last.sig);
            series.samples.push(known ? last.n : null);
        }
        return series;
    });
    let latest: PageTimeseries["latest"] = null;
    for (let i = results.length - 1; i >= 0; i--) {
        const r = results[i];
        if (r) {
            latest = { day: days[i], rows: latestRows(r, type) };
            break;
        }
    }
    const computed = results.filter((r) => r !== null).length;
    const intervalLabel =
        method === "bayesian" ? l10n.t("Credible interval") : l10n.t("Confidence interval");
    const statisticLabel = method === "bayesian" ? l10n.t("Chance to win") : l10n.t("p-value");
    return {
        status: String(data.status),
        computedAt: typeof data.computed_at === "string" ? data.computed_at : null,
        progress:
            data.status === "partial" && days.length > 0
                ? l10n.t("Computed {0} of {1} days", computed, days.length)
                : null,
        method,
        intervalLabel,
        statisticLabel,
        valueLabel: valueLabel(type),
        latestColumns: [
            l10n.t("Variant"),
            l10n.t("Total users"),
            valueLabel(type),
            statisticLabel,
            l10n.t("Significant"),
            l10n.t("Delta"),
            l10n.t("{0} (95%)", intervalLabel),
        ],
        days,
        variants,
        latest,
    };
}

/** What a metric shows: its chart data, or why there is none. */
export type MetricResults =
    | { kind: "loaded"; data: TimeseriesResults }
    | { kind: "failed"; message: string }
    | { kind: "notStarted" };

export function pageMetric(m: ExperimentMetric, results: MetricResults | undefined): PageMetric {
    const base = { uuid: m.uuid, name: m.name, role: m.role, type: metricType(m.metric) };
    if (!results || results.kind === "notStarted")
        return {
            ...base,
            timeseries: null,
            note: l10n.t("No results: the experiment has not started."),
        };
    if (results.kind === "failed")
        return {
            ...base,
            timeseries: null,
            note: l10n.t("Results could not be loaded: {0}", results.message),
        };
    const timeseries = pageTimeseries(results.data, m.metric);
    if (!timeseries) {
        const status = String(results.data.status);
        return {
            ...base,
            timeseries: null,
            note:
                status === "failed"
                    ? l10n.t(
                          "PostHog could not compute these results. Run Recalculate Timeseries to try again.",
                      )
                    : l10n.t(
                          "No daily results yet. Run Recalculate Timeseries and refresh in a few minutes.",
                      ),
        };
    }
    return { ...base, timeseries, note: null };
}

function person(p: Experiment["created_by"]): string {
    if (!p) return "—";
    const name = [p.first_name, p.last_name].filter(Boolean).join(" ");
    return name ? `${name} <${p.email ?? ""}>` : (p.email ?? String(p.id));
}

const dash = (v: string | null | undefined): string => (v ? v : "—");

/** The buttons, as the experiment's state allows them. */
export function pageActions(e: Experiment): PageAction[] {
    const started = hasStarted(e);
    const actions: PageAction[] = [
        {
            id: "refresh",
            label: l10n.t("Refresh"),
            title: l10n.t("Read the experiment and its results again"),
        },
        {
            id: "edit",
            label: l10n.t("Edit…"),
            title: l10n.t("Edit the name, description or conclusion"),
        },
    ];
    actions.push(...lifecycleButtons(e));
    if (started)
        actions.push({
            id: "recalculateTimeseries",
            label: l10n.t("Recalculate Timeseries…"),
            title: l10n.t("Ask PostHog to recompute a metric's daily results"),
        });
    if (started && !e.exposure_cohort)
        actions.push({
            id: "createExposureCohort",
            label: l10n.t("Create Exposure Cohort"),
            title: l10n.t("Create a cohort of the users exposed to this experiment"),
        });
    actions.push({
        id: "duplicate",
        label: l10n.t("Duplicate…"),
        title: l10n.t("Create a copy of this experiment"),
    });
    const allowed = allowedActions(e);
    if (allowed.includes("unarchive"))
        actions.push({
            id: "unarchive",
            label: l10n.t("Unarchive"),
            title: l10n.t("Show it in the lists again"),
        });
    if (allowed.includes("archive"))
        actions.push({
            id: "archive",
            label: l10n.t("Archive"),
            title: l10n.t("Hide it from the lists"),
        });
    actions.push(
        {
            id: "delete",
            label: l10n.t("Delete…"),
            title: l10n.t("Delete this experiment (its flag is kept)"),
        },
        { id: "copyFlagKey", label: l10n.t("Copy Flag Key"), title: e.feature_flag_key },
        {
            id: "copyMarkdown",
            label: l10n.t("Copy as Markdown"),
            title: l10n.t("Copy these details and the latest results as Markdown text"),
        },
        {
            id: "openMarkdown",
            label: l10n.t("Open as Markdown"),
            title: l10n.t("Open these details as a Markdown document"),
        },
        {
            id: "openInPostHog",
            label: l10n.t("Open in PostHog"),
            title: l10n.t("Open this experiment in PostHog"),
        },
    );
    return actions;
}

/** The page's button for each lifecycle action, in the order the page shows them. */
const LIFECYCLE_BUTTONS: readonly [LifecycleAction, () => PageAction][] = [
    [
        "launch",
        () => ({
            id: "launch",
            label: l10n.t("Launch…"),
            title: l10n.t("Activate the flag and start the experiment"),
        }),
    ],
    [
        "pause",
        () => ({
            id: "pause",
            label: l10n.t("Pause"),
            title: l10n.t("Turn the flag off: users get no variant until it resumes"),
        }),
    ],
    [
        "resume",
        () => ({
            id: "resume",
            label: l10n.t("Resume"),
            title: l10n.t("Turn the flag back on: users get their variants again"),
        }),
    ],
    [
        "end",
        () => ({
            id: "end",
            label: l10n.t("End…"),
            title: l10n.t("End the experiment with a conclusion; the flag stays as it is"),
        }),
    ],
    [
        "ship_variant",
        () => ({
            id: "shipVariant",
            label: l10n.t("Ship Variant…"),
            title: l10n.t("Serve one variant to everyone and end the experiment"),
        }),
    ],
    [
        "reset",
        () => ({
            id: "reset",
            label: l10n.t("Reset to Draft…"),
            title: l10n.t("Clear the dates and conclusion and go back to draft"),
        }),
    ],
];

/** The buttons of the lifecycle actions PostHog allows in the experiment's state (./lifecycle.ts). */
function lifecycleButtons(e: Experiment): PageAction[] {
    const allowed = allowedActions(e);
    return LIFECYCLE_BUTTONS.filter(([action]) => allowed.includes(action)).map(([, button]) =>
        button(),
    );
}

/** The page for an experiment and the results of its metrics (by uuid). */
export function experimentPageData(
    e: Experiment,
    results: Map<string, MetricResults>,
    focusMetric: string | null,
    loadedAt: Date,
): ExperimentPageData {
    const facts: PageFact[] = [
        {
            label: l10n.t("Status"),
            // As PostHog words it; a status this extension does not know, as sent.
            value: e.archived ? l10n.t("{0} (archived)", statusText(e)) : statusText(e),
        },
        { label: l10n.t("Start"), value: startText(e) },
        { label: l10n.t("End"), value: dash(e.end_date) },
        { label: l10n.t("Conclusion"), value: dash(e.conclusion) },
        { label: l10n.t("Conclusion comment"), value: dash(e.conclusion_comment) },
        { label: l10n.t("Created by"), value: person(e.created_by) },
        { label: l10n.t("Created"), value: dash(e.created_at) },
        { label: l10n.t("Updated"), value: dash(e.updated_at) },
        {
            label: l10n.t("Exposure cohort"),
            value: e.exposure_cohort ? String(e.exposure_cohort) : "—",
        },
    ];
    const rollout = flagRollout(e);
    const flag: PageFact[] = [{ label: l10n.t("Key"), value: e.feature_flag_key }];
    if (e.feature_flag) {
        flag.push({
            label: l10n.t("Active"),
            // `active` is optional in MinimalFeatureFlag: unknown when left out, not "no".
            value:
                e.feature_flag.active === undefined
                    ? "—"
                    : e.feature_flag.active
                      ? l10n.t("yes")
                      : l10n.t("no"),
        });
        flag.push({ label: l10n.t("Rollout"), value: rollout === undefined ? "—" : `${rollout}%` });
    }
    return {
        id: e.id,
        name: e.name,
        description: e.description ?? null,
        state: experimentState(e),
        // Optional in the contract: left out, it is not archived (the protocol wants a boolean).
        archived: e.archived === true,
        facts,
        flag,
        variants: experimentVariants(e).map((v) => ({
            key: v.key,
            rollout: v.rollout === undefined ? "—" : `${v.rollout}%`,
        })),
        holdout: e.holdout ? l10n.t("{0} (id {1})", e.holdout.name, e.holdout.id) : null,
        metrics: experimentMetrics(e).map((m) => pageMetric(m, results.get(m.uuid))),
        savedMetrics: (e.saved_metrics ?? []).map((s) =>
            l10n.t(
                "{0} (id {1})",
                s.name ?? l10n.t("Saved metric {0}", s.saved_metric),
                s.saved_metric,
            ),
        ),
        actions: pageActions(e),
        focusMetric,
        loadedAt: loadedAt.toISOString(),
    };
}

/**
 * The page as Markdown (Copy as Markdown, Open as Markdown): the details as before, then each
 * metric's latest result per variant.
 */
export function pageMarkdown(
    e: Experiment,
    data: ExperimentPageData,
    host: string,
    projectId: string,
): string {
    const lines = [
        experimentMarkdown(e, host, projectId).trimEnd(),
        "",
        `## ${l10n.t("Results")}`,
        "",
    ];
    const cell = (t: string) => mdText(t, { oneLine: true });
    for (const m of data.metrics) {
        lines.push(`### ${cell(m.name)} (${roleWord(m.role)})`, "");
        const ts = m.timeseries;
        if (!ts?.latest) {
            // A note may quote the server's error: plain text.
            lines.push(m.note ? inMarkdown(m.note) : l10n.t("No results yet."), "");
            continue;
        }
        lines.push(
            l10n.t("Latest day: {0}", inMarkdown(ts.latest.day)) +
                (ts.progress ? ` · ${ts.progress}` : ""),
            "",
            `| ${ts.latestColumns.join(" | ")} |`,
            `|${"---|".repeat(ts.latestColumns.length)}`,
        );
        for (const r of ts.latest.rows)
            lines.push(
                `| ${cell(r.key)} | ${r.samples} | ${r.value} | ${r.statistic} | ${r.significant} | ${r.deltaText} | ${r.intervalText} |`,
            );
        lines.push("");
    }
    return lines.join("\n");
}
