// Checks what a sink would make live of a text, with the renderers VS Code itself uses: its
// notification link syntax, markdown-it with linkify and HTML as the Markdown preview runs it, and
// marked with GFM as MarkdownString (hovers, tooltips, chat) is rendered. Shared by the unit,
// integration and UI suites' hostile-names tests.
import fs from "node:fs";
import path from "node:path";
import MarkdownIt from "markdown-it";
import { marked } from "marked";

/** One name of test/fixtures/hostile-names.json, with why it is there. */
export interface HostileName {
    name: string;
    why: string;
}

/** The corpus of names a server can send. */
export function hostileNames(): HostileName[] {
    const root = path.resolve(__dirname, "../../..");
    const file = path.join(root, "test", "fixtures", "hostile-names.json");
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { names: HostileName[] }).names;
}

/**
 * VS Code's notification links (src/vs/base/common/linkedText.ts, `parseLinkedText`): a Markdown
 * link whose target is http(s), command or file becomes a button-like link in a notification,
 * a modal's detail, a progress title and a view's welcome text.
 */
const NOTIFICATION_LINK =
    /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

/** The live links VS Code would make of a notification's text. */
export function notificationLinks(text: string): string[] {
    return [...text.matchAll(NOTIFICATION_LINK)].map((m) => m[0]);
}

const preview = new MarkdownIt({ html: true, linkify: true });

/** Tags that Markdown's own syntax makes from plain text and our own formatting; no others. */
const STRUCTURE = new Set([
    "p",
    "br",
    "code",
    "pre",
    "strong",
    "em",
    "ul",
    "ol",
    "li",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
]);

/**
 * The live elements in rendered HTML: every tag that is not plain structure (links, images,
 * media, scripts, raw HTML of any kind, which could carry an event handler or a style).
 */
export function liveElements(html: string): string[] {
    return [...html.matchAll(/<([a-z][a-z0-9-]*)\b[^>]*>/gi)]
        .filter((m) => !STRUCTURE.has(m[1].toLowerCase()) || /\son\w+\s*=/i.test(m[0]))
        .map((m) => m[0]);
}

/** What the Markdown preview (markdown-it, HTML and linkify on) makes live of `markdown`. */
export function liveInPreview(markdown: string): string[] {
    return liveElements(preview.render(markdown));
}

/** What a MarkdownString (marked, GFM) makes live of `markdown`. */
export function liveInMarkdownString(markdown: string): string[] {
    return liveElements(marked.parse(markdown, { async: false, gfm: true }));
}

/**
 * Theme icons a MarkdownString with theme icons would render: VS Code keeps `\$(name)` escaped
 * through Markdown (markdownRenderer.ts, `markdownEscapeEscapedIcons`), then renders the others.
 */
export function iconsInMarkdownString(markdown: string): string[] {
    const value = markdown.replace(/\\\$\([a-zA-Z0-9-]+(?:~[a-zA-Z0-9-]+)?\)/g, (m) => `\\${m}`);
    return liveIcons(visibleText(marked.parse(value, { async: false, gfm: true })));
}

/** Theme icons a label would render: `$(name)` not preceded by a backslash. */
export function liveIcons(text: string): string[] {
    return [...text.matchAll(/(?<!\\)\$\([a-z0-9-]+(?:~[a-z]+)?\)/gi)].map((m) => m[0]);
}

/** The text a reader sees of rendered Markdown: tags dropped, entities read. */
export function visibleText(html: string): string {
    return html
        .replace(/<[^>]*>/g, "")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&");
}
