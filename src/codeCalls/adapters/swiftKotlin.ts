// Swift (tree-sitter-swift) and Kotlin (tree-sitter-kotlin) share a call's shape:
// `PostHogSDK.shared.capture("…", properties: …)`, `PostHog.capture(event = "…")`,
// `postHog?.isFeatureEnabled("…")`. Labels are Swift's `name:` and Kotlin's `name =`.
import type { Node } from "web-tree-sitter";
import { type Argument, type CallSite, hasToken, namedChildren } from "../syntax";

export function swiftKotlinCall(node: Node, text: string): CallSite | undefined {
    if (node.type !== "call_expression") return undefined;
    const parts = namedChildren(node);
    if (parts.length !== 2 || parts[1].type !== "call_suffix") return undefined;
    const [fn, suffix] = parts;
    let nameNode: Node | undefined;
    let receiver = "";
    if (fn.type === "simple_identifier") nameNode = fn;
    else if (fn.type === "navigation_expression") {
        const navigation = namedChildren(fn);
        const last = navigation[navigation.length - 1];
        if (last?.type !== "navigation_suffix") return undefined;
        nameNode = namedChildren(last).find((child) => child.type === "simple_identifier");
        receiver = text.slice(fn.startIndex, last.startIndex);
    }
    if (!nameNode) return undefined;
    const list = namedChildren(suffix).find((child) => child.type === "value_arguments");
    const args: Argument[] = [];
    for (const arg of list ? namedChildren(list) : []) {
        if (arg.type !== "value_argument") continue;
        const argParts = namedChildren(arg);
        const labelNode = arg.childForFieldName("name");
        if (labelNode) {
            // Swift: `name: value`, the label in its own node.
            const value = arg.childForFieldName("value");
            if (value)
                args.push({
                    label: text.slice(labelNode.startIndex, labelNode.endIndex).trim(),
                    value,
                });
        } else if (argParts.length === 2 && hasToken(arg, "=")) {
            // Kotlin: `name = value`.
            args.push({
                label: text.slice(argParts[0].startIndex, argParts[0].endIndex),
                value: argParts[1],
            });
        } else if (argParts.length >= 1) {
            args.push({ value: argParts[argParts.length - 1] });
        }
    }
    return { name: text.slice(nameNode.startIndex, nameNode.endIndex), nameNode, receiver, args };
}
