// What the adapters share: the string literals of every grammar, read the same way.
import type { Node } from "web-tree-sitter";

/** A call, a JSX element or a Go struct literal, in the one shape the SDK table reads. */
export interface CallSite {
    /** The function, method, hook, component or struct name. */
    name: string;
    /** The node holding the name (the finder starts from it). */
    nameNode: Node;
    /** The source text before the name: `posthog`, `PostHogSDK.shared`, `this.client`; empty for a bare call. */
    receiver: string;
    /** The arguments in order; a label for a named argument, keyword, field or attribute. */
    args: Argument[];
    /** For a struct literal passed to a call, that call's method (Go's `GetFeatureFlag`). */
    callee?: string;
}

/** One argument, or one entry of an object, hash, array or struct literal. */
export interface Argument {
    /** The name of a named argument or entry (`event`, `eventName`, `Key`), without quotes. */
    label?: string;
    /** The value. */
    value: Node;
}

/** A plain string: its contents' offsets and the value it stands for. */
export interface Literal {
    value: string;
    start: number;
    end: number;
}

// The string nodes of the grammars (javascript, typescript, tsx, python, go, ruby, php, swift,
// kotlin, java, dart).
const STRING_TYPES = new Set([
    "string",
    "template_string",
    "interpreted_string_literal",
    "raw_string_literal",
    "encapsed_string",
    "line_string_literal",
    "multi_line_string_literal",
    "string_literal",
]);

// What a plain string holds besides its delimiters. Anything else (an interpolation, a template
// substitution, a PHP variable) makes the value unknown until run time.
const CONTENT_TYPES = new Set([
    "string_fragment",
    "string_content",
    "escape_sequence",
    "line_str_text",
    "multi_line_str_text",
    "str_escaped_char",
    "interpreted_string_literal_content",
    "raw_string_literal_content",
    "string_start",
    "string_end",
    "string_value",
]);

/** The string a node is, when it is a plain string (no interpolation); otherwise undefined. */
export function literal(node: Node, text: string): Literal | undefined {
    if (!STRING_TYPES.has(node.type)) return undefined;
    for (let i = 0; i < node.namedChildCount; i++) {
        const child = node.namedChild(i);
        if (child && !CONTENT_TYPES.has(child.type)) return undefined;
    }
    const bounds = delimited(node) ?? quoted(node, text);
    if (!bounds) return undefined;
    const [start, end] = bounds;
    const raw = text.slice(start, end);
    const opening = text.slice(node.startIndex, start);
    return { value: isRaw(opening) ? raw : unescape(raw), start, end };
}

/** The contents' offsets when the grammar gives the delimiters their own nodes (most do). */
function delimited(node: Node): [number, number] | undefined {
    const first = node.firstChild;
    const last = node.lastChild;
    if (!first || !last || node.childCount < 2) return undefined;
    const isDelimiter = (n: Node) =>
        !n.isNamed || n.type === "string_start" || n.type === "string_end";
    if (!isDelimiter(first) || !isDelimiter(last)) return undefined;
    return first.endIndex <= last.startIndex ? [first.endIndex, last.startIndex] : undefined;
}

/** The contents' offsets read from the quotes (Kotlin's grammar has no nodes for them). */
function quoted(node: Node, text: string): [number, number] | undefined {
    const source = text.slice(node.startIndex, node.endIndex);
    const quote = source.startsWith('"""') ? '"""' : source[0];
    if (quote !== '"""' && quote !== '"' && quote !== "'") return undefined;
    if (source.length < 2 * quote.length || !source.endsWith(quote)) return undefined;
    return [node.startIndex + quote.length, node.endIndex - quote.length];
}

/** Raw strings keep their backslashes: Python and Dart `r"…"`, Go's backquotes, PHP's single quotes. */
function isRaw(opening: string): boolean {
    const lower = opening.toLowerCase();
    return lower.startsWith("r") || lower.startsWith("br") || lower.startsWith("`");
}

/** The value of a string's source text: `\n`, `\t`, `\uXXXX`, `\u{…}`, `\$`, `\"` resolved. */
export function unescape(raw: string): string {
    if (!raw.includes("\\")) return raw;
    let out = "";
    for (let i = 0; i < raw.length; i++) {
        const c = raw[i];
        if (c !== "\\" || i + 1 >= raw.length) {
            out += c;
            continue;
        }
        const next = raw[++i];
        if (next === "n") out += "\n";
        else if (next === "t") out += "\t";
        else if (next === "r") out += "\r";
        else if (next === "u" && raw[i + 1] === "{") {
            const close = raw.indexOf("}", i);
            const code = close > 0 ? parseInt(raw.slice(i + 2, close), 16) : NaN;
            if (Number.isFinite(code) && code <= 0x10ffff) {
                out += String.fromCodePoint(code);
                i = close;
            } else out += next;
        } else if (next === "u" && /^[0-9a-fA-F]{4}$/.test(raw.slice(i + 1, i + 5))) {
            out += String.fromCharCode(parseInt(raw.slice(i + 1, i + 5), 16));
            i += 4;
        } else out += next;
    }
    return out;
}

/** A label's text without quotes or a Ruby symbol's colon: `"event"`, `:event`, `event:` → `event`. */
export function labelText(node: Node, text: string): string {
    const plain = literal(node, text);
    if (plain) return plain.value;
    let label = text.slice(node.startIndex, node.endIndex).trim();
    if (label.startsWith(":")) label = label.slice(1);
    if (label.endsWith(":")) label = label.slice(0, -1);
    return label;
}

/** The named children of a node (comments left out: some grammars keep them among arguments). */
export function namedChildren(node: Node): Node[] {
    const out: Node[] = [];
    for (let i = 0; i < node.namedChildCount; i++) {
        const child = node.namedChild(i);
        if (child && !child.type.includes("comment")) out.push(child);
    }
    return out;
}

/** Whether a node has an anonymous child of this text (a `=` or `:` between a label and a value). */
export function hasToken(node: Node, token: string): boolean {
    for (let i = 0; i < node.childCount; i++) {
        const child = node.child(i);
        if (child && !child.isNamed && child.type === token) return true;
    }
    return false;
}
