// How a value looks in a cell. Pure functions, shared by the grid, the worker (sort/filter) and
// the clipboard, so what you see is what you filter and copy. Numbers wider than a double arrive
// as BigNumbers (their JSON text, see src/shared/json/lossless.ts) and show every digit.
import { locale } from "./locale";
import { isBigNumber, parseLossless, stringifyLossless } from "../../shared/json/lossless";

/** The families of ClickHouse types that look or sort differently. */
export type ColumnKind = "number" | "bool" | "datetime" | "date" | "json" | "string";

/** Strips the wrappers that do not change how a value looks. */
function innerType(type: string): string {
    let t = type.trim();
    for (;;) {
        const m = /^(Nullable|LowCardinality)\((.*)\)$/.exec(t);
        if (!m) return t;
        t = m[2].trim();
    }
}

/** Maps a ClickHouse type name (from the response's `types`) to how its cells are shown. */
export function columnKind(type: string): ColumnKind {
    const t = innerType(type);
    if (/^(U?Int\d+|Float\d+|Decimal)/.test(t)) return "number";
    if (t === "Bool" || t === "Boolean") return "bool";
    if (t.startsWith("DateTime")) return "datetime";
    if (t === "Date" || t === "Date32") return "date";
    if (/^(Array|Tuple|Map|JSON|Object|Nested)/.test(t)) return "json";
    return "string";
}

/** Text for search and copy: null is empty, objects are compact JSON, the rest as the service sent. */
export function plainText(value: unknown): string {
    if (value === null || value === undefined) return "";
    if (isBigNumber(value)) return value.valueOf();
    if (typeof value === "object") return stringifyLossless(value);
    return String(value);
}

/** True for a string that is probably a JSON object or array (HogQL returns `properties` so). */
export function looksLikeJson(value: string): boolean {
    const c = value.charCodeAt(0);
    if (c !== 123 /* { */ && c !== 91 /* [ */) return false;
    const e = value.charCodeAt(value.length - 1);
    return e === 125 /* } */ || e === 93; /* ] */
}

// Long values are cut before they reach the DOM: a 1 MB JSON blob in a 200 px cell only costs.
const maxCellChars = 300;

/** How timestamps read in cells (in VS Code's display language). */
export const dateTimeOptions: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "short",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
};
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/**
 * The cells' date format, made on first use: making it is costly (ICU loads the locale's date
 * patterns; see docs/performance.md, "Results page start-up"), and was the biggest part of the
 * page's start-up script, and in code-server the page starts on the editor's thread.
 * main.ts makes it once the page is idle.
 */
export function dateTimeFormatter(): Intl.DateTimeFormat {
    return (dateTimeFormat ??= new Intl.DateTimeFormat(locale, dateTimeOptions));
}

// Formatting a date costs microseconds that add up while scrolling; rows repeat as you scroll
// back and forth, so remember recent ones.
const dateCache = new Map<string, string | null>();

/** Readable local time for an ISO-ish timestamp, or null when it does not parse. */
export function localDateTime(raw: string): string | null {
    let text = dateCache.get(raw);
    if (text === undefined) {
        if (dateCache.size > 5000) dateCache.clear();
        text = formatDateTime(raw);
        dateCache.set(raw, text);
    }
    return text;
}

/**
 * The formatted parts of one local day, with its hour, minute and second left to fill in: a
 * scroll frame shows about seven new timestamps, and `Intl.DateTimeFormat.format` (20-60 us a
 * call) was a quarter of the grid's scroll work (CPU profile of `npm run bench`'s scroll).
 */
type DayTemplate = { type: string; value: string }[] | null;
const dayTemplates = new Map<number, DayTemplate>();
const twoDigits = (n: number): string => (n < 10 ? "0" + n : String(n));

function formatLocal(ms: number): string {
    const d = new Date(ms);
    const day = d.getFullYear() * 10_000 + d.getMonth() * 100 + d.getDate();
    let template = dayTemplates.get(day);
    if (template === undefined) {
        if (dayTemplates.size > 400) dayTemplates.clear();
        const parts = dateTimeFormatter().formatToParts(ms);
        // Filled in only where the locale writes these as two ASCII digits (h23, latin digits);
        // any other locale formats every value with Intl.
        const fillable = parts
            .filter((p) => p.type === "hour" || p.type === "minute" || p.type === "second")
            .every((p) => /^\d\d$/.test(p.value));
        template = fillable ? parts : null;
        dayTemplates.set(day, template);
    }
    if (!template) return dateTimeFormatter().format(ms);
    let text = "";
    for (const part of template) {
        if (part.type === "hour") text += twoDigits(d.getHours());
        else if (part.type === "minute") text += twoDigits(d.getMinutes());
        else if (part.type === "second") text += twoDigits(d.getSeconds());
        else text += part.value;
    }
    return text;
}

function formatDateTime(raw: string): string | null {
    // A ClickHouse DateTime without a zone is UTC; the service usually adds one, but be sure.
    const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : raw.replace(" ", "T") + "Z";
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) return null;
    let text = formatLocal(ms);
    const frac = /\.(\d+)/.exec(raw);
    if (frac && /[1-9]/.test(frac[1])) text += "." + frac[1].replace(/0+$/, "");
    return text;
}

/** What the grid writes into a cell. */
export interface CellView {
    /** Text to show (set with textContent). */
    text: string;
    /** Extra CSS class: "null", "num", "json", "date", "bool" or "". */
    cls: string;
    /** Tooltip: the raw value for dates, the fuller text for long values; "" for none. */
    title: string;
}

function clip(text: string): string {
    return text.length > maxCellChars ? text.slice(0, maxCellChars) + "…" : text;
}

/** Formats one value of a column of the given kind for display. */
export function cellView(value: unknown, kind: ColumnKind): CellView {
    return writeCellView(value, kind, { text: "", cls: "", title: "" });
}

/**
 * Formats one value into `out` and returns it: the grid paints thousands of cells per second and
 * reuses one object for all of them.
 */
export function writeCellView(value: unknown, kind: ColumnKind, out: CellView): CellView {
    if (value === null || value === undefined) return set(out, "NULL", "null", "");
    if (typeof value === "number" || typeof value === "bigint") {
        return set(out, String(value), "num", "");
    }
    if (typeof value === "boolean") return set(out, value ? "true" : "false", "bool", "");
    if (isBigNumber(value)) return set(out, value.valueOf(), "num", "");
    if (typeof value === "object") {
        const json = stringifyLossless(value);
        return set(out, clip(json), "json", json.length > 40 ? clip(json) : "");
    }
    const text = String(value);
    if (kind === "number") return set(out, text, "num", "");
    if (kind === "datetime") {
        const local = localDateTime(text);
        if (local !== null) return set(out, local, "date", text);
    }
    const title = text.length > 40 ? clip(text) : "";
    if (looksLikeJson(text)) return set(out, clip(text), "json", title);
    return set(out, clip(text), "", title);
}

function set(out: CellView, text: string, cls: string, title: string): CellView {
    out.text = text;
    out.cls = cls;
    out.title = title;
    return out;
}

/** The full value for the detail view: JSON pretty-printed, other values as they are. */
export function detailText(value: unknown): string {
    if (value === null || value === undefined) return "NULL";
    if (isBigNumber(value)) return value.valueOf();
    if (typeof value === "object") return stringifyLossless(value, 2);
    const text = String(value);
    if (looksLikeJson(text)) {
        try {
            return stringifyLossless(parseLossless(text), 2);
        } catch {
            return text;
        }
    }
    return text;
}
