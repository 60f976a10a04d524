// Finds PostHog SDK calls in one file's text: a real parser (tree-sitter) reads the file, so a
// call in a comment or inside another string is not a call. Names are looked for in the text
// only to know where to start; the tree decides what each occurrence is. A Vue file's script
// blocks are read in their own language (vueScripts.ts).
// Imports nothing from vscode: it runs in a worker thread as well as in tests.
import type { Node, Tree } from "web-tree-sitter";
import { parserFor, type WasmLocator } from "./grammars";
import { LANGUAGES, VUE_GRAMMAR } from "./languages";
import { candidateNames, sdkCall } from "./sdkCalls";
import {
    type CodeCall,
    type CodeLanguage,
    type CodePosition,
    DEFAULT_LIMITS,
    type FindLimits,
    type FindResult,
    type GrammarLanguage,
    type SkipReason,
} from "./types";
import { type ScriptBlock, scriptBlocks, templateBlock } from "./vueScripts";

export interface FindOptions {
    /** Where the wasm files are. */
    locate: WasmLocator;
    /** Limits other than the defaults. */
    limits?: Partial<FindLimits>;
}

/** The PostHog calls in a file's text, in source order, or why the file was skipped. */
export async function findCalls(
    text: string,
    language: CodeLanguage,
    options: FindOptions,
): Promise<FindResult> {
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    const skipped = boundsProblem(text, limits);
    if (skipped) return { calls: [], skipped };
    const budget = { remainingMs: limits.parseBudgetMs };
    if (language === "vue") return findInVue(text, options.locate, budget);
    const tree = await parse(text, LANGUAGES[language].grammar, options.locate, budget);
    if (!tree) return { calls: [], skipped: "timeBudget" };
    try {
        return { calls: callsIn(tree, text, language, mentionsPostHog(tree.rootNode, text)) };
    } finally {
        tree.delete();
    }
}

/** The parse time a file has left: a Vue file's parses (blocks, then each script) share it. */
interface Budget {
    remainingMs: number;
}

/** The text's tree, or undefined when the parse ran out of budget. */
async function parse(
    text: string,
    grammar: string,
    locate: WasmLocator,
    budget: Budget,
): Promise<Tree | undefined> {
    const parser = await parserFor(grammar, locate);
    const started = performance.now();
    const deadline = started + budget.remainingMs;
    // The callback cancels the parse when it returns true (web-tree-sitter's ParseOptions).
    const tree = parser.parse(text, null, { progressCallback: () => performance.now() > deadline });
    budget.remainingMs -= performance.now() - started;
    if (tree) return tree;
    // A cancelled parse would otherwise resume on the next call, with the next file's text.
    parser.reset();
    return undefined;
}

/**
 * A Vue single-file component: its `<script>` and `<script setup>` blocks and its template's
 * expressions (`@click="posthog.capture('x')"`), each read in its own language with the rest of
 * the file blanked, so that offsets and lines are the file's own. A generic `capture` in one block
 * counts when any block mentions PostHog (an import in `<script setup>`, a `this.$posthog` in
 * `<script>`).
 */
async function findInVue(text: string, locate: WasmLocator, budget: Budget): Promise<FindResult> {
    const sfc = await parse(text, VUE_GRAMMAR, locate, budget);
    if (!sfc) return { calls: [], skipped: "timeBudget" };
    const blocks: ScriptBlock[] = [];
    try {
        blocks.push(...scriptBlocks(sfc, text));
        const template = templateBlock(sfc, text, blocks);
        if (template) blocks.push(template);
    } finally {
        sfc.delete();
    }
    const parsed: { block: ScriptBlock; tree: Tree }[] = [];
    try {
        for (const block of blocks) {
            const tree = await parse(block.text, LANGUAGES[block.language].grammar, locate, budget);
            if (!tree) return { calls: [], skipped: "timeBudget" };
            parsed.push({ block, tree });
        }
        const evidence = parsed.some((p) => mentionsPostHog(p.tree.rootNode, p.block.text));
        const calls = parsed.flatMap((p) =>
            callsIn(p.tree, p.block.text, p.block.language, evidence),
        );
        return {
            calls: calls
                .map((call): CodeCall => ({ ...call, language: "vue" }))
                .sort((a, b) => a.offsets.start - b.offsets.start),
        };
    } finally {
        for (const p of parsed) p.tree.delete();
    }
}

/** Too big, binary (a NUL), or a line as long as minified code has: not read at all. */
function boundsProblem(text: string, limits: FindLimits): SkipReason | undefined {
    if (text.length > limits.maxLength) return "tooLarge";
    if (text.includes("\0")) return "binary";
    let start = 0;
    while (start < text.length) {
        const end = text.indexOf("\n", start);
        const stop = end < 0 ? text.length : end;
        if (stop - start > limits.maxLineLength) return "longLine";
        start = stop + 1;
    }
    return undefined;
}

/** `evidence`: whether the file mentions PostHog outside its comments (see mentionsPostHog). */
function callsIn(
    tree: Tree,
    text: string,
    language: GrammarLanguage,
    evidence: boolean,
): CodeCall[] {
    const spec = LANGUAGES[language];
    const root = tree.rootNode;
    const lines = lineStarts(text);
    const found = new Map<number, CodeCall>();
    for (const name of candidateNames(language)) {
        for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
            const token = root.descendantForIndex(at, at + name.length);
            if (!token || token.startIndex !== at || token.endIndex !== at + name.length) continue;
            let node: Node | null = token;
            for (let level = 0; node && level <= spec.depth; level++, node = node.parent) {
                const site = spec.call(node, text);
                if (!site || site.nameNode.startIndex !== at) continue;
                const call = sdkCall(site, language, spec, text);
                // A generic name (`capture`) counts where the receiver names PostHog or the file
                // uses PostHog somewhere outside its comments.
                if (call && (call.namesPostHog || evidence) && !found.has(call.key.start)) {
                    found.set(call.key.start, {
                        kind: call.kind,
                        fn: call.fn,
                        key: call.key.value,
                        range: {
                            start: position(lines, call.key.start),
                            end: position(lines, call.key.end),
                        },
                        offsets: { start: call.key.start, end: call.key.end },
                        language,
                    });
                }
                break;
            }
        }
    }
    return [...found.values()].sort((a, b) => a.offsets.start - b.offsets.start);
}

/** Whether "posthog" (any case) appears outside comments: an import, a type, a variable. */
function mentionsPostHog(root: Node, text: string): boolean {
    const lower = text.toLowerCase();
    for (let at = lower.indexOf("posthog"); at >= 0; at = lower.indexOf("posthog", at + 7)) {
        let node: Node | null = root.descendantForIndex(at, at + 7);
        let inComment = false;
        for (; node; node = node.parent) {
            if (node.type.includes("comment")) {
                inComment = true;
                break;
            }
        }
        if (!inComment) return true;
    }
    return false;
}

function lineStarts(text: string): number[] {
    const starts = [0];
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
    return starts;
}

function position(starts: readonly number[], offset: number): CodePosition {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (starts[mid] <= offset) low = mid;
        else high = mid - 1;
    }
    return { line: low, character: offset - starts[low] };
}
