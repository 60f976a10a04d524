import * as assert from "node:assert/strict";
import {
    fileTargets,
    findVariables,
    hasTopLevelLimit,
    parseVariableValue,
    queryName,
    queryTargets,
    variablesOverride,
    withLimit,
} from "../../src/query/runTargets";

describe("run targets", () => {
    const file = "SELECT 1;\n-- second\nSELECT 'a;b' FROM events;\n\nSELECT 3";

    it("runs the statement under the cursor", () => {
        const [target] = queryTargets(file, { start: 0, end: 0 }, file.indexOf("'a;b'") + 2);
        assert.equal(target.text, "SELECT 'a;b' FROM events");
        assert.equal(file.slice(target.start, target.end), target.text);
    });

    it("runs each statement of a selection, with offsets into the file", () => {
        const start = file.indexOf("SELECT 'a");
        const targets = queryTargets(file, { start, end: file.length }, 0);
        assert.deepEqual(
            targets.map((t) => t.text),
            ["SELECT 'a;b' FROM events", "SELECT 3"],
        );
        for (const t of targets) assert.equal(file.slice(t.start, t.end), t.text);
    });

    it("runs the whole file as separate statements", () => {
        assert.equal(fileTargets(file).length, 3);
        assert.deepEqual(queryTargets("-- only a comment", { start: 0, end: 0 }, 3), []);
    });

    it("finds variables in code, not in strings or comments", () => {
        const text =
            "SELECT {variables.a} -- {variables.b}\nWHERE x = '{variables.c}' AND y = { variables.d } AND {variables.a}";
        assert.deepEqual(findVariables(text), ["a", "d"]);
    });

    it("names queries after the file and statement, within 128 characters", () => {
        assert.equal(queryName("/w/q/top.hogql", "SELECT\n  1"), "top.hogql: SELECT 1");
        const long = queryName("a.hogql", `SELECT ${"x, ".repeat(100)}1`);
        assert.equal(long.length, 128);
        assert.ok(long.endsWith("…"));
    });

    it("detects a top-level LIMIT only", () => {
        assert.equal(hasTopLevelLimit("SELECT 1 LIMIT 5"), true);
        assert.equal(hasTopLevelLimit("SELECT * FROM (SELECT 1 LIMIT 5)"), false);
        assert.equal(hasTopLevelLimit("SELECT 'limit' -- limit"), false);
        assert.equal(withLimit("SELECT 1  ", 50000), "SELECT 1\nLIMIT 50000");
    });

    it("types variable values and shapes them as HogQLVariable records", () => {
        assert.equal(parseVariableValue("42"), 42);
        assert.equal(parseVariableValue("true"), true);
        assert.equal(parseVariableValue("chrome"), "chrome");
        assert.deepEqual(variablesOverride({ browser: "Chrome" }), {
            browser: { variableId: "browser", code_name: "browser", value: "Chrome" },
        });
    });
});
