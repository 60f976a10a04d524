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
    "vue",
];

const IDS = new Set<string>(CODE_LANGUAGE_IDS);

/** Whether VS Code's language id is one the finder reads. */
export function isSupportedLanguage(languageId: string): languageId is CodeLanguage {
    return IDS.has(languageId);
}

/**
 * The editor features' document selector: the languages above, and Vue files by name, since
 * without a Vue extension VS Code knows no `vue` language and opens them as plain text.
 */
export const CODE_SELECTOR: readonly { language?: string; pattern?: string }[] = [
    ...CODE_LANGUAGE_IDS.map((language) => ({ language })),
    { pattern: "**/*.vue" },
];

/**
 * The language the finder reads a document as, or undefined when it reads none: a `.vue` file is
 * a Vue file whatever its language id (plain text without a Vue extension, or `vue` with one).
 */
export function codeLanguageOf(document: {
    readonly languageId: string;
    readonly uri: { readonly path: string };
}): CodeLanguage | undefined {
    if (document.uri.path.toLowerCase().endsWith(".vue")) return "vue";
    return isSupportedLanguage(document.languageId) ? document.languageId : undefined;
}
