// The Markdown the editor builds from server data (the event-definition details shown in the
// Markdown preview, an experiment as Markdown, the HogQL hover) with every hostile name in every
// place a server string goes, rendered as VS Code renders each: nothing live, and the reader sees
// the name.
import assert from "node:assert/strict";
import { marked } from "marked";
import { detailsMarkdown } from "../../src/events/format";
import { experimentPageData, pageMarkdown } from "../../src/experiments/pageData";
import { hoverMarkdown } from "../../src/language/hoverText";
import { oneLine } from "../../src/shared/plainText";
import {
    hostileNames,
    liveElements,
    liveInMarkdownString,
    liveInPreview,
    visibleText,
} from "../hostile/liveMarkup";
import { definition, experiment } from "../hostile/serverObjects";

const names = hostileNames();
const HOST = "https://us.posthog.com";

/** The rendered HTML's cells of the first table: how many rows, each with how many cells. */
function firstTableShape(html: string): number[] {
    const table = /<table>[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(
        (row) => (row[1].match(/<t[dh][ >]/g) ?? []).length,
    );
}

describe("hostile names in the Markdown the editor builds", () => {
    for (const { name, why } of names) {
        describe(why, () => {
            it("the event-definition details preview shows text: no link, image or HTML", () => {
                const markdown = detailsMarkdown(definition(name), 3);
                assert.deepEqual(liveInPreview(markdown), []);
                assert.deepEqual(liveInMarkdownString(markdown), []);
                const html = marked.parse(markdown, { async: false, gfm: true });
                // The heading is the whole name on one line, as the reader typed nothing.
                const heading = /<h1>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
                assert.equal(
                    visibleText(heading).trim(),
                    oneLine(name, Number.MAX_SAFE_INTEGER).trim(),
                );
                // The table keeps its rows of two cells: no name splits or ends it.
                const plain = marked.parse(detailsMarkdown(definition("plain"), 3), {
                    async: false,
                    gfm: true,
                });
                assert.deepEqual(firstTableShape(html), firstTableShape(plain));
                // One code block, the query, and the text after it is not swallowed.
                assert.equal((html.match(/<pre>/g) ?? []).length, 1);
            });

            it("an experiment as Markdown has no live element but its one link to PostHog", () => {
                const e = experiment(name);
                const data = experimentPageData(
                    e,
                    new Map([[name, { kind: "failed", message: name }]]),
                    null,
                    new Date(0),
                );
                const markdown = pageMarkdown(e, data, HOST, "2");
                const ownLink = `<a href="${HOST}/project/2/experiments/7">`;
                const live = liveInPreview(markdown);
                assert.deepEqual(
                    live.filter((tag) => tag !== ownLink),
                    [],
                );
                assert.deepEqual(
                    liveInMarkdownString(markdown).filter((tag) => tag !== ownLink),
                    [],
                );
                const html = marked.parse(markdown, { async: false, gfm: true });
                const plain = experiment("plain");
                const plainHtml = marked.parse(
                    pageMarkdown(
                        plain,
                        experimentPageData(plain, new Map(), null, new Date(0)),
                        HOST,
                        "2",
                    ),
                    { async: false, gfm: true },
                );
                assert.deepEqual(firstTableShape(html), firstTableShape(plainHtml));
            });

            it("the hover of a table keeps each field name in its own code span", () => {
                const fields = [
                    { name, type: name },
                    { name: "plain", type: "string" },
                ];
                const markdown = hoverMarkdown("hostile", false, [{ name: "hostile", fields }]);
                assert.ok(markdown);
                assert.deepEqual(liveInMarkdownString(markdown), []);
                const html = marked.parse(markdown, { async: false, gfm: true });
                assert.deepEqual(liveElements(html), []);
                // The table's name, the hostile field and the plain one: three spans.
                const spans = [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) =>
                    visibleText(m[1]).trim(),
                );
                assert.equal(spans.length, 3);
                assert.equal(spans[0], "hostile");
                assert.equal(spans[1], oneLine(name).trim());
                assert.equal(spans[2], "plain");
            });
        });
    }
});
