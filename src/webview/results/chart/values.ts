// Turning cell values into what a chart needs: numbers to plot, times for a time axis and the
// exact text for the tooltip. Wide integers may arrive as exact decimal strings (or objects that
// print as one), so the plotted number may round while the tooltip keeps every digit.
import { isBigNumber } from "../../../json/lossless";
import type { ColumnKind } from "../format";

/** A plottable number for a cell, or null (missing, text, NaN). */
export function toNumber(value: unknown): number | null {
    if (value === null || value === undefined) return null;
    if (typeof value === "number") return Number.isFinite(value) ? value : null;
    if (typeof value === "bigint") return Number(value);
    if (typeof value === "boolean") return value ? 1 : 0;
    // A number too wide for a double holds its JSON number text: always a valid number (a chart
    // of 50,000 17-digit floats spent a fifth of its time on the check below).
    if (isBigNumber(value)) return Number(value.valueOf());
    const text = exactText(value).trim();
    if (text === "" || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
    const n = Number(text);
    return Number.isFinite(n) ? n : null;
}

/** The value as the service sent it: every digit of a wide integer, objects as JSON. */
export function exactText(value: unknown): string {
    if (value === null || value === undefined) return "";
    if (typeof value === "string") return value;
    if (typeof value === "object") {
        const text = String(value);
        return text === "[object Object]" ? JSON.stringify(value) : text;
    }
    return String(value);
}

const zoneSuffix = /[+-]\d\d:?\d\d$/;

/** The digits at `value[from, to)` as a number, or -1 when one is not a digit. */
function digits(value: string, from: number, to: number): number {
    let n = 0;
    for (let i = from; i < to; i++) {
        const d = value.charCodeAt(i) - 48;
        if (d < 0 || d > 9) return -1;
        n = n * 10 + d;
    }
    return n;
}

/** The `YYYY-MM-DD` last read and its midnight (UTC): a chart's times are mostly in order. */
let lastDay = "";
let lastDayMs: number | null = null;

/** Midnight UTC of the value's `YYYY-MM-DD`, or null when it is not a real day. */
function dayMs(value: string): number | null {
    if (lastDay !== "") {
        let same = true;
        for (let i = 0; i < 10 && same; i++) same = value.charCodeAt(i) === lastDay.charCodeAt(i);
        if (same) return lastDayMs;
    }
    const y = digits(value, 0, 4);
    const mo = digits(value, 5, 7);
    const d = digits(value, 8, 10);
    // Years before 100 are left to Date.parse: Date.UTC reads 0099 as 1999.
    let ms: number | null = null;
    if (y >= 100 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31) {
        ms = Date.UTC(y, mo - 1, d);
        // Date.UTC rolls 2024-02-31 over into March; Date.parse says NaN: leave those to it.
        if (d > 28 && new Date(ms).getUTCDate() !== d) ms = null;
    }
    lastDay = value.slice(0, 10);
    lastDayMs = ms;
    return ms;
}

/**
 * The common shapes read without `Date.parse` (a chart of 50,000 timestamps spent a fifth of its
 * time there, test/webview/chart.test.ts): `YYYY-MM-DD`, then optionally `T` or a space,
 * `HH:MM:SS`, a fraction, and `Z` or nothing (UTC). Anything else (a zone offset, no seconds):
 * null, and `Date.parse` reads it.
 */
function isoTime(value: string): number | null {
    const n = value.length;
    const day = dayMs(value);
    if (day === null) return null;
    if (n === 10) return day;
    if (n < 19 || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) return null;
    const h = digits(value, 11, 13);
    const mi = digits(value, 14, 16);
    const sec = digits(value, 17, 19);
    if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return null;
    let end = n;
    const last = value.charCodeAt(n - 1);
    if (last === 90 || last === 122) end--;
    let ms = 0;
    if (end > 19) {
        if (value.charCodeAt(19) !== 46 || end === 20) return null;
        // Milliseconds from the first three digits of the fraction; the rest must be digits.
        if (digits(value, 20, end) < 0) return null;
        const three = digits(value, 20, Math.min(end, 23));
        ms = three * 10 ** (3 - Math.min(3, end - 20));
    }
    return day + ((h * 60 + mi) * 60 + sec) * 1000 + ms;
}

/**
 * Milliseconds since the epoch for a date or datetime cell, or null. Zone-less values are UTC.
 * Called once per row of a chart (50,000 and more), so it checks characters instead of running a
 * regular expression over each value.
 */
export function toTime(value: unknown): number | null {
    if (typeof value !== "string") return null;
    const n = value.length;
    // YYYY-MM-DD, optionally followed by a time.
    if (n < 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
    if (n > 10 && value.charCodeAt(10) !== 84 && value.charCodeAt(10) !== 32) return null;
    const fast = isoTime(value);
    if (fast !== null) return fast;
    let iso = value;
    if (n === 10) iso += "T00:00:00Z";
    else {
        if (value.charCodeAt(10) === 32) iso = value.slice(0, 10) + "T" + value.slice(11);
        const last = iso.charCodeAt(iso.length - 1);
        if (last !== 90 && last !== 122 && !zoneSuffix.test(iso)) iso += "Z";
    }
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? null : ms;
}

/** How a column can be used by a chart. */
export type ChartRole = "time" | "number" | "text" | "other";

/**
 * The role of a column from its ClickHouse kind and, when the type says little (an empty or
 * String type), from its first values: HogQL often returns dates as text.
 */
export function columnRole(kind: ColumnKind, values: unknown[]): ChartRole {
    if (kind === "date" || kind === "datetime") return "time";
    if (kind === "number") return "number";
    if (kind === "json" || kind === "bool") return "other";
    const sample = values.filter((v) => v !== null && v !== undefined).slice(0, 20);
    if (sample.length === 0) return "text";
    if (sample.every((v) => typeof v === "number")) return "number";
    if (sample.every((v) => typeof v === "string" && toTime(v) !== null)) return "time";
    if (sample.some((v) => typeof v === "object")) return "other";
    return "text";
}
