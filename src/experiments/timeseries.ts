// Renders timeseries results (#9) as a Markdown table with a small bar per day. Pure.
import type { TimeseriesResults } from "../api";
import { mdText } from "./markdown";

const BARS = "▁▂▃▄▅▆▇█";

/** A number worth charting from one day's result: chance to win, delta or a mean. */
export function dayValue(result: unknown): number | undefined {
    if (typeof result === "number") return result;
    if (!result || typeof result !== "object") return undefined;
    const r = result as Record<string, unknown>;
    const variants = r.variant_results ?? r.variants;
    if (Array.isArray(variants)) {
        for (const v of variants as Record<string, unknown>[]) {
            const chance = v.chance_to_win ?? v.probability;
            if (typeof chance === "number") return chance;
        }
    }
    for (const key of ["chance_to_win", "probability", "delta", "mean", "value", "count"])
        if (typeof r[key] === "number") return r[key] as number;
    return undefined;
}

function summary(result: unknown): string {
    if (result === null || result === undefined) return "no data";
    if (typeof result !== "object") return String(result);
    const r = result as Record<string, unknown>;
    const variants = r.variant_results ?? r.variants;
    if (Array.isArray(variants)) {
        return (variants as Record<string, unknown>[])
            .map((v) => {
                const key = String(v.key ?? v.variant ?? "?");
                const chance = v.chance_to_win ?? v.probability;
                const sig = v.significant === true ? " ✓" : "";
                return typeof chance === "number"
                    ? `${key} ${(chance * 100).toFixed(1)}%${sig}`
                    : `${key}${sig}`;
            })
            .join(", ");
    }
    return JSON.stringify(result).slice(0, 120);
}

export function timeseriesMarkdown(
    experimentName: string,
    metricName: string,
    data: TimeseriesResults,
): string {
    const lines = [`# ${mdText(experimentName)}: ${mdText(metricName)}`, ""];
    lines.push(
        `Status: **${mdText(String(data.status))}**${data.computed_at ? ` · computed ${mdText(data.computed_at)}` : ""}`,
        "",
    );
    const days = Object.entries(data.timeseries ?? {}).sort(([a], [b]) => a.localeCompare(b));
    if (days.length === 0) {
        lines.push(
            "No daily results yet. Run **Recalculate Timeseries** and look again in a few minutes.",
        );
        return lines.join("\n");
    }
    const values = days.map(([, r]) => dayValue(r));
    const numbers = values.filter((v): v is number => v !== undefined);
    const min = Math.min(...numbers);
    const max = Math.max(...numbers);
    const bar = (v: number | undefined): string => {
        if (v === undefined) return " ";
        const i =
            max === min
                ? BARS.length - 1
                : Math.round(((v - min) / (max - min)) * (BARS.length - 1));
        return BARS[i];
    };
    if (numbers.length > 1) lines.push(`Trend: \`${values.map(bar).join("")}\``, "");
    lines.push("| Day | Result | |", "|---|---|---|");
    days.forEach(([day, result], i) =>
        lines.push(`| ${mdText(day)} | ${mdText(summary(result))} | ${bar(values[i])} |`),
    );
    if (data.errors && (typeof data.errors !== "object" || Object.keys(data.errors).length > 0))
        lines.push("", `Errors: ${mdText(JSON.stringify(data.errors))}`);
    return lines.join("\n");
}
