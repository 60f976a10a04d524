// The rows of a response read straight from its UTF-8 bytes, one row or one value at a time, with
// the positions an `ObjectScanner` (with `recordCells`) found. Sorting by a column reads only that
// column's values: no whole-response `JSON.parse`, no 50,000 row arrays held, and every digit of
// a wide number kept (as a BigNumber, see lossless.ts). Pure: no Node or DOM APIs.
import { numberFromSource, parseLossless } from "./lossless";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const decoder = new TextDecoder();
/** Exact powers of ten: `m / 10^k` is correctly rounded (so equals JSON.parse) for k <= 22. */
const powersOfTen = Array.from({ length: 23 }, (_, k) => 10 ** k);

function isSpace(c: number): boolean {
    return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * The value whose JSON text is `bytes[start, end)`. Numbers of up to 15 significant digits are
 * read here without text (the same double JSON.parse gives); wider ones go through
 * `numberFromSource`, strings without escapes are decoded directly, anything else parsed.
 */
export function valueAt(bytes: Uint8Array, start: number, end: number): unknown {
    while (start < end && isSpace(bytes[start])) start++;
    while (end > start && isSpace(bytes[end - 1])) end--;
    if (start >= end) return undefined;
    const c = bytes[start];
    if (c === QUOTE) {
        let ascii = true;
        for (let i = start + 1; i < end - 1; i++) {
            const b = bytes[i];
            if (b === BACKSLASH) return JSON.parse(decoder.decode(bytes.subarray(start, end)));
            if (b >= 0x80) ascii = false;
        }
        // A TextDecoder call costs more than a short ASCII text's characters (a sort reads
        // 50,000 of them).
        if (ascii && end - start < 66) {
            return String.fromCharCode.apply(null, bytes.subarray(start + 1, end - 1) as never);
        }
        return decoder.decode(bytes.subarray(start + 1, end - 1));
    }
    if (c === 0x6e /* n */ && end - start === 4) return null;
    if (c === 0x74 /* t */ && end - start === 4) return true;
    if (c === 0x66 /* f */ && end - start === 5) return false;
    if (c === 0x2d /* - */ || (c >= 48 && c <= 57)) return numberAt(bytes, start, end);
    return parseLossless(decoder.decode(bytes.subarray(start, end)));
}

/**
 * What {@link readDigits} found, in module state read right after the call: a chart reads
 * 50,000 numbers, and an object for each would be garbage.
 */
const num = { end: 0, neg: false, mantissa: 0, digits: 0, fraction: 0, dot: false };

/** Reads the sign, digits and dot of the number at `bytes[start]`, stopping at anything else. */
function readDigits(bytes: Uint8Array, start: number, end: number): void {
    let i = start;
    num.neg = bytes[i] === 0x2d;
    if (num.neg) i++;
    let mantissa = 0;
    let digits = 0;
    let fraction = 0;
    let dot = false;
    for (; i < end; i++) {
        const d = bytes[i];
        if (d >= 48 && d <= 57) {
            // Leading zeros are not significant digits.
            if (mantissa !== 0 || d !== 48) digits++;
            mantissa = mantissa * 10 + (d - 48);
            if (dot) fraction++;
        } else if (d === 0x2e && !dot) dot = true;
        else break;
    }
    num.end = i;
    num.mantissa = mantissa;
    num.digits = digits;
    num.fraction = fraction;
    num.dot = dot;
}

/** A number's text: ASCII, so no TextDecoder call. */
function numberText(bytes: Uint8Array, start: number, end: number): string {
    return String.fromCharCode.apply(null, bytes.subarray(start, end) as never);
}

function numberAt(bytes: Uint8Array, start: number, end: number): unknown {
    readDigits(bytes, start, end);
    // An exponent, or more digits than a double keeps exactly: the text decides.
    if (num.end < end || num.digits > 15 || num.fraction > 22) {
        const text = numberText(bytes, start, end);
        // A fraction whose double prints back as this very text (a Float64 as ClickHouse writes
        // it) is that double, as numberFromSource would decide after counting its digits again.
        if (num.dot && num.end === end) {
            const double = Number(text);
            if (String(double) === text) return double;
        }
        return numberFromSource(text);
    }
    const value = num.fraction === 0 ? num.mantissa : num.mantissa / powersOfTen[num.fraction];
    return num.neg ? -value : value;
}

/**
 * The nearest double to the bare JSON number in `bytes[start, end)` (no surrounding space);
 * undefined for non-numbers.
 */
function doubleAt(bytes: Uint8Array, start: number, end: number): number | undefined {
    const c = bytes[start];
    if (start >= end || !(c === 0x2d || (c >= 48 && c <= 57))) return undefined;
    readDigits(bytes, start, end);
    // An exponent or a very long fraction: the runtime's conversion.
    if (num.end < end || num.fraction > 22) return Number(numberText(bytes, start, end));
    // Past 2^53 the digits were added with rounding: within a few units in the last place of
    // the exact value, far below a pixel.
    const value = num.fraction === 0 ? num.mantissa : num.mantissa / powersOfTen[num.fraction];
    return num.neg ? -value : value;
}

/** Where {@link ByteRows} found a value (module state, like {@link num}: no object per value). */
const span = { start: 0, end: 0 };

/** Where rows and their values are (an `ObjectScanner`'s findings, or copies of them). */
export interface CellLayout {
    rowStarts: ArrayLike<number>;
    rowEnds: ArrayLike<number>;
    cellStarts: ArrayLike<number>;
    cellCount: number;
    rowFirstCell: ArrayLike<number>;
    wide: boolean;
}

/** Rows of one response, read from its bytes on use. */
export class ByteRows {
    /** Number of rows. */
    readonly count: number;
    /** Every row is an array and its values were located: {@link cell} reads one value. */
    readonly indexed: boolean;

    constructor(
        private readonly bytes: Uint8Array,
        private readonly scan: CellLayout,
    ) {
        this.count = scan.rowStarts.length;
        // Values can be read one by one when every row is an array and each was indexed;
        // otherwise (never seen from HogQL) a value is read by parsing its row.
        let cells = scan.rowFirstCell.length === this.count;
        for (let r = 0; cells && r < this.count; r++) cells = bytes[scan.rowStarts[r]] === 0x5b;
        this.indexed = cells;
    }

    /** Row `r`, parsed (every digit kept); throws when it is not an array (a malformed response). */
    row(r: number): unknown[] {
        const text = decoder.decode(
            this.bytes.subarray(this.scan.rowStarts[r], this.scan.rowEnds[r]),
        );
        const parsed: unknown = this.scan.wide ? parseLossless(text) : JSON.parse(text);
        if (!Array.isArray(parsed)) throw new Error(`row ${r + 1} is not a list of values`);
        return parsed;
    }

    /** Value `c` of row `r` (undefined past the row's end). */
    cell(r: number, c: number): unknown {
        if (!this.indexed) return this.row(r)[c];
        return this.locate(r, c) ? valueAt(this.bytes, span.start, span.end) : undefined;
    }

    /**
     * Value `c` of every row as the nearest double where it is a bare number (read without
     * making its text; past 15 digits within a few units in the last place, far below a pixel;
     * `cell` keeps every digit), NaN elsewhere (no JSON number is NaN): a chart's column. With
     * `out` (NaN-filled, one slot a row), only rows `from` to `to` are read, into it: a column is
     * read a slice at a time while the page is idle.
     */
    doubles(
        c: number,
        out: Float64Array = new Float64Array(this.count).fill(NaN),
        from = 0,
        to = this.count,
    ): Float64Array {
        if (!this.indexed) return out;
        for (let r = from; r < to; r++) {
            if (this.locate(r, c)) out[r] = doubleAt(this.bytes, span.start, span.end) ?? NaN;
        }
        return out;
    }

    /**
     * `read` applied to the contents of value `c` of every row that is a string (see
     * {@link inString}), NaN where it is not one or `read` gives undefined; rows `from` to `to`
     * into `out` as {@link doubles} does.
     */
    stringsAs(
        c: number,
        read: (bytes: Uint8Array, start: number, end: number) => number | undefined,
        out: Float64Array = new Float64Array(this.count).fill(NaN),
        from = 0,
        to = this.count,
    ): Float64Array {
        for (let r = from; r < to; r++) out[r] = this.inString(r, c, read) ?? NaN;
        return out;
    }

    /**
     * `read` applied to the contents (between the quotes, escapes as sent) of value `c` of row
     * `r` when it is a string; undefined otherwise. A chart reads its times this way, making no
     * string of each.
     */
    inString<T>(
        r: number,
        c: number,
        read: (bytes: Uint8Array, start: number, end: number) => T | undefined,
    ): T | undefined {
        if (!this.indexed || !this.locate(r, c)) return undefined;
        const { start, end } = span;
        if (end - start < 2 || this.bytes[start] !== QUOTE || this.bytes[end - 1] !== QUOTE)
            return undefined;
        return read(this.bytes, start + 1, end - 1);
    }

    /**
     * Finds value `c` of row `r` (rows indexed) and puts its text, without surrounding space, in
     * {@link span}; false past the row's end. A value ends at the comma before the next one, the
     * last at the row's closing bracket.
     */
    private locate(r: number, c: number): boolean {
        const scan = this.scan;
        const next = r + 1 < this.count ? scan.rowFirstCell[r + 1] : scan.cellCount;
        const k = scan.rowFirstCell[r] + c;
        if (k >= next) return false;
        let start = scan.cellStarts[k];
        let end = k + 1 < next ? scan.cellStarts[k + 1] - 1 : scan.rowEnds[r] - 1;
        while (start < end && isSpace(this.bytes[start])) start++;
        while (end > start && isSpace(this.bytes[end - 1])) end--;
        span.start = start;
        span.end = end;
        return start < end;
    }
}
