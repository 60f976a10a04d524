// What the experiment page (a webview) is sent and sends back. Both sides import this file, so it
// stays free of `vscode`, Node and DOM types. Every text here is shown as text, never as HTML.

/** One fact of the details table: "Start", "2026-03-01". */
export interface PageFact {
    label: string;
    value: string;
}

/** A button of the page; `id` names the action the extension runs. */
export interface PageAction {
    id: PageActionId;
    label: string;
    /** Tooltip: what the button does. */
    title: string;
}

/** The actions the page offers (the Experiments view's commands on this experiment). */
export type PageActionId =
    | "refresh"
    | "launch"
    | "pause"
    | "resume"
    | "end"
    | "shipVariant"
    | "reset"
    | "edit"
    | "archive"
    | "unarchive"
    | "delete"
    | "duplicate"
    | "createExposureCohort"
    | "recalculateTimeseries"
    | "openInPostHog"
    | "copyFlagKey"
    | "copyMarkdown"
    | "openMarkdown";

/** One variant's latest result, in PostHog's words (ResultDetails.tsx). */
export interface LatestRow {
    key: string;
    /** The baseline (control): no change, no chance to win. */
    control: boolean;
    /** "Total users". */
    samples: string;
    /** "Conversion rate", "Mean" or "Ratio" value, formatted. */
    value: string;
    /** "Chance to win" (Bayesian) or "p-value" (frequentist), formatted; "—" for the control. */
    statistic: string;
    /** "Yes", "No" or "—". */
    significant: string;
    /** "Won", "Lost" or "Not significant" (null for the control): a code, not shown. */
    verdict: "Won" | "Lost" | "Not significant" | null;
    /** The verdict in the display language. */
    verdictText: string | null;
    /** Whether `significant` says yes. */
    isSignificant: boolean;
    /** Change against the control: the middle of the interval (fraction, 0.05 = +5%). */
    delta: number | null;
    /** The credible or confidence interval of the change (fractions). */
    interval: [number, number] | null;
    /** The interval as PostHog prints it: "[-1.20%, 8.40%]". */
    intervalText: string;
    /** The change as PostHog prints it: "+3.60%". */
    deltaText: string;
}

/** One test variant's change over time (control is the baseline, so it has no line). */
export interface VariantSeries {
    key: string;
    /** Change per day (fractions); a day not computed carries the last known value. */
    delta: (number | null)[];
    lower: (number | null)[];
    upper: (number | null)[];
    /** False where the day was not computed and the last known value is carried forward. */
    measured: boolean[];
    significant: boolean[];
    /** Exposures per day. */
    samples: (number | null)[];
}

/** A metric's timeseries, ready to draw. */
export interface PageTimeseries {
    /** The service's status: completed, partial, pending or failed. */
    status: string;
    computedAt: string | null;
    /** "Computed 5 of 8 days" while partial (PostHog's progress message). */
    progress: string | null;
    method: "bayesian" | "frequentist";
    /** "Credible interval" or "Confidence interval". */
    intervalLabel: string;
    /** "Chance to win" or "p-value". */
    statisticLabel: string;
    /** "Conversion rate", "Mean" or "Ratio". */
    valueLabel: string;
    /**
     * The latest-result table's column titles (PostHog's ResultDetails.tsx columns plus the
     * change), translated once on the host for both the page and the Markdown details.
     */
    latestColumns: string[];
    /** Days `YYYY-MM-DD`, ascending. */
    days: string[];
    variants: VariantSeries[];
    /** The last computed day's result per variant (control first), or null when none is. */
    latest: { day: string; rows: LatestRow[] } | null;
}

/** A metric of the experiment and what is known of its results. */
export interface PageMetric {
    uuid: string;
    name: string;
    /** primary, secondary or saved. */
    role: string;
    /** mean, funnel, ratio, ... */
    type: string;
    timeseries: PageTimeseries | null;
    /** Why there is no chart: not started, no results yet, the request failed. */
    note: string | null;
}

/** Everything the page shows. */
export interface ExperimentPageData {
    id: number;
    name: string;
    description: string | null;
    /** draft, running, paused, exposure_frozen or complete. */
    state: string;
    archived: boolean;
    facts: PageFact[];
    flag: PageFact[];
    variants: { key: string; rollout: string }[];
    holdout: string | null;
    metrics: PageMetric[];
    savedMetrics: string[];
    actions: PageAction[];
    /** The metric to scroll to (Show Timeseries), or null. */
    focusMetric: string | null;
    /** When this data was read (ISO), shown as "Updated". */
    loadedAt: string;
}

/** Extension → page. */
export type ToExperimentPage =
    { type: "load"; data: ExperimentPageData } | { type: "busy"; message: string | null };

/** Page → extension. */
export type FromExperimentPage =
    | { type: "ready" }
    | { type: "action"; action: PageActionId }
    | { type: "log"; level: "debug" | "info" | "warn" | "error"; message: string }
    /** Drawn: what the page shows, for the log and the tests. */
    | { type: "rendered"; metrics: number; charts: number; bands: number };
