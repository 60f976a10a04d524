// Dart (tree-sitter-dart): a call is a run of selectors after an expression,
// `Posthog().capture(eventName: "…")` reads as `Posthog` `()` `.capture` `(eventName: "…")`: the
// name is an identifier or an accessor selector, and the next selector holds the arguments.
import type { Node } from "web-tree-sitter";
import { type Argument, type CallSite, namedChildren } from "../syntax";

const ACCESSORS = new Set(["unconditional_assignable_selector", "conditional_assignable_selector"]);

export function dartCall(node: Node, text: string): CallSite | undefined {
    let nameNode: Node | undefined;
    if (node.type === "identifier") nameNode = node;
    else if (node.type === "selector") {
        const access = namedChildren(node)[0];
        if (access && ACCESSORS.has(access.type))
            nameNode = namedChildren(access).find((c) => c.type === "identifier");
    }
    if (!nameNode) return undefined;
    const next = node.nextNamedSibling;
    const part = next?.type === "selector" ? namedChildren(next)[0] : undefined;
    const list =
        part?.type === "argument_part"
            ? namedChildren(part).find((c) => c.type === "arguments")
            : undefined;
    if (!list) return undefined;
    const first = node.parent?.namedChild(0);
    const receiver =
        first && first.id !== node.id ? text.slice(first.startIndex, node.startIndex) : "";
    const args: Argument[] = [];
    for (const arg of namedChildren(list)) {
        if (arg.type === "named_argument") {
            const [label, value] = namedChildren(arg);
            const name = label ? namedChildren(label)[0] : undefined;
            if (name && value)
                args.push({ label: text.slice(name.startIndex, name.endIndex), value });
        } else if (arg.type === "argument") {
            const value = namedChildren(arg)[0];
            if (value) args.push({ value });
        }
    }
    return { name: text.slice(nameNode.startIndex, nameNode.endIndex), nameNode, receiver, args };
}
