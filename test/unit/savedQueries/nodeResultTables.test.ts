import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseLossless, stringifyLossless } from "../../../src/shared/json/lossless";
import { chartHintOf } from "../../../src/resultsPanel/chartHint";
import { knownLayout, resultFromText } from "../../../src/resultsPanel/resultSet";
import { tablesFor } from "../../../src/savedQueries/nodeResultTables";

describe("result tables for query kinds", () => {
    it("turns trends series into rows of day x series, opening as lines, and a summary with sparklines", () => {
        const series = (label: string, data: number[]) => ({
            action: { name: label, order: 0 },
            label,
            count: data.reduce((a, b) => a + b, 0),
            data,
            days: ["2024-05-01", "2024-05-02", "2024-05-03"],
        });
        const [byDay, summary] = tablesFor("TrendsQuery", {
            results: [series("$pageview", [1, 5, 3]), series("$pageview", [0, 0, 2])],
            is_cached: false,
        });
        assert.deepEqual(byDay.columns, ["day", "$pageview", "$pageview #2"]);
        assert.deepEqual(byDay.results, [
            ["2024-05-01", 1, 0],
            ["2024-05-02", 5, 0],
            ["2024-05-03", 3, 2],
        ]);
        assert.deepEqual(byDay.types[0], ["day", "Date"]);
        assert.equal(byDay.is_cached, false);
        assert.deepEqual(summary.columns, ["series", "total", "min", "max", "trend"]);
        assert.deepEqual(summary.results[0].slice(0, 4), ["$pageview", 9, 1, 5]);
        // The trend is HogQL's sparkline tuple, which the grid draws as a line in the cell.
        assert.deepEqual(summary.results[0][4], ["__hx_tag", "Sparkline", "data", [1, 5, 3]]);
        assert.equal(summary.types[4][1], "Tuple(String, String, String, Array(Float64))");
        // The days open as a line chart: one line per series over the day column.
        assert.deepEqual(byDay.chart, {
            view: "chart",
            spec: { type: "line", x: 0, ys: [1, 2], split: -1, log: false },
        });
        assert.equal(summary.chart, undefined, "the summary opens as a grid");
    });

    it("hands the hint to the panel through the result's bytes", async () => {
        const [byDay] = tablesFor("TrendsQuery", {
            results: [{ label: "a", data: [1, 2], days: ["2024-05-01", "2024-05-02"] }],
        });
        // As the saved-query runner builds the result, and as the panel reads it back.
        const set = await resultFromText(stringifyLossless(byDay), {
            title: "t",
            queryText: "q",
            durationMs: 1,
        });
        assert.deepEqual(chartHintOf(knownLayout(set)?.head), byDay.chart);
        assert.equal(chartHintOf(knownLayout(set)?.head)?.spec?.type, "line");
    });

    it("opens funnels as bars of steps with conversion, retention as a heat table", () => {
        const [f] = tablesFor("FunnelsQuery", {
            results: [
                { order: 0, name: "$pageview", count: 200 },
                { order: 1, name: "signed_up", count: 50 },
                { order: 2, name: "$pageview", count: 20 },
            ],
        });
        assert.deepEqual(f.columns, ["step", "name", "count", "conversion %", "label"]);
        assert.deepEqual(
            f.results.map((r) => [r[3], r[4]]),
            [
                [100, "1. $pageview · 100.0%"],
                [25, "2. signed_up · 25.0%"],
                [10, "3. $pageview · 10.0%"],
            ],
        );
        assert.deepEqual(f.chart?.spec, { type: "bar", x: 4, ys: [2], split: -1, log: false });
        const [byBreakdown] = tablesFor("FunnelsQuery", {
            results: [
                [
                    { order: 0, name: "a", count: 10, breakdown_value: ["Chrome"] },
                    { order: 1, name: "b", count: 5, breakdown_value: ["Chrome"] },
                ],
                [
                    { order: 0, name: "a", count: 8, breakdown_value: ["Safari"] },
                    { order: 1, name: "b", count: 2, breakdown_value: ["Safari"] },
                ],
            ],
        });
        // Per breakdown: bars per step number, one series per breakdown value.
        assert.deepEqual(byBreakdown.chart?.spec, {
            type: "bar",
            x: 1,
            ys: [3],
            split: 0,
            log: false,
        });
        const [r] = tablesFor("RetentionQuery", {
            results: [
                { date: "2024-05-01", values: [{ count: 5 }, { count: 2 }, { count: 1 }] },
                { date: "2024-05-02", values: [{ count: 4 }, { count: 1 }] },
            ],
        });
        assert.deepEqual(r.chart?.spec, {
            type: "heatmap",
            x: 0,
            ys: [1, 2, 3],
            split: -1,
            log: false,
        });
    });

    it("reads a chart hint only when every field is sound", () => {
        const spec = { type: "line", x: 0, ys: [1], split: -1, log: false };
        assert.deepEqual(chartHintOf({ chart: { view: "chart", spec } }), { view: "chart", spec });
        for (const bad of [
            undefined,
            {},
            { chart: "line" },
            { chart: { view: "grid", spec } },
            { chart: { view: "chart", spec: { ...spec, type: "pie" } } },
            { chart: { view: "chart", spec: { ...spec, ys: [] } } },
            { chart: { view: "chart", spec: { ...spec, ys: ["1"] } } },
            { chart: { view: "chart", spec: { ...spec, x: 0.5 } } },
        ])
            assert.equal(chartHintOf(bad as Record<string, unknown> | undefined), null);
    });

    it("passes HogQL-shaped answers through with types as pairs", () => {
        const [t] = tablesFor("EventsQuery", {
            columns: ["event", "n"],
            types: ["String", "UInt64"],
            results: [["a", 1]],
        });
        assert.deepEqual(t.types, [
            ["event", "String"],
            ["n", "UInt64"],
        ]);
        assert.deepEqual(t.results, [["a", 1]]);
    });

    it("shows funnels, retention and other shapes as tables", () => {
        const [f] = tablesFor("FunnelsQuery", {
            results: [
                { order: 0, name: "a", count: 10 },
                { order: 1, name: "b", count: 4 },
            ],
        });
        assert.deepEqual(
            f.results.map((r) => r.slice(0, 4)),
            [
                [1, "a", 10, 100],
                [2, "b", 4, 40],
            ],
        );
        const [r] = tablesFor("RetentionQuery", {
            results: [{ date: "2024-05-01", values: [{ count: 5 }, { count: 2 }] }],
        });
        assert.deepEqual(r.columns, ["cohort", "period 0", "period 1"]);
        assert.deepEqual(r.results, [["2024-05-01", 5, 2]]);
        const [p] = tablesFor("PathsQuery", { results: [{ source: "a", target: "b", value: 3 }] });
        assert.deepEqual(p.columns, ["source", "target", "value"]);
        const [m] = tablesFor("HogQLMetadata", { isValid: true, errors: [] });
        assert.deepEqual(m.results, [
            ["isValid", true],
            ["errors", "[]"],
        ]);
    });

    it("keeps every digit of numbers wider than a double, typed as numbers", () => {
        // As runQuery parses a response: wide numbers are BigNumbers.
        const obj = (text: string) => parseLossless(text) as Record<string, unknown>;
        const [h] = tablesFor(
            "HogQLQuery",
            obj('{"columns":["id","p"],"results":[[9007199254740993,{"x":12345678901234567890}]]}'),
        );
        assert.equal(
            stringifyLossless(h.results),
            '[[9007199254740993,"{\\"x\\":12345678901234567890}"]]',
        );
        assert.deepEqual(h.types[0], ["id", "Int256"]);
        const [byDay, summary] = tablesFor(
            "TrendsQuery",
            obj(
                '{"results":[{"label":"a","data":[9007199254740993,1],"days":["2024-05-01","2024-05-02"]}]}',
            ),
        );
        assert.equal(
            stringifyLossless(byDay.results),
            '[["2024-05-01",9007199254740993],["2024-05-02",1]]',
        );
        // Total, min and max exactly: the total of the two is 9007199254740994.
        assert.equal(
            stringifyLossless(summary.results[0].slice(0, 4)),
            '["a",9007199254740994,1,9007199254740993]',
        );
        assert.deepEqual(summary.types[1], ["total", "Int256"]);
        const [f] = tablesFor(
            "FunnelsQuery",
            obj('{"results":[{"order":0,"name":"a","count":12345678901234567890}]}'),
        );
        assert.equal(stringifyLossless(f.results[0].slice(0, 3)), '[1,"a",12345678901234567890]');
        const [o] = tablesFor("PathsQuery", obj('{"results":[{"value":1.00000000000000000001}]}'));
        assert.equal(stringifyLossless(o.results), "[[1.00000000000000000001]]");
        assert.deepEqual(o.types[0], ["value", "Decimal"]);
    });
});

describe("shipped query schema", () => {
    const root = path.resolve(__dirname, "../../../..");
    const schema = JSON.parse(
        fs.readFileSync(path.join(root, "schemas", "query.schema.json"), "utf8"),
    ) as {
        definitions: Record<string, unknown>;
    };

    it("resolves every reference and covers the common kinds", () => {
        const text = JSON.stringify(schema);
        for (const [, name] of text.matchAll(/"\$ref":"#\/definitions\/([^"]+)"/g))
            assert.ok(name in schema.definitions, `missing definition ${name}`);
        for (const kind of [
            "HogQLQuery",
            "EventsQuery",
            "TrendsQuery",
            "RetentionQuery",
            "FunnelsQuery",
            "InsightVizNode",
            "DataTableNode",
        ])
            assert.ok(kind in schema.definitions, kind);
        assert.ok(text.length < 400_000, "the shipped schema stays small");
    });

    // PostHog's full query schema (source and licence: test/fixtures/README.md).
    const full = path.join(root, "test", "fixtures", "posthog-query-schema.json");

    it("matches PostHog's schema for the kinds it ships", function () {
        const defs = (
            JSON.parse(fs.readFileSync(full, "utf8")) as {
                definitions: Record<string, { properties?: Record<string, unknown> }>;
            }
        ).definitions;
        const shipped = schema.definitions as Record<
            string,
            { properties?: Record<string, unknown> }
        >;
        for (const kind of ["TrendsQuery", "RetentionFilter", "HogQLQuery"])
            assert.deepEqual(
                Object.keys(shipped[kind].properties ?? {}).sort(),
                Object.keys(defs[kind].properties ?? {})
                    .filter((k) => k !== "response")
                    .sort(),
            );
    });

    it("is what scripts/trimQuerySchema.mjs derives from PostHog's schema", function () {
        this.timeout(30_000);
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "trim-schema-"));
        try {
            const out = path.join(dir, "query.schema.json");
            execFileSync(
                process.execPath,
                [path.join(root, "scripts", "trimQuerySchema.mjs"), full, out],
                { stdio: "pipe" },
            );
            assert.deepEqual(JSON.parse(fs.readFileSync(out, "utf8")), schema);
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
