import { applyEdits } from "jsonc-parser";
import * as assert from "node:assert/strict";
import { findSavedQueries } from "../../../src/savedQueries/detect";
import { detectFormat, editsToward, singleReplacement } from "../../../src/savedQueries/rewrite";
import { upgradeQuery } from "../../sandbox/upgrade";
import type { Json } from "../../sandbox/types";

/** What Upgrade Query writes: each node of `text` edited toward the sandbox's migration. */
function upgradeFile(text: string): string {
    const format = detectFormat(text);
    const edits = findSavedQueries(text).flatMap((q) =>
        editsToward(text, q.tree, upgradeQuery(q.node as Json), format),
    );
    return applyEdits(text, edits);
}

const retention = {
    kind: "RetentionQuery",
    retentionFilter: { period: "Day", showMean: true, totalIntervals: 8 },
    dateRange: { date_from: "-30d" },
};

describe("indentation-preserving rewrite", () => {
    it("detects 2, 4 and tab indentation and CRLF", () => {
        assert.deepEqual(detectFormat(JSON.stringify(retention, null, 2)), {
            indent: "  ",
            eol: "\n",
        });
        assert.deepEqual(detectFormat(JSON.stringify(retention, null, 4)), {
            indent: "    ",
            eol: "\n",
        });
        assert.equal(detectFormat(JSON.stringify(retention, null, "\t")).indent, "\t");
        assert.equal(
            detectFormat(JSON.stringify(retention, null, 3).replace(/\n/g, "\r\n")).eol,
            "\r\n",
        );
        assert.equal(detectFormat('{"a":1}').indent, "  ");
    });

    for (const indent of [2, 4, "\t"] as const)
        it(`writes the migrated node exactly as JSON.stringify would at indent ${JSON.stringify(indent)}`, () => {
            const text = `${JSON.stringify(retention, null, indent)}\n`;
            const expected = upgradeQuery(retention as unknown as Json);
            assert.equal(upgradeFile(text), `${JSON.stringify(expected, null, indent)}\n`);
        });

    it("migrates trends series in a CRLF file and keeps compact one-line entries compact", () => {
        const text = [
            "{",
            '    "kind": "TrendsQuery",',
            '    "series": [',
            '        { "event": "$pageview", "math": "dau" },',
            '        { "event": "signup" }',
            "    ],",
            '    "trendsFilter": {"display": "ActionsLineGraph"}',
            "}",
            "",
        ].join("\r\n");
        const out = upgradeFile(text);
        assert.deepEqual(JSON.parse(out), upgradeQuery(JSON.parse(text) as Json));
        assert.ok(
            out.includes(
                '        { "event": "$pageview", "math": "dau", "kind": "EventsNode" },\r\n',
            ),
        );
        assert.ok(out.includes('    "version": 5\r\n}'));
        assert.ok(!/[^\r]\n/.test(out), "only CRLF line endings");
    });

    it("keeps comments and untouched properties; leaves current nodes alone", () => {
        const text =
            '{\n  // weekly\n  "kind": "RetentionQuery",\n  "retentionFilter": {\n    "showMean": false,\n    "period": "Week"\n  }\n}';
        const out = upgradeFile(text);
        assert.ok(out.includes("  // weekly\n"));
        assert.equal(
            out,
            '{\n  // weekly\n  "kind": "RetentionQuery",\n  "retentionFilter": {\n    "period": "Week",\n    "meanRetentionCalculation": "none"\n  },\n  "version": 2\n}',
        );
        const hogql = '{\n    "kind": "HogQLQuery",\n    "query": "select 1"\n}';
        assert.equal(upgradeFile(hogql), hogql);
    });

    it("upgrades every node of an array and the query of an export", () => {
        const trends = { kind: "TrendsQuery", series: [{ event: "a" }] };
        const nodes = [
            retention,
            { kind: "HogQLQuery", query: "select 1" },
            { name: "x", query: trends },
        ];
        const text = JSON.stringify(nodes, null, 2);
        const out = upgradeFile(text);
        const expected = [
            upgradeQuery(retention as unknown as Json),
            nodes[1],
            { name: "x", query: upgradeQuery(trends as unknown as Json) },
        ];
        assert.equal(out, JSON.stringify(expected, null, 2));
    });

    it("rewrites whole when the service reorders shared keys", () => {
        const source = '{\n  "kind": "FooQuery",\n  "a": 1,\n  "b": 2\n}';
        const tree = findSavedQueries(source)[0];
        const edits = editsToward(source, tree.tree, { kind: "FooQuery", b: 3, a: 1 });
        assert.equal(applyEdits(source, edits), '{\n  "kind": "FooQuery",\n  "b": 3,\n  "a": 1\n}');
    });

    it("keeps every digit of numbers wider than a double in what it rewrites", () => {
        const text = [
            "{",
            '  "kind": "FooQuery",',
            '  "filter": {"value": 12345678901234567890, "op": "exact"},',
            '  "ids": [9007199254740993, 1.50],',
            '  "limit": 1e2',
            "}",
        ].join("\n");
        const [saved] = findSavedQueries(text);
        // The service reads the node into doubles, reorders a one-line object, adds to a
        // one-line array and moves a number to a new property.
        const read = JSON.parse(JSON.stringify(saved.node)) as {
            filter: { value: number; op: string };
            ids: number[];
            limit: number;
        };
        const target = {
            kind: "FooQuery",
            filter: { op: read.filter.op, value: read.filter.value, type: "event" },
            ids: [...read.ids, 2],
            limit: read.limit,
            first: read.filter.value,
        };
        assert.equal(
            applyEdits(text, editsToward(text, saved.tree, target)),
            [
                "{",
                '  "kind": "FooQuery",',
                '  "filter": {"op": "exact", "value": 12345678901234567890, "type": "event"},',
                '  "ids": [9007199254740993, 1.50, 2],',
                '  "limit": 1e2,',
                '  "first": 12345678901234567890',
                "}",
            ].join("\n"),
        );
    });

    it("reduces a change to one replacement", () => {
        assert.deepEqual(singleReplacement("abcXdef", "abcYYdef"), {
            offset: 3,
            length: 1,
            content: "YY",
        });
        assert.equal(singleReplacement("same", "same"), undefined);
        assert.deepEqual(singleReplacement("aa", "aaa"), { offset: 2, length: 0, content: "a" });
    });
});
