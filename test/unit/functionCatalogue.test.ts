import * as assert from "node:assert/strict";
import { callAt, parameterGroups } from "../../src/language/callContext";
import {
    catalogueCommit,
    catalogueFunctions,
    combinators,
    describeCount,
    lookupFunction,
    renamedFunction,
} from "../../src/language/functionCatalogue";
import {
    catalogueFacts,
    combinatorsPending,
    completionFunctions,
    findFunction,
    hogqlFunctions,
    signatureFor,
} from "../../src/language/hogqlCatalog";

describe("HogQL function catalogue (generated from PostHog's posthog/hogql/functions/)", () => {
    it("records the PostHog commit and holds every name PostHog exposes, combinators included", () => {
        assert.match(catalogueCommit(), /^[0-9a-f]{40}$/);
        assert.ok(catalogueFunctions().length >= 1100, `${catalogueFunctions().length} functions`);
        // Names starting with `_` are internal (mapping.py ALL_EXPOSED_FUNCTION_NAMES).
        assert.ok(!catalogueFunctions().some((f) => f.name.startsWith("_")));
        assert.ok(hogqlFunctions().length >= catalogueFunctions().length);
        for (const name of ["convertCurrency", "languageCodeToName", "isLikelyBot", "hasToken"])
            assert.ok(lookupFunction(name), name);
        assert.equal(lookupFunction("percentile_cont")?.withinGroup, true);
    });

    it("holds no name PostHog renamed, and knows the new name of each", () => {
        const renamed: [string, string][] = [
            ["recording_button", "recordingButton"],
            ["explain_csp_report", "explainCSPReport"],
            ["hogql_lookupDomainType", "lookupDomainType"],
            ["hogql_lookupPaidSourceType", "lookupPaidSourceType"],
            ["hogql_lookupPaidMediumType", "lookupPaidMediumType"],
            ["hogql_lookupOrganicSourceType", "lookupOrganicSourceType"],
            ["hogql_lookupOrganicMediumType", "lookupOrganicMediumType"],
        ];
        for (const [old, now] of renamed) {
            assert.equal(lookupFunction(old), undefined, old);
            assert.equal(renamedFunction(old), now, old);
            assert.equal(lookupFunction(now)?.kind, "posthog", now);
        }
        assert.equal(renamedFunction("count"), undefined);
    });

    it("has the combinators aggregations.py generates, with their argument counts", () => {
        assert.deepEqual(combinators().bases, [
            "avg",
            "sum",
            "min",
            "max",
            "count",
            "countDistinct",
            "median",
        ]);
        assert.deepEqual(combinators().suffixes.If, { allowedSuffixes: [], argShift: [1, 1] });
        const generated = catalogueFunctions().filter((f) => f.combinator);
        assert.equal(generated.length, 329);
        // `If` adds the condition; `ArgMax` adds the value to maximise; the others keep the count.
        const counts = (name: string) => {
            const f = lookupFunction(name);
            return [f?.minArgs, f?.maxArgs, f?.combinator?.base, f?.combinator?.suffixes];
        };
        assert.deepEqual(counts("countDistinctIf"), [1, 2, "countDistinct", ["If"]]);
        assert.deepEqual(counts("avgArgMaxOrNullIf"), [3, 3, "avg", ["ArgMax", "OrNull", "If"]]);
        assert.deepEqual(counts("medianMerge"), [1, 1, "median", ["Merge"]]);
        assert.equal(lookupFunction("sumIfArray"), undefined, "If allows no suffix after it");
    });

    it("offers each combinator base once, and its forms once the word runs past the base", () => {
        const names = (word: string) => completionFunctions(word).map((f) => f.name);
        const all = names("");
        assert.ok(all.includes("sum") && all.includes("countDistinct"));
        assert.ok(!all.includes("sumArrayOrNull") && !all.includes("medianMergeIf"));
        assert.ok(all.length < catalogueFunctions().length - 300, `${all.length} offered`);
        // The hand-written ones stay, whatever is typed.
        assert.ok(all.includes("countIf"));
        assert.ok(names("sumA").includes("sumArrayOrNull"));
        assert.ok(names("countDistinctI").includes("countDistinctIf"));
        assert.ok(names("countDistinctO").includes("countDistinctOrNullIf"));
        assert.ok(!names("sumA").includes("avgArray"), "only the base being typed");
        assert.equal(combinatorsPending("su"), true);
        assert.equal(combinatorsPending("sumIf"), true);
        assert.equal(combinatorsPending("toDate"), false);
    });

    it("has PostHog's argument counts, aggregate flag and ClickHouse name", () => {
        // Entries as mapping.py's files spell them (aggregations.py, clickhouse/*.py).
        const expected: [string, ReturnType<typeof pick>][] = [
            ["count", [0, 1, true, "count"]],
            ["countIf", [1, 2, true, "countIf"]],
            ["toDateTime", [1, 2, false, "parseDateTime64BestEffortOrNull"]],
            ["arrayMap", [2, null, false, "arrayMap"]],
            ["lag", [1, 3, false, "lagInFrame"]],
        ];
        for (const [name, facts] of expected) assert.deepEqual(pick(name), facts, name);
        assert.equal(lookupFunction("quantile")?.maxParams, 1);
        assert.equal(lookupFunction("matchesAction")?.kind, "posthog");
    });

    it("finds names the way PostHog does: exact, or any case when not case-sensitive", () => {
        assert.equal(lookupFunction("COUNT")?.name, "count");
        assert.equal(lookupFunction("ifNull")?.name, "ifnull");
        assert.equal(lookupFunction("TODATE"), undefined, "toDate is case-sensitive");
        assert.equal(lookupFunction("nope"), undefined);
    });

    it("describes counts and the catalogue entry in words", () => {
        assert.equal(describeCount(0, 0), "no arguments");
        assert.equal(describeCount(1, 1), "1 argument");
        assert.equal(describeCount(2, 3), "2 to 3 arguments");
        assert.equal(describeCount(2, null), "at least 2 arguments");
        const facts = catalogueFacts(findFunction("toDateTime")!);
        assert.match(facts, /Takes 1 to 2 arguments\./);
        assert.match(facts, /parseDateTime64BestEffortOrNull/);
        assert.match(facts, /time zone/);
        assert.match(catalogueFacts(findFunction("L2Distance")!), /Takes 2 arguments\./);
        assert.match(catalogueFacts(findFunction("sumArrayIf")!), /`sum` with the Array \+ If/);
        assert.match(catalogueFacts(findFunction("avg")!), /Combinators: If, Array, .*`avgIf`/);
    });
});

describe("callAt (signature help context)", () => {
    // Each text is what precedes the cursor; undefined: no call under it.
    const cases: [string, string, ReturnType<typeof callAt>][] = [
        [
            "finds the call and the argument under the cursor, mid-edit",
            "SELECT dateDiff('day', timestamp, ",
            { name: "dateDiff", nameStart: 7, argument: 2, group: "first" },
        ],
        [
            "skips commas and parentheses in strings, nested calls and comments",
            "SELECT if(x = 'a,(b', toString(1, 2), /* , */ ",
            { name: "if", nameStart: 7, argument: 2, group: "first" },
        ],
        ["is outside a call once it is closed", "SELECT count() ", undefined],
        ["is outside a call inside a string", "SELECT 'count(", undefined],
        [
            "knows the second parentheses of a parametric call",
            "SELECT quantile(0.5)(",
            { name: "quantile", nameStart: 7, argument: 0, group: "second" },
        ],
        ["stays in the statement under the cursor", "SELECT count(;\nSELECT ", undefined],
    ];
    for (const [title, text, expected] of cases)
        it(title, () => assert.deepEqual(callAt(text, text.length), expected));

    it("finds the parameters of each group in a signature label", () => {
        const labels: [string, string[][]][] = [
            ["quantile(level)(expr)", [["level"], ["expr"]]],
            ["toDayOfWeek(arg1[, arg2][, arg3])", [["arg1", "arg2", "arg3"]]],
        ];
        for (const [label, groups] of labels)
            assert.deepEqual(
                parameterGroups(label).map((g) => g.map(([s, e]) => label.slice(s, e))),
                groups,
                label,
            );
    });
});

function pick(name: string): [number, number | null, boolean, string] {
    const fn = lookupFunction(name);
    assert.ok(fn, name);
    return [fn.minArgs, fn.maxArgs, fn.aggregate, fn.clickhouseName];
}

describe("signatureFor", () => {
    it("keeps a hand-written call shape that matches PostHog's counts, else generates one", () => {
        assert.equal(signatureFor(findFunction("countIf")!), "countIf(arg1[, arg2])");
        assert.equal(
            signatureFor(findFunction("toDayOfWeek")!),
            "toDayOfWeek(arg1[, arg2][, arg3])",
        );
        assert.equal(signatureFor(findFunction("sumIf")!), "sumIf(expr, cond)");
        assert.equal(signatureFor(findFunction("quantile")!), "quantile(level)(expr)");
    });
});
