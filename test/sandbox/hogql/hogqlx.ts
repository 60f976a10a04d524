// HogQLX tags (posthog/hogql/hogqlx.py and resolver_utils.py): in expressions a tag becomes a
// tuple ('__hx_tag', kind, name, value, ...) the frontend renders; in FROM, <HogQLQuery query=...>
// and <ActorsQuery ...> are expanded to the select they stand for.
import { HogQLError, queryError } from "./errors";
import { HOGQLX_COMPONENTS, HOGQLX_TAGS } from "./functionList";
import { type AstNode, parseSelect } from "./parser";

/** hogqlx.py HOGQLX_COMPONENTS: components the frontend knows. */
const COMPONENTS = new Set(HOGQLX_COMPONENTS);
/** hogqlx.py HOGQLX_TAGS: plain HTML-like tags (and the special a, blink, marquee, redacted). */
const TAGS = new Set(HOGQLX_TAGS);

const constant = (value: unknown): AstNode => ({ node: "Constant", value });

function convertValue(value: unknown): AstNode {
    if (Array.isArray(value)) return { node: "Array", exprs: value.map(convertValue) };
    const v = value as AstNode;
    if (v && typeof v === "object" && v.node === "HogQLXTag") return convertTag(v);
    if (v && typeof v === "object" && v.node === "Dict") {
        // hogqlx.py convert_dict_to_hx: objects become ('__hx_tag', '__hx_obj', key, value, ...)
        const exprs: AstNode[] = [constant("__hx_tag"), constant("__hx_obj")];
        for (const [k, val] of v.items as [AstNode, AstNode][]) exprs.push(k, convertValue(val));
        return { node: "Tuple", exprs };
    }
    if (v && typeof v === "object" && v.node === "Array")
        return { ...v, exprs: (v.exprs as AstNode[]).map(convertValue) };
    return v;
}

/** A tag in an expression as the tuple convert_to_hx builds. */
export function convertTag(tag: AstNode): AstNode {
    const kind = String(tag.kind);
    if (!COMPONENTS.has(kind) && !TAGS.has(kind)) {
        throw queryError(`Unknown tag: ${kind}`, tag);
    }
    const exprs: AstNode[] = [constant("__hx_tag"), constant(kind)];
    for (const attr of (tag.attributes ?? []) as AstNode[]) {
        exprs.push(constant(attr.name), convertValue(attr.value));
    }
    return { node: "Tuple", exprs, start: tag.start, end: tag.end };
}

function attribute(tag: AstNode, name: string): AstNode | AstNode[] | undefined {
    return ((tag.attributes ?? []) as AstNode[]).find((a) => a.name === name)?.value as
        AstNode | AstNode[] | undefined;
}

/** Removes spans: nodes of generated text must not point into the user's query. */
function unspanned(node: AstNode): AstNode {
    return JSON.parse(JSON.stringify(node), (k: string, v: unknown) =>
        k === "start" || k === "end" ? undefined : v,
    ) as AstNode;
}

function constantText(value: AstNode | AstNode[] | undefined): string | null {
    if (
        value &&
        !Array.isArray(value) &&
        value.node === "Constant" &&
        typeof value.value === "string"
    )
        return value.value;
    return null;
}

/**
 * A tag in FROM as the query it stands for (resolver_utils.expand_hogqlx_query). Anything else
 * fails the way ast_to_query_node does: a ResolutionError "Error parsing query tag", which
 * posthog/api/query.py returns as a 400 with DRF's code "invalid".
 */
export function expandQueryTag(tag: AstNode): AstNode {
    try {
        if (tag.kind === "HogQLQuery") {
            const text = constantText(attribute(tag, "query"));
            if (text === null) throw new Error("query attribute");
            return unspanned(parseSelect(text));
        }
        if (tag.kind === "ActorsQuery") {
            const source = attribute(tag, "source");
            const sourceQuery =
                source && !Array.isArray(source) && source.node === "HogQLXTag"
                    ? expandQueryTag(source)
                    : null;
            const selectAttr = attribute(tag, "select");
            const columns =
                selectAttr && !Array.isArray(selectAttr) && selectAttr.node === "Array"
                    ? (selectAttr.exprs as AstNode[]).map((e) => constantText(e) ?? "id")
                    : ["id"];
            // ActorsQueryRunner: the persons whose id the source returns.
            const base = parseSelect(`SELECT ${columns.join(", ")} FROM persons`);
            if (sourceQuery) {
                base.where = {
                    node: "CompareOperation",
                    op: "in",
                    left: { node: "Field", chain: ["id"] },
                    right: sourceQuery,
                };
            }
            return unspanned(base);
        }
        throw new Error(`Unknown tag <${String(tag.kind)} />`);
    } catch (e) {
        if (e instanceof HogQLError && e.code === "invalid") throw e;
        throw new HogQLError("invalid", "Error parsing query tag");
    }
}
