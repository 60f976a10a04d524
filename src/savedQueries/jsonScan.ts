// A small JSON scanner that keeps offsets: enough to find query nodes in a file and to rewrite
// parts of it in place. Accepts what VS Code's JSON-with-comments accepts (comments, trailing
// commas), because saved queries often live in files edited by hand. Pure: no `vscode`.

/** A parsed JSON value and where it sits in the text (`[start, end)`). */
export type JsonNode =
    | { type: "object"; start: number; end: number; properties: JsonProperty[] }
    | { type: "array"; start: number; end: number; items: JsonNode[] }
    | { type: "string"; start: number; end: number; value: string }
    | { type: "number"; start: number; end: number; value: number }
    | { type: "boolean"; start: number; end: number; value: boolean }
    | { type: "null"; start: number; end: number; value: null };

/** One `"key": value` of an object; `start` is the key's opening quote. */
export interface JsonProperty {
    key: string;
    start: number;
    value: JsonNode;
}

/** Thrown for text that is not JSON; `offset` is where the scanner gave up. */
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
    let pos = 0;

    const fail = (message: string): never => {
        throw new JsonSyntaxError(message, pos);
    };

    const skip = (): void => {
        for (;;) {
            const c = text.charCodeAt(pos);
            if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) pos++;
            else if (c === 47 && text[pos + 1] === "/") {
                const eol = text.indexOf("\n", pos);
                pos = eol < 0 ? text.length : eol + 1;
            } else if (c === 47 && text[pos + 1] === "*") {
                const close = text.indexOf("*/", pos + 2);
                if (close < 0) fail("unterminated comment");
                pos = close + 2;
            } else return;
        }
    };

    const string = (): JsonNode & { type: "string" } => {
        const start = pos;
        pos++; // opening quote
        let value = "";
        for (;;) {
            if (pos >= text.length) fail("unterminated string");
            const c = text[pos];
            if (c === '"') {
                pos++;
                return { type: "string", start, end: pos, value };
            }
            if (c === "\\") {
                const e = text[pos + 1];
                const simple: Record<string, string> = {
                    '"': '"',
                    "\\": "\\",
                    "/": "/",
                    b: "\b",
                    f: "\f",
                    n: "\n",
                    r: "\r",
                    t: "\t",
                };
                if (e in simple) {
                    value += simple[e];
                    pos += 2;
                } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) {
                    value += String.fromCharCode(parseInt(text.slice(pos + 2, pos + 6), 16));
                    pos += 6;
                } else fail("bad escape");
            } else if (c === "\n" || c === "\r") fail("newline in string");
            else {
                value += c;
                pos++;
            }
        }
    };

    const value = (): JsonNode => {
        skip();
        const start = pos;
        const c = text[pos];
        if (c === "{") {
            pos++;
            const properties: JsonProperty[] = [];
            skip();
            while (text[pos] !== "}") {
                if (text[pos] !== '"') fail("expected a property name");
                const key = string();
                skip();
                if (text[pos] !== ":") fail("expected ':'");
                pos++;
                properties.push({ key: key.value, start: key.start, value: value() });
                skip();
                if (text[pos] === ",") {
                    pos++;
                    skip();
                } else if (text[pos] !== "}") fail("expected ',' or '}'");
            }
            pos++;
            return { type: "object", start, end: pos, properties };
        }
        if (c === "[") {
            pos++;
            const items: JsonNode[] = [];
            skip();
            while (text[pos] !== "]") {
                items.push(value());
                skip();
                if (text[pos] === ",") {
                    pos++;
                    skip();
                } else if (text[pos] !== "]") fail("expected ',' or ']'");
            }
            pos++;
            return { type: "array", start, end: pos, items };
        }
        if (c === '"') return string();
        const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
            text.slice(pos, pos + 400),
        );
        if (!literal) return fail("unexpected character");
        pos += literal[0].length;
        const word = literal[0];
        if (word === "true" || word === "false")
            return { type: "boolean", start, end: pos, value: word === "true" };
        if (word === "null") return { type: "null", start, end: pos, value: null };
        return { type: "number", start, end: pos, value: Number(word) };
    };

    const root = value();
    skip();
    if (pos < text.length) fail("unexpected text after the value");
    return root;
}

/** The plain value of a tree (what `JSON.parse` would give). */
export function toValue(node: JsonNode): unknown {
    switch (node.type) {
        case "object": {
            const out: Record<string, unknown> = {};
            for (const p of node.properties) out[p.key] = toValue(p.value);
            return out;
        }
        case "array":
            return node.items.map(toValue);
        default:
            return node.value;
    }
}

/** The property `key` of an object node, if any (the last one wins, as in `JSON.parse`). */
export function propertyOf(node: JsonNode, key: string): JsonProperty | undefined {
    if (node.type !== "object") return undefined;
    for (let i = node.properties.length - 1; i >= 0; i--)
        if (node.properties[i].key === key) return node.properties[i];
    return undefined;
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
