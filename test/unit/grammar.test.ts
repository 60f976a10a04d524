/**
 * Tokenises HogQL with the real TextMate engine VS Code uses (vscode-textmate + oniguruma) and
 * checks the scopes of the tokens that are easy to get wrong.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as oniguruma from "vscode-oniguruma";
import * as vsctm from "vscode-textmate";

const root = path.resolve(__dirname, "../../..");
const grammarPath = path.join(root, "syntaxes/hogql.tmLanguage.json");
const markdownPath = path.join(root, "syntaxes/hogql.markdown.tmLanguage.json");
// The corpus of real queries from PostHog's tests and docs (source and licence: test/fixtures/README.md).
const corpusPath = path.join(root, "test/fixtures/hogql-corpus.json");

interface Token {
    text: string;
    scopes: string[];
}

let registry: vsctm.Registry;
let grammar: vsctm.IGrammar;

before(async () => {
    const wasm = fs.readFileSync(
        path.join(root, "node_modules/vscode-oniguruma/release/onig.wasm"),
    );
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    // A stand-in for VS Code's Markdown grammar: enough for the injection to attach to.
    const markdownHost = JSON.stringify({ scopeName: "text.html.markdown", patterns: [] });
    registry = new vsctm.Registry({
        onigLib: Promise.resolve({
            createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
            createOnigString: (s) => new oniguruma.OnigString(s),
        }),
        loadGrammar: async (scopeName) => {
            const files: Record<string, [string, string]> = {
                "source.hogql": [fs.readFileSync(grammarPath, "utf8"), grammarPath],
                "markdown.hogql.codeblock": [fs.readFileSync(markdownPath, "utf8"), markdownPath],
                "text.html.markdown": [markdownHost, "markdown.json"],
            };
            const file = files[scopeName];
            return file ? vsctm.parseRawGrammar(file[0], file[1]) : null;
        },
        getInjections: (scopeName) =>
            scopeName === "text.html.markdown" ? ["markdown.hogql.codeblock"] : undefined,
    });
    const loaded = await registry.loadGrammar("source.hogql");
    assert.ok(loaded, "grammar loads");
    grammar = loaded;
});

/** Tokens of every line, plus the rule stack after each line. */
function tokenize(text: string, g: vsctm.IGrammar = grammar) {
    let stack = vsctm.INITIAL;
    const lines: { tokens: Token[]; stack: vsctm.StateStack }[] = [];
    for (const line of text.split(/\r?\n/)) {
        const result = g.tokenizeLine(line, stack);
        stack = result.ruleStack;
        const tokens = result.tokens.map((t) => ({
            text: line.slice(t.startIndex, t.endIndex),
            scopes: t.scopes,
        }));
        lines.push({ tokens, stack });
    }
    return lines;
}

function tokens(text: string): Token[] {
    return tokenize(text).flatMap((l) => l.tokens);
}

/** The scopes of the `nth` token whose text is exactly `text`. */
function scopesOf(text: string, source: string, nth = 0): string[] {
    const found = tokens(source).filter((t) => t.text === text);
    assert.ok(found.length > nth, `no token ${JSON.stringify(text)} in ${source}`);
    return found[nth].scopes;
}

function assertScope(source: string, text: string, scope: string, nth = 0): void {
    const scopes = scopesOf(text, source, nth);
    assert.ok(
        scopes.some((s) => s === scope || s.startsWith(scope + ".")),
        `${JSON.stringify(text)} in ${JSON.stringify(source)}: expected ${scope}, got ${scopes.join(" ")}`,
    );
}

function assertNoScope(source: string, text: string, prefix: string, nth = 0): void {
    const scopes = scopesOf(text, source, nth);
    assert.ok(
        !scopes.some((s) => s.startsWith(prefix)),
        `${JSON.stringify(text)} should not be ${prefix}: ${scopes.join(" ")}`,
    );
}

describe("HogQL grammar", () => {
    it("keywords are case-insensitive", () => {
        const q = "SeLeCt a FROM events where x INTERVAL 30 day";
        assertScope(q, "SeLeCt", "keyword.other.hogql");
        assertScope(q, "FROM", "keyword.other.hogql");
        assertScope(q, "where", "keyword.other.hogql");
        assertScope(q, "day", "keyword.other.hogql");
    });

    it("scopes constants", () => {
        const q = "select true, FALSE, null, inf, nan";
        assertScope(q, "true", "constant.language.boolean");
        assertScope(q, "FALSE", "constant.language.boolean");
        assertScope(q, "null", "constant.language.null");
        assertScope(q, "inf", "constant.numeric");
        assertScope(q, "nan", "constant.numeric");
    });

    it("has three comment kinds and # is not one of them", () => {
        const q =
            "select 1 -- dash ; x\nselect 2 // slash 'x\nselect /* block\n 'still' */ 3\n# hash";
        assertScope(q, " dash ; x", "comment.line.double-dash");
        assertScope(q, " slash 'x", "comment.line.double-slash");
        assertScope(q, " block", "comment.block");
        assertScope(q, " 'still' ", "comment.block");
        assertScope(q, "3", "constant.numeric");
        assertNoScope(q, "hash", "comment");
        assertScope(q, "hash", "variable.other");
    });

    it("handles string escapes and nested quotes", () => {
        const q = "select 'it''s', 'a\\'b', 'tab\\t\\x41', 'x' as y";
        assertScope(q, "''", "constant.character.escape");
        assertScope(q, "\\'", "constant.character.escape");
        assertScope(q, "\\x41", "constant.character.escape");
        assertScope(q, "s", "string.quoted.single");
        assertScope(q, "y", "variable.other");
        assertNoScope(q, "y", "string");
    });

    it("treats double quotes and backticks as identifiers, not strings", () => {
        const q = 'select "quoted ident", `-- not a comment`, properties.`$browser` from t';
        assertScope(q, "quoted ident", "variable.other.quoted");
        assertNoScope(q, "quoted ident", "string");
        assertScope(q, "-- not a comment", "variable.other.quoted");
        assertNoScope(q, "-- not a comment", "comment");
        assertScope(q, "$browser", "variable.other.quoted");
        assertScope(q, "from", "keyword.other");
    });

    it("scopes f-strings with embedded expressions", () => {
        const q = "select f'hello {event} and {upper('x')}!' from events";
        assertScope(q, "f", "storage.type.string.template");
        assertScope(q, "hello ", "string.template");
        assertScope(q, "event", "meta.embedded.line.hogql");
        assertScope(q, "event", "variable.other");
        assertScope(q, "upper", "support.function");
        assertScope(q, "x", "string.quoted.single");
        assertScope(q, "!", "string.template");
        assertScope(q, "from", "keyword.other");
    });

    it("scopes placeholders", () => {
        const q = "select 1 from {placeholder} where {filters} and t >= {variables.start_date}";
        assertScope(q, "placeholder", "variable.parameter.placeholder");
        assertScope(q, "filters", "variable.parameter.placeholder");
        assertScope(q, "variables.start_date", "variable.parameter.placeholder");
        assertScope(q, "{", "punctuation.definition.placeholder.begin");
    });

    it("keeps $ inside identifiers and scopes property access", () => {
        const q = "select properties.$browser, e.properties.$$$session_id, $session_id, t?.a, g.1";
        assertScope(q, "properties", "variable.other.object");
        assertScope(q, "$browser", "variable.other.property");
        assertScope(q, "$$$session_id", "variable.other.property");
        assertScope(q, "$session_id", "variable.other.hogql");
        assertScope(q, "?.", "punctuation.accessor");
        assertScope(q, "1", "variable.other.property.index");
    });

    it("scopes numbers in all forms", () => {
        const q = "select 42, 0x1F, 0b101, 1e-3, 1.5, .5, 2.5E+10, 0x1.8p3";
        for (const n of ["42", "1e-3", "1.5", ".5", "2.5E+10"])
            assertScope(q, n, "constant.numeric");
        assertScope(q, "0x1F", "constant.numeric.hex");
        assertScope(q, "0x1.8p3", "constant.numeric.hex");
        assertScope(q, "0b101", "constant.numeric.binary");
    });

    it("scopes operators", () => {
        const q =
            "select a == b, a != b, a <> b, a || b, a ?? b, a =~ b, a !~ b, a ~* b, a::Int, c ? 1 : 2, a <= b";
        for (const op of ["==", "!=", "<>", "<="])
            assertScope(q, op, "keyword.operator.comparison");
        assertScope(q, "||", "keyword.operator.concat");
        assertScope(q, "??", "keyword.operator.nullish");
        for (const op of ["=~", "!~", "~*"]) assertScope(q, op, "keyword.operator.regex");
        assertScope(q, "::", "keyword.operator.cast");
        assertScope(q, "?", "keyword.operator.ternary");
        assertScope(q, ":", "keyword.operator.ternary");
    });

    it("scopes function calls, including keyword-named functions", () => {
        const q =
            "select count(), now (), if(a, 1, 2), and(x, y), range(24), TRIM (LEADING 'x' FROM y) IN (1)";
        assertScope(q, "count", "support.function");
        assertScope(q, "now", "support.function");
        assertScope(q, "if", "support.function");
        assertScope(q, "and", "support.function");
        assertScope(q, "range", "support.function");
        assertScope(q, "TRIM", "keyword.other");
        assertScope(q, "IN", "keyword.operator.wordlike");
    });

    it("scopes word operators so themes colour them as keywords", () => {
        const q = "select a AND NOT b OR c IS NULL, x ILIKE '%y%', n BETWEEN 1 AND 2";
        for (const word of ["AND", "NOT", "OR"])
            assertScope(q, word, "keyword.operator.wordlike.logical");
        for (const word of ["IS", "ILIKE", "BETWEEN"])
            assertScope(q, word, "keyword.operator.wordlike");
    });

    it("scopes lambdas", () => {
        const q = "select arrayMap(x -> x * 2, [1, 2]), arrayFilter((a, b) -> a > b, xs, ys)";
        assertScope(q, "x", "variable.parameter.lambda");
        assertScope(q, "->", "keyword.operator.arrow");
        assertScope(q, "x", "variable.other.hogql", 1);
        assertScope(q, "a", "variable.parameter.lambda");
        assertScope(q, "b", "variable.parameter.lambda");
    });

    it("scopes joins and subqueries", () => {
        const q = [
            "SELECT e.event, pdi.person_id FROM events e",
            "LEFT JOIN (SELECT distinct_id FROM raw_person_distinct_ids GROUP BY distinct_id) AS pdi",
            "ON e.distinct_id = pdi.distinct_id",
        ].join("\n");
        assertScope(q, "e", "variable.other.object");
        assertScope(q, "event", "variable.other.property");
        assertScope(q, "LEFT", "keyword.other");
        assertScope(q, "JOIN", "keyword.other");
        assertScope(q, "ON", "keyword.other");
    });

    it("scopes HogQLX tags and keeps comparisons apart from them", () => {
        const q =
            "select <a href={f'https://x/{id}'} target='_blank'>it's {event}</a>, <Sparkline data={[1]} />, a < b, c<d";
        assertScope(q, "a", "entity.name.tag");
        assertScope(q, "href", "entity.other.attribute-name");
        assertScope(q, "_blank", "string.quoted.single");
        assertScope(q, "it's ", "string.unquoted.hogqlx-text");
        assertScope(q, "event", "meta.embedded.expression");
        assertScope(q, "Sparkline", "entity.name.tag");
        assertScope(q, "/>", "punctuation.definition.tag.end");
        assertScope(q, "<", "keyword.operator.comparison", 2);
        assertScope(q, "<", "keyword.operator.comparison", 3);
    });

    it("highlights ```hogql fences in Markdown through the injection", async () => {
        const markdown = await registry.loadGrammar("text.html.markdown");
        assert.ok(markdown);
        const lines = tokenize(
            "# Title\n```hogql\nselect count() -- n\n```\ntext select",
            markdown,
        );
        const inside = lines[2].tokens;
        const select = inside.find((t) => t.text === "select");
        assert.ok(select?.scopes.includes("meta.embedded.block.hogql"));
        assert.ok(select?.scopes.includes("keyword.other.hogql"));
        const after = lines[4].tokens.find((t) => t.text.includes("select"));
        assert.ok(after && !after.scopes.some((s) => s.endsWith(".hogql")));
    });

    describe("corpus", () => {
        const corpus = JSON.parse(fs.readFileSync(corpusPath, "utf8")) as {
            query: string;
            source: string;
        }[];

        it("has the 112 queries", () => assert.equal(corpus.length, 112));

        corpus.forEach(({ query, source }, index) => {
            it(`tokenises corpus #${index} (${source.split(":").pop()}) back to the root scope`, () => {
                const lines = tokenize(query);
                // Nothing (a string, a comment, a tag) may spill to the end of the query...
                assert.equal(lines[lines.length - 1].stack.depth, 1, "query ends inside a rule");
                // ...and a line may only end inside a construct that really spans lines.
                const multiLine = ["meta.tag.hogqlx.hogql", "comment.block.hogql", "string.quoted"];
                lines.forEach((line, n) => {
                    if (line.stack.depth === 1 || n + 1 >= lines.length) return;
                    const open = lines[n + 1].tokens[0]?.scopes ?? [];
                    assert.ok(
                        open.some((s) => multiLine.some((m) => s.startsWith(m))),
                        `line ${n + 1} ends inside ${open.join(" ")}`,
                    );
                });
                for (const token of lines.flatMap((l) => l.tokens)) {
                    if (token.text.trim() === "") continue;
                    assert.ok(
                        token.scopes.length > 1,
                        `unscoped token ${JSON.stringify(token.text)}`,
                    );
                    assert.ok(
                        !token.scopes.some((s) => s.startsWith("invalid")),
                        `invalid ${token.text}`,
                    );
                }
            });
        });
    });
});
