/* global performance, setInterval, clearInterval, setImmediate, TextEncoder */
// Extension-host figures: from a query response's bytes arriving over HTTP to the message the
// results panel posts, how long is the longest stretch the host's one thread is busy (every other
// extension waits that long)? Ours (runQuery: bytes kept, sliced scan, small fields parsed)
// against the earlier parse-then-post path (the client's lossless parsed call: decode +
// JSON.parse, then the first rows and `TextEncoder.encode` of the text), in the same process, on
// the same bytes, over real HTTP from a server in another process. And the parsed response that
// the language model tools and saved-query tables read (readResponse over the run's bytes)
// against that same parse. Also the big-number round trip on the host (export formats).
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";

const RUNS = 3;

/**
 * Serves `file` at any path from a child process (so serving never blocks the measured loop),
 * with its Content-Length as the sandbox and PostHog send it (Django's CommonMiddleware sets it
 * on PostHog's non-streaming query responses; see test/sandbox/server.ts send): the client then
 * scans the body while it arrives (queryBytes.ts ScanWhileReceiving).
 */
async function serveFile(file) {
    // A client that accepts gzip gets the body compressed (level 6), as PostHog's gzip
    // middleware sends query responses (test/sandbox/gzip.ts).
    const code = `
        const fs = require("fs"); const body = fs.readFileSync(${JSON.stringify(file)});
        const zipped = require("zlib").gzipSync(body, { level: 6 });
        const s = require("http").createServer((req, res) => {
            req.resume();
            req.on("end", () => {
                if (/\\bgzip\\b/.test(req.headers["accept-encoding"] || "")) {
                    res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": zipped.length });
                    res.end(zipped);
                    return;
                }
                res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
                res.end(body);
            });
        });
        s.listen(0, "127.0.0.1", () => console.log(s.address().port));`;
    const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
    const port = await new Promise((resolve) =>
        child.stdout.once("data", (d) => resolve(Number(d))),
    );
    return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Runs `fn` while a 1 ms timer watches the thread; returns the longest gap between its ticks. */
async function longestTask(fn) {
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
    }, 1);
    // Let the timer start ticking before the work.
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = performance.now();
    const t0 = performance.now();
    const result = await fn();
    const total = performance.now() - t0;
    const end = performance.now();
    longest = Math.max(longest, end - last);
    clearInterval(timer);
    return { longest, total, result };
}

/**
 * A full garbage collection, between measured runs: each run starts from a clean heap, so a
 * collection of the garbage one path left (the baseline's parsed rows) does not land in the
 * next path's run. Runs in turn, the gzip path's garbage put an 80-90 ms collection into the
 * plain path's run that followed it.
 */
const collectGarbage = (() => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc");
    return () => gc();
})();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function hostFigures(root, text) {
    const require = createRequire(import.meta.url);
    const api = require(path.join(root, "out", "src", "api", "index.js"));
    const results = require(path.join(root, "out", "src", "resultsPanel", "resultSet.js"));
    const file = path.join(os.tmpdir(), `posthog-bench-response-${process.pid}.json`);
    fs.writeFileSync(file, text);
    const server = await serveFile(file);
    const client = new api.PostHogClient({
        host: server.origin,
        apiKey: "phx_benchbenchbenchbenchbenchbenchbenchbench",
        projectId: 1,
    });
    // The same, as a remote host is asked: for a gzip body (decompressed as it arrives).
    const zipping = new api.PostHogClient({
        host: server.origin,
        apiKey: "phx_benchbenchbenchbenchbenchbenchbenchbench",
        projectId: 1,
        acceptGzip: true,
    });
    const query = { kind: "HogQLQuery", query: "SELECT * FROM events LIMIT 50000" };
    const info = { title: "bench", queryText: query.query, durationMs: 0 };
    // The earlier path: the client's call decodes and parses the text (every digit kept), as the
    // parsed runQuery did for a blocking answer; the panel takes the first rows and encodes the
    // text to bytes for postMessage. (`core` is private in TypeScript only.)
    const parsedCall = () =>
        client.core.call(
            {
                method: "POST",
                url: "/api/projects/1/query/",
                body: { query },
                mode: "once",
                context: { query: true },
                lossless: true,
            },
            {},
        );
    const baseline = async () => {
        const res = await parsedCall();
        await new Promise((resolve) => setImmediate(resolve)); // the runner's awaits between
        const rows = res.data.results;
        const firstRows = rows.slice(0, 200);
        const bytes = new TextEncoder().encode(res.text);
        return { bytes, firstRows, rowCount: rows.length };
    };
    // Ours: bytes as received, sliced scan, the page's entry from the result.
    const ours = async (c = client) => {
        const run = await c.runQuery(query);
        const set = results.resultOf(run.bytes, run.layout, info);
        const bytes = new Uint8Array(set.bytes.buffer, set.bytes.byteOffset, set.bytes.byteLength);
        const rowCount = run.layout.rowStarts.length;
        return { bytes, firstRowsJson: set.firstRowsJson, rowCount };
    };
    const oursGzip = () => ours(zipping);
    // The parsed response, for the callers that read it: from the run's bytes, against the parse.
    const parsedOurs = async () => {
        const response = await api.readResponse(await client.runQuery(query));
        return { rowCount: response.results.length };
    };
    const parsedBase = async () => ({ rowCount: (await parsedCall()).data.results.length });
    const runs = { baseline: [], ours: [], gzip: [], parsedOurs: [], parsedBase: [] };
    try {
        await baseline(); // warm-up (JIT, sockets)
        await ours();
        await oursGzip();
        await parsedOurs();
        for (let i = 0; i < RUNS; i++) {
            collectGarbage();
            runs.baseline.push(await longestTask(baseline));
            collectGarbage();
            runs.ours.push(await longestTask(ours));
            collectGarbage();
            runs.gzip.push(await longestTask(oursGzip));
            collectGarbage();
            runs.parsedBase.push(await longestTask(parsedBase));
            collectGarbage();
            runs.parsedOurs.push(await longestTask(parsedOurs));
        }
    } finally {
        await client.close();
        await zipping.close();
        server.stop();
        fs.rmSync(file, { force: true });
    }
    const rowCounts = new Set(Object.values(runs).flatMap((r) => r.map((x) => x.result.rowCount)));
    if (rowCounts.size !== 1) throw new Error(`row counts differ: ${[...rowCounts]}`);
    return {
        oursLongest: median(runs.ours.map((r) => r.longest)),
        baselineLongest: median(runs.baseline.map((r) => r.longest)),
        oursTotal: median(runs.ours.map((r) => r.total)),
        gzipLongest: median(runs.gzip.map((r) => r.longest)),
        gzipTotal: median(runs.gzip.map((r) => r.total)),
        baselineTotal: median(runs.baseline.map((r) => r.total)),
        parsedLongest: median(runs.parsedOurs.map((r) => r.longest)),
        parsedBaselineLongest: median(runs.parsedBase.map((r) => r.longest)),
        parsedTotal: median(runs.parsedOurs.map((r) => r.total)),
        parsedBaselineTotal: median(runs.parsedBase.map((r) => r.total)),
    };
}

/** One value of each wide type, as ClickHouse writes them into JSON. */
export const wideValues = [
    ["u64", "UInt64", "18446744073709551615"],
    ["i64", "Int64", "-9223372036854775808"],
    ["n53", "Int64", "9007199254740993"],
    ["i128", "Int128", "-170141183460469231731687303715884105728"],
    ["u128", "UInt128", "340282366920938463463374607431768211455"],
    [
        "i256",
        "Int256",
        "-57896044618658097711785492504343953926634992332820282019728792003956564819968",
    ],
    [
        "u256",
        "UInt256",
        "115792089237316195423570985008687907853269984665640564039457584007913129639935",
    ],
    ["d38", "Decimal(38, 10)", "1234567890123456789012345678.0123456789"],
    [
        "d76",
        "Decimal(76, 20)",
        "-12345678901234567890123456789012345678901234567890.12345678901234567890",
    ],
];

/** A response holding each wide value as a bare JSON number, in 3 rows. */
export function wideResponseText() {
    const row = `[${wideValues.map((v) => v[2]).join(",")}]`;
    return (
        `{"columns":${JSON.stringify(wideValues.map((v) => v[0]))},` +
        `"types":${JSON.stringify(wideValues.map((v) => [v[0], v[1]]))},` +
        `"results":[${row},${row},${row}],"hasMore":false}`
    );
}

/** Host side of the round trip: the result's first rows and every export format. */
export async function hostRoundTrip(root) {
    const require = createRequire(import.meta.url);
    const results = require(path.join(root, "out", "src", "resultsPanel", "resultSet.js"));
    const formats = require(path.join(root, "out", "src", "resultsPanel", "exportFormats.js"));
    const lossless = require(path.join(root, "out", "src", "shared", "json", "lossless.js"));
    const bytes = new TextEncoder().encode(wideResponseText());
    const layout = await results.scanLayout(bytes, results.nextTurn);
    const set = results.resultOf(bytes, layout, { title: "w", queryText: "", durationMs: 0 });
    const expected = wideValues.map((v) => v[2]);
    let checked = 0;
    let changed = 0;
    const compare = (values) => {
        values.forEach((v, i) => {
            checked++;
            if (String(v) !== expected[i]) changed++;
        });
    };
    for (const row of lossless.parseLossless(set.firstRowsJson)) compare(row);
    for (const format of ["csv", "json", "ndjson"]) {
        let out = "";
        const slices = results.rowSlices(set);
        for await (const part of formats.exportSlices(set.meta.columns, slices, format))
            out += part;
        if (format === "csv") {
            for (const line of out.trim().split("\r\n").slice(1)) compare(line.split(","));
        } else {
            const objects =
                format === "json"
                    ? lossless.parseLossless(out)
                    : out.trim().split("\n").map(lossless.parseLossless);
            for (const o of objects) compare(wideValues.map((v) => o[v[0]]));
            // As numbers in the text, not as strings.
            for (const v of expected) if (!out.includes(`:${v}`)) changed++;
        }
    }
    return { checked, changed };
}

/**
 * Longest extension-host task while exporting the 50k x 20 result to CSV and while building Open
 * JSON's text, ours (500-row slices with a turn of the event loop between, cancellable) against
 * the previous paths in the same process on the same result: the export in 2,000-row slices,
 * and Open JSON's text built in one go.
 */
export async function exportFigures(root, text) {
    const require = createRequire(import.meta.url);
    const out = (f) => path.join(root, "out", "src", "resultsPanel", f);
    const results = require(out("resultSet.js"));
    const formats = require(out("exportFormats.js"));
    const writer = require(out("exportWriter.js"));
    const { textOf } = require(path.join(root, "out", "src", "shared", "json", "responseScan.js"));
    const info = { title: "bench", queryText: "", durationMs: 0 };
    const set = await results.resultFromText(text, info, results.nextTurn);
    const file = path.join(os.tmpdir(), `posthog-bench-export-${process.pid}.csv`);
    // The previous export's pace: a turn of the event loop after every 2,000 rows (20 of
    // rowSlices' 100-row slices), however long they took.
    const everyTwentySlices = () => {
        let slices = 0;
        return {
            async pace() {
                if (++slices % 20 !== 0) return false;
                await results.nextTurn();
                return true;
            },
        };
    };
    const previousExport = async () => {
        const slices = formats.exportSlices(
            set.meta.columns,
            results.rowSlices(set, everyTwentySlices()),
            "csv",
        );
        const stream = fs.createWriteStream(file);
        for await (const slice of slices) {
            if (!stream.write(slice)) await new Promise((r) => stream.once("drain", r));
        }
        await new Promise((r) => stream.end(r));
    };
    const oneTaskJson = async () => {
        const layout = await results.layoutOf(set, results.nextTurn);
        const rows = layout.rowStarts.map((start, r) =>
            textOf(set.bytes, { start, end: layout.rowEnds[r] }),
        );
        return formats.editorJson(layout.head, rows);
    };
    const runs = { exportOurs: [], exportBase: [], jsonOurs: [], jsonBase: [] };
    try {
        for (let i = 0; i < RUNS; i++) {
            runs.exportBase.push(await longestTask(previousExport));
            runs.exportOurs.push(await longestTask(() => writer.exportToFile(set, "csv", file)));
            runs.jsonBase.push(await longestTask(oneTaskJson));
            runs.jsonOurs.push(await longestTask(() => formats.editorJsonOf(set)));
        }
    } finally {
        fs.rmSync(file, { force: true });
    }
    const longest = (key) => median(runs[key].map((r) => r.longest));
    return {
        exportOurs: longest("exportOurs"),
        exportBaseline: longest("exportBase"),
        jsonOurs: longest("jsonOurs"),
        jsonBaseline: longest("jsonBase"),
    };
}

/**
 * Longest extension-host task while the reload store saves the 50k x 20 result and loads it back
 * (a window reload), ours (the bytes as received and a small meta file, storeFormat.ts, with
 * Node's fs as the store uses for a local storage folder) against a store of the parsed result
 * (stringify to save, parse to load), in the same process on the same result.
 */
export async function storeFigures(root, text) {
    const require = createRequire(import.meta.url);
    const out = (f) => path.join(root, "out", "src", "resultsPanel", f);
    const results = require(out("resultSet.js"));
    const format = require(out("storeFormat.js"));
    const info = { title: "bench", queryText: "", durationMs: 0 };
    const set = await results.resultFromText(text, info, results.nextTurn);
    const parsed = JSON.parse(text);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-bench-store-"));
    const file = (name) => path.join(dir, name);
    const ours = {
        save: async () => {
            await fs.promises.writeFile(file("r.0.json"), set.bytes);
            await fs.promises.writeFile(file("r.meta.json"), format.storedMetaBytes([set]));
        },
        load: async () => {
            const meta = await fs.promises.readFile(file("r.meta.json"));
            const sets = await format.resultsFromStored(meta, (i) =>
                fs.promises.readFile(file(`r.${i}.json`)),
            );
            return sets[0].meta.rowCount;
        },
    };
    const baseline = {
        save: () => fs.promises.writeFile(file("p.json"), JSON.stringify(parsed)),
        load: async () =>
            JSON.parse(await fs.promises.readFile(file("p.json"), "utf8")).results.length,
    };
    const runs = { oursSave: [], oursLoad: [], baseSave: [], baseLoad: [] };
    try {
        for (let i = 0; i <= RUNS; i++) {
            const measured = [
                await longestTask(ours.save),
                await longestTask(ours.load),
                await longestTask(baseline.save),
                await longestTask(baseline.load),
            ];
            if (measured[1].result !== measured[3].result)
                throw new Error("stored row counts differ");
            if (i === 0) continue; // warm-up
            runs.oursSave.push(measured[0].longest);
            runs.oursLoad.push(measured[1].longest);
            runs.baseSave.push(measured[2].longest);
            runs.baseLoad.push(measured[3].longest);
        }
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
    return {
        saveOurs: median(runs.oursSave),
        saveBaseline: median(runs.baseSave),
        loadOurs: median(runs.oursLoad),
        loadBaseline: median(runs.baseLoad),
    };
}
