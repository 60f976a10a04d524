// The README is the users' page and the Marketplace's (issue 42): it lists every setting the
// extension contributes with its default, and its prose stays plain: sentences under 25 words on
// average, none over 50 (test/proseSentences.ts says what counts as a sentence).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { averageWords, sentences } from "../proseSentences";

const root = path.resolve(__dirname, "../../..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");

/** Every setting in package.json's contributes.configuration, with its default. */
function contributedSettings(): Map<string, unknown> {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
        contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    };
    const sections = [pkg.contributes.configuration].flat();
    return new Map(
        sections.flatMap((section) =>
            Object.entries(section.properties).map(([key, value]) => [key, value.default]),
        ),
    );
}

/** The README's settings table: setting name to its Default cell. */
function settingsTable(markdown: string): Map<string, string> {
    const section = /^## Settings$([\s\S]*?)(?=^## )/m.exec(markdown)?.[1] ?? "";
    const rows = section.matchAll(/^\| `(posthog-workbench\.[\w.]+)` \| ([^|]+) \|.+\|$/gm);
    return new Map([...rows].map((m) => [m[1], m[2].trim()]));
}

describe("README", () => {
    it("its settings table has every contributed setting, with its default, and no other", () => {
        const table = settingsTable(readme);
        const settings = contributedSettings();
        assert.deepEqual([...table.keys()].sort(), [...settings.keys()].sort());
        for (const [key, value] of settings)
            assert.equal(table.get(key), `\`${JSON.stringify(value)}\``, `${key}'s default`);
    });

    it("the table check fails on a setting the table leaves out", () => {
        const [first] = [...contributedSettings().keys()];
        const without = readme
            .split("\n")
            .filter((line) => !line.startsWith(`| \`${first}\``))
            .join("\n");
        assert.equal(settingsTable(without).has(first), false);
        assert.equal(settingsTable(readme).has(first), true);
    });

    it("its sentences are under 25 words on average and none is over 50", () => {
        const all = sentences(readme);
        assert.ok(all.length > 100, `only ${all.length} sentences found`);
        const long = all.filter((s) => s.words > 50).map((s) => `${s.words}: ${s.text}`);
        assert.deepEqual(long, [], "sentences over 50 words");
        assert.ok(averageWords(all) < 25, `${averageWords(all).toFixed(1)} words on average`);
    });

    it("the sentence measure counts a long sentence, and code and links as single words", () => {
        const long = `- ${Array.from({ length: 51 }, (_, i) => `w${i}`).join(" ")}.`;
        const found = sentences(
            [
                "# A heading is not a sentence",
                "",
                "One two three. Run `npm run demo --screenshot out.png` now!",
                "See [the guide](docs/development.md) first?",
                "",
                "```sh",
                "npm ci # not prose",
                "```",
                "",
                "| Setting | What |",
                "| --- | --- |",
                "| `a.b` | Cells count. As sentences. |",
                "",
                long,
            ].join("\n"),
        );
        assert.deepEqual(
            found.map((s) => [s.words, s.inTable]),
            [
                [3, false],
                [3, false],
                [4, false],
                [1, true],
                [1, true],
                [1, true],
                [2, true],
                [2, true],
                [51, false],
            ],
        );
        assert.equal(averageWords(found), (3 + 3 + 4 + 51) / 4);
    });
});
