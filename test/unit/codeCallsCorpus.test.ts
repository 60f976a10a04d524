// The finder against the corpus of real PostHog call sites (test/fixtures/posthog-calls/, see its
// README.md): per language, at least 98% of what it reports is a real call (precision) and at least
// 95% of the real calls are found (recall). Prints the figures per language.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { type CodeLanguage, findCalls } from "../../src/codeCalls";
import { nodeModulesWasm } from "./codeCallsWasm";

const root = path.resolve(__dirname, "../../..");
const corpusDir = path.join(root, "test/fixtures/posthog-calls");

interface ExpectedCall {
    /** One-based line of the key in the excerpt. */
    line: number;
    kind: "capture" | "flag";
    fn: string;
    key: string;
}
interface Site {
    id: string;
    file: string;
    language: CodeLanguage;
    source: "real" | "synthetic";
    calls: ExpectedCall[];
}

/** The language families: the bar holds for each. */
const FAMILY: Record<CodeLanguage, string> = {
    javascript: "JavaScript/TypeScript",
    javascriptreact: "JavaScript/TypeScript",
    typescript: "JavaScript/TypeScript",
    typescriptreact: "JavaScript/TypeScript",
    python: "Python",
    go: "Go",
    ruby: "Ruby",
    php: "PHP",
    swift: "Swift",
    kotlin: "Kotlin",
    java: "Java",
    dart: "Dart",
    vue: "Vue",
};

interface Tally {
    expected: number;
    reported: number;
    matched: number;
    sites: number;
}

function emptyTally(): Tally {
    return { expected: 0, reported: 0, matched: 0, sites: 0 };
}

function percent(part: number, whole: number): number {
    return whole === 0 ? 100 : (100 * part) / whole;
}

describe("codeCalls: the corpus of real call sites", function () {
    this.timeout(120_000);
    const index = JSON.parse(fs.readFileSync(path.join(corpusDir, "index.json"), "utf8")) as {
        sites: Site[];
    };

    it("holds at least 200 real call sites, with every site's source and licence", () => {
        const real = index.sites.filter((s) => s.source === "real");
        const calls = real.reduce((n, s) => n + s.calls.length, 0);
        assert.ok(calls >= 200, `${calls} real call sites`);
        for (const site of index.sites) {
            assert.ok(fs.existsSync(path.join(corpusDir, site.file)), site.file);
        }
    });

    it("finds them per language with precision >= 98% and recall >= 95%", async () => {
        // Per family (and JavaScript/TypeScript's four languages): the real excerpts, and all.
        const tallies = new Map<string, { real: Tally; all: Tally }>();
        const misses: string[] = [];
        for (const site of index.sites) {
            const text = fs.readFileSync(path.join(corpusDir, site.file), "utf8");
            const result = await findCalls(text, site.language, { locate: nodeModulesWasm });
            assert.equal(result.skipped, undefined, `${site.id} was skipped`);
            const expected = new Set(site.calls.map((c) => `${c.line}|${c.kind}|${c.key}`));
            const reported = new Set(
                result.calls.map((c) => `${c.range.start.line + 1}|${c.kind}|${c.key}`),
            );
            const matched = [...reported].filter((r) => expected.has(r));
            for (const r of reported)
                if (!expected.has(r)) misses.push(`${site.id}: reported ${r}`);
            for (const e of expected) if (!reported.has(e)) misses.push(`${site.id}: missed ${e}`);
            const family = FAMILY[site.language];
            const names =
                family === "JavaScript/TypeScript"
                    ? [family, `${family}: ${site.language}`]
                    : [family];
            for (const name of names) {
                const entry = tallies.get(name) ?? { real: emptyTally(), all: emptyTally() };
                for (const t of site.source === "real" ? [entry.real, entry.all] : [entry.all]) {
                    t.expected += expected.size;
                    t.reported += reported.size;
                    t.matched += matched.length;
                    t.sites += 1;
                }
                tallies.set(name, entry);
            }
        }
        const figures = (t: Tally) =>
            `${String(t.sites).padStart(4)} ${String(t.expected).padStart(5)} ${percent(t.matched, t.reported).toFixed(1).padStart(6)}% ${percent(t.matched, t.expected).toFixed(1).padStart(6)}%`;
        console.log(
            "      language                             real: excerpts calls precision recall | all: the same",
        );
        for (const [name, t] of [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b))) {
            console.log(`      ${name.padEnd(38)} ${figures(t.real)} | ${figures(t.all)}`);
        }
        if (misses.length) console.log(`      differences:\n        ${misses.join("\n        ")}`);
        for (const family of new Set(Object.values(FAMILY))) {
            const entry = tallies.get(family);
            assert.ok(entry, `no excerpt for ${family}`);
            for (const [which, t] of Object.entries(entry)) {
                const precision = percent(t.matched, t.reported);
                const recall = percent(t.matched, t.expected);
                assert.ok(t.expected > 0, `${family} (${which}): no calls`);
                assert.ok(
                    precision >= 98,
                    `${family} (${which}): precision ${precision.toFixed(1)}%`,
                );
                assert.ok(recall >= 95, `${family} (${which}): recall ${recall.toFixed(1)}%`);
            }
        }
    });
});
