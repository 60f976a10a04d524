// Go (tree-sitter-go): posthog-go takes its calls as struct literals,
// `client.Enqueue(posthog.Capture{Event: "…"})` and
// `client.GetFeatureFlag(posthog.FeatureFlagPayload{Key: "…"})`; the struct is the call site.
import type { Node } from "web-tree-sitter";
import { type Argument, type CallSite, namedChildren } from "../syntax";

export function goCall(node: Node, text: string): CallSite | undefined {
    if (node.type !== "composite_literal") return undefined;
    const type = node.childForFieldName("type");
    const body = node.childForFieldName("body");
    if (!type || !body) return undefined;
    let nameNode: Node | null = type;
    let receiver = "";
    if (type.type === "qualified_type") {
        nameNode = type.childForFieldName("name");
        const pkg = type.childForFieldName("package");
        receiver = pkg ? text.slice(pkg.startIndex, pkg.endIndex) : "";
    } else if (type.type !== "type_identifier") return undefined;
    if (!nameNode) return undefined;
    const args: Argument[] = [];
    for (const element of namedChildren(body)) {
        if (element.type !== "keyed_element") continue;
        const parts = namedChildren(element).map(unwrap);
        if (parts.length === 2) {
            args.push({
                label: text.slice(parts[0].startIndex, parts[0].endIndex),
                value: parts[1],
            });
        }
    }
    return {
        name: text.slice(nameNode.startIndex, nameNode.endIndex),
        nameNode,
        receiver,
        args,
        callee: callee(node, text),
    };
}

/** A keyed element's key and value sit in `literal_element` wrappers in newer grammars. */
function unwrap(node: Node): Node {
    return node.type === "literal_element" && node.namedChildCount === 1
        ? (node.namedChild(0) ?? node)
        : node;
}

/** The method a struct literal is passed to: `GetFeatureFlag` in `client.GetFeatureFlag(posthog.FeatureFlagPayload{…})`. */
function callee(node: Node, text: string): string | undefined {
    const list = node.parent;
    const call = list?.parent;
    if (list?.type !== "argument_list" || call?.type !== "call_expression") return undefined;
    const fn = call.childForFieldName("function");
    const name = fn?.type === "selector_expression" ? fn.childForFieldName("field") : fn;
    return name ? text.slice(name.startIndex, name.endIndex) : undefined;
}
