// esbuild's options for the extension's own bundle (node, ES modules split into chunks), in one
// place: esbuild.mjs builds it (and turns each output into CommonJS), and
// bench/activationBreakdown.mjs builds it again with a metafile to weigh what activation loads.
import path from "node:path";

/**
 * `import * as vscode from "vscode"` in each of the extension's ~70 modules becomes its own
 * `__toESM(require("vscode"))`, which copies every property of VS Code's API object onto a fresh
 * namespace, once per module, at load. One ES module in the bundle re-exports the API instead,
 * so the copy is made once and every module shares its namespace (docs/performance.md,
 * "Activation").
 */
export const vscodeOnce = {
    name: "vscode-once",
    setup(build) {
        build.onResolve({ filter: /^vscode$/ }, (args) =>
            args.namespace === "vscode-once"
                ? { path: "vscode", external: true }
                : { path: "vscode", namespace: "vscode-once" },
        );
        build.onLoad({ filter: /.*/, namespace: "vscode-once" }, () => ({
            contents: 'export * from "vscode";',
            loader: "js",
        }));
    },
};

export const alias = {
    // jsonc-parser's `main` is a UMD wrapper whose inner `require("./impl/...")` calls esbuild
    // cannot follow, so the bundle would fail at run time; its ES module build bundles whole.
    "jsonc-parser": "jsonc-parser/lib/esm/main.js",
    // web-tree-sitter's ES module build reads `import.meta.url`, which a CommonJS bundle lacks; its
    // CommonJS build finds its files from `__dirname` (src/codeCalls/ passes the wasm paths anyway).
    // (a path: the package's `exports` do not list the file itself).
    "web-tree-sitter": path.resolve("node_modules/web-tree-sitter/tree-sitter.cjs"),
};

/**
 * The extension's ES module build: dist/extension.js and its chunks (esbuild.mjs says why).
 * @param {{ production?: boolean }} [options]
 * @returns {import("esbuild").BuildOptions}
 */
export function extensionBuildOptions({ production = false } = {}) {
    return {
        bundle: true,
        minify: production,
        logLevel: "warning",
        legalComments: "none",
        entryPoints: { extension: "src/extension.ts" },
        outdir: "dist",
        platform: "node",
        format: "esm",
        splitting: true,
        chunkNames: "extension.chunk.[name]-[hash]",
        // Inline, so the CommonJS step reads it and maps its output to the sources.
        sourcemap: production ? false : "inline",
        target: "node20",
        external: ["vscode"],
        alias,
        plugins: [vscodeOnce],
    };
}
