// Rows read straight from a response's bytes (what the results worker sorts from): every value
// equals what a lossless parse of the whole response gives, and sorts over them are typed, stable
// and keep nulls last.
import assert from "node:assert/strict";
import { ByteRows, valueAt } from "../../src/shared/json/byteRows";
import { isBigNumber, parseLossless, stringifyLossless } from "../../src/shared/json/lossless";
import { ObjectScanner } from "../../src/shared/json/responseScan";
import { columnKind } from "../../src/webview/results/format";
import { timeInBytes, toTime } from "../../src/webview/results/chart/values";
import { ByteParts } from "../../src/webview/results/byteParts";
import { LentRows, RowsNotLent } from "../../src/webview/results/lentRows";
import { ColumnReads } from "../../src/webview/results/chart/columnReads";
import { RowViews } from "../../src/webview/results/view";

const encoder = new TextEncoder();

function rowsOf(text: string): { rows: ByteRows; parsed: unknown[][] } {
    const bytes = encoder.encode(text);
    const scan = new ObjectScanner(bytes, 0, bytes.length, "results", true).run();
    const parsed = (parseLossless(text) as { results: unknown[][] }).results;
    return { rows: new ByteRows(bytes, scan), parsed };
}

describe("rows read from the bytes", () => {
    it("reads each value as the lossless parse does (numbers, wide numbers, escapes, nesting)", () => {
        const values = [
            0,
            -0,
            7,
            -42,
            1.5,
            "0.1",
            123.456,
            1e21,
            -2.5e-7,
            "100000000000000000000",
            "9007199254740993",
            "-9223372036854775808",
            "1234567890123456789.0123456789",
            "0.000000000000000000000001",
            "text",
            "",
            'quote " and \\ backslash',
            "ünïcödé ✓",
            "\u2028",
            null,
            true,
            false,
            [1, "a", null],
            { k: [2, { n: "18446744073709551615" }] },
        ];
        // Strings above stand for JSON number literals when they look like numbers (also the one
        // nested in the object).
        const literal = (v: unknown): string =>
            typeof v === "string" && /^-?[\d.]+(e[-+]?\d+)?$/i.test(v)
                ? v
                : v !== null && typeof v === "object" && !Array.isArray(v)
                  ? // The nested wide number as a bare literal too.
                    JSON.stringify(v).replace(/"(\d{16,})"/, "$1")
                  : JSON.stringify(v);
        const row = `[${values.map(literal).join(" , ")}]`;
        const text = `{"columns":[],"types":[["a","String"]],"results":[${row},[],${row}],"x":[[1,2]]}`;
        const { rows, parsed } = rowsOf(text);
        assert.equal(rows.count, 3);
        assert.ok(rows.indexed);
        for (const r of [0, 2]) {
            values.forEach((_, c) => {
                const got = rows.cell(r, c);
                const want = parsed[r][c];
                assert.equal(stringifyLossless(got), stringifyLossless(want), `row ${r} col ${c}`);
                assert.equal(isBigNumber(got), isBigNumber(want), `row ${r} col ${c} kind`);
                if (typeof want === "number") assert.ok(Object.is(got, want), `col ${c} exact`);
            });
            assert.equal(rows.cell(r, values.length), undefined);
        }
        assert.equal(rows.cell(1, 0), undefined, "an empty row has no values");
        assert.deepEqual(rows.row(2), parsed[2]);
    });

    it("reads a lone value with spaces around it", () => {
        const bytes = encoder.encode('  "a b"  ');
        assert.equal(valueAt(bytes, 0, bytes.length), "a b");
    });

    it("falls back to whole rows when a row is not an array, and says which", () => {
        const { rows } = rowsOf('{"results":[[1,2],null,[3,4]]}');
        assert.equal(rows.indexed, false);
        assert.equal(rows.cell(2, 1), 4);
        assert.throws(() => rows.cell(1, 0), /row 2 is not a list of values/);
    });

    it("sorts typed (numbers, wide numbers, dates, text), stable, nulls last both ways", () => {
        const types = ["Int64", "UInt64", "DateTime", "String"];
        const data: unknown[][] = [
            [10, 18446744073709551615n, "2024-01-02 00:00:00", "b"],
            [9, 9007199254740993n, "2024-01-01 00:00:00", "a10"],
            [null, null, null, null],
            [10, 9007199254740992n, "2023-12-31 23:59:59", "a9"],
            [-1, 1n, "2024-01-02 00:00:00", "b"],
        ];
        const text = `{"results":[${data
            .map(
                (r) =>
                    `[${r.map((v) => (typeof v === "bigint" ? String(v) : JSON.stringify(v))).join(",")}]`,
            )
            .join(",")}]}`;
        const { rows } = rowsOf(text);
        const views = new RowViews(rows, types.map(columnKind));
        const sorted = (col: number, dir: "asc" | "desc") => [
            ...(views.order({ sortColumn: col, sortDir: dir, filter: "" }) ?? []),
        ];
        assert.deepEqual(sorted(0, "asc"), [4, 1, 0, 3, 2], "ties keep the service's order");
        assert.deepEqual(sorted(0, "desc"), [0, 3, 1, 4, 2]);
        assert.deepEqual(sorted(1, "asc"), [4, 3, 1, 0, 2], "wide numbers compare exactly");
        assert.deepEqual(sorted(1, "desc"), [0, 1, 3, 4, 2]);
        assert.deepEqual(sorted(2, "asc"), [3, 1, 0, 4, 2]);
        assert.deepEqual(sorted(3, "asc"), [3, 1, 0, 4, 2], "text in numeric-aware order");
        assert.deepEqual(sorted(3, "desc"), [0, 4, 1, 3, 2]);
        assert.deepEqual(
            [...(views.order({ sortColumn: 3, sortDir: "asc", filter: "A" }) ?? [])],
            [3, 1],
            "filter then sort",
        );
        assert.equal(views.order({ sortColumn: -1, sortDir: "asc", filter: "" }), null);
    });
});

describe("a chart's columns read from the bytes", () => {
    it("reads numbers as their doubles, NaN for anything else, in one pass", () => {
        const values = [0, -42, 1.5, "7142.857142857143", "-0.14285714285714285", 1e21, -2.5e-7];
        const text = `{"results":[${values.map((v) => `[${v},"t",null]`).join(",")}]}`;
        const { rows } = rowsOf(text);
        const column = rows.doubles(0);
        values.forEach((v, i) => {
            const expected = Number(v);
            assert.ok(Math.abs(column[i] - expected) <= Math.abs(expected) * 1e-15, `${v}`);
        });
        assert.ok(Number.isNaN(rows.doubles(1)[0]), "a text is not read as a number");
        assert.ok(Number.isNaN(rows.doubles(2)[0]), "nor is null");
        assert.ok(Number.isNaN(rows.doubles(7)[0]), "nor a value past the row's end");
    });

    it("reads ISO times from the bytes as toTime reads the text, NaN where it cannot", () => {
        const texts = [
            "2026-08-01T12:34:56.789Z",
            "2026-08-01 12:34:56",
            "2026-08-01",
            "2024-02-29T00:00:00.123456Z",
            "2026-08-01T12:34:56+02:00", // a zone: left to Date.parse
            "2024-02-31",
            "not a time",
        ];
        const text = `{"results":[${texts.map((t) => `[${JSON.stringify(t)},1]`).join(",")}]}`;
        const { rows } = rowsOf(text);
        const column = rows.stringsAs(0, timeInBytes);
        texts.forEach((t, i) => {
            const expected = toTime(t);
            if (Number.isNaN(column[i])) assert.ok(i >= 4, `${t} should be read from the bytes`);
            else assert.equal(column[i], expected, t);
        });
        assert.ok(Number.isNaN(rows.stringsAs(1, timeInBytes)[0]), "a number is not a time");
    });
});

describe("a chart's columns read ahead on the page", () => {
    const start = Date.UTC(2026, 7, 1);
    const rows = Array.from({ length: 5000 }, (_, i) => [
        new Date(start + i * 60_000).toISOString(),
        i * 1.5,
        `r${i}`,
    ]);
    const columns = [
        { c: 0, asTime: true },
        { c: 1, asTime: false },
    ];
    const readsOf = () => {
        const { rows: whole } = rowsOf(JSON.stringify({ results: rows }));
        return { reads: new ColumnReads(whole), whole };
    };

    it("reads them a slice at a time, one column after the other, into what the chart reads", () => {
        const { reads, whole } = readsOf();
        let steps = 0;
        while (!reads.ahead(columns, 700)) steps++;
        assert.equal(steps, 2 * Math.ceil(5000 / 700), "700 rows a step");
        const times = reads.whole(0, true);
        assert.deepEqual([...times], [...whole.stringsAs(0, timeInBytes)]);
        assert.equal(times[4999], Date.parse(rows[4999][0] as string));
        assert.deepEqual([...reads.whole(1, false)], [...whole.doubles(1)]);
        assert.equal(reads.whole(0, true), times, "read once, not again for the chart");
    });

    it("a chart opened before they are all read reads the rest then", () => {
        const { reads, whole } = readsOf();
        assert.equal(reads.ahead(columns, 700), false);
        assert.deepEqual([...reads.whole(0, true)], [...whole.stringsAs(0, timeInBytes)]);
        // Ahead, the time column is whole now; the value column is read next.
        let steps = 0;
        while (!reads.ahead(columns, 700)) steps++;
        assert.equal(steps, Math.ceil(5000 / 700));
    });

    it("takes columns the parse worker read as they are, and reads only the others", () => {
        const { rows: whole } = rowsOf(JSON.stringify({ results: rows }));
        const given = whole.stringsAs(0, timeInBytes);
        const reads = new ColumnReads(whole);
        reads.give([{ c: 0, asTime: true, values: given }]);
        assert.equal(reads.whole(0, true), given, "the worker's array, not read again");
        assert.equal(reads.ahead(columns.slice(0, 1), 700), true, "nothing left to read");
        let steps = 0;
        while (!reads.ahead(columns, 700)) steps++;
        assert.equal(steps, Math.ceil(5000 / 700), "the value column alone");
        // A column read from other bytes (another result's) is not taken.
        const short = new ColumnReads(whole);
        short.give([{ c: 1, asTime: false, values: new Float64Array(3) }]);
        assert.deepEqual([...short.whole(1, false)], [...whole.doubles(1)]);
    });

    it("takes the worker's column in place of one the page began to read", () => {
        const { reads, whole } = readsOf();
        assert.equal(reads.ahead(columns, 700), false, "the page has begun the time column");
        const given = whole.stringsAs(0, timeInBytes);
        reads.give([{ c: 0, asTime: true, values: given }]);
        assert.equal(reads.whole(0, true), given);
        let steps = 0;
        while (!reads.ahead(columns, 700)) steps++;
        assert.equal(steps, Math.ceil(5000 / 700), "the value column alone is left");
    });
});

describe("rows lent to the parse worker", () => {
    const text = '{"columns":["n","s"],"results":[[3,"c"],[1,"a"],[2,"b"]]}';
    const loanOf = (t: string) => {
        const bytes = encoder.encode(t);
        const layout = new ObjectScanner(bytes, 0, bytes.length, "results", true).run();
        // As the page lends them: in slices, put back together in the worker.
        const parts = new ByteParts(bytes.byteLength);
        let whole = false;
        for (let offset = 0; offset < bytes.byteLength; offset += 7)
            whole = parts.add(offset, bytes.slice(offset, offset + 7));
        assert.ok(whole, "whole after the last slice");
        return { bytes: parts.bytes, layout };
    };

    it("sorts from a loan, keeps the keys after it, and reads no row without one", () => {
        const rows = new LentRows(3);
        const views = new RowViews(rows, [columnKind("Int64"), columnKind("String")]);
        const query = { sortColumn: 0, sortDir: "asc" as const, filter: "" };
        assert.throws(() => rows.with(null, () => views.order(query)), RowsNotLent);
        const order = rows.with(loanOf(text), () => views.order(query));
        assert.deepEqual([...(order ?? [])], [1, 2, 0]);
        assert.throws(() => rows.row(0), RowsNotLent, "let go of after the request");
        // The same column again needs only the cached keys, not the rows.
        const desc = rows.with(null, () => views.order({ ...query, sortDir: "desc" }));
        assert.deepEqual([...(desc ?? [])], [0, 2, 1]);
    });

    it("refuses a loan of another result's rows", () => {
        const rows = new LentRows(2);
        assert.throws(() => rows.with(loanOf(text), () => rows.row(0)), /lent 3 rows/);
    });
});
