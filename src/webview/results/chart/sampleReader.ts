// A few rows of JSON text read as the page reads a whole result (from bytes, columns whole), for
// the chart's warm-up (chart/warmUp.ts): the same functions on the same kinds of values.
import { ByteRows } from "../../../shared/json/byteRows";
import { ObjectScanner } from "../../../shared/json/responseScan";
import type { RowReader } from "../view";
import { ColumnReads } from "./columnReads";

/**
 * A reader over `json` (a JSON array of rows) read from its bytes, as the page reads a result
 * (resultModel.ts viewReader), or null when it holds no rows that are arrays of values.
 */
export function sampleReader(json: string): RowReader | null {
    const bytes = new TextEncoder().encode(`{"results":${json}}`);
    let rows: ByteRows;
    try {
        const scan = new ObjectScanner(bytes, 0, bytes.length, "results", true).run();
        if (!scan.done) return null;
        rows = new ByteRows(bytes, scan);
    } catch {
        // Not JSON (the service's text): nothing to warm up with.
        return null;
    }
    if (!rows.indexed || rows.count === 0) return null;
    const reads = new ColumnReads(rows);
    return {
        count: rows.count,
        row: (i) => rows.row(i),
        cell: (i, c) => rows.cell(i, c),
        doubles: (c) => reads.whole(c, false),
        times: (c) => reads.whole(c, true),
    };
}
