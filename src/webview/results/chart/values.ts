// Turning cell values into what a chart needs: numbers to plot, times for a time axis and the
// exact text for the tooltip. Wide integers may arrive as exact decimal strings (or objects that
// print as one), so the plotted number may round while the tooltip keeps every digit.
import { isBigNumber } from "../../../shared/json/lossless";
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

/** The digits at `text[from, to)` as a number, or -1 when one is not a digit. */
function digits(text: Uint8Array, from: number, to: number): number {
    let n = 0;
    for (let i = from; i < to; i++) {
        const d = text[i] - 48;
        if (d < 0 || d > 9) return -1;
        n = n * 10 + d;
    }
    return n;
}

/** The `YYYY-MM-DD` last read and its midnight (UTC): a chart's times are mostly in order. */
const lastDay = new Uint8Array(10);
let lastDayKnown = false;
let lastDayMs: number | null = null;

/** Midnight UTC of the `YYYY-MM-DD` at `text[at]`, or null when it is not a real day. */
function dayMs(text: Uint8Array, at: number): number | null {
    if (lastDayKnown) {
        let same = true;
        for (let i = 0; i < 10 && same; i++) same = text[at + i] === lastDay[i];
        if (same) return lastDayMs;
    }
    const y = digits(text, at, at + 4);
    const mo = digits(text, at + 5, at + 7);
    const d = digits(text, at + 8, at + 10);
    // Years before 100 are left to Date.parse: Date.UTC reads 0099 as 1999.
    let ms: number | null = null;
    if (y >= 100 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31) {
        ms = Date.UTC(y, mo - 1, d);
        // Date.UTC rolls 2024-02-31 over into March; Date.parse says NaN: leave those to it.
        if (d > 28 && new Date(ms).getUTCDate() !== d) ms = null;
    }
    lastDay.set(text.subarray(at, at + 10));
    lastDayKnown = true;
    lastDayMs = ms;
    return ms;
}

/**
 * Milliseconds since the epoch for the ASCII text at `text[at, end)` in the common shapes, read
 * without `Date.parse` (a chart of 50,000 timestamps spent a fifth of its time there,
 * test/webview/chart.test.ts): `YYYY-MM-DD`, then optionally `T` or a space, `HH:MM:SS`, a
 * fraction, and `Z` or nothing (UTC). Anything else (a zone offset, no seconds): null, and
 * `Date.parse` reads it. It reads bytes, so a chart reads its times straight from the response's
 * bytes (`timeInBytes`); a text value is encoded first.
 */
function isoTime(text: Uint8Array, at: number, end: number): number | null {
    const n = end - at;
    if (n < 10 || text[at + 4] !== 45 || text[at + 7] !== 45) return null;
    if (n > 10 && text[at + 10] !== 84 && text[at + 10] !== 32) return null;
    const day = dayMs(text, at);
    if (day === null) return null;
    if (n === 10) return day;
    if (n < 19 || text[at + 13] !== 58 || text[at + 16] !== 58) return null;
    const h = digits(text, at + 11, at + 13);
    const mi = digits(text, at + 14, at + 16);
    const sec = digits(text, at + 17, at + 19);
    if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return null;
    let last = end;
    if (text[end - 1] === 90 || text[end - 1] === 122) last--;
    let ms = 0;
    if (last > at + 19) {
        if (text[at + 19] !== 46 || last === at + 20) return null;
        // Milliseconds from the first three digits of the fraction; the rest must be digits.
        if (digits(text, at + 20, last) < 0) return null;
        const three = digits(text, at + 20, Math.min(last, at + 23));
        ms = three * 10 ** (3 - Math.min(3, last - at - 20));
    }
    return day + ((h * 60 + mi) * 60 + sec) * 1000 + ms;
}

/**
 * {@link toTime} for a JSON string's contents at `bytes[start, end)` (between its quotes), in
 * the common shapes; undefined for the others (read the value, then `toTime`).
 */
export function timeInBytes(bytes: Uint8Array, start: number, end: number): number | undefined {
    return isoTime(bytes, start, end) ?? undefined;
}

const encoder = new TextEncoder();
const scratch = new Uint8Array(64);

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
    if (n <= scratch.length) {
        const { read, written } = encoder.encodeInto(value, scratch);
        // ASCII only (one byte a character); anything else is left to Date.parse.
        const fast = read === n && written === n ? isoTime(scratch, 0, n) : null;
        if (fast !== null) return fast;
    }
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
