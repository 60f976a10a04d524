// Ruby (tree-sitter-ruby): `posthog.capture(distinct_id: …, event: "…")` with or without
// parentheses or braces, `posthog.is_feature_enabled("…", "…")`.
import type { Node } from "web-tree-sitter";
import { type Argument, type CallSite, labelText, namedChildren } from "../syntax";

export function rubyCall(node: Node, text: string): CallSite | undefined {
    if (node.type !== "call") return undefined;
    const nameNode = node.childForFieldName("method");
    const args = node.childForFieldName("arguments");
    if (!nameNode || !args || args.type !== "argument_list") return undefined;
    const receiverNode = node.childForFieldName("receiver");
    const out: Argument[] = [];
    for (const arg of namedChildren(args)) {
        const entry = pair(arg, text);
        out.push(entry ?? { value: arg });
    }
    return {
        name: text.slice(nameNode.startIndex, nameNode.endIndex),
        nameNode,
        receiver: receiverNode ? text.slice(receiverNode.startIndex, receiverNode.endIndex) : "",
        args: out,
    };
}

function pair(node: Node, text: string): Argument | undefined {
    if (node.type !== "pair") return undefined;
    const key = node.childForFieldName("key");
    const value = node.childForFieldName("value");
    return key && value ? { label: labelText(key, text), value } : undefined;
}

/** The entries of a hash literal: `{ event: "…" }`, `{ "event" => "…" }`. */
export function rubyEntries(node: Node, text: string): Argument[] | undefined {
    if (node.type !== "hash") return undefined;
    return namedChildren(node)
        .map((child) => pair(child, text))
        .filter((entry): entry is Argument => entry !== undefined);
}
