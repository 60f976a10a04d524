/**
 * Which function call the cursor is inside and which argument it is on, from the text alone so
 * it works mid-edit (signature help is wanted exactly while the call is unfinished). Strings,
 * quoted identifiers and comments are skipped with the same lexical rules as the statement
 * splitter. Pure: no `vscode` import.
 */
import { lexicalStateAt, statementAt } from "../hogql/statementSplitter";
import { quotedEnd } from "../hogql/tokens";

export interface CallContext {
    /** The function's name as written. */
    name: string;
    /** Offset of the name in the text. */
    nameStart: number;
    /** 0-based index of the argument under the cursor (commas at the call's own depth). */
    argument: number;
    /**
     * `params` when the cursor is in the first parentheses of a parametric call such as
     * `quantile(0.5)(x)`'s `(0.5)`; `args` otherwise. The caller decides with the catalogue.
     */
    group: "first" | "second";
}

interface Open {
    name?: string;
    nameStart: number;
    commas: number;
    group: "first" | "second";
}

const IDENT_BEFORE = /([A-Za-z_$][\w$]*)\s*$/;

/** The innermost unclosed call around `offset` in the statement that holds it, if any. */
export function callAt(text: string, offset: number): CallContext | undefined {
    if (lexicalStateAt(text, offset).kind !== "code") return undefined;
    const statement = statementAt(text, offset);
    const from = statement && statement.start <= offset ? statement.start : 0;
    const stack: Open[] = [];
    let lastClosed: Open | undefined;
    let i = from;
    while (i < offset) {
        const ch = text[i];
        const next = text[i + 1];
        if ((ch === "-" && next === "-") || (ch === "/" && next === "/")) {
            const end = text.indexOf("\n", i);
            i = end < 0 ? offset : end;
            continue;
        }
        if (ch === "/" && next === "*") {
            const end = text.indexOf("*/", i + 2);
            i = end < 0 ? offset : end + 2;
            continue;
        }
        if (ch === "'" || ch === '"' || ch === "`") {
            i = quotedEnd(text, i, ch);
            lastClosed = undefined;
            continue;
        }
        if (ch === "(") {
            const before = text.slice(from, i);
            const ident = IDENT_BEFORE.exec(before);
            if (/\)\s*$/.test(before) && lastClosed?.name && lastClosed.group === "first") {
                // `quantile(0.5)(` : the second parentheses of the same call.
                stack.push({ ...lastClosed, commas: 0, group: "second" });
            } else if (ident) {
                stack.push({
                    name: ident[1],
                    nameStart: from + ident.index,
                    commas: 0,
                    group: "first",
                });
            } else {
                stack.push({ nameStart: i, commas: 0, group: "first" });
            }
            lastClosed = undefined;
        } else if (ch === ")") {
            lastClosed = stack.pop();
        } else if (ch === "," && stack.length > 0) {
            stack[stack.length - 1].commas++;
        } else if (!/\s/.test(ch)) {
            lastClosed = undefined;
        }
        i++;
    }
    const open = stack[stack.length - 1];
    if (!open?.name) return undefined;
    return { name: open.name, nameStart: open.nameStart, argument: open.commas, group: open.group };
}

/** The parameters of each parenthesised group of the signature, as offsets into its label. */
export function parameterGroups(label: string): [number, number][][] {
    const groups: [number, number][][] = [];
    let depth = 0;
    let current: [number, number][] = [];
    let start = -1;
    const close = (end: number) => {
        if (start >= 0) {
            // Trim brackets and spaces: `[, arg3]` is the parameter `arg3`.
            let s = start;
            let e = end;
            while (s < e && /[\s[\],]/.test(label[s])) s++;
            while (e > s && /[\s[\],]/.test(label[e - 1])) e--;
            if (e > s) current.push([s, e]);
        }
        start = -1;
    };
    for (let i = 0; i < label.length; i++) {
        const ch = label[i];
        if (ch === "(") {
            depth++;
            if (depth === 1) {
                current = [];
                start = i + 1;
            }
        } else if (ch === ")") {
            if (depth === 1) {
                close(i);
                groups.push(current);
            }
            depth--;
        } else if (ch === "," && depth === 1) {
            close(i);
            start = i + 1;
        }
    }
    return groups.length > 0 ? groups : [[]];
}
