// JSON numbers without lost digits. ClickHouse's UInt64, Int64, Int128, UInt256 and wide Decimal
// values arrive as JSON numbers with every digit; a double keeps about 15 of them, so
// `9007199254740993` would become `...992` and `12345678901234567890` `...567000`. Such a number
// is kept as a `String` object holding its text exactly as received: no JSON value parses to a
// String object, so it cannot be confused with a text value, and it survives the structured clone
// between the parse worker and the page. Pure: used by the API client, the extension host and the
// webview alike.
import { parse as losslessParse } from "lossless-json";

import { isBigNumber, type BigNumber } from "./bigNumber";

// In their own module, so code that only recognises them does not load the parser.
export { isBigNumber, type BigNumber } from "./bigNumber";

/**
 * True when a JSON number's text has more significant digits than a double keeps (15 always
 * round-trip, so a number with at most 15 is exact as a double and prints back the same), unless
 * it is a fraction whose double prints back as exactly this text (`12.345678901234567`, what
 * ClickHouse writes for a Float64): then the double loses no digit of it, and 50,000 of them
 * parse without 50,000 String objects (a chart of them spent a third of its draw in the garbage
 * collector, test/webview/chart.test.ts). Integers keep the digit rule: a double that prints back
 * as `12345678901234567000` is not that integer.
 */
export function needsBigNumber(source: string): boolean {
    let digits = 0;
    let leading = true;
    let trailingZeros = 0;
    let fraction = false;
    for (let i = 0; i < source.length; i++) {
        const c = source.charCodeAt(i);
        if (c === 101 || c === 69) {
            fraction = true;
            break; // e, E: the exponent does not count
        }
        if (c === 46) fraction = true;
        if (c < 48 || c > 57) continue; // sign, dot
        if (leading && c === 48) continue;
        leading = false;
        digits++;
        trailingZeros = c === 48 ? trailingZeros + 1 : 0;
    }
    // 1.50 or 100000000000000000000 lose nothing: their trailing zeros are not digits to keep.
    if (digits - trailingZeros <= 15) return false;
    return !fraction || String(Number(source)) !== source;
}

/** A number from its JSON text: a double when that is exact, else a {@link BigNumber}. */
export function numberFromSource(source: string): number | BigNumber {
    return needsBigNumber(source) ? new String(source) : Number(source);
}

interface SourceContext {
    source?: string;
}

/** Whether `JSON.parse` hands revivers the source text (V8 11.4+: Chromium 114, Node 21). */
export const hasSourceReviver: boolean = (() => {
    let ok = false;
    try {
        JSON.parse("1", (_key, value: unknown, context?: SourceContext) => {
            ok = context?.source === "1";
            return value;
        });
    } catch {
        ok = false;
    }
    return ok;
})();

function revive(_key: string, value: unknown, context?: SourceContext): unknown {
    if (typeof value !== "number") return value;
    const source = context?.source;
    if (source === undefined || source.length < 16 || !needsBigNumber(source)) return value;

    return new String(source);
}

/** Runs of 16 or more digits and dots, with any exponent: where a wide number can be. */
const longDigitRun = /\d[\d.]{15,}(?:[eE][-+]?\d+)?/g;

/**
 * True when `text` may hold a number wider than a double: some run of 16 or more digits (dots
 * allowed) that {@link needsBigNumber} keeps as text. A run inside a string may answer true: that
 * only costs the slower exact parse; a number that needs keeping always does. A run that prints
 * back as the same double (a Float64 column: `7142.857142857143`) does not: with one such column
 * the source-text reviver is several times slower than a plain parse (measured, see
 * docs/performance.md, "Scanning a response").
 */
export function mayHoldBigNumbers(text: string): boolean {
    longDigitRun.lastIndex = 0;
    for (let m = longDigitRun.exec(text); m !== null; m = longDigitRun.exec(text)) {
        if (needsBigNumber(m[0])) return true;
    }
    return false;
}

/**
 * `JSON.parse` that keeps every digit: numbers wider than a double become {@link BigNumber}s.
 * Text without such a number takes the bare `JSON.parse`; otherwise the runtime's source-text
 * reviver, or lossless-json where the runtime has none (Node 20).
 */
export function parseLossless(text: string): unknown {
    if (!mayHoldBigNumbers(text)) return JSON.parse(text);
    if (hasSourceReviver) return JSON.parse(text, revive);
    return losslessParse(text, undefined, numberFromSource);
}

const tag = `__bignum_${Math.random().toString(36).slice(2)}_`;
const tagPattern = new RegExp(`"${tag}([-+.0-9eE]+)"`, "g");

/** `JSON.stringify` that writes {@link BigNumber}s as the numbers they are, every digit kept. */
export function stringifyLossless(value: unknown, space?: number): string {
    // A replacer is called for every value and makes stringify several times slower: most cells
    // (arrays, tuples) hold no wide number and go without one.
    if (!holdsBigNumber(value, 0)) return JSON.stringify(value, undefined, space);
    let tagged = false;
    const text = JSON.stringify(
        value,
        (_key, v: unknown) => {
            if (!isBigNumber(v)) return v;
            tagged = true;
            return tag + v.valueOf();
        },
        space,
    );
    return tagged ? text.replace(tagPattern, "$1") : text;
}

/** True when `value` is or holds a {@link BigNumber} (or is too deep to tell cheaply). */
function holdsBigNumber(value: unknown, depth: number): boolean {
    if (typeof value !== "object" || value === null) return false;
    if (isBigNumber(value) || depth > 32) return true;
    if (Array.isArray(value)) {
        for (const v of value) if (holdsBigNumber(v, depth + 1)) return true;
        return false;
    }
    for (const v of Object.values(value)) if (holdsBigNumber(v, depth + 1)) return true;
    return false;
}

/**
 * A parsed value as text with every digit: empty for null and undefined, a {@link BigNumber} as
 * its digits, objects and arrays as compact JSON, anything else as `String` writes it.
 */
export function valueText(value: unknown): string {
    if (value === null || value === undefined) return "";
    if (isBigNumber(value)) return value.valueOf();
    if (typeof value === "object") return stringifyLossless(value);
    return String(value);
}

/** Splits a decimal text into sign, integer digits and fraction digits, exponent applied. */
function decimalParts(text: string): { neg: boolean; int: string; frac: string } {
    let s = text.trim();
    const neg = s.startsWith("-");
    if (neg || s.startsWith("+")) s = s.slice(1);
    let exp = 0;
    const e = s.search(/[eE]/);
    if (e >= 0) {
        exp = Number(s.slice(e + 1));
        s = s.slice(0, e);
    }
    const dot = s.indexOf(".");
    let digits = dot >= 0 ? s.slice(0, dot) + s.slice(dot + 1) : s;
    let point = (dot >= 0 ? dot : s.length) + exp;
    if (point < 0) {
        digits = "0".repeat(-point) + digits;
        point = 0;
    } else if (point > digits.length) digits += "0".repeat(point - digits.length);
    const int = digits.slice(0, point).replace(/^0+/, "");
    const frac = digits.slice(point).replace(/0+$/, "");
    const zero = int === "" && frac === "";
    return { neg: neg && !zero, int, frac };
}

/** Compares two numbers exactly, either of them a double or a {@link BigNumber}. */
export function compareNumbers(a: number | BigNumber, b: number | BigNumber): number {
    if (typeof a === "number" && typeof b === "number") return a - b;
    const pa = decimalParts(typeof a === "number" ? exactText(a) : a.valueOf());
    const pb = decimalParts(typeof b === "number" ? exactText(b) : b.valueOf());
    if (pa.neg !== pb.neg) return pa.neg ? -1 : 1;
    const sign = pa.neg ? -1 : 1;
    if (pa.int.length !== pb.int.length) return sign * (pa.int.length - pb.int.length);
    if (pa.int !== pb.int) return sign * (pa.int < pb.int ? -1 : 1);
    if (pa.frac !== pb.frac) return sign * (pa.frac < pb.frac ? -1 : 1);
    return 0;
}

/** The exact decimal value of a double (integers beyond 2^53 in full, not as 1e21). */
function exactText(n: number): string {
    if (Number.isInteger(n) && Math.abs(n) >= 1e21) return BigInt(n).toString();
    return String(n);
}
