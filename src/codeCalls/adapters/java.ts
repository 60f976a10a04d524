// Java (tree-sitter-java): `posthog.capture("distinct id", "event")`,
// `PostHog.isFeatureEnabled("…")`.
import type { Node } from "web-tree-sitter";
import { type CallSite, namedChildren } from "../syntax";

export function javaCall(node: Node, text: string): CallSite | undefined {
    if (node.type !== "method_invocation") return undefined;
    const nameNode = node.childForFieldName("name");
    const args = node.childForFieldName("arguments");
    if (!nameNode || !args) return undefined;
    const object = node.childForFieldName("object");
    return {
        name: text.slice(nameNode.startIndex, nameNode.endIndex),
        nameNode,
        receiver: object ? text.slice(object.startIndex, object.endIndex) : "",
        args: namedChildren(args).map((value) => ({ value })),
    };
}
