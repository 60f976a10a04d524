// Finds where things are in a JSON object's UTF-8 bytes without building any of it: the byte
// range of each top-level value, and of each element of one array-valued key (the rows of a
// HogQL response's `results`). Strings are skipped with the native `indexOf`, which keeps the
// scan fast on large responses (measured, see docs/performance.md, "Scanning a response"). The
// scan can stop after any number of bytes and go on later, so the extension host never holds its
// thread for long. Pure: no Node or DOM APIs.

import { parseLossless } from "./lossless";

/** A byte range `[start, end)`. */
export interface ByteRange {
    start: number;
    end: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

function isSpace(c: number): boolean {
    return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

const decoder = new TextDecoder();

/** Scans one JSON object in `bytes[start, end)`; call {@link step} until it returns true. */
export class ObjectScanner {
    /** Byte range of each top-level value, by key. */
    readonly fields = new Map<string, ByteRange>();
    /** Start of each element of the array under `rowsKey`. */
    rowStarts: number[] = [];
    /** End of each element of the array under `rowsKey`. */
    rowEnds: number[] = [];
    private pos: number;
    private depth = 0;
    private key: string | null = null;
    private expectKey = false;
    private valueStart = -1;
    private inRows = false;
    private expectRow = false;
    private finished = false;
    private digitRun = 0;
    /**
     * True when a number outside strings has a run of 16 or more digits (and dots): it may need
     * more digits than a double keeps, so the rows must be parsed with `parseLossless`'s exact
     * path. False means plain `JSON.parse` loses nothing.
     */
    wide = false;
    /**
     * With `recordCells`: where each value of each row starts (rows are arrays), in row order;
     * row r's values are `cellStarts[rowFirstCell[r]]` up to the next row's first. A sort then
     * reads one column's values straight from the bytes without parsing whole rows.
     */
    cellStarts = new Uint32Array(0);
    /** Number of entries used in {@link cellStarts}. */
    cellCount = 0;
    /** Index into {@link cellStarts} of each row's first value. */
    rowFirstCell: number[] = [];

    constructor(
        private bytes: Uint8Array,
        private readonly start = 0,
        private end = bytes.length,
        private readonly rowsKey = "results",
        private readonly recordCells = false,
    ) {
        this.pos = start;
        this.available = end;
        if (recordCells) this.cellStarts = new Uint32Array(1 << 16);
    }

    private addCell(at: number): void {
        if (this.cellCount === this.cellStarts.length) {
            const grown = new Uint32Array(this.cellStarts.length * 2);
            grown.set(this.cellStarts);
            this.cellStarts = grown;
        }
        this.cellStarts[this.cellCount++] = at;
    }

    /** True once the whole object was scanned. */
    get done(): boolean {
        return this.finished;
    }

    /**
     * Bytes `[start, available)` have arrived: a scan of a body still being received goes no
     * further (see `ScanWhileReceiving` in src/api/queryBytes.ts). Starts at `end`, everything there.
     */
    private available: number;

    /**
     * The body being received moved to `bytes`, a copy of what arrived so far in a buffer of
     * another size (one of unknown length grows; at its end it gets one of its exact length):
     * the scan goes on there. Only for a scan of a whole buffer (start 0, end its length).
     */
    moveTo(bytes: Uint8Array): void {
        this.bytes = bytes;
        this.end = bytes.length;
        this.available = Math.min(this.available, this.end);
    }

    /** The body is arriving: bytes up to `available` (growing with each call) can be scanned. */
    arrived(available: number): void {
        this.available = Math.min(this.end, available);
    }

    /** The opening quote of a string that had not ended where the arrived bytes did, or -1. */
    private waitingQuote = -1;
    /** Where the search for that string's end goes on: its bytes before were read already. */
    private waitingFrom = 0;

    /**
     * True when the scan has read everything that arrived (it may wait at a string whose end has
     * not): stepping again does nothing until more arrives.
     */
    get caughtUp(): boolean {
        if (this.finished) return true;
        if (this.pos >= this.available) return true;
        return this.pos === this.waitingQuote && this.waitingFrom >= this.available;
    }

    private waitAt(quote: number): void {
        this.waitingQuote = quote;
        this.waitingFrom = searchedTo;
    }

    /**
     * Where to look for the end of the string opening at `quote`: after what was searched while
     * the body arrived (a 30 MB string in 64 KB chunks is then read once, not once a chunk).
     */
    private resumeFrom(quote: number): number {
        return quote === this.waitingQuote ? this.waitingFrom : quote + 1;
    }

    /**
     * Scans at most about `budget` more bytes of those arrived; returns true when the object is
     * complete. A string not closed within the arrived bytes is searched on once more arrive.
     */
    step(budget = Infinity): boolean {
        if (this.finished) return true;
        const stop = Math.min(this.available, this.pos + budget);
        while (this.pos < stop) {
            const outcome = this.depth >= 3 ? this.scanDeep(stop) : this.scanOuter(stop);
            if (outcome === "finished") return true;
            if (outcome === "wait") break;
        }
        if (this.pos >= this.end) throw new SyntaxError("unexpected end of JSON");
        return false;
    }

    /**
     * Inside a row (or any deeper value): only nesting, strings and digit runs matter. This tight
     * loop is where a large result spends its scan, so it works on locals and stores them back
     * when it climbs out to the rows' level, reaches `stop` or waits at a string.
     */
    private scanDeep(stop: number): "more" | "wait" {
        const bytes = this.bytes;
        // Strings end within what has arrived; past it, the scan waits (`close < 0`).
        const end = this.available;
        const record = this.recordCells && this.inRows;
        let i = this.pos;
        let depth = this.depth;
        let run = this.digitRun;
        let outcome: "more" | "wait" = "more";
        while (i < stop) {
            const d = bytes[i];
            if (d === QUOTE) {
                const close = closingQuote(bytes, this.resumeFrom(i), end, this.end);
                if (close < 0) {
                    this.waitAt(i);
                    outcome = "wait";
                    break;
                }
                i = close + 1;
                run = 0;
                continue;
            }
            i++;
            if ((d >= 48 && d <= 57) || d === 46) {
                if (++run === 16) this.wide = true;
                continue;
            }
            run = 0;
            if (d === COMMA) {
                if (depth === 3 && record) this.addCell(i);
            } else if (d === OPEN_OBJECT || d === OPEN_ARRAY) depth++;
            else if ((d === CLOSE_OBJECT || d === CLOSE_ARRAY) && --depth === 2) break;
        }
        this.pos = i;
        this.depth = depth;
        this.digitRun = run;
        return outcome;
    }

    /**
     * The object's two outer levels (its fields and the rows' brackets), byte by byte, until a
     * row's insides (depth 3), `stop`, or a string that runs past what has arrived.
     */
    private scanOuter(stop: number): "more" | "wait" | "finished" {
        const bytes = this.bytes;
        while (this.pos < stop && this.depth < 3) {
            const i = this.pos;
            const c = bytes[i];
            if ((c >= 48 && c <= 57) || c === 46) {
                if (++this.digitRun === 16) this.wide = true;
            } else this.digitRun = 0;
            if (isSpace(c)) {
                this.pos = i + 1;
                continue;
            }
            if (this.inRows && this.depth === 2 && this.expectRow && c !== CLOSE_ARRAY) {
                this.rowStarts.push(i);
                this.expectRow = false;
            }
            if (this.depth === 1 && this.valueStart < 0 && !this.expectKey && c !== COLON) {
                if (c !== COMMA && c !== CLOSE_OBJECT) this.valueStart = i;
            }
            if (c === QUOTE) {
                if (!this.outerString(i)) return "wait";
                continue;
            }
            this.pos = i + 1;
            if (c === OPEN_OBJECT || c === OPEN_ARRAY) this.open(c, i);
            else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
                if (this.close(c, i)) return "finished";
            } else if (c === COMMA) this.comma(i);
        }
        return "more";
    }

    /** The string opening at `i` on the outer levels (a key is kept); false to wait for its end. */
    private outerString(i: number): boolean {
        const close = closingQuote(this.bytes, this.resumeFrom(i), this.available, this.end);
        if (close < 0) {
            this.waitAt(i);
            return false;
        }
        this.digitRun = 0;
        if (this.depth === 1 && this.expectKey) {
            this.key = decoder.decode(this.bytes.subarray(i + 1, close));
            this.expectKey = false;
        }
        this.pos = close + 1;
        return true;
    }

    /** `{` or `[` at `i`, outside rows' cells. */
    private open(c: number, i: number): void {
        const depth = ++this.depth;
        if (depth === 1) {
            if (c !== OPEN_OBJECT) throw new SyntaxError("expected a JSON object");
            this.expectKey = true;
        } else if (depth === 2 && c === OPEN_ARRAY && this.key === this.rowsKey) {
            this.inRows = true;
            this.expectRow = true;
        } else if (depth === 3 && this.inRows && this.recordCells) {
            this.rowFirstCell.push(this.cellCount);
            if (c === OPEN_ARRAY) this.addCell(i + 1);
        }
    }

    /** `}` or `]` at `i` of the two outer levels; true when it is the object's own (the end). */
    private close(c: number, i: number): boolean {
        if (this.depth === 2 && this.inRows && c === CLOSE_ARRAY) {
            if (!this.expectRow) this.rowEnds.push(trimEnd(this.bytes, i));
            this.inRows = false;
            this.expectRow = false;
        }
        if (this.depth !== 1) {
            this.depth--;
            return false;
        }
        this.endValue(i);
        this.finished = true;
        this.depth = 0;
        this.digitRun = 0;
        return true;
    }

    /** `,` at `i` of the two outer levels: between the object's fields, or between rows. */
    private comma(i: number): void {
        if (this.depth === 1) {
            this.endValue(i);
            this.expectKey = true;
        } else if (this.depth === 2 && this.inRows) {
            this.rowEnds.push(trimEnd(this.bytes, i));
            this.expectRow = true;
        }
    }

    /** Scans everything now (for small objects). */
    run(): this {
        this.step();
        return this;
    }

    private endValue(at: number): void {
        if (this.key !== null && this.valueStart >= 0) {
            this.fields.set(this.key, { start: this.valueStart, end: trimEnd(this.bytes, at) });
        }
        this.key = null;
        this.valueStart = -1;
    }

    /** The range scanned, for callers that sliced. */
    get range(): ByteRange {
        return { start: this.start, end: this.end };
    }
}

/** Where {@link closingQuote} stopped when it returned -1 (module state: no object per call). */
let searchedTo = 0;

/**
 * Index of the quote closing a string, searching from `from` (the byte after its opening quote,
 * or where an earlier search stopped: never the byte after an unread backslash) and no further
 * than `arrived`; -1 when it is not there yet (more of the body is to come before `end`), the
 * search's stop in `searchedTo`.
 */
function closingQuote(bytes: Uint8Array, from: number, arrived: number, end: number): number {
    // A plain loop beats indexOf here: most strings in a result are short, and an escape just
    // skips the byte after the backslash.
    let j = from;
    for (;;) {
        if (j >= arrived) {
            if (arrived < end) {
                // j is past an escape's second byte when it stopped there: resume at j.
                searchedTo = j;
                return -1;
            }
            throw new SyntaxError("unterminated string in JSON");
        }
        const d = bytes[j];
        if (d === QUOTE) return j;
        j += d === BACKSLASH ? 2 : 1;
    }
}

function trimEnd(bytes: Uint8Array, end: number): number {
    while (end > 0 && isSpace(bytes[end - 1])) end--;
    return end;
}

/** Bytes scanned per turn of the event loop: a few milliseconds of work. */
export const scanSliceBytes = 1 << 20;

/**
 * Scans `bytes[start, end)` in slices, yielding to the event loop between them with `yieldNow`,
 * so that no single task holds the thread for more than a few milliseconds.
 */
export async function scanObject(
    bytes: Uint8Array,
    yieldNow: () => Promise<void>,
    start = 0,
    end = bytes.length,
    rowsKey = "results",
    { recordCells = false, sliceBytes = scanSliceBytes } = {},
): Promise<ObjectScanner> {
    const scanner = new ObjectScanner(bytes, start, end, rowsKey, recordCells);
    return finishScan(scanner, yieldNow, sliceBytes);
}

/** Scans the rest of what `scanner` was given in slices, as {@link scanObject} does. */
export async function finishScan(
    scanner: ObjectScanner,
    yieldNow: () => Promise<void>,
    sliceBytes = scanSliceBytes,
): Promise<ObjectScanner> {
    while (!scanner.step(sliceBytes)) await yieldNow();
    return scanner;
}

/** Parses the small fields of a scanned object (every field but `skip`), every digit kept. */
export function parseFields(
    bytes: Uint8Array,
    fields: Map<string, ByteRange>,
    skip: string,
): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, range] of fields) {
        if (key !== skip) out[key] = parseLossless(textOf(bytes, range));
    }
    return out;
}

/** Decodes the UTF-8 text of a byte range. */
export function textOf(bytes: Uint8Array, range: ByteRange): string {
    return decoder.decode(bytes.subarray(range.start, range.end));
}

/** JSON text of an array holding elements `from` to `to` (exclusive) of the scanned rows. */
export function rowsJson(
    bytes: Uint8Array,
    scanner: Pick<ObjectScanner, "rowStarts" | "rowEnds">,
    from: number,
    to: number,
): string {
    const n = Math.min(to, scanner.rowStarts.length);
    if (n <= from) return "[]";
    return `[${decoder.decode(bytes.subarray(scanner.rowStarts[from], scanner.rowEnds[n - 1]))}]`;
}
