// Renders the experiment page from its data: header, actions, details, flag and variants, and
// per metric the latest result table in PostHog's words and two charts. Every text is set with
// textContent: names and descriptions are user data. Our words go through `l10n.t` (the page's
// bundle, see ../results/l10nConfig.ts); the host sends the results' words already translated.
import * as l10n from "@vscode/l10n";
import type {
    ExperimentPageData,
    PageActionId,
    PageFact,
    PageMetric,
    PageTimeseries,
} from "../../shared/experimentPageProtocol";
import { drawDeltaBars, drawDeltaLines, type DrawnChart } from "./charts";

function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    cls = "",
    text?: string,
): HTMLElementTagNameMap[K] {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
}

/**
 * The service's codes the page shows as words (states, metric roles and kinds, result status);
 * a code it does not know stays as it is.
 */
const WORDS: Record<string, () => string> = {
    draft: () => l10n.t("draft"),
    running: () => l10n.t("running"),
    paused: () => l10n.t("paused"),
    exposure_frozen: () => l10n.t("exposure frozen"),
    complete: () => l10n.t("complete"),
    archived: () => l10n.t("archived"),
    primary: () => l10n.t("primary"),
    secondary: () => l10n.t("secondary"),
    saved: () => l10n.t("saved"),
    mean: () => l10n.t("mean"),
    funnel: () => l10n.t("funnel"),
    ratio: () => l10n.t("ratio"),
    trend: () => l10n.t("trend"),
    retention: () => l10n.t("retention"),
    completed: () => l10n.t("completed"),
    partial: () => l10n.t("partial"),
    pending: () => l10n.t("pending"),
    failed: () => l10n.t("failed"),
};

function word(code: string): string {
    return Object.hasOwn(WORDS, code) ? WORDS[code]() : code;
}

function factsTable(facts: PageFact[], label: string): HTMLTableElement {
    const table = el("table", "facts");
    table.setAttribute("aria-label", label);
    for (const f of facts) {
        const tr = el("tr");
        tr.append(el("th", "", f.label), el("td", "", f.value));
        table.append(tr);
    }
    return table;
}

function section(title: string, cls: string): HTMLElement {
    const s = el("section", cls);
    s.append(el("h2", "", title));
    return s;
}

/** The latest result per variant: ResultDetails.tsx's columns, plus the change. */
function latestTable(ts: PageTimeseries): HTMLTableElement {
    const table = el("table", "latest");
    const head = el("tr");
    for (const title of ts.latestColumns) head.append(el("th", "", title));
    const thead = el("thead");
    thead.append(head);
    const body = el("tbody");
    for (const r of ts.latest?.rows ?? []) {
        const tr = el("tr", r.control ? "control" : "");
        tr.dataset.variant = r.key;
        const verdict = el("td", "variant");
        verdict.append(el("span", "", r.key));
        if (r.verdict) {
            const tag = el(
                "span",
                `tag ${r.verdict === "Won" ? "won" : r.verdict === "Lost" ? "lost" : "muted"}`,
                r.verdictText ?? r.verdict,
            );
            verdict.append(" ", tag);
        }
        tr.append(
            verdict,
            el("td", "num", r.samples),
            el("td", "num", r.value),
            el("td", "num statistic", r.statistic),
            el("td", r.isSignificant ? "yes" : "", r.significant),
            el("td", "num delta", r.deltaText),
            el("td", "num", r.intervalText),
        );
        body.append(tr);
    }
    table.append(thead, body);
    return table;
}

/** One sentence per test variant, the way PostHog states the result. */
function summary(ts: PageTimeseries): HTMLElement {
    const list = el("ul", "summary");
    for (const r of ts.latest?.rows ?? []) {
        if (r.control) continue;
        const statistic = `${ts.statisticLabel}: ${r.statistic}`;
        list.append(
            el(
                "li",
                "",
                [
                    `${r.key}: ${r.verdictText ?? "—"}`,
                    l10n.t("Delta {0}", r.deltaText),
                    statistic,
                    `${ts.intervalLabel} ${r.intervalText}`,
                ].join(" · "),
            ),
        );
    }
    return list;
}

export interface Rendered {
    metrics: number;
    charts: DrawnChart[];
}

/** A chart slot: a titled box with a plot host and a tooltip; drawn once it has a width. */
function chartBox(
    title: string,
    cls: string,
): { box: HTMLElement; host: HTMLElement; tip: HTMLElement } {
    const box = el("figure", `chart-box ${cls}`);
    box.append(el("figcaption", "", title));
    const body = el("div", "chart-body");
    const host = el("div", "chart-host");
    const tip = el("div", "chart-tip");
    tip.hidden = true;
    tip.setAttribute("role", "tooltip");
    body.append(host, tip);
    box.append(body);
    return { box, host, tip };
}

function metricArticle(m: PageMetric, draws: (() => DrawnChart | null)[]): HTMLElement {
    const a = el("article", "metric");
    a.id = `metric-${m.uuid}`;
    a.dataset.uuid = m.uuid;
    const h = el("h3", "", m.name);
    h.append(" ", el("span", "tag muted", `${word(m.role)} · ${word(m.type)}`));
    a.append(h);
    const ts = m.timeseries;
    if (!ts) {
        a.append(el("p", "note", m.note ?? l10n.t("No results yet.")));
        return a;
    }
    const meta: string[] = [];
    if (ts.latest) meta.push(l10n.t("Latest day {0}", ts.latest.day));
    if (ts.progress) meta.push(ts.progress);
    meta.push(l10n.t("Status {0}", word(ts.status)));
    if (ts.computedAt) meta.push(l10n.t("computed {0}", ts.computedAt));
    a.append(el("p", "meta", meta.join(" · ")));
    if (ts.latest) a.append(summary(ts), latestTable(ts));
    const charts = el("div", "charts");
    const bars = chartBox(l10n.t("Delta on the latest day, with its interval"), "bars");
    const lines = chartBox(
        l10n.t("Delta over time, with its {0}", ts.intervalLabel.toLowerCase()),
        "lines",
    );
    charts.append(bars.box, lines.box);
    a.append(charts);
    draws.push(() => drawDeltaBars(bars.host, bars.tip, ts, 200));
    draws.push(() => drawDeltaLines(lines.host, lines.tip, ts, 240));
    return a;
}

/** Builds the page into `root`; returns the drawn charts (for resizing and the report). */
export function renderPage(
    root: HTMLElement,
    d: ExperimentPageData,
    act: (id: PageActionId) => void,
): Rendered {
    const header = el("header");
    const title = el("h1", "", d.name);
    title.append(
        " ",
        el(
            "span",
            `tag state ${d.state}`,
            d.archived ? `${word(d.state)} · ${word("archived")}` : word(d.state),
        ),
    );
    header.append(title);
    if (d.description) header.append(el("p", "description", d.description));
    const nav = el("nav", "actions");
    nav.setAttribute("aria-label", l10n.t("Actions"));
    for (const a of d.actions) {
        const b = el("button", "", a.label);
        b.type = "button";
        b.title = a.title;
        b.dataset.action = a.id;
        b.addEventListener("click", () => act(a.id));
        nav.append(b);
    }
    header.append(nav);

    const details = section(l10n.t("Details"), "details");
    details.append(factsTable(d.facts, l10n.t("Details")));

    const flag = section(l10n.t("Feature flag"), "flag");
    flag.append(factsTable(d.flag, l10n.t("Feature flag")));
    if (d.variants.length) {
        const table = el("table", "variants");
        const head = el("tr");
        head.append(el("th", "", l10n.t("Variant")), el("th", "", l10n.t("Rollout")));
        table.append(head);
        for (const v of d.variants) {
            const tr = el("tr");
            tr.append(el("td", "", v.key), el("td", "num", v.rollout));
            table.append(tr);
        }
        flag.append(table);
    }
    const holdout = section(l10n.t("Holdout"), "holdout");
    holdout.append(el("p", "", d.holdout ?? l10n.t("None")));

    const metrics = section(l10n.t("Metrics"), "metrics");
    const draws: (() => DrawnChart | null)[] = [];
    if (d.metrics.length === 0) metrics.append(el("p", "note", l10n.t("No metrics yet.")));
    for (const m of d.metrics) metrics.append(metricArticle(m, draws));

    const saved = section(l10n.t("Saved metrics"), "saved");
    if (d.savedMetrics.length === 0) saved.append(el("p", "", l10n.t("None.")));
    else {
        const list = el("ul");
        for (const s of d.savedMetrics) list.append(el("li", "", s));
        saved.append(list);
    }
    const footer = el(
        "footer",
        "",
        l10n.t("Read {0}", new Date(d.loadedAt).toLocaleString(document.documentElement.lang)),
    );

    const top = el("div", "columns");
    top.append(details, flag);
    root.replaceChildren(header, top, holdout, metrics, saved, footer);
    // Drawn after the page is in the document, so each chart knows its width.
    const charts = draws.map((draw) => draw()).filter((c): c is DrawnChart => c !== null);
    return { metrics: d.metrics.length, charts };
}
