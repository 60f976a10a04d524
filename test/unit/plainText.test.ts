// Each sink's helper against the hostile-names corpus, checked with the renderers VS Code uses.
import assert from "node:assert/strict";
import { marked } from "marked";
import {
    codeBlock,
    codeSpan,
    inLabel,
    inMarkdown,
    inMessage,
    jsonLines,
    oneLine,
    quotedInLabel,
    quotedInMessage,
    withoutControls,
    withoutLinks,
} from "../../src/shared/plainText";
import {
    hostileNames,
    iconsInMarkdownString,
    liveIcons,
    liveInMarkdownString,
    liveInPreview,
    notificationLinks,
    visibleText,
} from "../hostile/liveMarkup";

const names = hostileNames();
const INVISIBLE =
    /[\u061c\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

describe("plainText: every hostile name is plain text in every sink", () => {
    it("the corpus has what the issue lists", () => {
        const all = names.map((n) => n.name).join("\n");
        assert.match(all, /\]\(command:/);
        assert.match(all, /!\[\]\(https:/);
        assert.match(all, /<script>/);
        assert.match(all, /\u202e/);
        assert.match(all, /\u200b/);
        assert.match(all, /\n/);
        assert.ok(names.some((n) => n.name.length >= 10_000));
        assert.ok(names.some((n) => /^phx_/.test(n.name)));
    });

    for (const { name, why } of names) {
        describe(why, () => {
            it("makes no live link in a notification, and stays inside its quotes", () => {
                const message = `Deleted the event definition ${quotedInMessage(name)}.`;
                assert.deepEqual(notificationLinks(message), []);
                assert.deepEqual(notificationLinks(inMessage(name)), []);
                // The quoted name ends at the last quote: no unescaped quote inside it.
                const inner = quotedInMessage(name).slice(1, -1);
                assert.doesNotMatch(inner.replace(/\\\\/g, ""), /(?<!\\)"/);
                assert.doesNotMatch(message, /[\r\n]/);
                assert.doesNotMatch(message, INVISIBLE);
            });
            it("makes no live link as a whole message, and a quoted name shows no icon", () => {
                // The sink's last guard: whatever reaches a notification unescaped.
                assert.deepEqual(notificationLinks(withoutLinks(`Failed: ${name}`)), []);
                assert.doesNotMatch(withoutLinks(name), INVISIBLE);
                assert.deepEqual(liveIcons(quotedInLabel(name)), []);
                assert.deepEqual(notificationLinks(quotedInLabel(name)), []);
            });
            it("shows no icon in a label, and keeps one line", () => {
                assert.deepEqual(liveIcons(inLabel(name)), []);
                assert.doesNotMatch(inLabel(name), /[\r\n]/);
                assert.ok(Array.from(inLabel(name)).length <= 200);
            });
            it("makes nothing live in Markdown, and the reader sees the name", () => {
                const markdown = `**Event** ${inMarkdown(name)}`;
                assert.deepEqual(liveInPreview(markdown), []);
                assert.deepEqual(liveInMarkdownString(markdown), []);
                assert.deepEqual(iconsInMarkdownString(markdown), []);
                const seen = visibleText(
                    marked.parse(inMarkdown(name, { oneLine: true }), { async: false }),
                );
                assert.equal(seen.trim(), oneLine(name, Number.MAX_SAFE_INTEGER).trim());
            });
            it("stays in a table cell", () => {
                const table = `| Name | Volume |\n| --- | --- |\n| ${inMarkdown(name, { oneLine: true })} | 3 |\n`;
                const html = marked.parse(table, { async: false, gfm: true });
                assert.equal((html.match(/<td>/g) ?? []).length, 2);
                assert.deepEqual(liveInPreview(table), []);
            });
            it("stays inside a code span and a code block", () => {
                const span = `Flag ${codeSpan(name)} here`;
                const html = marked.parse(span, { async: false });
                assert.equal((html.match(/<code>/g) ?? []).length, 1);
                assert.deepEqual(liveInPreview(span), []);
                const block = `${codeBlock(name)}\n\nafter`;
                const blockHtml = marked.parse(block, { async: false });
                assert.equal((blockHtml.match(/<pre>/g) ?? []).length, 1);
                assert.match(blockHtml, /<p>after<\/p>/);
                assert.deepEqual(liveInPreview(block), []);
            });
        });
    }

    it("keeps every name exact as a line of a prompt's fenced JSON, with nothing hidden", () => {
        const all = names.map((n) => n.name);
        const block = jsonLines([...all, { table: all[0], columns: all }]);
        const html = marked.parse(block, { async: false });
        assert.equal((html.match(/<pre>/g) ?? []).length, 1, "one block nothing closes");
        assert.deepEqual(liveInPreview(block), []);
        assert.doesNotMatch(block, INVISIBLE);
        // eslint-disable-next-line no-control-regex -- finding control characters is the point
        assert.doesNotMatch(block, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
        const lines = block.split("\n").slice(1, -1);
        assert.deepEqual(
            lines.map((line) => JSON.parse(line) as unknown),
            [...all, { table: all[0], columns: all }],
        );
    });

    it("keeps an emoji's zero-width joiners and drops the others", () => {
        assert.equal(withoutControls("👨\u200d👩\u200d👧"), "👨\u200d👩\u200d👧");
        assert.equal(withoutControls("a\u200db\u202ec"), "abc");
    });
    it("keeps the lines and length of a whole message, and our own text as it is", () => {
        const detail = "a.json: TrendsQuery v1 → v2\nb.json: RetentionQuery v1 → v2";
        assert.equal(withoutLinks(detail), detail);
        assert.equal(withoutLinks("x".repeat(5000)), "x".repeat(5000));
        assert.equal(
            withoutLinks("see [the docs](https://x.example)"),
            "see [the docs] (https://x.example)",
        );
    });
    it("cuts a long name to the limit with an ellipsis", () => {
        assert.equal(Array.from(oneLine("x".repeat(500), 200)).length, 200);
        assert.ok(oneLine("x".repeat(500), 200).endsWith("\u2026"));
    });
});
