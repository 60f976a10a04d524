// JSON with comments and trailing commas, parsed by Microsoft's jsonc-parser (the parser behind
// VS Code's own JSON support) into a tree that keeps offsets: enough to find query nodes in a file
// and to rewrite parts of it in place. Saved queries often live in files edited by hand, so what
// VS Code's JSON-with-comments accepts is accepted here. Pure: no `vscode`.
import {
    findNodeAtLocation,
    parseTree,
    printParseErrorCode,
    type Node,
    type ParseError,
} from "jsonc-parser";

/** A parsed JSON value and where it sits in the text (`offset`, `length`). */
export type JsonNode = Node;

/** Thrown for text that is not JSON; `offset` is where the parser first gave up. */
export class JsonSyntaxError extends Error {
    constructor(
        message: string,
        readonly offset: number,
    ) {
        super(`${message} at offset ${offset}`);
        this.name = "JsonSyntaxError";
    }
}

/** Parses `text` (JSON, comments and trailing commas allowed) into a tree with offsets. */
export function parseJsonTree(text: string): JsonNode {
    const errors: ParseError[] = [];
    // jsonc-parser rejects a byte order mark; a space in its place keeps every offset.
    const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
    const root = parseTree(source, errors, { allowTrailingComma: true });
    if (errors.length > 0 || !root) {
        const first = errors[0];
        throw new JsonSyntaxError(
            first ? printParseErrorCode(first.error) : "ValueExpected",
            first?.offset ?? text.length,
        );
    }
    return root;
}

/**
 * The plain value of a tree, as `JSON.parse` gives it: ordinary objects (jsonc-parser's
 * `getNodeValue` makes them without a prototype), the last of repeated keys winning, and a
 * `"__proto__"` key an own property rather than the object's prototype.
 */
export function toValue(node: JsonNode): unknown {
    if (node.type === "array") return (node.children ?? []).map(toValue);
    if (node.type !== "object") return node.value;
    const out: Record<string, unknown> = {};
    for (const property of node.children ?? []) {
        const value = toValue(valueOf(property));
        Object.defineProperty(out, keyOf(property), {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
        });
    }
    return out;
}

/** The value node of property `key` when `node` is an object. */
export function propertyOf(node: JsonNode, key: string): JsonNode | undefined {
    return node.type === "object" ? findNodeAtLocation(node, [key]) : undefined;
}

/** The key of a `property` node. */
export function keyOf(property: JsonNode): string {
    return String(property.children?.[0]?.value);
}

/** The value node of a `property` node. */
export function valueOf(property: JsonNode): JsonNode {
    const value = property.children?.[1];
    if (!value) throw new Error(`property "${keyOf(property)}" has no value`);
    return value;
}

/** Offset just past `node`. */
export function endOf(node: JsonNode): number {
    return node.offset + node.length;
}

/** The source text of `node`: a number's text keeps every digit that its `value` may round. */
export function sourceOf(text: string, node: JsonNode): string {
    return text.slice(node.offset, endOf(node));
}

/** Deep equality of JSON values (key order ignored, as the service may reorder). */
export function jsonEqual(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
        const bb = b as unknown[];
        return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
    }
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    const keys = Object.keys(ao);
    if (keys.length !== Object.keys(bo).length) return false;
    return keys.every(
        (k) => Object.prototype.hasOwnProperty.call(bo, k) && jsonEqual(ao[k], bo[k]),
    );
}
