// Helpers for tests that prove long work on the extension host gives its thread back: a large
// HogQL-shaped response, and a pacer that counts the turns the work asked for.
import { type Pacer, yieldToEventLoop } from "../src/api/eventLoop";

/** Rows in {@link largeResponse}. */
export const largeRowCount = 50_000;

/**
 * A HogQL-shaped response of {@link largeRowCount} rows with 20 mixed columns (texts, numbers,
 * nulls, arrays, dates), about 16 MB. With `wide`, the Int64 columns hold numbers wider than a
 * double (19 digits), as ClickHouse writes them.
 */
export function largeResponse({ wide = false } = {}): string {
    const columns = Array.from({ length: 20 }, (_, c) => `c${c}`);
    const types = columns.map((name, c) => [name, c % 4 === 1 ? "Int64" : "String"]);
    const rows: string[] = [];
    for (let i = 0; i < largeRowCount; i++) {
        const row: unknown[] = [];
        for (let c = 0; c < 20; c++) {
            if (c % 4 === 1) row.push(wide ? wideMark : i * 31 + c);
            else if (c % 4 === 2) row.push(i % 5 === 0 ? null : `value "${i}", with, commas`);
            else if (c % 4 === 3) row.push(["a", i % 7, { k: c }]);
            else row.push(`2024-01-01T00:00:${String(i % 60).padStart(2, "0")}Z row ${i}`);
        }
        const text = JSON.stringify(row);
        rows.push(wide ? text.replaceAll(`"${wideMark}"`, wideNumber(i)) : text);
    }
    return `{"columns":${JSON.stringify(columns)},"types":${JSON.stringify(types)},"results":[${rows.join(",")}],"hasMore":false}`;
}

const wideMark = "@wide";

/** A 19-digit Int64 value, which a double would round. */
export function wideNumber(i: number): string {
    return `92233720368${String(i).padStart(8, "0")}`;
}

/**
 * A pacer that gives the event loop a turn at every call and counts the calls: long work that asks
 * it between slices of bounded size can be checked without timing the machine (the longest task
 * itself is a bench figure, bench/host.mjs).
 */
export function countingPacer(): Pacer & { calls: number } {
    const pacer = {
        calls: 0,
        async pace() {
            pacer.calls++;
            await yieldToEventLoop();
            return true;
        },
    };
    return pacer;
}
