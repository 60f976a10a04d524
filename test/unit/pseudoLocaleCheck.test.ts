// The pseudo-locale UI test's judge (test/ui/pseudoLocale.ts) on known texts: what it must flag
// (English of ours, even beside data that shares a word) and what it must let through
// (pseudo-translated text, sandbox values, product names, Intl's fallback words).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
    intlFallbackWords,
    pseudoLocalisedExtension,
    stringValues,
    untranslated,
} from "../ui/pseudoLocale";

const allowed = ["PostHog", "CSV", intlFallbackWords()].join("\n");
const judge = (text: string, data: string[] = []): string[] =>
    untranslated([{ where: "page", text }], data, allowed);

describe("pseudo-locale check", () => {
    it("flags a hard-coded English string, even when a sandbox value shares its word", () => {
        assert.deepEqual(judge("Copy as CSV", ["copy"]), ['page: copy in "Copy as CSV"']);
        assert.equal(judge("since 2026-11-14").length, 1);
        assert.equal(judge("Ƈǿǿƥẏ ȧȧş ƇŞṼ · Sort by day", ["day"]).length, 1);
    });

    it("lets through pseudo text, whole sandbox values, names and Intl's words", () => {
        assert.deepEqual(judge("Ƈǿǿƥẏ ŧħḗḗ şḗḗŀḗḗƈŧīǿǿƞ ȧȧş ŧȧȧƀ-şḗḗƥȧȧřȧȧŧḗḗḓ ŧḗḗẋŧ"), []);
        assert.deepEqual(
            judge("Checkout button color · ƒŀȧȧɠ checkout-button-color", [
                "Checkout button color",
                "checkout-button-color",
            ]),
            [],
        );
        assert.deepEqual(judge("ƤǿǿşŧĦǿǿɠ PostHog CSV"), []);
        assert.deepEqual(judge("Nov 17, 2026, 12:01:10 AM · 2 days ago · yesterday"), []);
    });

    it("reads every string of nested data", () => {
        assert.deepEqual(stringValues({ a: ["x", { b: "y", c: 1 }], d: null, e: "z" }), [
            "x",
            "y",
            "z",
        ]);
    });

    it("builds the extension copy with pseudo-translated bundles beside the English ones", () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pseudo-ext-"));
        try {
            const ext = pseudoLocalisedExtension(path.join(dir, "ext"));
            const nls = JSON.parse(
                fs.readFileSync(path.join(ext, "package.nls.qps-ploc.json"), "utf8"),
            ) as Record<string, string>;
            const bundle = JSON.parse(
                fs.readFileSync(path.join(ext, "l10n", "bundle.l10n.qps-ploc.json"), "utf8"),
            ) as Record<string, string>;
            assert.ok(fs.existsSync(path.join(ext, "l10n", "bundle.l10n.json")));
            assert.ok(fs.statSync(path.join(ext, "dist")).isDirectory());
            assert.ok(!fs.lstatSync(path.join(ext, "dist")).isSymbolicLink(), "dist is copied");
            assert.equal(nls["views.posthog.experiments.name"], "ḖḖẋƥḗḗřīḿḗḗƞŧş");
            // Every message with letters is pseudo text, placeholders kept.
            for (const [english, pseudo] of Object.entries(bundle)) {
                if (/[A-Za-z]/.test(english.replace(/\{\d+\}|\$\([\w-]+\)/g, "")))
                    assert.notEqual(pseudo, english);
                for (const p of english.match(/\{\d+\}/g) ?? []) assert.ok(pseudo.includes(p));
            }
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
