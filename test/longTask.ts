// Helpers for tests that prove long work on the extension host gives its thread back: a large
// HogQL-shaped response, and a watch on the event loop that reports the longest task.
import fs from "node:fs";

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

const schedstat = `/proc/self/task/${process.pid}/schedstat`;

/**
 * CPU time of this process's main thread in ms: Linux's per-thread schedstat (nanoseconds on a
 * CPU), else the whole process's CPU time. The whole process's time also counts V8's GC helper
 * threads and libuv's file-writing threads, which run beside the event loop, not in it: a fresh-
 * clone CI run counted a 52.6 ms "task" that way while the main thread was descheduled (process
 * CPU is 1.5-1.8x the main thread's during these exports here).
 */
const mainThreadCpuMs: () => number = fs.existsSync(schedstat)
    ? () => Number(fs.readFileSync(schedstat, "utf8").split(" ")[0]) / 1e6
    : () => {
          const cpu = process.cpuUsage();
          return (cpu.user + cpu.system) / 1000;
      };

/**
 * Runs `work` while a chain of setImmediate callbacks watches the event loop, and returns the
 * longest task that ran meanwhile. A gap between two turns counts as the smaller of its wall time
 * and the CPU time the main thread used in it: on this shared machine the process can be
 * descheduled for 100 ms or more, a gap that is no task of ours, while a real 50 ms task uses
 * 50 ms of the main thread's CPU.
 */
export async function longestTask<T>(
    work: () => Promise<T>,
): Promise<{ value: T; longest: number }> {
    let longest = 0;
    let last = performance.now();
    let lastCpu = mainThreadCpuMs();
    let running = true;
    const tick = () => {
        const now = performance.now();
        const cpu = mainThreadCpuMs();
        longest = Math.max(longest, Math.min(now - last, cpu - lastCpu));
        last = now;
        lastCpu = cpu;
        if (running) setImmediate(tick);
    };
    setImmediate(tick);
    try {
        const value = await work();
        return { value, longest };
    } finally {
        running = false;
    }
}
