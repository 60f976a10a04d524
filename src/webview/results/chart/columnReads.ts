// A chart's columns read from a result's bytes (numbers, or ISO times), each once: whole when the
// chart asks for it, or a slice of rows at a time ahead of it while the page is idle.
import type { ByteRows } from "../../../shared/json/byteRows";
import type { ColumnToRead } from "../view";
import type { ReadColumn } from "../workerProtocol";
import { timeInBytes } from "./values";

/** One column read so far, in the service's order (NaN where a value is read on its own). */
interface ColumnRead {
    values: Float64Array;
    read: number;
}

export class ColumnReads {
    private readonly columns = new Map<string, ColumnRead>();

    constructor(private readonly rows: ByteRows) {}

    /**
     * Columns read already (by the parse worker with its scan), every row. Each replaces what
     * was read of it here, if anything (both hold the same values).
     */
    give(read: readonly ReadColumn[]): void {
        for (const { c, asTime, values } of read)
            if (values.length === this.rows.count)
                this.columns.set(key(c, asTime), { values, read: values.length });
    }

    /** Column `c` as numbers or as times, every row (those not read ahead are read now). */
    whole(c: number, asTime: boolean): Float64Array {
        return this.read(c, asTime, Infinity).values;
    }

    /**
     * Reads `rows` more rows of the first of `columns` not read whole yet; true once all of
     * them are.
     */
    ahead(columns: readonly ColumnToRead[], rows: number): boolean {
        for (const { c, asTime } of columns) {
            const column = this.read(c, asTime, 0);
            if (column.read === column.values.length) continue;
            this.read(c, asTime, rows);
            return false;
        }
        return true;
    }

    /** Column `c`, `rows` more of its rows read. */
    private read(c: number, asTime: boolean, rows: number): ColumnRead {
        let column = this.columns.get(key(c, asTime));
        if (!column) {
            column = { values: new Float64Array(this.rows.count).fill(NaN), read: 0 };
            this.columns.set(key(c, asTime), column);
        }
        const to = Math.min(this.rows.count, column.read + rows);
        if (to > column.read) {
            if (asTime) this.rows.stringsAs(c, timeInBytes, column.values, column.read, to);
            else this.rows.doubles(c, column.values, column.read, to);
            column.read = to;
        }
        return column;
    }
}

function key(c: number, asTime: boolean): string {
    return `${asTime ? "t" : "n"}${c}`;
}
