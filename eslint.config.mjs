// Lint rules that matter here: no floating promises (fire-and-forget is written `void p`) and no
// console in src/ (everything goes through the log channel).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Boundaries (issue 42; the layers are in test/unit/layers.ts): the pages (src/webview/, browser
// code) see nothing of the host's but src/shared/; the host never imports the pages; src/shared/
// imports only itself, so both sides can take it. Relative paths climb by depth, so each depth of
// folder gets its own pattern.
const PAGES =
    "The pages (src/webview/) import only src/webview/ and src/shared/: move what both sides use to src/shared/.";
const SHARED = "src/shared/ imports only src/shared/ (and no vscode): the pages bundle it too.";
const HOST =
    "The host does not import the pages (src/webview/): move what both sides use to src/shared/.";
const depths = [0, 1, 2, 3];
const boundaries = [
    {
        files: ["src/**/*.ts"],
        ignores: ["src/webview/**", "src/shared/**"],
        rules: {
            "no-restricted-imports": [
                "error",
                { patterns: [{ regex: "^(\\./|(\\.\\./)+)webview/", message: HOST }] },
            ],
        },
    },
    ...depths.map((depth) => ({
        files: [`src/webview/${"*/".repeat(depth)}*.ts`],
        rules: {
            "no-restricted-imports": [
                "error",
                { patterns: [{ regex: `^(\\.\\./){${depth + 1},}(?!shared/)`, message: PAGES }] },
            ],
        },
    })),
    ...depths.map((depth) => ({
        files: [`src/shared/${"*/".repeat(depth)}*.ts`],
        rules: {
            "no-restricted-imports": [
                "error",
                {
                    paths: [{ name: "vscode", message: SHARED }],
                    patterns: [{ regex: `^(\\.\\./){${depth + 1},}`, message: SHARED }],
                },
            ],
        },
    })),
];

export default tseslint.config(
    {
        ignores: [
            "node_modules/",
            "dist/",
            "out/",
            ".vscode-test/",
            "test/harness/",
            // Application code in many languages for the editor tests, not ours to lint.
            "test/fixtures/workspace/code/",
            "bench/results.json",
        ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
        files: ["src/**/*.ts", "test/**/*.ts"],
        languageOptions: {
            parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
        },
        rules: {
            "@typescript-eslint/no-floating-promises": "error",
            "@typescript-eslint/no-misused-promises": "error",
            "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
        },
    },
    { files: ["src/**/*.ts"], rules: { "no-console": "error" } },
    // Long functions are split into named steps, on the host and in the pages.
    {
        files: ["src/**/*.ts"],
        rules: {
            "max-lines-per-function": [
                "error",
                { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true },
            ],
        },
    },
    ...boundaries,
    {
        files: ["**/*.mjs", "**/*.js"],
        languageOptions: {
            globals: {
                process: "readonly",
                console: "readonly",
                __dirname: "readonly",
                require: "readonly",
                module: "writable",
                setTimeout: "readonly",
                clearTimeout: "readonly",
                URL: "readonly",
                Buffer: "readonly",
                fetch: "readonly",
                structuredClone: "readonly",
            },
        },
    },
);
