// Turns the answers of non-HogQL query kinds into HogQL-shaped tables (`columns`, `types`,
// `results` as rows), which is what the results grid reads. Trends-like series become one row
// per day and one column per series, with a summary table carrying a sparkline per series. Each
// table may carry a chart hint (`chart`): the results panel opens it as that chart, the one
// PostHog draws for the kind (trend lines, funnel steps as bars, retention as a heat table),
// unless the user chose otherwise for the query. Numbers wider than a double come from `runQuery`
// as BigNumbers (src/shared/json/lossless.ts) and stay so, every digit kept. Pure.
import * as l10n from "@vscode/l10n";
import {
    compareNumbers,
    isBigNumber,
    numberFromSource,
    stringifyLossless,
    type BigNumber,
} from "../shared/json/lossless";
import type { ChartPrefs, ChartSpec } from "../shared/resultsProtocol";

/** A result the grid can show. */
export interface Table {
    /** Tab title suffix, e.g. "by day", "summary". */
    label: string;
    columns: string[];
    /** `[name, ClickHouseType]` pairs, as HogQL answers. */
    types: [string, string][];
    results: unknown[][];
    /** Carried over from the response when present. */
    hasMore?: boolean | null;
    limit?: number | null;
    is_cached?: boolean | null;
    last_refresh?: string | null;
    hogql?: string | null;
    /** How the results panel opens this table when the user has no choice saved for it. */
    chart?: ChartPrefs;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** True for an integer, a BigNumber's text included (no dot, no exponent). */
function isInteger(v: number | BigNumber): boolean {
    return typeof v === "number" ? Number.isInteger(v) : /^-?\d+$/.test(v.valueOf());
}

function isNumeric(v: unknown): v is number | BigNumber {
    return typeof v === "number" || isBigNumber(v);
}

function typeOf(values: unknown[]): string {
    const present = values.filter((v) => v !== null && v !== undefined);
    if (present.length === 0) return "Nullable(String)";
    if (present.every(isNumeric)) {
        if (!present.every(isInteger)) return present.some(isBigNumber) ? "Decimal" : "Float64";
        // Past Int64: ClickHouse's widest integer, so the grid still reads it as a number.
        return present.some(isBigNumber) ? "Int256" : "Int64";
    }
    if (present.every((v) => typeof v === "boolean")) return "Bool";
    if (present.every((v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v))) return "Date";
    return "String";
}

/** Opens as this chart (x column, y columns, split column). */
function chartHint(type: ChartSpec["type"], x: number, ys: number[], split = -1): ChartPrefs {
    return { view: "chart", spec: { type, x, ys, split, log: false } };
}

/** HogQL's sparkline tuple (posthog/hogql/functions/sparkline.py): the grid draws it in the cell. */
function sparklineCell(values: number[]): unknown[] {
    return ["__hx_tag", "Sparkline", "data", values];
}

function typed(columns: string[], rows: unknown[][]): [string, string][] {
    return columns.map((c, i) => [c, typeOf(rows.map((r) => r[i]))]);
}

/** Cells the grid shows as text: nested values as JSON, every digit kept. */
function cell(v: unknown): unknown {
    return v !== null && typeof v === "object" && !isBigNumber(v) ? stringifyLossless(v) : v;
}

/** A series value as a number, exactly: a BigNumber stays one. */
function exact(v: unknown): number | BigNumber {
    return isBigNumber(v) ? v : Number(v);
}

/** The sum of `values`, exact for integers wider than a double. */
function sum(values: (number | BigNumber)[]): number | BigNumber {
    if (values.some(isBigNumber) && values.every(isInteger)) {
        const total = values.reduce((a, v) => a + BigInt(v.valueOf()), 0n);
        return numberFromSource(total.toString());
    }
    return values.reduce<number>((a, v) => a + Number(v), 0);
}

/** The least (`sign` -1) or greatest (`sign` 1) of `values`, exactly. */
function extreme(values: (number | BigNumber)[], sign: 1 | -1): number | BigNumber {
    if (!values.some(isBigNumber)) {
        const numbers = values as number[];
        return sign < 0 ? Math.min(...numbers) : Math.max(...numbers);
    }
    return values.reduce((a, v) => (sign * compareNumbers(v, a) > 0 ? v : a));
}

function carry(response: Obj): Partial<Table> {
    const out: Partial<Table> = {};
    for (const k of ["hasMore", "limit", "is_cached", "last_refresh", "hogql"] as const)
        if (k in response) (out as Obj)[k] = response[k];
    return out;
}

/** A series' name for a column: custom name, label, breakdown value and compare period. */
function seriesName(series: Obj, index: number): string {
    const action = isObj(series.action) ? series.action : {};
    let name = String(action.custom_name ?? series.label ?? action.name ?? `series ${index + 1}`);
    const breakdown = series.breakdown_value;
    if (breakdown !== undefined && breakdown !== null && !String(name).includes(String(breakdown)))
        name = `${name} - ${Array.isArray(breakdown) ? breakdown.join(", ") : String(breakdown)}`;
    if (typeof series.compare_label === "string") name = `${name} (${series.compare_label})`;
    if (typeof series.status === "string") name = `${name} (${series.status})`;
    return name;
}

function unique(names: string[]): string[] {
    const seen = new Map<string, number>();
    return names.map((n) => {
        const count = (seen.get(n) ?? 0) + 1;
        seen.set(n, count);
        return count === 1 ? n : `${n} #${count}`;
    });
}

/** Trends, stickiness and lifecycle: `[{label, data[], days[] | labels[]}]`. */
function seriesTables(results: Obj[], response: Obj): Table[] {
    const names = unique(results.map(seriesName));
    const withData = results.some((s) => Array.isArray(s.data) && s.data.length > 0);
    if (!withData) {
        // Totals only (number, pie, table displays): one row per series.
        const rows = results.map((s, i) => [names[i], s.aggregated_value ?? s.count ?? null]);
        return [
            {
                label: l10n.t("totals"),
                columns: ["series", "value"],
                types: typed(["series", "value"], rows),
                results: rows,
                ...carry(response),
                chart: chartHint("bar", 0, [1]),
            },
        ];
    }
    const keyOf = (s: Obj, i: number): string => {
        const days = Array.isArray(s.days) ? s.days : Array.isArray(s.labels) ? s.labels : [];
        return String(days[i] ?? i);
    };
    const axis: string[] = [];
    const seen = new Set<string>();
    for (const s of results) {
        const data = Array.isArray(s.data) ? s.data : [];
        for (let i = 0; i < data.length; i++) {
            const key = keyOf(s, i);
            if (!seen.has(key)) {
                seen.add(key);
                axis.push(key);
            }
        }
    }
    // Days sort as text (ISO dates); other axes (stickiness "1 day", ...) keep their order.
    if (axis.every((d) => /^\d{4}-\d{2}-\d{2}/.test(d))) axis.sort();
    const byKey = results.map((s) => {
        const map = new Map<string, unknown>();
        const data = Array.isArray(s.data) ? s.data : [];
        data.forEach((v, i) => map.set(keyOf(s, i), v));
        return map;
    });
    const axisName = results.some((s) => Array.isArray(s.days)) ? "day" : "x";
    const columns = [axisName, ...names];
    const rows = axis.map((key) => [key, ...byKey.map((m) => m.get(key) ?? null)]);
    const summaryColumns = ["series", "total", "min", "max", "trend"];
    const summary = results.map((s, i) => {
        const values = axis.map((k) => exact(byKey[i].get(k) ?? 0));
        const total = isNumeric(s.count) ? s.count : sum(values);
        // The sparkline is drawn: doubles are exact enough for a pixel.
        const line = values.map(Number);
        return [names[i], total, extreme(values, -1), extreme(values, 1), sparklineCell(line)];
    });
    const summaryTypes = typed(summaryColumns, summary);
    summaryTypes[4] = ["trend", "Tuple(String, String, String, Array(Float64))"];
    return [
        {
            label: l10n.t("by {0}", axisName),
            columns,
            types: typed(columns, rows),
            results: rows,
            ...carry(response),
            // One line per series (a breakdown value is a series) over the days.
            chart: chartHint(
                "line",
                0,
                names.map((_, i) => i + 1),
            ),
        },
        {
            label: l10n.t("summary"),
            columns: summaryColumns,
            types: summaryTypes,
            results: summary,
        },
    ];
}

/**
 * Funnels: steps `[{order, name, count, ...}]` (or one list of steps per breakdown). Conversion is
 * each step's share of the first step, as PostHog's funnel bars show it; the label names the step
 * with its conversion so the bars read like PostHog's.
 */
function funnelTable(results: unknown[], response: Obj): Table {
    const groups = (Array.isArray(results[0]) ? results : [results]) as Obj[][];
    const breakdowns = groups.length > 1;
    const columns = [
        ...(breakdowns ? ["breakdown"] : []),
        "step",
        "name",
        "count",
        "conversion %",
        "label",
    ];
    const rows: unknown[][] = [];
    for (const steps of groups) {
        const first = Number(steps[0]?.count ?? 0);
        for (const [i, step] of steps.entries()) {
            const count = Number(step.count ?? 0);
            // The cell keeps every digit; the rate is a double either way.
            const countCell = isBigNumber(step.count) ? step.count : count;
            const rate = first > 0 ? count / first : 0;
            const name = String(step.custom_name ?? step.name ?? `step ${i + 1}`);
            const breakdown = step.breakdown_value ?? step.breakdown;
            const order = Number(step.order ?? i) + 1;
            const percent = Math.round(rate * 1000) / 10;
            rows.push([
                ...(breakdowns ? [cell(breakdown ?? null)] : []),
                order,
                name,
                countCell,
                percent,
                `${order}. ${name} · ${percent.toFixed(1)}%`,
            ]);
        }
    }
    const at = (name: string) => columns.indexOf(name);
    return {
        label: l10n.t("steps"),
        columns,
        types: typed(columns, rows),
        results: rows,
        ...carry(response),
        // Steps as bars: labelled bars, or (with a breakdown) bars per step side by side.
        chart: breakdowns
            ? chartHint("bar", at("step"), [at("count")], at("breakdown"))
            : chartHint("bar", at("label"), [at("count")]),
    };
}

/** Retention: cohorts `[{label, date, values: [{count}]}]`: one row per cohort. */
function retentionTable(results: Obj[], response: Obj): Table {
    const periods = Math.max(
        0,
        ...results.map((c) => (Array.isArray(c.values) ? c.values.length : 0)),
    );
    // Period 0 is the cohort's size.
    const columns = ["cohort", ...Array.from({ length: periods }, (_, i) => `period ${i}`)];
    const rows = results.map((c) => {
        const values = (Array.isArray(c.values) ? c.values : []) as Obj[];
        const counts = values.map((v) => (isObj(v) ? v.count : v));
        return [
            String(c.date ?? c.label ?? ""),
            ...counts,
            ...Array(periods - counts.length).fill(null),
        ];
    });
    return {
        label: l10n.t("cohorts"),
        columns,
        types: typed(columns, rows),
        results: rows,
        ...carry(response),
        // The cohort heat table: each period shaded by its share of the cohort (period 0).
        chart:
            periods > 0
                ? chartHint(
                      "heatmap",
                      0,
                      Array.from({ length: periods }, (_, i) => i + 1),
                  )
                : undefined,
    };
}

/** Any list of objects: the union of their keys as columns, nested values as JSON text. */
function objectsTable(results: Obj[], response: Obj, label = "results"): Table {
    const columns: string[] = [];
    for (const r of results)
        for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
    const rows = results.map((r) => columns.map((c) => cell(r[c] ?? null)));
    return { label, columns, types: typed(columns, rows), results: rows, ...carry(response) };
}

function isSeries(v: unknown): v is Obj {
    return (
        isObj(v) &&
        (Array.isArray(v.data) || "aggregated_value" in v) &&
        ("label" in v || "action" in v)
    );
}

/**
 * Tables for a query response of `kind`. Responses that already are tables (HogQL, events,
 * actors) pass through with `types` made into pairs; others are reshaped by their shape.
 */
export function tablesFor(kind: string, response: Obj): Table[] {
    const results = response.results;
    if (Array.isArray(response.columns) && Array.isArray(results) && results.every(Array.isArray)) {
        const columns = response.columns.map(String);
        const rows = results as unknown[][];
        const types = Array.isArray(response.types) ? response.types : [];
        const pairs = columns.map((c, i): [string, string] => {
            const t = types[i];
            if (Array.isArray(t)) return [String(t[0] ?? c), String(t[1] ?? "")];
            if (typeof t === "string") return [c, t];
            return [c, typeOf(rows.map((r) => r[i]))];
        });
        return [
            {
                label: l10n.t("results"),
                columns,
                types: pairs,
                results: rows.map((r) => r.map(cell)),
                ...carry(response),
            },
        ];
    }
    if (Array.isArray(results)) {
        if (results.length > 0 && results.every(isSeries)) return seriesTables(results, response);
        if (kind === "FunnelsQuery" && results.length > 0) return [funnelTable(results, response)];
        if (kind === "RetentionQuery" && results.every(isObj))
            return [retentionTable(results, response)];
        if (results.every(isObj)) return [objectsTable(results, response)];
        const rows = results.map((r) => (Array.isArray(r) ? r.map(cell) : [cell(r)]));
        const width = Math.max(1, ...rows.map((r) => r.length));
        const columns = Array.from({ length: width }, (_, i) =>
            width === 1 ? "value" : `column ${i + 1}`,
        );
        return [
            {
                label: l10n.t("results"),
                columns,
                types: typed(columns, rows),
                results: rows,
                ...carry(response),
            },
        ];
    }
    // Anything else (metadata, a single object): key / value rows.
    const source = isObj(results) ? results : response;
    const rows = Object.entries(source).map(([k, v]) => [k, cell(v)]);
    return [
        {
            label: l10n.t("response"),
            columns: ["key", "value"],
            types: typed(["key", "value"], rows),
            results: rows,
        },
    ];
}
