// The tree-sitter runtime and each grammar, loaded once on first use (each grammar is a large
// wasm file, see docs/performance.md: only the languages a workspace has are loaded).
import { Language, Parser } from "web-tree-sitter";

/** Where a wasm file is: the bundle's `dist/grammars/<file>`, or node_modules in tests. */
export type WasmLocator = (file: string) => string;

let runtime: Promise<void> | undefined;
const parsers = new Map<string, Promise<Parser>>();

/** A parser for one grammar, the runtime and the grammar loaded on the first call. */
export function parserFor(grammar: string, locate: WasmLocator): Promise<Parser> {
    let parser = parsers.get(grammar);
    if (!parser) {
        parser = load(grammar, locate);
        parsers.set(grammar, parser);
        // A failed load is tried again next time (a file being replaced, say), not remembered.
        parser.catch(() => parsers.delete(grammar));
    }
    return parser;
}

async function load(grammar: string, locate: WasmLocator): Promise<Parser> {
    if (!runtime) {
        runtime = Parser.init({ locateFile: () => locate("tree-sitter.wasm") });
        runtime.catch(() => (runtime = undefined));
    }
    await runtime;
    const language = await Language.load(locate(grammar));
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
}
