// Rewrites a query node in its file with as small a change as possible: only the properties that
// changed are touched, new ones are written in the file's own indentation and line endings, and
// everything else (key order, comments, compact one-line objects) stays as the author left it.
// The file is parsed by jsonc-parser and the edits are applied with its `applyEdits`; the edits
// themselves are worked out here, because its `modify` reformats the lines around each change
// (a compact `{"display": "Bar"}` next to an added property comes back spread over three lines).
// Pure: no `vscode`.
import type { Edit } from "jsonc-parser";
import {
    endOf,
    jsonEqual,
    keyOf,
    propertyOf,
    sourceOf,
    toValue,
    valueOf,
    type JsonNode,
} from "./jsonScan";
/** How the file is laid out: one level of indentation and the line ending. */
export interface JsonFormat {
    indent: string;
    eol: string;
}

/**
 * The file's indentation: tabs when most indented lines start with one, else the most common
 * step between consecutive indented lines (2 when the file gives no clue, as JSON tools write).
 */
export function detectFormat(text: string): JsonFormat {
    const eol = text.includes("\r\n") ? "\r\n" : "\n";
    let tabs = 0;
    let spaces = 0;
    const steps = new Map<number, number>();
    let previous = 0;
    for (const line of text.split(/\r?\n/)) {
        if (!line.trim()) continue;
        const lead = /^[ \t]*/.exec(line)?.[0] ?? "";
        if (lead.startsWith("\t")) tabs++;
        else if (lead.length > 0) spaces++;
        const width = lead.startsWith("\t") ? 0 : lead.length;
        const step = Math.abs(width - previous);
        if (step > 0 && step <= 8) steps.set(step, (steps.get(step) ?? 0) + 1);
        previous = width;
    }
    if (tabs > spaces) return { indent: "\t", eol };
    let best = 2;
    let bestCount = 0;
    for (const [step, count] of steps)
        if (count > bestCount || (count === bestCount && step < best)) {
            best = step;
            bestCount = count;
        }
    return { indent: " ".repeat(best), eol };
}

/** Leading whitespace of the line that holds `offset`. */
export function lineIndentAt(text: string, offset: number): string {
    const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
    return /^[ \t]*/.exec(text.slice(lineStart, offset))?.[0] ?? "";
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The texts of the numbers of the node being rewritten. jsonc-parser reads a number into a
 * double, which keeps about 15 digits: `12345678901234567890` comes back from the service as
 * `12345678901234567000`. A number that the upgrade kept is written back as its source text,
 * found at the same place in the old node or, when the upgrade moved it, by its value (unless
 * two different texts read as that same double).
 */
class NumberTexts {
    private readonly byValue = new Map<number, string | undefined>();

    constructor(
        private readonly text: string,
        root: JsonNode,
    ) {
        this.collect(root);
    }

    private collect(node: JsonNode): void {
        if (node.type === "number") {
            const source = sourceOf(this.text, node);
            const value = node.value as number;
            // Zero is left out: a Map does not tell -0 from 0.
            if (value === 0 || JSON.stringify(value) === source) return;
            const seen = this.byValue.has(value);
            this.byValue.set(
                value,
                seen && this.byValue.get(value) !== source ? undefined : source,
            );
        }
        for (const child of node.children ?? []) this.collect(child);
    }

    /** How to write `value`, which stands where `original` stood (if anything did). */
    textOf(value: number, original: JsonNode | undefined): string {
        if (original?.type === "number" && original.value === value)
            return sourceOf(this.text, original);
        return (value !== 0 && this.byValue.get(value)) || JSON.stringify(value);
    }
}

/** How a value is written: on one line in the style of the one it replaces, or over lines. */
type Layout =
    | { lines: false; colon: string; comma: string; pad: string }
    | { lines: true; indent: string; newline: string };

/** The one-line style of an existing value: `{"a": 1}` vs `{ "a": 1 }` vs `{"a":1}`. */
function compactLayout(original: string): Layout {
    return {
        lines: false,
        colon: /"\s*:\s/.test(original) ? ": " : ":",
        comma: /,\s/.test(original) ? ", " : ",",
        pad: /^[{[]\s/.test(original) ? " " : "",
    };
}

/** Lines as `JSON.stringify(value, null, indent)` lays them out, after `lineIndent`. */
function linesLayout(lineIndent: string, format: JsonFormat): Layout {
    return { lines: true, indent: format.indent, newline: format.eol + lineIndent };
}

/** `value` as JSON in `layout`; `original` is the node it replaces, for its number texts. */
function write(
    value: unknown,
    layout: Layout,
    numbers: NumberTexts,
    original: JsonNode | undefined,
    depth = 0,
): string {
    if (typeof value === "number") return numbers.textOf(value, original);
    if (Array.isArray(value)) {
        const items = value.map((v, i) =>
            write(v, layout, numbers, original?.children?.[i], depth + 1),
        );
        return wrap("[", items, "]", layout, depth);
    }
    if (isPlainObject(value)) {
        const colon = layout.lines ? ": " : layout.colon;
        const items = Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => {
                const inner = original && propertyOf(original, k);
                return `${JSON.stringify(k)}${colon}${write(v, layout, numbers, inner, depth + 1)}`;
            });
        return wrap("{", items, "}", layout, depth);
    }
    return JSON.stringify(value) ?? "null";
}

function wrap(open: string, items: string[], close: string, layout: Layout, depth: number) {
    if (items.length === 0) return open + close;
    if (!layout.lines)
        return `${open}${layout.pad}${items.join(layout.comma)}${layout.pad}${close}`;
    const inner = layout.newline + layout.indent.repeat(depth + 1);
    const outer = layout.newline + layout.indent.repeat(depth);
    return `${open}${inner}${items.join(`,${inner}`)}${outer}${close}`;
}

/** What one node's rewrite needs to know of the file. */
interface Rewrite {
    text: string;
    format: JsonFormat;
    numbers: NumberTexts;
    edits: Edit[];
}

/** `value` written where `node` was, in the style `node` was written in. */
function serializeLike(rw: Rewrite, node: JsonNode, value: unknown): string {
    const original = sourceOf(rw.text, node);
    const compact = !original.includes("\n") && (node.type === "object" || node.type === "array");
    const layout = compact
        ? compactLayout(original)
        : linesLayout(lineIndentAt(rw.text, node.offset), rw.format);
    return write(value, layout, rw.numbers, node);
}

/**
 * Edits that turn the value of `node` (in `text`) into `target`. Objects are edited property by
 * property when the properties they share keep their order; otherwise, and for one-line objects,
 * the value is rewritten whole in the style it had. Apply them with jsonc-parser's `applyEdits`.
 */
export function editsToward(
    text: string,
    node: JsonNode,
    target: unknown,
    format: JsonFormat = detectFormat(text),
): Edit[] {
    const rw: Rewrite = { text, format, numbers: new NumberTexts(text, node), edits: [] };
    diff(rw, node, target);
    return rw.edits.sort((a, b) => a.offset - b.offset || a.length - b.length);
}

function replace(rw: Rewrite, node: JsonNode, target: unknown): void {
    rw.edits.push({
        offset: node.offset,
        length: node.length,
        content: serializeLike(rw, node, target),
    });
}

function diff(rw: Rewrite, node: JsonNode, target: unknown): void {
    if (jsonEqual(toValue(node), target)) return;
    const items = node.children ?? [];
    const multiLine = sourceOf(rw.text, node).includes("\n");
    if (node.type === "array" && Array.isArray(target) && items.length === target.length) {
        if (!multiLine) return replace(rw, node, target);
        items.forEach((item, i) => diff(rw, item, target[i]));
        return;
    }
    if (node.type !== "object" || !isPlainObject(target) || !multiLine)
        return replace(rw, node, target);
    const keys = items.map(keyOf);
    const targetKeys = Object.keys(target);
    const kept = keys.filter((k) => k in target);
    const keptInTarget = targetKeys.filter((k) => keys.includes(k));
    if (
        kept.length === 0 ||
        new Set(keys).size !== keys.length ||
        kept.join("\u0000") !== keptInTarget.join("\u0000")
    )
        return replace(rw, node, target);

    // Properties that stay: edit inside them.
    for (const p of items) if (keyOf(p) in target) diff(rw, valueOf(p), target[keyOf(p)]);
    removeProperties(rw, items, target);
    addProperties(rw, node, keys, target);
}

/**
 * Cuts the properties `target` does not have. Before a property that stays: up to the next
 * property, so the indentation in front of this one serves the next. In the trailing run: from
 * the end of the previous property, taking the comma that led to this one.
 */
function removeProperties(rw: Rewrite, props: JsonNode[], target: Record<string, unknown>) {
    const lastKept = props.map((p) => keyOf(p) in target).lastIndexOf(true);
    for (const [i, p] of props.entries()) {
        if (keyOf(p) in target) continue;
        const start = i < lastKept ? p.offset : endOf(props[i - 1]);
        const end = i < lastKept ? props[i + 1].offset : endOf(p);
        rw.edits.push({ offset: start, length: end - start, content: "" });
    }
}

/** Writes the properties new in `target` after the kept property that precedes them there. */
function addProperties(
    rw: Rewrite,
    node: JsonNode,
    keys: string[],
    target: Record<string, unknown>,
): void {
    const props = node.children ?? [];
    const propIndent = propertyIndent(rw, node);
    const layout = linesLayout(propIndent, rw.format);
    const property = (key: string) =>
        `${JSON.stringify(key)}: ${write(target[key], layout, rw.numbers, undefined)}`;
    let anchor: string | undefined;
    const pending = new Map<string | undefined, string[]>();
    for (const key of Object.keys(target)) {
        if (keys.includes(key)) anchor = key;
        else pending.set(anchor, [...(pending.get(anchor) ?? []), key]);
    }
    for (const [after, added] of pending) {
        const eol = rw.format.eol;
        if (after === undefined) {
            const body = added.map((k) => `${eol}${propIndent}${property(k)},`).join("");
            rw.edits.push({ offset: node.offset + 1, length: 0, content: body });
        } else {
            const end = endOf(props[keys.indexOf(after)]);
            const body = added.map((k) => `,${eol}${propIndent}${property(k)}`).join("");
            rw.edits.push({ offset: end, length: 0, content: body });
        }
    }
}

/** The indentation of an object's properties: as its first property has it, else one level in. */
function propertyIndent(rw: Rewrite, node: JsonNode): string {
    const first = node.children![0].offset;
    const lineStart = rw.text.lastIndexOf("\n", first - 1) + 1;
    const before = rw.text.slice(lineStart, first);
    if (lineStart > node.offset && /^[ \t]*$/.test(before)) return before;
    return lineIndentAt(rw.text, node.offset) + rw.format.indent;
}

/** The one replacement that turns `before` into `after` (common prefix and suffix left alone). */
export function singleReplacement(before: string, after: string): Edit | undefined {
    if (before === after) return undefined;
    let start = 0;
    const max = Math.min(before.length, after.length);
    while (start < max && before[start] === after[start]) start++;
    let tail = 0;
    while (
        tail < max - start &&
        before[before.length - 1 - tail] === after[after.length - 1 - tail]
    )
        tail++;
    return {
        offset: start,
        length: before.length - tail - start,
        content: after.slice(start, after.length - tail),
    };
}
