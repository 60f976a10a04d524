// Rewrites a query node in its file with as small a change as possible: only the properties that
// changed are touched, new ones are written in the file's own indentation and line endings, and
// everything else (key order, comments, compact one-line objects) stays as the author left it.
// Pure: no `vscode`.
import { jsonEqual, toValue, type JsonNode } from "./jsonScan";

/** A replacement of `[start, end)` by `text` (an insertion when `start === end`). */
export interface TextEdit {
    start: number;
    end: number;
    text: string;
}

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

/** Compact one-line style of an existing value: `{"a": 1}` vs `{ "a": 1 }` vs `{"a":1}`. */
interface CompactStyle {
    colon: string;
    comma: string;
    pad: string;
}

function compactStyleOf(original: string): CompactStyle {
    return {
        colon: /"\s*:\s/.test(original) ? ": " : ":",
        comma: /,\s/.test(original) ? ", " : ",",
        pad: /^[{[]\s/.test(original) ? " " : "",
    };
}

function compact(value: unknown, style: CompactStyle): string {
    if (Array.isArray(value)) {
        if (value.length === 0) return "[]";
        const items = value.map((v) => compact(v, style)).join(style.comma);
        return `[${style.pad}${items}${style.pad}]`;
    }
    if (isPlainObject(value)) {
        const entries = Object.entries(value);
        if (entries.length === 0) return "{}";
        const body = entries
            .map(([k, v]) => `${JSON.stringify(k)}${style.colon}${compact(v, style)}`)
            .join(style.comma);
        return `${style.pad ? "{ " : "{"}${body}${style.pad ? " }" : "}"}`;
    }
    return JSON.stringify(value) ?? "null";
}

/** `value` laid out over several lines, continuation lines prefixed with `lineIndent`. */
function multiLine(value: unknown, lineIndent: string, format: JsonFormat): string {
    return (JSON.stringify(value, null, format.indent) ?? "null")
        .split("\n")
        .join(format.eol + lineIndent);
}

/** `value` written where `node` was, in the style `node` was written in. */
function serializeLike(text: string, node: JsonNode, value: unknown, format: JsonFormat): string {
    if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
    const original = text.slice(node.start, node.end);
    if (!original.includes("\n") && (node.type === "object" || node.type === "array"))
        return compact(value, compactStyleOf(original));
    return multiLine(value, lineIndentAt(text, node.start), format);
}

/**
 * Edits that turn the value of `node` (in `text`) into `target`. Objects are edited property by
 * property when the properties they share keep their order; otherwise, and for one-line objects,
 * the value is rewritten whole in the style it had.
 */
export function editsToward(
    text: string,
    node: JsonNode,
    target: unknown,
    format: JsonFormat = detectFormat(text),
): TextEdit[] {
    const edits: TextEdit[] = [];
    diff(text, node, target, format, edits);
    return edits.sort((a, b) => a.start - b.start || a.end - b.end);
}

function diff(
    text: string,
    node: JsonNode,
    target: unknown,
    format: JsonFormat,
    edits: TextEdit[],
): void {
    if (jsonEqual(toValue(node), target)) return;
    const replace = () =>
        edits.push({
            start: node.start,
            end: node.end,
            text: serializeLike(text, node, target, format),
        });
    if (node.type === "array" && Array.isArray(target) && node.items.length === target.length) {
        if (!text.slice(node.start, node.end).includes("\n")) return void replace();
        node.items.forEach((item, i) => diff(text, item, target[i], format, edits));
        return;
    }
    if (node.type !== "object" || !isPlainObject(target)) return void replace();
    const props = node.properties;
    const keys = props.map((p) => p.key);
    const targetKeys = Object.keys(target);
    const kept = keys.filter((k) => k in target);
    const keptInTarget = targetKeys.filter((k) => keys.includes(k));
    const multiLineObject = text.slice(node.start, node.end).includes("\n");
    if (
        props.length === 0 ||
        kept.length === 0 ||
        new Set(keys).size !== keys.length ||
        kept.join("\u0000") !== keptInTarget.join("\u0000") ||
        !multiLineObject
    )
        return void replace();

    // Properties that stay: edit inside them.
    for (const p of props) if (p.key in target) diff(text, p.value, target[p.key], format, edits);

    // Properties that go. Before a property that stays: cut up to the next property, so the
    // indentation in front of this one serves the next. In the trailing run: cut from the end
    // of the previous value, taking the comma that led to this one.
    let lastKept = -1;
    props.forEach((p, i) => {
        if (p.key in target) lastKept = i;
    });
    for (const [i, p] of props.entries()) {
        if (p.key in target) continue;
        if (i < lastKept) edits.push({ start: p.start, end: props[i + 1].start, text: "" });
        else edits.push({ start: props[i - 1].value.end, end: p.value.end, text: "" });
    }

    // Properties that are new: after the kept property that precedes them in the target.
    const propIndent = propertyIndent(text, node, format);
    const write = (key: string) =>
        `${JSON.stringify(key)}: ${multiLine(target[key], propIndent, format)}`;
    let anchor: string | undefined;
    const pending = new Map<string | undefined, string[]>();
    for (const key of targetKeys) {
        if (keys.includes(key)) anchor = key;
        else pending.set(anchor, [...(pending.get(anchor) ?? []), key]);
    }
    for (const [after, added] of pending) {
        if (after === undefined) {
            const body = added.map((k) => `${format.eol}${propIndent}${write(k)},`).join("");
            edits.push({ start: node.start + 1, end: node.start + 1, text: body });
        } else {
            const end = props.find((p) => p.key === after)!.value.end;
            const body = added.map((k) => `,${format.eol}${propIndent}${write(k)}`).join("");
            edits.push({ start: end, end, text: body });
        }
    }
}

/** The indentation of an object's properties: as its first property has it, else one level in. */
function propertyIndent(text: string, node: JsonNode & { type: "object" }, format: JsonFormat) {
    const first = node.properties[0];
    const lineStart = text.lastIndexOf("\n", first.start - 1) + 1;
    const before = text.slice(lineStart, first.start);
    if (lineStart > node.start && /^[ \t]*$/.test(before)) return before;
    return lineIndentAt(text, node.start) + format.indent;
}

/** `text` with `edits` applied (edits sorted, not overlapping). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
    let out = "";
    let cursor = 0;
    for (const edit of edits) {
        if (edit.start < cursor) throw new Error("overlapping edits");
        out += text.slice(cursor, edit.start) + edit.text;
        cursor = edit.end;
    }
    return out + text.slice(cursor);
}

/** The one replacement that turns `before` into `after` (common prefix and suffix left alone). */
export function singleReplacement(before: string, after: string): TextEdit | undefined {
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
        start,
        end: before.length - tail,
        text: after.slice(start, after.length - tail),
    };
}
