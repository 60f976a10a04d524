// The finder with the bundle's grammars, which esbuild.mjs copies into dist/grammars/ beside
// dist/codeCalls.js (the bundle of worker.ts), as src/codeCalls/grammarFiles.json names them.
import path from "node:path";
import { findCalls as find } from "./findCalls";
import type { WasmLocator } from "./grammars";
import type { CodeLanguage, FindLimits, FindResult } from "./types";

export const bundledWasm: WasmLocator = (file) => path.join(__dirname, "grammars", file);

/** The PostHog calls in a file's text (see findCalls.ts), with the bundle's grammars. */
export function findCalls(
    text: string,
    language: CodeLanguage,
    limits?: Partial<FindLimits>,
): Promise<FindResult> {
    return find(text, language, { locate: bundledWasm, limits });
}

export { isCodeLanguage } from "./languages";
