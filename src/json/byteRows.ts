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

function numberAt(bytes: Uint8Array, start: number, end: number): unknown {
    let i = start;
    const neg = bytes[i] === 0x2d;
    if (neg) i++;
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
    // An exponent, or more digits than a double keeps exactly: the text decides.
    if (i < end || digits > 15 || fraction > 22) {
        return numberFromSource(decoder.decode(bytes.subarray(start, end)));
    }
    const value = fraction === 0 ? mantissa : mantissa / powersOfTen[fraction];
    return neg ? -value : value;
}

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
        const scan = this.scan;
        const first = scan.rowFirstCell[r];
        const next = r + 1 < this.count ? scan.rowFirstCell[r + 1] : scan.cellCount;
        const k = first + c;
        if (k >= next) return undefined;
        const start = scan.cellStarts[k];
        // A value ends at the comma before the next one, the last at the row's closing bracket.
        const end = k + 1 < next ? scan.cellStarts[k + 1] - 1 : scan.rowEnds[r] - 1;
        return valueAt(this.bytes, start, end);
    }
}
