// Every digit on every path: the hostile server answers a query with numbers a double cannot hold
// (2^53 + 1, UInt64 and Int64 bounds, Int128, a wide Decimal, and such numbers nested in a map
// and an array) beside small ones, in each way PostHog can deliver a result: a blocking 200, a
// completed status inside the 200, a background run polled to completion, and a gzip body. The
// parsed path (`runQuery`: language model tools, drafting, saved-query tables) and the grid's
// (`runQueryRaw`) must both give every one back with every digit, and small numbers as numbers.
// The parsed path's lost digits are the figure "big integers on the parsed path: digits lost".
import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { PostHogClient } from "../../src/api";
import { parseLossless, stringifyLossless } from "../../src/shared/json/lossless";
import { rowsJson } from "../../src/shared/json/responseScan";
import { all, succeeds, type Env, type Scenario } from "./harness";
import { json } from "./hostileServer";
import type { Figure } from "./run";

/** Cells a double cannot hold, as the JSON text each must read back as. */
const WIDE = [
    "9007199254740993", // 2^53 + 1: the first integer a double skips
    "12345678901234567890", // a UInt64 beyond Int64
    "-9223372036854775808", // Int64's least
    "18446744073709551615", // UInt64's greatest
    "-170141183460469231731687303715884105728", // Int128's least
    "1234567890.1234567890123456789", // a Decimal(38, 19)
    '{"id":9007199254740993}', // a map holding one
    "[12345678901234567890,-9223372036854775808]", // an array holding two
];
/** Cells a double holds: they must stay numbers. */
const SMALL = ["7", "-5", "1.5", "7142.857142857143"];
const ROW = `[${[...WIDE, ...SMALL].join(",")}]`;
const COLUMNS = [...WIDE, ...SMALL].map((_, i) => `c${i}`);
const RESPONSE =
    `{"columns":${JSON.stringify(COLUMNS)},"results":[${ROW}],"hasMore":false,` +
    `"hogql":"SELECT ..."}`;
const completed = (id: string) =>
    `{"query_status":{"id":"${id}","team_id":1,"complete":true,"error":false,"results":${RESPONSE}}}`;
const running = (id: string) =>
    `{"query_status":{"id":"${id}","team_id":1,"complete":false,"error":false,"query_async":true}}`;

/** Digits the parsed path lost, and numbers it read, over the scenarios run. */
const tally = { lost: 0, wide: 0 };

/**
 * Digits of `got` that are not those of `expected`, place by place (a rounded
 * `12345678901234567000` has lost 2 of `12345678901234567890`), plus any missing.
 */
export function digitsLost(expected: string, got: string): number {
    const want = expected.replace(/\D/g, "");
    const have = got.replace(/\D/g, "");
    let lost = Math.max(0, want.length - have.length);
    for (let i = 0; i < Math.min(want.length, have.length); i++) if (want[i] !== have[i]) lost++;
    return lost;
}

/**
 * What is wrong with a row as read back: a value whose JSON text is not the one sent, or a small
 * number that is not a number. `count` adds its wide values and lost digits to the tally.
 */
function rowProblems(row: unknown, where: string, count: boolean): string[] {
    if (!Array.isArray(row)) return [`${where}: the row is ${stringifyLossless(row)}`];
    const problems: string[] = [];
    WIDE.forEach((want, i) => {
        const got = stringifyLossless(row[i]);
        if (count) {
            tally.wide++;
            tally.lost += digitsLost(want, got);
        }
        if (got !== want) problems.push(`${where}: ${want} read as ${got}`);
    });
    SMALL.forEach((want, k) => {
        const got: unknown = row[WIDE.length + k];
        if (typeof got !== "number" || String(got) !== want)
            problems.push(`${where}: ${want} read as ${typeof got} ${stringifyLossless(got)}`);
    });
    return problems;
}

type Delivery = {
    name: string;
    handler: (res: ServerResponse, method: string) => void;
    gzip?: boolean;
};

const deliveries: Delivery[] = [
    { name: "a blocking 200", handler: (res) => json(res, 200, RESPONSE) },
    { name: "a completed status in the 200", handler: (res) => json(res, 200, completed("q1")) },
    {
        name: "a background run polled to completion",
        handler: (res, method) =>
            method === "POST" ? json(res, 202, running("q1")) : json(res, 200, completed("q1")),
    },
    {
        name: "a gzip body",
        handler: (res) => {
            const body = gzipSync(RESPONSE);
            res.writeHead(200, {
                "content-type": "application/json",
                "content-encoding": "gzip",
                "content-length": String(body.length),
            });
            res.end(body);
        },
        gzip: true,
    },
];

const HOGQL = { kind: "HogQLQuery", query: "SELECT wide numbers" };

/**
 * A scenario reading the result through `d`: `read` runs the client and returns what is wrong
 * with what it read.
 */
function digitScenario(
    name: string,
    d: Delivery,
    read: (env: Env, client: PostHogClient) => Promise<string[]>,
): Scenario {
    let problems: string[] = [];
    return {
        group: "every digit",
        name: `${name} through ${d.name}`,
        handler: (req, res) => d.handler(res, req.method ?? "GET"),
        run: async (env) => {
            problems = [];
            problems = await read(env, env.client(d.gzip ? { acceptGzip: true } : {}));
        },
        check: all(succeeds(), () => (problems.length ? problems.join("; ") : undefined)),
    };
}

/** The parsed path and the grid's, through each delivery. */
export function bigIntegerScenarios(): Scenario[] {
    tally.lost = 0;
    tally.wide = 0;
    return deliveries.flatMap((d) => [
        digitScenario("runQuery (parsed)", d, async (env, client) => {
            const r = await client.runQuery<{ results?: unknown[][] }>(HOGQL, {
                pollInterval: env.poll,
            });
            const sent = parseLossless(r.rawText) as { results?: unknown[][] };
            return [
                ...rowProblems(r.response.results?.[0], "response", true),
                // The text the grid is sent when a language model tool shows its result.
                ...rowProblems(sent.results?.[0], "rawText", true),
            ];
        }),
        digitScenario("runQueryRaw (grid)", d, async (env, client) => {
            const r = await client.runQueryRaw(HOGQL, { pollInterval: env.poll });
            const rows = parseLossless(rowsJson(r.bytes, r, 0, r.rowCount)) as unknown[];
            return rowProblems(rows[0], "rows", false);
        }),
    ]);
}

/** The figure: digits the parsed path lost over every wide number it read. */
export function bigIntegerFigure(): Figure {
    return {
        name: "big integers on the parsed path: digits lost",
        value: `${tally.lost} (of ${tally.wide} wide numbers read)`,
        rule: "0",
        ok: tally.lost === 0,
    };
}
