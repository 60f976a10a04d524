// Sorting and filtering over rows read on use (or kept as arrays). They run in the parse worker
// (so the UI never waits on them) and, when no worker can start, on the main thread.
import { locale } from "./locale";
import {
    compareNumbers,
    isBigNumber,
    needsBigNumber,
    type BigNumber,
} from "../../shared/json/lossless";
import { ColumnKind, plainText } from "./format";

/** Which rows to show and in what order. */
export interface ViewQuery {
    /** Column to sort by, or -1 for the service's order. */
    sortColumn: number;
    /** Sort direction. */
    sortDir: "asc" | "desc";
    /** Case-insensitive text that some cell of a shown row must contain; "" shows every row. */
    filter: string;
}

/** A sort key: a number (a double or a BigNumber, compared exactly), a text, or null (last). */
type Key = number | BigNumber | string | null;

/** Sort key: numbers for numeric-ish kinds, strings otherwise, null last. */
function sortKey(value: unknown, kind: ColumnKind): Key {
    if (value === null || value === undefined) return null;
    switch (kind) {
        case "number": {
            if (typeof value === "number" || isBigNumber(value)) return value;
            // A number the service sent as text (some serialisers quote 64-bit integers).
            if (typeof value === "string" && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value)) {
                return needsBigNumber(value) ? new String(value) : Number(value);
            }
            const n = Number(value);
            return Number.isNaN(n) ? plainText(value) : n;
        }
        case "bool":
            return value === true || value === "true" || value === 1 ? 1 : 0;
        case "datetime":
        case "date": {
            const s = String(value);
            const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : s.replace(" ", "T") + "Z");
            return Number.isNaN(ms) ? s : ms;
        }
        default:
            return typeof value === "number" || isBigNumber(value) ? value : plainText(value);
    }
}

let collator: Intl.Collator | undefined;

/**
 * How texts sort, in the display language. Made on first use: ICU's collation data was most of
 * the rest of a new page's start-up script once the date format was deferred (format.ts
 * dateTimeFormatter; see docs/performance.md, "Results page start-up"). main.ts makes it once
 * the page is idle.
 */
export function textCollator(): Intl.Collator {
    return (collator ??= new Intl.Collator(locale, { numeric: true }));
}

function isNumeric(k: Key): k is number | BigNumber {
    return typeof k === "number" || isBigNumber(k);
}

function compareKeys(a: Key, b: Key): number {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    if (typeof a === "number" && typeof b === "number") return a - b;
    const an = isNumeric(a);
    const bn = isNumeric(b);
    if (an && bn) return compareNumbers(a, b);
    // Mixed number/string keys (a numeric column holding "NaN"): numbers first.
    if (an) return -1;
    if (bn) return 1;
    return textCollator().compare(a as string, b as string);
}

/** Rows to sort and filter: read on use (from the response's bytes) or held as arrays. */
export interface RowReader {
    /** Number of rows. */
    readonly count: number;
    /** Row `i`. */
    row(i: number): unknown[];
    /** Value `c` of row `i`: a sort reads one column without parsing whole rows. */
    cell(i: number, c: number): unknown;
    /**
     * Column `c` of every row as the nearest double where the value is a bare JSON number (a
     * chart's points: no digit check, no text), NaN elsewhere (read those with `cell`).
     */
    doubles?(c: number): Float64Array;
    /**
     * Column `c` of every row as a time (ms since the epoch) where the value is a text in a
     * common ISO shape, read without making its string; NaN elsewhere (read those with `cell`).
     */
    times?(c: number): Float64Array;
}

/** A column a chart reads whole: as numbers ({@link RowReader.doubles}) or as times. */
export interface ColumnToRead {
    c: number;
    asTime: boolean;
}

/** A {@link RowReader} over rows already parsed. */
export function arrayRows(rows: unknown[][]): RowReader {
    return { count: rows.length, row: (i) => rows[i], cell: (i, c) => rows[i][c] };
}

/**
 * Sorts and filters one result. A column's sort keys are built the first time it is sorted and
 * kept (the other direction, or the same sort after a filter, reuses them); each row's
 * searchable text the first time a filter reads it.
 */
export class RowViews {
    private readonly texts: string[] = [];
    private readonly keyCache = new Map<number, SortKeys>();

    constructor(
        readonly rows: RowReader,
        private readonly kinds: ColumnKind[],
    ) {}

    /** Lower-cased text of row `i`, cells joined so a filter matches with one `includes`. */
    text(i: number): string {
        let t = this.texts[i];
        if (t === undefined) {
            const row = this.rows.row(i);
            const parts = new Array<string>(row.length);
            for (let c = 0; c < row.length; c++) parts[c] = plainText(row[c]);
            // A separator no value contains, so a match cannot straddle two cells.
            t = parts.join("\u0000").toLowerCase();
            this.texts[i] = t;
        }
        return t;
    }

    /**
     * The row order for `query` as row indices, or null when it is the identity (no sort and no
     * filter), so the common case costs nothing.
     */
    order(query: ViewQuery): Uint32Array | null {
        const count = this.rows.count;
        const needle = query.filter.trim().toLowerCase();
        if (needle === "" && query.sortColumn < 0) return null;
        let order: number[] = [];
        if (needle === "") {
            order = new Array<number>(count);
            for (let i = 0; i < count; i++) order[i] = i;
        } else {
            for (let i = 0; i < count; i++) if (this.text(i).includes(needle)) order.push(i);
        }
        const col = query.sortColumn;
        if (col >= 0) sortRows(order, this.keys(col), query.sortDir === "desc" ? -1 : 1);
        return Uint32Array.from(order);
    }

    private keys(col: number): SortKeys {
        let keys = this.keyCache.get(col);
        if (!keys) {
            keys = sortKeys(this.rows, col, this.kinds[col] ?? "string");
            this.keyCache.set(col, keys);
        }
        return keys;
    }
}

/**
 * A column's sort keys. When every key is a double or null (numbers, dates, bools; text
 * columns through their ranks), a typed array holds them and the sort compares plain numbers;
 * otherwise (wide numbers, mixed values) the keys themselves.
 */
type SortKeys =
    | {
          typed: true;
          values: Float64Array;
          isNull: Uint8Array;
          /** For text ranks: how many ranks there are (the values are 0 to ranks - 1). */
          ranks?: number;
      }
    | { typed: false; keys: Key[] };

function sortKeys(rows: RowReader, col: number, kind: ColumnKind): SortKeys {
    const n = rows.count;
    const keys = new Array<Key>(n);
    let numbers = true;
    let strings = true;
    for (let i = 0; i < n; i++) {
        const k = sortKey(rows.cell(i, col), kind);
        keys[i] = k;
        if (k === null) continue;
        if (typeof k !== "number") numbers = false;
        if (typeof k !== "string") strings = false;
    }
    const values = new Float64Array(n);
    const isNull = new Uint8Array(n);
    if (numbers) {
        for (let i = 0; i < n; i++) {
            const k = keys[i];
            if (k === null) isNull[i] = 1;
            else values[i] = k as number;
        }
        return { typed: true, values, isNull };
    }
    if (strings) {
        // Rank each distinct text once with the collator, then sort the rows by rank: far fewer
        // collator calls when texts repeat (events, browsers), never more when they do not.
        const distinct = [...new Set(keys.filter((k): k is string => k !== null))];
        const compare = textCollator().compare;
        distinct.sort(compare);
        const rank = new Map<string, number>();
        for (let r = 0; r < distinct.length; r++) {
            // Texts the collator finds equal share a rank (ties keep the service's order).
            const same = r > 0 && compare(distinct[r - 1], distinct[r]) === 0;
            rank.set(distinct[r], same ? (rank.get(distinct[r - 1]) as number) : r);
        }
        for (let i = 0; i < n; i++) {
            const k = keys[i];
            if (k === null) isNull[i] = 1;
            else values[i] = rank.get(k as string) as number;
        }
        return { typed: true, values, isNull, ranks: distinct.length };
    }
    return { typed: false, keys };
}

/**
 * Sorts row indices by small integer ranks in linear time, much faster than a comparator sort on
 * a text column (see docs/performance.md, "Grid"); stable, nulls last in both directions.
 */
function countingSort(
    order: number[],
    ranks: Float64Array,
    isNull: Uint8Array,
    count: number,
    dir: number,
): void {
    // starts[k] is where rank k's rows begin; one slot more for the nulls, which go last.
    const starts = new Uint32Array(count + 2);
    for (const i of order)
        starts[isNull[i] ? count + 1 : (dir > 0 ? ranks[i] : count - 1 - ranks[i]) + 1]++;
    for (let k = 1; k <= count + 1; k++) starts[k] += starts[k - 1];
    const sorted = new Array<number>(order.length);
    for (const i of order) {
        const k = isNull[i] ? count : dir > 0 ? ranks[i] : count - 1 - ranks[i];
        sorted[starts[k]++] = i;
    }
    for (let j = 0; j < sorted.length; j++) order[j] = sorted[j];
}

/** Sorts row indices in place; stable, nulls last in both directions. */
function sortRows(order: number[], keys: SortKeys, dir: number): void {
    if (keys.typed && keys.ranks !== undefined) {
        countingSort(order, keys.values, keys.isNull, keys.ranks, dir);
        return;
    }
    if (keys.typed) {
        const { values, isNull } = keys;
        order.sort((a, b) => {
            const na = isNull[a];
            const nb = isNull[b];
            if (na || nb) return na - nb || a - b;
            return dir * (values[a] - values[b]) || a - b;
        });
        return;
    }
    const k = keys.keys;
    // Array.prototype.sort is stable; ties keep the service's order in both directions.
    order.sort((a, b) => {
        const ka = k[a];
        const kb = k[b];
        if (ka === null || kb === null) return compareKeys(ka, kb) || a - b;
        return dir * compareKeys(ka, kb) || a - b;
    });
}
