/**
 * What PostHog's parser returns, turned into what the editor needs: AST offsets and error
 * positions in UTF-16 code units (JavaScript string offsets) of the text that was parsed.
 * Pure: no `vscode` import, unit-tested in plain Node.
 */

/** A position as PostHog's parser writes it; `offset` counts Unicode code points. */
interface RawPosition {
    line: number;
    column: number;
    offset: number;
}

/** One AST node (`node` is PostHog's class name: `SelectQuery`, `CTE`, `JoinExpr`, `Call`...). */
export interface AstNode {
    node: string;
    /** Offset of the node's first character in the parsed text (UTF-16 units). */
    start?: number;
    /** Offset just past the node's last character (UTF-16 units). */
    end?: number;
    [field: string]: unknown;
}

export interface HogQLSyntaxError {
    /** PostHog's message, unchanged. */
    message: string;
    /** Offsets in the parsed text (UTF-16 units). */
    start: number;
    end: number;
}

export type Parsed = { ok: true; ast: AstNode } | { ok: false; error: HogQLSyntaxError };

/**
 * Reads the JSON `parseSelect` returned for `text`. PostHog's parser counts offsets in code
 * points, and ends a syntax error at the end of the input (which it counts in bytes: see
 * common/hogql_parser in PostHog's repository), so an end past the last code point means the end
 * of the text.
 */
export function readParseResult(text: string, json: string): Parsed {
    const raw = JSON.parse(json) as Record<string, unknown>;
    const toUtf16 = offsetConverter(text);
    if (raw.error === true) {
        const start = toUtf16((raw.start as RawPosition | undefined)?.offset ?? 0);
        const end = toUtf16((raw.end as RawPosition | undefined)?.offset ?? text.length);
        return {
            ok: false,
            error: { message: String(raw.message), start, end: Math.max(start, end) },
        };
    }
    return { ok: true, ast: convertNode(raw, toUtf16) as AstNode };
}

/** A function from code-point offsets in `text` to UTF-16 offsets (clamped to the text). */
function offsetConverter(text: string): (offset: number) => number {
    // Most queries have no character outside the Basic Multilingual Plane: offsets agree.
    if (!/[\uD800-\uDBFF]/.test(text))
        return (offset) => Math.min(Math.max(offset, 0), text.length);
    const utf16: number[] = [];
    for (let i = 0; i < text.length; i++) {
        utf16.push(i);
        const code = text.charCodeAt(i);
        if (code >= 0xd800 && code <= 0xdbff) i++;
    }
    utf16.push(text.length);
    return (offset) => (offset < 0 ? 0 : offset >= utf16.length ? text.length : utf16[offset]);
}

function convertNode(value: unknown, toUtf16: (offset: number) => number): unknown {
    if (Array.isArray(value)) return value.map((item) => convertNode(item, toUtf16));
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
        if ((key === "start" || key === "end") && isPosition(field))
            out[key] = toUtf16(field.offset);
        else out[key] = convertNode(field, toUtf16);
    }
    return out;
}

function isPosition(value: unknown): value is RawPosition {
    return (
        typeof value === "object" &&
        value !== null &&
        typeof (value as RawPosition).offset === "number" &&
        typeof (value as RawPosition).line === "number"
    );
}

/** Every node of `ast`, depth first, with the chain of nodes above it. */
export function* walk(
    node: unknown,
    parents: AstNode[] = [],
): Generator<{ node: AstNode; parents: AstNode[] }> {
    if (Array.isArray(node)) {
        for (const item of node) yield* walk(item, parents);
        return;
    }
    if (node === null || typeof node !== "object") return;
    const current = node as AstNode;
    const isNode = typeof current.node === "string";
    if (isNode) yield { node: current, parents };
    const below = isNode ? [...parents, current] : parents;
    for (const [key, field] of Object.entries(current)) {
        if (key === "start" || key === "end" || key === "node") continue;
        if (field !== null && typeof field === "object") yield* walk(field, below);
    }
}
