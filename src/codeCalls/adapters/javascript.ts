// JavaScript, TypeScript, JSX and TSX (tree-sitter-javascript, -typescript, -tsx): calls such as
// `posthog.capture("…")` and `useFeatureFlagEnabled("…")`, and JSX elements such as
// `<PostHogFeature flag="…">`.
import type { Node } from "web-tree-sitter";
import { type Argument, type CallSite, labelText, namedChildren } from "../syntax";

export function javascriptCall(node: Node, text: string): CallSite | undefined {
    if (node.type === "call_expression") return call(node, text);
    if (node.type === "jsx_opening_element" || node.type === "jsx_self_closing_element")
        return element(node, text);
    return undefined;
}

function call(node: Node, text: string): CallSite | undefined {
    const fn = node.childForFieldName("function");
    const args = node.childForFieldName("arguments");
    if (!fn || !args || args.type !== "arguments") return undefined;
    let nameNode: Node | null = fn;
    let receiver = "";
    if (fn.type === "member_expression") {
        nameNode = fn.childForFieldName("property");
        const object = fn.childForFieldName("object");
        receiver = object ? text.slice(object.startIndex, object.endIndex) : "";
    } else if (fn.type !== "identifier") return undefined;
    if (!nameNode) return undefined;
    return {
        name: text.slice(nameNode.startIndex, nameNode.endIndex),
        nameNode,
        receiver,
        args: namedChildren(args).map((value) => ({ value })),
    };
}

function element(node: Node, text: string): CallSite | undefined {
    const nameNode = node.childForFieldName("name");
    if (!nameNode) return undefined;
    const args: Argument[] = [];
    for (const attribute of namedChildren(node)) {
        if (attribute.type !== "jsx_attribute") continue;
        const parts = namedChildren(attribute);
        if (parts.length === 2) args.push({ label: labelText(parts[0], text), value: parts[1] });
    }
    return {
        name: text.slice(nameNode.startIndex, nameNode.endIndex),
        nameNode,
        receiver: "",
        args,
    };
}

/** The entries of an object literal: `{ event: "…", distinctId }`. */
export function javascriptEntries(node: Node, text: string): Argument[] | undefined {
    if (node.type !== "object") return undefined;
    const out: Argument[] = [];
    for (const pair of namedChildren(node)) {
        if (pair.type !== "pair") continue;
        const key = pair.childForFieldName("key");
        const value = pair.childForFieldName("value");
        if (key && value) out.push({ label: labelText(key, text), value });
    }
    return out;
}
