import * as assert from "node:assert/strict";
import {
    describeNode,
    findSavedQueries,
    isQueryKind,
    savedQueryAt,
} from "../../../src/savedQueries/detect";
import { JsonSyntaxError, parseJsonTree, toValue } from "../../../src/savedQueries/jsonScan";

describe("saved query detection", () => {
    it("parses JSON with comments and trailing commas, keeping offsets", () => {
        const text = '// note\n{ "a": [1, 2.5e1, "x\\n"], /* c */ "b": {"c": null,}, }';
        const tree = parseJsonTree(text);
        assert.deepEqual(toValue(tree), { a: [1, 25, "x\n"], b: { c: null } });
        assert.equal(tree.type, "object");
        if (tree.type !== "object") return;
        const b = tree.children![1];
        assert.equal(text.slice(b.offset, b.offset + 3), '"b"');
        const value = b.children![1];
        assert.equal(text.slice(value.offset, value.offset + value.length), '{"c": null,}');
        assert.equal(
            JSON.stringify(toValue(parseJsonTree(JSON.stringify({ u: "é\u2028" })))),
            JSON.stringify({ u: "é\u2028" }),
        );
    });

    it("reads a file that starts with a byte order mark, offsets unchanged", () => {
        const text = '\ufeff{"kind": "HogQLQuery", "query": "select 1"}';
        const [q] = findSavedQueries(text);
        assert.equal(q.start, 1);
        assert.equal(q.end, text.length);
    });

    it("rejects text that is not JSON", () => {
        assert.throws(() => parseJsonTree('{"a": }'), JsonSyntaxError);
        assert.throws(() => parseJsonTree("{} x"), JsonSyntaxError);
        assert.deepEqual(findSavedQueries('{"kind": "TrendsQuery",'), []);
    });

    it("finds a top-level node with its exact range", () => {
        const text = '\n  {"kind": "TrendsQuery", "series": [{"event": "$pageview"}]}\n';
        const [q] = findSavedQueries(text);
        assert.equal(q.node.kind, "TrendsQuery");
        assert.deepEqual(q.path, []);
        assert.equal(text.slice(q.start, q.end), text.trim());
    });

    it("finds each node of an array and the query of an insight export", () => {
        const array = JSON.stringify(
            [
                { kind: "HogQLQuery", query: "select 1" },
                { name: "not a query" },
                {
                    id: 7,
                    query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [] } },
                },
                { kind: "RetentionQuery", retentionFilter: { showMean: true } },
            ],
            null,
            2,
        );
        const found = findSavedQueries(array);
        assert.deepEqual(
            found.map((q) => [q.node.kind, q.path]),
            [
                ["HogQLQuery", [0]],
                ["InsightVizNode", [2, "query"]],
                ["RetentionQuery", [3]],
            ],
        );
        for (const q of found) assert.deepEqual(JSON.parse(array.slice(q.start, q.end)), q.node);

        const exported = JSON.stringify(
            {
                short_id: "abc",
                name: "Signups",
                query: { kind: "DataTableNode", source: { kind: "EventsQuery", select: ["*"] } },
            },
            null,
            4,
        );
        const [q] = findSavedQueries(exported);
        assert.deepEqual(q.path, ["query"]);
        assert.equal(q.node.kind, "DataTableNode");
    });

    it("ignores JSON whose kind is not a PostHog query kind", () => {
        assert.deepEqual(findSavedQueries('{"kind": "Deployment", "apiVersion": "apps/v1"}'), []);
        assert.deepEqual(findSavedQueries('{"name": "x", "version": "1.0.0"}'), []);
        assert.ok(isQueryKind("DataVisualizationNode"));
        assert.ok(isQueryKind("HogQLMetadata"));
        assert.ok(!isQueryKind("Pod"));
    });

    it("picks the node at an offset, or the only one", () => {
        const text = JSON.stringify([
            { kind: "HogQLQuery", query: "a" },
            { kind: "HogQLQuery", query: "b" },
        ]);
        const queries = findSavedQueries(text);
        assert.equal(savedQueryAt(queries, queries[1].start)?.node.query, "b");
        assert.equal(savedQueryAt(queries, queries[0].start + 3)?.node.query, "a");
        assert.equal(savedQueryAt(queries), undefined);
        assert.equal(savedQueryAt(queries.slice(0, 1))?.node.query, "a");
        assert.equal(describeNode({ kind: "TrendsQuery", version: 5 }), "TrendsQuery v5");
    });
});
