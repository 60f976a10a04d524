// PHP (tree-sitter-php): `PostHog::capture(['event' => '…'])`, `$client->isFeatureEnabled('…', …)`,
// named arguments (`event: '…'`) as labels.
import type { Node } from "web-tree-sitter";
import { type Argument, type CallSite, labelText, namedChildren } from "../syntax";

const CALLS: Record<string, string | undefined> = {
    scoped_call_expression: "scope",
    member_call_expression: "object",
    nullsafe_member_call_expression: "object",
    function_call_expression: undefined,
};

export function phpCall(node: Node, text: string): CallSite | undefined {
    if (!(node.type in CALLS)) return undefined;
    const nameNode = node.childForFieldName(
        node.type === "function_call_expression" ? "function" : "name",
    );
    const args = node.childForFieldName("arguments");
    if (!nameNode || !args) return undefined;
    const receiverField = CALLS[node.type];
    const receiverNode = receiverField ? node.childForFieldName(receiverField) : null;
    const out: Argument[] = [];
    for (const arg of namedChildren(args)) {
        if (arg.type !== "argument") continue;
        const name = arg.childForFieldName("name");
        const parts = namedChildren(arg).filter((part) => part.id !== name?.id);
        if (parts.length !== 1) continue;
        out.push(
            name
                ? { label: text.slice(name.startIndex, name.endIndex), value: parts[0] }
                : { value: parts[0] },
        );
    }
    return {
        name: text.slice(nameNode.startIndex, nameNode.endIndex),
        nameNode,
        receiver: receiverNode ? text.slice(receiverNode.startIndex, receiverNode.endIndex) : "",
        args: out,
    };
}

/** The keyed entries of an array literal: `['event' => '…']`. */
export function phpEntries(node: Node, text: string): Argument[] | undefined {
    if (node.type !== "array_creation_expression") return undefined;
    const out: Argument[] = [];
    for (const element of namedChildren(node)) {
        const parts = namedChildren(element);
        if (element.type === "array_element_initializer" && parts.length === 2) {
            out.push({ label: labelText(parts[0], text), value: parts[1] });
        }
    }
    return out;
}
