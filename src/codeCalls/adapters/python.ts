// Python (tree-sitter-python): `posthog.capture("…", distinct_id=…)`,
// `posthog.feature_enabled("…", "…")`, keyword arguments as labels.
import type { Node } from "web-tree-sitter";
import { type Argument, type CallSite, labelText, namedChildren } from "../syntax";

export function pythonCall(node: Node, text: string): CallSite | undefined {
    if (node.type !== "call") return undefined;
    const fn = node.childForFieldName("function");
    const args = node.childForFieldName("arguments");
    if (!fn || !args || args.type !== "argument_list") return undefined;
    let nameNode: Node | null = fn;
    let receiver = "";
    if (fn.type === "attribute") {
        nameNode = fn.childForFieldName("attribute");
        const object = fn.childForFieldName("object");
        receiver = object ? text.slice(object.startIndex, object.endIndex) : "";
    } else if (fn.type !== "identifier") return undefined;
    if (!nameNode) return undefined;
    const out: Argument[] = [];
    for (const arg of namedChildren(args)) {
        if (arg.type === "keyword_argument") {
            const name = arg.childForFieldName("name");
            const value = arg.childForFieldName("value");
            if (name && value)
                out.push({ label: text.slice(name.startIndex, name.endIndex), value });
        } else out.push({ value: arg });
    }
    return {
        name: text.slice(nameNode.startIndex, nameNode.endIndex),
        nameNode,
        receiver,
        args: out,
    };
}

/** The entries of a dict literal: `{"event": "…"}`. */
export function pythonEntries(node: Node, text: string): Argument[] | undefined {
    if (node.type !== "dictionary") return undefined;
    const out: Argument[] = [];
    for (const pair of namedChildren(node)) {
        const key = pair.childForFieldName("key");
        const value = pair.childForFieldName("value");
        if (pair.type === "pair" && key && value) out.push({ label: labelText(key, text), value });
    }
    return out;
}
