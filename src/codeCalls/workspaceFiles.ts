// Which workspace files the index reads, by file extension: the languages the finder knows
// (languages.ts), as VS Code's built-in and the usual language extensions name their files.
// Imports nothing from vscode: the index's unit tests and the bench use it in Node.
import type { CodeLanguage } from "./types";

const BY_EXTENSION: Readonly<Record<string, CodeLanguage>> = {
    js: "javascript",
    mjs: "javascript",
    cjs: "javascript",
    jsx: "javascriptreact",
    ts: "typescript",
    mts: "typescript",
    cts: "typescript",
    tsx: "typescriptreact",
    py: "python",
    go: "go",
    rb: "ruby",
    php: "php",
    swift: "swift",
    kt: "kotlin",
    kts: "kotlin",
    java: "java",
    dart: "dart",
    vue: "vue",
};

/** The glob findFiles and the file watcher use: every extension above. */
export const CODE_FILES_GLOB = `**/*.{${Object.keys(BY_EXTENSION).join(",")}}`;

/** The language a file is read as, from its name, or undefined when the finder does not read it. */
export function languageOfPath(path: string): CodeLanguage | undefined {
    const name = path.slice(path.lastIndexOf("/") + 1);
    const dot = name.lastIndexOf(".");
    if (dot <= 0) return undefined;
    const extension = name.slice(dot + 1).toLowerCase();
    return Object.prototype.hasOwnProperty.call(BY_EXTENSION, extension)
        ? BY_EXTENSION[extension]
        : undefined;
}
