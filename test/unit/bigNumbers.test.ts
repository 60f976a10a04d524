// Every digit of wide numbers, from the wire to the export: the lossless JSON helpers, the byte
// scanner that locates rows without parsing them, the client's raw query path (against a local
// server whose bytes we control, so the test does not depend on the sandbox's engine), and the
// CSV/JSON/NDJSON export of a result.
import assert from "node:assert/strict";
import http from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { PostHogApiError, PostHogClient, readResponse } from "../../src/api";
import {
    compareNumbers,
    isBigNumber,
    mayHoldBigNumbers,
    needsBigNumber,
    parseLossless,
    stringifyLossless,
} from "../../src/shared/json/lossless";
import { yieldToEventLoop } from "../../src/api/eventLoop";
import { HttpTransport, resolveTimeouts } from "../../src/api/http";
import { ScanWhileReceiving } from "../../src/api/queryBytes";
import { ObjectScanner, rowsJson, textOf } from "../../src/shared/json/responseScan";
import { compressFromBytes, gzipped } from "../../src/resultsPanel/bytesCompression";
import { exportSlices } from "../../src/resultsPanel/exportFormats";
import { IncomingBytes } from "../../src/webview/results/incomingBytes";
import { waitFor } from "../waitFor";
import { makeClient, startSandbox } from "./api/helpers";
import {
    nextTurn,
    bytesMessages,
    ownBytes,
    resultOf,
    rowSlices,
    scanLayout,
} from "../../src/resultsPanel/resultSet";

/** One value of each wide type, as ClickHouse writes them into JSON. */
const wide = {
    uint64Max: "18446744073709551615",
    int64Min: "-9223372036854775808",
    beyond53: "9007199254740993",
    int128: "-170141183460469231731687303715884105728",
    uint256: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
    decimal: "1234567890123456789.0123456789",
    lost: "12345678901234567890",
};
const wideTexts = Object.values(wide);

/** A HogQL response text with the wide values as bare JSON numbers (every digit). */
function wideResponse(rows = 3): string {
    const types = wideTexts.map((_, i) => `["c${i}","${i < 3 ? "UInt64" : "Decimal(38, 10)"}"]`);
    const body: string[] = [];
    for (let r = 0; r < rows; r++) body.push(`[${wideTexts.join(",")},${r},"r\\"${r}\\u00e9"]`);
    return (
        `{"columns":[${wideTexts.map((_, i) => `"c${i}"`).join(",")},"n","s"],` +
        `"types":[${types.join(",")},["n","Int64"],["s","String"]],` +
        `"results":[${body.join(", ")}],"hasMore":false,"limit":null,` +
        `"hogql":"SELECT 18446744073709551615","clickhouse":"SELECT toUInt64(1)"}`
    );
}

describe("wide numbers keep every digit", () => {
    describe("lossless JSON", () => {
        it("parses wide numbers as their text and keeps doubles as numbers", () => {
            const parsed = parseLossless(
                `[${wideTexts.join(",")},1.5,42,-0.25,1e300]`,
            ) as unknown[];
            wideTexts.forEach((text, i) => {
                assert.ok(isBigNumber(parsed[i]), `${text} is kept as text`);
                assert.equal(String(parsed[i]), text);
            });
            assert.deepEqual(parsed.slice(wideTexts.length), [1.5, 42, -0.25, 1e300]);
            // What JSON.parse does to them, for the record: digits change.
            assert.notEqual(String(JSON.parse(wide.beyond53)), wide.beyond53);
            assert.notEqual(String(JSON.parse(wide.lost)), wide.lost);
        });

        it("writes them back as numbers, nested too", () => {
            const text = `{"a":[${wide.uint64Max},{"b":${wide.decimal}}],"s":"${wide.lost}"}`;
            assert.equal(stringifyLossless(parseLossless(text)), text);
            assert.equal(
                stringifyLossless(parseLossless(`[${wide.int64Min}]`), 2),
                `[\n  ${wide.int64Min}\n]`,
            );
        });

        it("knows which texts a double cannot hold", () => {
            assert.equal(needsBigNumber("9007199254740993"), true);
            assert.equal(needsBigNumber("123456789012345"), false);
            assert.equal(needsBigNumber("100000000000000000000"), false);
            assert.equal(needsBigNumber("0.000000000000000001"), false);
            assert.equal(needsBigNumber("-9223372036854775808"), true);
            // Decimals a double cannot print back keep their text; one it prints back exactly
            // (a Float64 as ClickHouse writes it) is a double. Integers never take that shortcut.
            assert.equal(needsBigNumber("1.2345678901234567891"), true);
            assert.equal(needsBigNumber("0.10000000000000000555"), true);
            assert.equal(needsBigNumber("1.2345678901234567E-7"), true);
            assert.equal(needsBigNumber("1.2345678901234567"), false);
            assert.equal(needsBigNumber("12.345678901234567"), false);
            assert.equal(needsBigNumber("12345678901234567000"), true);
        });

        it("takes the plain parse when no long digit run needs keeping", () => {
            // A Float64 column: long runs, all printed back by their doubles.
            const floats = '[[7142.857142857143,1.5,"a"],[-0.14285714285714285,2,null]]';
            assert.equal(mayHoldBigNumbers(floats), false);
            assert.deepEqual(parseLossless(floats), JSON.parse(floats));
            for (const text of [
                `[1.5,${wide.int64Min}]`,
                "[0.5,1.2345678901234567E-7]",
                "[7142.857142857143,12345678901234567000]",
                // A run inside a string also takes the exact parse: slower, never wrong.
                '["id-9007199254740993",1]',
            ])
                assert.equal(mayHoldBigNumbers(text), true, text);
            const kept = parseLossless("[7142.857142857143,9007199254740993]") as unknown[];
            assert.equal(kept[0], 7142.857142857143);
            assert.equal(String(kept[1]), "9007199254740993");
        });

        it("compares exactly across doubles and wide numbers", () => {
            const big = (s: string) => parseLossless(s) as number | string;
            const values = [
                big(wide.uint64Max),
                big("9007199254740993"),
                9007199254740992,
                big(wide.int64Min),
                -1.5,
                0,
                big(wide.decimal),
                big("1234567890123456789.0123456788"),
                1e21,
            ] as (number | String)[]; // eslint-disable-line @typescript-eslint/no-wrapper-object-types
            const sorted = [...values].sort((a, b) => compareNumbers(a, b)).map(String);
            assert.deepEqual(sorted, [
                wide.int64Min,
                "-1.5",
                "0",
                "9007199254740992",
                "9007199254740993",
                "1234567890123456789.0123456788",
                wide.decimal,
                wide.uint64Max,
                "1e+21",
            ]);
        });
    });

    describe("response scanner", () => {
        it("finds every top-level field and row as JSON.parse sees them", () => {
            const docs = [
                wideResponse(5),
                `{"results":[],"columns":[]}`,
                ` { "a" : "x\\\\" , "results" : [ [1, "]" ,{"k":[2]}] , [ ] , "s" , 3 ] , "z" : {"q":"}"} } `,
                `{"results":[["é漢字😀",null,true]],"e":"\\"quoted\\""}`,
            ];
            for (const doc of docs) {
                const bytes = new TextEncoder().encode(doc);
                const scan = new ObjectScanner(bytes).run();
                const parsed = JSON.parse(doc) as Record<string, unknown>;
                assert.deepEqual([...scan.fields.keys()], Object.keys(parsed));
                for (const [key, range] of scan.fields) {
                    assert.deepEqual(JSON.parse(textOf(bytes, range)), parsed[key], key);
                }
                const rows = parsed.results as unknown[];
                assert.equal(scan.rowStarts.length, rows.length);
                assert.deepEqual(JSON.parse(rowsJson(bytes, scan, 0, rows.length)), rows);
                if (rows.length > 1)
                    assert.deepEqual(JSON.parse(rowsJson(bytes, scan, 1, 2)), [rows[1]]);
            }
        });

        it("tells whether any number outside strings may be wider than a double", () => {
            const wideOf = (doc: string) =>
                new ObjectScanner(new TextEncoder().encode(doc)).run().wide;
            assert.equal(wideOf(wideResponse(1)), true);
            assert.equal(wideOf(`{"results":[[${wide.beyond53}]]}`), true, "in a row");
            assert.equal(wideOf(`{"limit":${wide.decimal},"results":[]}`), true, "top level");
            assert.equal(wideOf(`{"results":[["${wide.lost}",123456789012345,1.5]]}`), false);
        });

        it("scans in slices and rejects truncated JSON", () => {
            const bytes = new TextEncoder().encode(wideResponse(200));
            const scan = new ObjectScanner(bytes);
            let steps = 1;
            while (!scan.step(100)) steps++;
            assert.ok(steps > 50, `scanned in ${steps} slices`);
            assert.equal(scan.rowStarts.length, 200);
            assert.throws(() => new ObjectScanner(bytes.subarray(0, 500)).run(), SyntaxError);
        });
    });

    describe("response scanner, while the body arrives", () => {
        /** Everything a scan finds, to compare two scans of the same bytes. */
        const findings = (scan: ObjectScanner) => ({
            fields: [...scan.fields],
            rowStarts: scan.rowStarts,
            rowEnds: scan.rowEnds,
            cells: [...scan.cellStarts.subarray(0, scan.cellCount)],
            rowFirstCell: scan.rowFirstCell,
            wide: scan.wide,
        });
        // Strings longer than a chunk, escapes and a backslash at a chunk's end, digit runs
        // crossing chunks, nested values, a key cut in two.
        const long = "x".repeat(700);
        const docs = [
            wideResponse(40),
            ` { "a" : "x\\" , "results" : [ [1, "]" ,{"k":[2]}] , [ ] , "s" , 3 ] , "z" : {"q":"}"} } `,
            `{"results":[["${long}\\","\\"${long}",12345678901234567890123],[{"p":"${long}"}]],"columns":["a","b"],"hogql":"SELECT \\"x\\""}`,
            `{"a_key_that_is_long_enough_to_be_cut":[${"1".repeat(40)}],"results":[[1.5,"é漢字😀"]]}`,
        ];

        it("finds what a scan of the whole body finds, whatever the chunks", () => {
            for (const doc of docs) {
                const bytes = new TextEncoder().encode(doc);
                const whole = new ObjectScanner(bytes, 0, bytes.length, "results", true).run();
                for (const chunk of [1, 2, 3, 7, 64, 1000]) {
                    const scan = new ObjectScanner(bytes, 0, bytes.length, "results", true);
                    let done = false;
                    for (let received = chunk; !done; received += chunk) {
                        scan.arrived(received);
                        done = scan.step();
                        if (received >= bytes.length) assert.ok(done, "done with the last byte");
                    }
                    assert.deepEqual(findings(scan), findings(whole), `chunks of ${chunk}`);
                }
            }
        });

        it("waits at a string or value cut by the end of what arrived, and fails only at the end", () => {
            const bytes = new TextEncoder().encode(docs[2]);
            const scan = new ObjectScanner(bytes);
            const cut = docs[2].indexOf(long) + 10;
            scan.arrived(cut);
            assert.equal(scan.step(), false, "not done, no error inside a long string");
            assert.equal(scan.rowStarts.length, 1);
            scan.arrived(bytes.length);
            assert.equal(scan.step(), true);
            assert.equal(scan.rowStarts.length, 2);
            const truncated = bytes.subarray(0, cut);
            assert.throws(() => new ObjectScanner(truncated).run(), SyntaxError);
        });
        it("reads a string cut by the end of what arrived once, not again from its start", () => {
            // A 30 MB string in 64 KB chunks, searched from its start at each chunk, was read
            // 500 times over. Here a byte the search already passed is changed to a quote: read
            // again, it would end the string early and the rows would be wrong.
            const doc = `{"results":[["${"y".repeat(5000)}",1],[2]],"columns":["a"]}`;
            const bytes = new TextEncoder().encode(doc);
            const whole = new ObjectScanner(bytes.slice()).run();
            const scan = new ObjectScanner(bytes);
            scan.arrived(3000);
            assert.equal(scan.step(), false);
            bytes[2000] = 0x22;
            scan.arrived(bytes.length);
            assert.equal(scan.step(), true);
            assert.deepEqual(scan.rowEnds, whole.rowEnds);
            assert.deepEqual([...scan.fields], [...whole.fields]);
        });
    });

    describe("client: raw query results", () => {
        let server: http.Server;
        let client: PostHogClient;
        let respond: (req: http.IncomingMessage, res: http.ServerResponse) => void;
        const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        /** A bare transport on the test server (the client's, without its retries and parsing). */
        const transportOn = (options: { acceptGzip?: boolean } = {}) =>
            new HttpTransport({
                origin: origin(),
                apiKey: "phx_testtesttesttesttesttesttesttesttest",
                userAgent: "test",
                timeouts: resolveTimeouts(undefined),
                log: () => undefined,
                ...options,
            });

        before(async () => {
            server = http.createServer((req, res) => respond(req, res));
            await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
            client = new PostHogClient({
                host: origin(),
                apiKey: "phx_testtesttesttesttesttesttesttesttest",
                projectId: 1,
                retry: { baseDelayMs: 10, maxDelayMs: 20, maxWaitMs: 200 },
            });
        });
        after(async () => {
            await client.close();
            server.closeAllConnections();
            await new Promise((resolve) => server.close(resolve));
        });

        it("returns the bytes as received, with columns, flags, SQL and rows located", async () => {
            const text = wideResponse(3);
            respond = (_req, res) => {
                res.writeHead(200, { "content-type": "application/json" });
                res.end(text);
            };
            const raw = await client.runQuery({ kind: "HogQLQuery", query: "select" });
            assert.equal(Buffer.from(raw.bytes).toString("utf8"), text, "bytes unchanged");
            assert.equal(raw.layout.rowStarts.length, 3);
            assert.equal(raw.polled, false);
            const head = raw.layout.head;
            assert.deepEqual(head.columns, [...wideTexts.map((_, i) => `c${i}`), "n", "s"]);
            assert.equal(head.hogql, "SELECT 18446744073709551615");
            assert.equal("results" in head, false, "the rows are not parsed");
            const rows = parseLossless(rowsJson(raw.bytes, raw.layout, 0, 3)) as unknown[][];
            assert.deepEqual(rows[2].slice(0, wideTexts.length).map(String), wideTexts);
            assert.equal(rows[2][wideTexts.length + 1], 'r"2é');
        });

        it("scans the body while it arrives, in chunks with pauses between them", async () => {
            const text = wideResponse(400);
            const body = Buffer.from(text);
            let scannedBeforeEnd = -1;
            respond = (_req, res) => {
                res.writeHead(200, {
                    "content-type": "application/json",
                    "content-length": String(body.length),
                });
                // All but the last byte in 1 KB chunks, then a pause for the client to read them.
                const chunks: Buffer[] = [];
                for (let at = 0; at < body.length - 1; at += 1024)
                    chunks.push(body.subarray(at, Math.min(body.length - 1, at + 1024)));
                for (const chunk of chunks) res.write(chunk);
                setTimeout(() => res.end(body.subarray(body.length - 1)), 100);
            };
            const early = new ScanWhileReceiving();
            const onBody = early.onBody;
            let lastSeen: Uint8Array | null = null;
            const watching = (buffer: Uint8Array, received: number) => {
                // The rows found while the server paused before its last byte.
                if (received === body.length)
                    scannedBeforeEnd = early.begun(buffer)?.rowStarts.length ?? -1;
                onBody(buffer, received);
                lastSeen = buffer;
            };
            const transport = transportOn();
            const res = await transport
                .send({
                    method: "POST",
                    url: "/api/projects/1/query/",
                    raw: true,
                    onBody: watching,
                })
                .finally(() => transport.close());
            assert.ok(lastSeen, "onBody was called");
            assert.equal(scannedBeforeEnd, 400, "every row was found before the last byte came");
            const begun = early.begun(res.body ?? new Uint8Array(0));
            assert.ok(begun, "the scan begun while receiving goes on with the body");
            while (!begun.step()) await yieldToEventLoop();
            assert.equal(begun.rowStarts.length, 400);
            // And runQuery, which uses it, gives what a scan of the whole body gives.
            const raw = await client.runQuery({ kind: "HogQLQuery", query: "select" });
            assert.equal(Buffer.from(raw.bytes).toString("utf8"), text);
            const whole = new ObjectScanner(body).run();
            assert.deepEqual(raw.layout.rowStarts, whole.rowStarts);
            assert.deepEqual(raw.layout.rowEnds, whole.rowEnds);
        });

        for (const kind of ["gzip", "chunked"] as const) {
            it(`scans a ${kind} body of unknown length while it arrives, following its buffer as it grows`, async () => {
                const text = wideResponse(20_000);
                const body = Buffer.from(text);
                assert.ok(body.length > 3 << 20, `${body.length} bytes: the buffer grows twice`);
                const wire = kind === "gzip" ? gzipSync(body) : body;
                respond = (_req, res) => {
                    res.writeHead(200, {
                        "content-type": "application/json",
                        ...(kind === "gzip" ? { "content-encoding": "gzip" } : {}),
                    });
                    // In 16 KB chunks, then a pause before the last one.
                    const last = wire.length - 1;
                    for (let at = 0; at < last; at += 16 << 10)
                        res.write(wire.subarray(at, Math.min(last, at + (16 << 10))));
                    setTimeout(() => res.end(wire.subarray(last)), 100);
                };
                const early = new ScanWhileReceiving();
                const buffers: { size: number; received: number; moved: boolean }[] = [];
                /** The most rows the scan had found when a chunk came (before it was passed on). */
                let rowsWhileArriving = 0;
                let current: Uint8Array | null = null;
                const transport = transportOn({ acceptGzip: true });
                const res = await transport
                    .send({
                        method: "POST",
                        url: "/api/projects/1/query/",
                        raw: true,
                        onBody: (buffer, received, moved = false) => {
                            if (buffers.at(-1)?.size !== buffer.length || moved)
                                buffers.push({ size: buffer.length, received, moved });
                            const scan = current ? early.begun(current) : undefined;
                            rowsWhileArriving = Math.max(
                                rowsWhileArriving,
                                scan?.rowStarts.length ?? 0,
                            );
                            early.onBody(buffer, received, moved);
                            current = buffer;
                        },
                    })
                    .finally(() => transport.close());
                const data = res.body ?? new Uint8Array(0);
                assert.equal(Buffer.from(data).toString("utf8"), text, "every byte, in order");
                assert.equal(data.byteLength, data.buffer.byteLength, "a buffer of its own size");
                const moves = buffers.filter((b) => b.moved);
                assert.ok(moves.length >= 3, `grew twice, then exact: ${JSON.stringify(buffers)}`);
                assert.equal(moves.at(-1)?.size, body.length, "the last buffer is exact");
                // How far it got depends on how the inflating and the scan's slices share the
                // thread; that it began before the last byte is the point.
                assert.ok(
                    rowsWhileArriving > 0,
                    `rows found while the body arrived: ${rowsWhileArriving}`,
                );
                const begun = early.begun(data);
                assert.ok(begun, "the scan begun while receiving goes on with the body");
                while (!begun.step()) await yieldToEventLoop();
                const whole = new ObjectScanner(body).run();
                assert.deepEqual(begun.rowStarts, whole.rowStarts);
                assert.deepEqual(begun.rowEnds, whole.rowEnds);
                assert.deepEqual([...begun.fields.keys()], [...whole.fields.keys()]);
            });
        }

        it("scans what arrived a slice per turn of the event loop, never all in one task", async () => {
            const bytes = new TextEncoder().encode(wideResponse(20_000));
            assert.ok(bytes.length > 3 << 20, `${bytes.length} bytes: several slices`);
            const early = new ScanWhileReceiving();
            early.onBody(bytes, bytes.length);
            const scan = early.begun(bytes);
            assert.ok(scan);
            assert.equal(scan.rowStarts.length, 0, "nothing scanned in the chunk's own task");
            await yieldToEventLoop();
            const afterOne = scan.rowStarts.length;
            assert.ok(afterOne > 0 && afterOne < 20_000, `one slice: ${afterOne} rows`);
            await waitFor("the scan to catch up", async () => {
                await yieldToEventLoop();
                return scan.done;
            });
            assert.equal(scan.rowStarts.length, 20_000);
        });

        it("polls a background run and keeps only the finished result's bytes", async () => {
            const inner = wideResponse(2);
            let polls = 0;
            respond = (req, res) => {
                res.writeHead(req.method === "POST" ? 202 : 200, {
                    "content-type": "application/json",
                });
                if (req.method === "POST") {
                    res.end(`{"query_status":{"id":"q1","complete":false}}`);
                    return;
                }
                polls++;
                res.end(
                    polls < 2
                        ? `{"query_status":{"id":"q1","complete":false,"error":false}}`
                        : `{"query_status":{"id":"q1","complete":true,"error":false,"results":${inner}}}`,
                );
            };
            const raw = await client.runQuery(
                { kind: "HogQLQuery", query: "select" },
                { pollInterval: { initialMs: 5, maxMs: 5 } },
            );
            assert.equal(raw.polled, true);
            assert.equal(polls, 2);
            assert.equal(Buffer.from(raw.bytes).toString("utf8"), inner);
            assert.equal(raw.layout.rowStarts.length, 2);
        });

        const unreadable = [
            {
                test: "names a 200 HTML page (a sign-in proxy's) as a web page, not a truncated response",
                type: "text/html",
                body: "<!doctype html><html><title>Sign in</title><form></form></html>",
                code: "html_response",
                says: /web page instead of data/,
            },
            {
                test: "says a query response cut short is malformed, naming the request that got it",
                type: "application/json",
                body: '{"columns":["a"],"results":[[1],[2',
                code: "invalid_json",
                says: /truncated or malformed/,
            },
        ];
        for (const { test, type, body, code, says } of unreadable) {
            it(test, async () => {
                respond = (_req, res) => {
                    res.writeHead(200, { "content-type": type });
                    res.end(body);
                };
                await assert.rejects(
                    client.runQuery({ kind: "HogQLQuery", query: "select" }),
                    (err: unknown) =>
                        err instanceof PostHogApiError &&
                        err.code === code &&
                        err.method === "POST" &&
                        says.test(err.userMessage),
                );
            });
        }

        it("maps error statuses as the parsed path does", async () => {
            respond = (_req, res) => {
                res.writeHead(400, { "content-type": "application/json" });
                res.end(`{"type":"validation_error","code":"invalid_input","detail":"Bad query."}`);
            };
            await assert.rejects(
                client.runQuery({ kind: "HogQLQuery", query: "select" }),
                (err: unknown) => err instanceof PostHogApiError && err.status === 400,
            );
        });
    });

    describe("client: the layout and the parsed response on the sandbox", () => {
        it("agree on columns, types, flags and rows", async () => {
            const sb = await startSandbox();
            const { client } = makeClient(sb);
            try {
                const query = {
                    kind: "HogQLQuery",
                    query: "SELECT event, count() AS c FROM events GROUP BY event ORDER BY c DESC, event",
                };
                const raw = await client.runQuery(query);
                const parsed = await readResponse(raw);
                const { results, ...head } = parsed as unknown as Record<string, unknown>;
                assert.deepEqual(
                    parseLossless(Buffer.from(raw.bytes).toString("utf8")),
                    parsed,
                    "the parsed response is the bytes' whole parse",
                );
                for (const key of ["columns", "types", "hasMore", "limit", "hogql", "clickhouse"])
                    assert.deepEqual(raw.layout.head[key], head[key], key);
                const count = raw.layout.rowStarts.length;
                const rows = parseLossless(rowsJson(raw.bytes, raw.layout, 0, count));
                assert.deepEqual(rows, results);
                assert.ok(count > 1);
            } finally {
                await client.close();
                await sb.close();
            }
        });
    });

    describe("posting bytes", () => {
        it("gives the webview plain Uint8Arrays that own their buffer", () => {
            const pooled = Buffer.from('{"results":[[1]]}'); // a view into Node's shared pool
            assert.notEqual(pooled.buffer.byteLength, pooled.byteLength);
            const posted = ownBytes(pooled);
            assert.equal(posted.constructor, Uint8Array, "a Buffer is serialised as JSON");
            assert.equal(posted.byteOffset, 0);
            assert.equal(posted.buffer.byteLength, pooled.byteLength, "no other pool data");
            assert.deepEqual([...posted], [...pooled]);
            const own = new TextEncoder().encode("x".repeat(100));
            assert.equal(
                ownBytes(Buffer.from(own.buffer)).buffer,
                own.buffer,
                "no copy when whole",
            );
        });

        it("sends a large result in parts that own their buffers and go back together", () => {
            const text = `{"results":[${Array.from({ length: 500 }, (_, i) => `[${i},"r${i}"]`)}]}`;
            const bytes = Buffer.from(text);
            const parts = [...bytesMessages("0", bytes, 1000)];
            assert.equal(parts.length, Math.ceil(bytes.byteLength / 1000));
            for (const m of parts) {
                assert.equal(m.part.constructor, Uint8Array, "a Buffer is serialised as JSON");
                assert.equal(m.part.buffer.byteLength, m.part.byteLength, "only its own bytes");
                assert.equal(m.total, bytes.byteLength);
            }
            const incoming = new IncomingBytes();
            const whole = parts.map((m) => incoming.add(m));
            assert.ok(
                whole.slice(0, -1).every((b) => b === null),
                "not whole before the last",
            );
            assert.equal(new TextDecoder().decode(whole.at(-1) ?? undefined), text);
            // A small result: one message, its bytes as they are.
            const small = [...bytesMessages("1", new TextEncoder().encode("{}"))];
            assert.equal(small.length, 1);
            assert.equal(new TextDecoder().decode(incoming.add(small[0]) ?? undefined), "{}");
        });

        it("sends compressed bytes in parts marked gzip, which inflate to the response as received", async () => {
            const text = `{"results":[${Array.from({ length: 10_000 }, (_, i) => `[${i},"r${i % 7}"]`)}]}`;
            const bytes = Buffer.from(text);
            assert.ok(bytes.byteLength >= compressFromBytes, "a result the panel compresses");
            const packed = await gzipped(bytes);
            assert.ok(packed, "compressed");
            // A page shown again asks for the same bytes: they are not compressed again.
            assert.equal(await gzipped(bytes), packed, "compressed once");
            assert.ok(packed.byteLength < bytes.byteLength / 3, `${packed.byteLength} bytes`);
            const parts = [...bytesMessages("0", packed, 1000, "gzip")];
            assert.ok(parts.length > 1);
            for (const m of parts) {
                assert.equal(m.encoding, "gzip");
                assert.equal(m.total, packed.byteLength, "offsets count compressed bytes");
            }
            const incoming = new IncomingBytes();
            const whole = parts.map((m) => incoming.add(m)).at(-1);
            assert.ok(whole);
            assert.equal(gunzipSync(whole).toString(), text);
            // Plain bytes carry no encoding.
            for (const m of bytesMessages("1", bytes, 1000)) assert.equal(m.encoding, undefined);
        });
    });

    describe("export", () => {
        async function exported(format: "csv" | "json" | "ndjson", rows: number): Promise<string> {
            const bytes = new TextEncoder().encode(wideResponse(rows));
            const layout = await scanLayout(bytes, nextTurn);
            const set = resultOf(bytes, layout, { title: "t", queryText: "", durationMs: 0 });
            let out = "";
            for await (const part of exportSlices(set.meta.columns, rowSlices(set), format))
                out += part;
            return out;
        }

        it("writes every digit to CSV, JSON and NDJSON, over several slices", async () => {
            const csv = (await exported("csv", 4500)).split("\r\n");
            assert.equal(csv.length, 4502);
            assert.equal(csv[4500], `${wideTexts.join(",")},4499,"r""4499é"`);
            const json = await exported("json", 4500);
            const parsed = parseLossless(json) as Record<string, unknown>[];
            assert.equal(parsed.length, 4500);
            assert.deepEqual(
                wideTexts.map((_, i) => String(parsed[4499][`c${i}`])),
                wideTexts,
                "JSON keeps the digits",
            );
            assert.match(json, new RegExp(`"c0":${wide.uint64Max},`), "as a number, not a string");
            const nd = (await exported("ndjson", 2)).trim().split("\n");
            assert.equal(nd.length, 2);
            assert.match(nd[1], new RegExp(`"c1":${wide.int64Min},"c2":${wide.beyond53},`));
            assert.equal(await exported("json", 0), "[]\n");
        });
    });
});
