// The language ids the finder reads, written out here so that the extension's bundle does not take
// in the finder's adapters to answer "is this file one of ours?" (a unit test keeps the list equal
// to src/codeCalls/languages.ts).
import type { CodeLanguage } from "../codeCalls/types";

export const CODE_LANGUAGE_IDS: readonly CodeLanguage[] = [
    "javascript",
    "javascriptreact",
    "typescript",
    "typescriptreact",
    "python",
    "go",
    "ruby",
    "php",
    "swift",
    "kotlin",
    "java",
    "dart",
];

const IDS = new Set<string>(CODE_LANGUAGE_IDS);

/** Whether VS Code's language id is one the finder reads. */
export function isSupportedLanguage(languageId: string): languageId is CodeLanguage {
    return IDS.has(languageId);
}
