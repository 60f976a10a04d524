// The `<script>` and `<script setup>` blocks of a Vue single-file component, and its template's
// expressions, each as a copy of the file in which everything else (style, markup, the tags
// themselves, other blocks) is blanked with spaces, newlines kept: an offset in the copy is the
// same offset in the file, so the calls found in it need no mapping back.
//
// The blocks are found with tree-sitter-vue (a 30 KB grammar, shipped beside the others) rather
// than Vue's own @vue/compiler-sfc, whose `parse` alone bundles to about 1 MB minified: too much of
// the 4 MB .vsix for finding a few tags (docs/performance.md). Like Vue's compiler, only the file's top-level blocks count
// (a `<script>` inside `<template>` or a comment is not one), and a block ends at the first
// `</script>`, even one inside a string (the HTML rule the browser and Vue follow).
import type { Node, Tree } from "web-tree-sitter";
import type { GrammarLanguage } from "./types";

/**
 * A script block, or the template's expressions: the language it is read as and the file's text
 * with only its content kept.
 */
export interface ScriptBlock {
    language: GrammarLanguage;
    /** The file's text, everything but the block's content replaced by spaces (newlines kept). */
    text: string;
    /** The content's offsets in the file. */
    start: number;
    end: number;
}

/** `lang` as Vue's tooling reads it; a block in any other language (CoffeeScript, say) is left out. */
const LANG: Readonly<Record<string, GrammarLanguage>> = {
    js: "javascript",
    jsx: "javascriptreact",
    ts: "typescript",
    tsx: "typescriptreact",
};

/** The script blocks of a file that tree-sitter-vue parsed into `tree`, in file order. */
export function scriptBlocks(tree: Tree, text: string): ScriptBlock[] {
    const blocks: ScriptBlock[] = [];
    for (const element of tree.rootNode.namedChildren) {
        if (element?.type !== "script_element") continue;
        const start = child(element, "start_tag");
        // A block without its closing tag is not one: Vue's compiler rejects the file.
        if (!start || !child(element, "end_tag")) continue;
        const attributes = attributesOf(start, text);
        // With `src` the script is another file; what the tags hold is not it.
        if (attributes.has("src")) continue;
        const lang = attributes.get("lang")?.toLowerCase() ?? "js";
        const language = Object.prototype.hasOwnProperty.call(LANG, lang) ? LANG[lang] : undefined;
        const content = child(element, "raw_text");
        if (!language || !content) continue;
        blocks.push({
            language,
            text: keepOnly(text, content.startIndex, content.endIndex),
            start: content.startIndex,
            end: content.endIndex,
        });
    }
    return blocks;
}

function child(node: Node, type: string): Node | undefined {
    return node.namedChildren.find((c) => c?.type === type) ?? undefined;
}

/** A start tag's attributes by lower-case name; a bare attribute (`setup`) has the value "". */
function attributesOf(tag: Node, text: string): Map<string, string> {
    const attributes = new Map<string, string>();
    for (const attribute of tag.namedChildren) {
        if (attribute?.type !== "attribute") continue;
        const name = child(attribute, "attribute_name");
        if (!name) continue;
        const quoted = child(attribute, "quoted_attribute_value");
        const value = quoted
            ? child(quoted, "attribute_value")
            : child(attribute, "attribute_value");
        attributes.set(
            text.slice(name.startIndex, name.endIndex).toLowerCase(),
            value ? text.slice(value.startIndex, value.endIndex) : "",
        );
    }
    return attributes;
}

/**
 * The template's expressions (directive values such as `@click="…"` and `{{ … }}`) as one more
 * block: each kept where it is, the quote or brace that closes it turned into `;` so that the next
 * one starts a new statement. Read as TypeScript when a script block is (Vue then allows
 * TypeScript in the template). None for a template in another language (`lang="pug"`).
 */
export function templateBlock(
    tree: Tree,
    text: string,
    scripts: readonly ScriptBlock[],
): ScriptBlock | undefined {
    const template = tree.rootNode.namedChildren.find((c) => c?.type === "template_element");
    const start = template && child(template, "start_tag");
    if (!template || !start || attributesOf(start, text).has("lang")) return undefined;
    const ranges: Range[] = [];
    const stack: Node[] = [template];
    for (let node = stack.pop(); node; node = stack.pop()) {
        if (node.type === "interpolation") {
            const raw = child(node, "raw_text");
            if (raw) ranges.push({ start: raw.startIndex, end: raw.endIndex });
            continue;
        }
        if (node.type === "directive_attribute") {
            const quoted = child(node, "quoted_attribute_value");
            const value = quoted ? child(quoted, "attribute_value") : undefined;
            if (value) ranges.push({ start: value.startIndex, end: value.endIndex });
            continue;
        }
        for (const c of node.namedChildren) if (c) stack.push(c);
    }
    if (ranges.length === 0) return undefined;
    ranges.sort((a, b) => a.start - b.start);
    const typed = scripts.some((b) => b.language.startsWith("typescript"));
    return {
        language: typed ? "typescript" : "javascript",
        text: keepRanges(text, ranges, true),
        start: ranges[0].start,
        end: ranges[ranges.length - 1].end,
    };
}

interface Range {
    start: number;
    end: number;
}

/** The text with every character outside [start, end) but line breaks replaced by a space. */
export function keepOnly(text: string, start: number, end: number): string {
    return keepRanges(text, [{ start, end }], false);
}

/**
 * The text with every character outside the ranges (sorted, apart) but line breaks replaced by a
 * space; with `terminate`, the character after each range, when not a line break, becomes `;`.
 */
function keepRanges(text: string, ranges: readonly Range[], terminate: boolean): string {
    let out = "";
    let at = 0;
    for (const range of ranges) {
        out += blank(text.slice(at, range.start)) + text.slice(range.start, range.end);
        at = range.end;
        const next = text.charCodeAt(at);
        if (terminate && at < text.length && next !== 0x0a && next !== 0x0d) {
            out += ";";
            at++;
        }
    }
    return out + blank(text.slice(at));
}

/** The part with every character but a line break replaced by a space: offsets and lines kept. */
function blank(part: string): string {
    return part.replace(/[^\r\n]/g, " ");
}
