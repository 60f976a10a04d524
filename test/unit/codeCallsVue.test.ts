// Vue single-file components: the script blocks and the template's expressions are found with
// tree-sitter-vue and read with the rest of the file blanked, every offset and line kept, so the
// calls' positions are the file's.
import assert from "node:assert/strict";
import { findCalls } from "../../src/codeCalls";
import { parserFor } from "../../src/codeCalls/grammars";
import { VUE_GRAMMAR } from "../../src/codeCalls/languages";
import {
    keepOnly,
    type ScriptBlock,
    scriptBlocks,
    templateBlock,
} from "../../src/codeCalls/vueScripts";
import { nodeModulesWasm } from "./codeCallsWasm";

async function blocksOf(text: string): Promise<ScriptBlock[]> {
    const parser = await parserFor(VUE_GRAMMAR, nodeModulesWasm);
    const tree = parser.parse(text);
    assert.ok(tree);
    try {
        return scriptBlocks(tree, text);
    } finally {
        tree.delete();
    }
}

const find = (text: string, parseBudgetMs?: number) =>
    findCalls(text, "vue", {
        locate: nodeModulesWasm,
        limits: parseBudgetMs ? { parseBudgetMs } : {},
    });

/** Each call as `line:character key`, and its offsets checked against the file's text. */
async function callsOf(text: string): Promise<string[]> {
    const result = await find(text);
    assert.equal(result.skipped, undefined);
    const lines = text.split("\n");
    return result.calls.map((call) => {
        assert.equal(call.language, "vue");
        const { line, character } = call.range.start;
        const raw = text.slice(call.offsets.start, call.offsets.end);
        assert.equal(lines[line].slice(character, character + raw.length), raw);
        return `${line}:${character} ${call.key}`;
    });
}

const SFC = [
    "<template>",
    "  <button @click=\"posthog.capture('in_template')\">{{ label }}</button>",
    "</template>",
    "",
    '<script setup lang="ts">',
    'import posthog from "posthog-js";',
    "const label: string = posthog.isFeatureEnabled('new-label') ? 'New' : 'Old';",
    "posthog.capture('sfc_opened')",
    "</script>",
    "",
    "<style scoped>",
    ".capture { color: red }",
    "</style>",
    "",
].join("\n");

describe("codeCalls: Vue single-file components", function () {
    this.timeout(60_000);

    it("keeps the script's content and blanks the rest, every offset and newline kept", async () => {
        const [block, ...more] = await blocksOf(SFC);
        assert.equal(more.length, 0);
        assert.equal(block.language, "typescript");
        assert.equal(block.text.length, SFC.length);
        for (let at = 0; at < SFC.length; at++) {
            const inside = at >= block.start && at < block.end;
            const expected = inside || SFC[at] === "\n" ? SFC[at] : " ";
            assert.equal(block.text[at], expected, `offset ${at}`);
        }
        assert.ok(
            SFC.slice(block.start, block.end).startsWith('\nimport posthog from "posthog-js";'),
        );
        assert.ok(SFC.slice(block.end).startsWith("</script>"));
    });

    it("finds the calls at the file's own lines and characters, the template's included", async () => {
        assert.deepEqual(await callsOf(SFC), [
            "1:35 in_template",
            "6:48 new-label",
            "7:17 sfc_opened",
        ]);
    });

    it("reads the template's directives and interpolations, not its text or plain attributes", async () => {
        const text = [
            "<template>",
            "  <p title=\"posthog.capture('attribute')\">posthog.capture('text')</p>",
            '  <p v-for="(item, i) in items" :key="i" v-if="a < b">{{ item }}</p>',
            "  <a @click=\"$posthog.capture('clicked')\" v-slot=\"{ x }\">{{ $posthog.getFeatureFlag('beta') }}</a>",
            "  <b @click='() => $posthog.capture(\"arrow\")'>{{ a }}{{ b }}</b>",
            "</template>",
        ].join("\n");
        assert.deepEqual(await callsOf(text), ["3:31 clicked", "3:85 beta", "4:37 arrow"]);
        // In another language the template is not read.
        assert.deepEqual(
            await callsOf(
                '<template lang="pug">\nbutton(@click="$posthog.capture(\'x\')")\n</template>\n',
            ),
            [],
        );
    });

    it("keeps every offset of the template's copy, each expression closed with ;", async () => {
        const parser = await parserFor(VUE_GRAMMAR, nodeModulesWasm);
        const text = '<template>\n<a @click="go()" :b="c">{{ d }}</a>\n</template>';
        const tree = parser.parse(text);
        assert.ok(tree);
        try {
            const block = templateBlock(tree, text, []);
            assert.ok(block);
            assert.equal(block.language, "javascript");
            assert.equal(
                block.text,
                "          \n           go();     c;    d ;     \n           ",
            );
            assert.equal(block.text.length, text.length);
        } finally {
            tree.delete();
        }
    });

    it("reads lang=ts and tsx with TypeScript's grammars, and no lang as JavaScript", async () => {
        const languages = async (attributes: string) =>
            (await blocksOf(`<script ${attributes}>\nlet a = 1\n</script>\n`)).map(
                (b) => b.language,
            );
        assert.deepEqual(await languages('lang="ts"'), ["typescript"]);
        assert.deepEqual(await languages("lang=ts setup"), ["typescript"]);
        assert.deepEqual(await languages("setup lang='TSX'"), ["typescriptreact"]);
        assert.deepEqual(await languages('lang="jsx"'), ["javascriptreact"]);
        assert.deepEqual(await languages("setup"), ["javascript"]);
        assert.deepEqual(await languages('lang="coffee"'), [], "a language the finder cannot read");
        // TypeScript-only syntax is read as TypeScript: the call after it is found.
        const text =
            '<script setup lang="ts">\nimport posthog from "posthog-js";\nfunction on<T extends string>(e: T): void { posthog.capture(e satisfies string) }\nconst beta = posthog.getFeatureFlag("beta") as string | undefined;\n</script>\n';
        assert.deepEqual(await callsOf(text), ["3:37 beta"]);
    });

    it("reads both blocks, PostHog named in either", async () => {
        const text = [
            "<script>",
            "export default { methods: { track() { this.$posthog.capture('options_api') } } };",
            "</script>",
            "<template><p/></template>",
            "<script setup>",
            "import { usePostHog } from '@posthog/vue';",
            "const ph = usePostHog();",
            "ph.capture('setup_api');",
            "</script>",
        ].join("\n");
        const blocks = await blocksOf(text);
        assert.equal(blocks.length, 2);
        assert.deepEqual(await callsOf(text), ["1:61 options_api", "7:12 setup_api"]);
    });

    it("reads nothing in a file without a script, or whose script is another file", async () => {
        assert.deepEqual(await blocksOf("<template><p>posthog.capture('x')</p></template>\n"), []);
        assert.deepEqual(await callsOf("<template><p>posthog.capture('x')</p></template>\n"), []);
        assert.deepEqual(await blocksOf('<script src="./tracking.js"></script>\n'), []);
        assert.deepEqual(await callsOf(""), []);
    });

    it("takes only top-level blocks: not a script in a comment or inside the template", async () => {
        const text = [
            "<!-- <script>posthog.capture('commented')</script> -->",
            "<template><div><script>posthog.capture('in_template')</script></div></template>",
            "<script>",
            "import posthog from 'posthog-js'",
            "posthog.capture('real')",
            "</script>",
        ].join("\n");
        assert.equal((await blocksOf(text)).length, 1);
        assert.deepEqual(await callsOf(text), ["4:17 real"]);
    });

    it("ends a block at the first </script>, even inside a string (the HTML rule)", async () => {
        const text = [
            "<script setup>",
            "import posthog from 'posthog-js'",
            "posthog.capture('before')",
            'const html = "</script>";',
            "posthog.capture('after')",
            "</script>",
        ].join("\n");
        const [block] = await blocksOf(text);
        assert.ok(text.slice(block.start, block.end).endsWith('const html = "'));
        assert.deepEqual(await callsOf(text), ["2:17 before"]);
    });

    it("keeps CRLF line ends, so lines and characters match the file", async () => {
        const text = SFC.replace(/\n/g, "\r\n");
        const [block] = await blocksOf(text);
        assert.equal(block.text.length, text.length);
        assert.equal(block.text.split("\r\n").length, text.split("\r\n").length);
        const { calls } = await find(text);
        assert.deepEqual(
            calls.map((c) => [c.range.start.line, c.range.start.character, c.key]),
            [
                [1, 35, "in_template"],
                [6, 48, "new-label"],
                [7, 17, "sfc_opened"],
            ],
        );
    });

    it("blanks surrogate pairs and tabs as single code units", () => {
        const text = "🎉\t<x>\r\nab";
        assert.equal(keepOnly(text, 8, 9), "      \r\na ");
    });
});

describe("codeCalls: Vue bad input", function () {
    this.timeout(120_000);

    it("reads no block without its closing tag, and does not throw", async () => {
        const text =
            "<template><p/></template>\n<script setup>\nimport posthog from 'posthog-js'\nposthog.capture('open')\n";
        assert.deepEqual(await blocksOf(text), []);
        assert.deepEqual(await find(text), { calls: [] });
        assert.deepEqual(await find("<script"), { calls: [] });
        assert.deepEqual(await find("</script><script>"), { calls: [] });
    });

    it("skips a huge file and a binary one without parsing them", async () => {
        const huge = `<template>\n${"<p>hello</p>\n".repeat(200_000)}</template>`;
        assert.ok(huge.length > 2_000_000);
        assert.deepEqual(await find(huge), { calls: [], skipped: "tooLarge" });
        const binary = "<script>posthog.capture('a')</script>\u0000\u0001\u00ff";
        assert.deepEqual(await find(binary), { calls: [], skipped: "binary" });
    });

    it("reads a large file within bounds: every call found, or the time budget reached", async () => {
        const block =
            "<script setup>\nimport posthog from 'posthog-js'\nposthog.capture('x')\n</script>\n";
        const text = `<template>\n${'<div :a="b < c" @click="go(\'"\')">{{ "<" }}</div>\n'.repeat(20_000)}</template>\n${block}`;
        const result = await find(text, 2_000);
        if (result.skipped === undefined) assert.equal(result.calls.length, 1);
        else assert.equal(result.skipped, "timeBudget");
    });
});
