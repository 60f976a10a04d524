// What each call reports (kind, function, decoded key, the string's exact range), and the bounds:
// a huge file, a minified line, a binary file, unbalanced quotes and a parse over its time budget
// are skipped or read within bounds, never a stall.
import assert from "node:assert/strict";
import { type CodeLanguage, findCalls } from "../../src/codeCalls";
import { nodeModulesWasm } from "./codeCallsWasm";

const find = (text: string, language: CodeLanguage, parseBudgetMs?: number) =>
    findCalls(text, language, {
        locate: nodeModulesWasm,
        limits: parseBudgetMs ? { parseBudgetMs } : {},
    });

describe("codeCalls: what a call reports", function () {
    this.timeout(60_000);

    it("gives the kind, the function, the key with escapes resolved and the contents' range in UTF-16", async () => {
        const text =
            'import posthog from "posthog-js";\nconst icon = "🎉"; posthog.capture("caf\\u00e9 opened");\n';
        const { calls } = await find(text, "typescript");
        assert.equal(calls.length, 1);
        const [call] = calls;
        assert.deepEqual(
            { kind: call.kind, fn: call.fn, key: call.key, language: call.language },
            { kind: "capture", fn: "capture", key: "café opened", language: "typescript" },
        );
        assert.equal(text.slice(call.offsets.start, call.offsets.end), "caf\\u00e9 opened");
        const line = text.split("\n")[1];
        assert.deepEqual(call.range, {
            start: { line: 1, character: line.indexOf("caf") },
            end: { line: 1, character: line.indexOf('");') },
        });
    });

    it("names the call a Go struct is passed to, and resolves Kotlin's \\$", async () => {
        const go = await find(
            'package a\nimport "github.com/posthog/posthog-go"\nfunc f(c posthog.Client) { c.GetFeatureFlag(posthog.FeatureFlagPayload{Key: "beta", DistinctId: "u"}) }\n',
            "go",
        );
        assert.deepEqual(
            go.calls.map((c) => [c.kind, c.fn, c.key]),
            [["flag", "GetFeatureFlag", "beta"]],
        );
        const kotlin = await find('fun f() { PostHog.capture(event = "\\$screen") }\n', "kotlin");
        assert.deepEqual(
            kotlin.calls.map((c) => [c.fn, c.key]),
            [["capture", "$screen"]],
        );
    });

    it("reports nothing for an empty file or one without calls", async () => {
        assert.deepEqual(await find("", "python"), { calls: [] });
        assert.deepEqual(await find("import posthog\nposthog.identify('u')\n", "python"), {
            calls: [],
        });
    });
});

describe("codeCalls: bounds", function () {
    this.timeout(120_000);

    it("skips a file over the size limit without parsing it", async () => {
        const text = 'posthog.capture("a")\n'.repeat(100_000);
        assert.ok(text.length > 2_000_000);
        assert.deepEqual(await find(text, "javascript"), { calls: [], skipped: "tooLarge" });
    });

    it("skips minified code (a line over 10,000 characters)", async () => {
        const text = 'import posthog from "posthog-js";' + 'posthog.capture("a");'.repeat(1_000);
        assert.deepEqual(await find(text, "javascript"), { calls: [], skipped: "longLine" });
    });

    it("skips a binary file with a source extension", async () => {
        const text = 'posthog.capture("a")\n\u0000\u0001\u0002\u00ff';
        assert.deepEqual(await find(text, "python"), { calls: [], skipped: "binary" });
    });

    it("gives up on a parse over its time budget", async () => {
        const text =
            'import posthog from "posthog-js";\n' +
            'posthog.capture("step", { a: [1, 2, 3] });\n'.repeat(40_000);
        // Cancelled at its budget rather than read to the end (speed itself is the bench's).
        assert.deepEqual(await find(text, "typescript", 1), { calls: [], skipped: "timeBudget" });
    });

    it("reads the next file from its own start after a cancelled parse", async () => {
        // Cancelled part-way through, a parse resumes on the next call unless the parser is reset.
        const broken = 'PostHogSDK.shared.capture("open\n"""\nx\n'.repeat(8_000);
        assert.equal((await find(broken, "swift", 300)).skipped, "timeBudget");
        const next = await find(
            'import PostHog\nlet on = PostHogSDK.shared.isFeatureEnabled("beta")\nPostHogSDK.shared.capture("next")\n',
            "swift",
        );
        assert.deepEqual(
            next.calls.map((c) => c.key),
            ["beta", "next"],
        );
    });

    const UNBALANCED: Record<CodeLanguage, string> = {
        javascript: 'posthog.capture("open\nposthog.capture(`tick\n',
        javascriptreact: '<div title="x>{posthog.capture("open}\n',
        typescript: "posthog.capture('open\nposthog.isFeatureEnabled(\"k)\n",
        typescriptreact: 'const a = <b>"</b>; posthog.capture("x\n',
        python: 'posthog.capture("open\n"""never closed\nposthog.capture(\'x\')\n',
        go: 'package a\nfunc f() { c.Enqueue(posthog.Capture{Event: "open\n`raw\n',
        ruby: "posthog.capture(event: \"open\n<<~DOC\nposthog.capture(event: 'x')\n",
        php: "<?php PostHog::capture(['event' => 'open\n\"x\n",
        swift: 'PostHogSDK.shared.capture("open\n"""\nx\n',
        kotlin: 'PostHog.capture("open\nval s = """x\n',
        java: 'class A { void f() { p.capture("id", "open\n} }\n',
        dart: "void f() { Posthog().capture(eventName: 'open\n''' x\n",
        vue: '<script setup lang="ts">\nposthog.capture("open\n<template><div :a="\n',
    };

    it("reads files with unbalanced quotes in every language within bounds", async () => {
        for (const [language, chunk] of Object.entries(UNBALANCED) as [CodeLanguage, string][]) {
            const text = 'import posthog from "posthog-js"\n' + chunk.repeat(2_000);
            // Read with error recovery, or cancelled at the time budget: either way it returns.
            // A short budget: the default one is the same mechanism, and it would make this one
            // test take seconds per language.
            const result = await find(text, language, 300);
            assert.ok(result.skipped === undefined || result.skipped === "timeBudget", language);
        }
    });
});
