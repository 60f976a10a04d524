// esbuild's options for the extension's own bundle (node, ES modules split into chunks), in one
// place: esbuild.mjs builds it (and turns each output into CommonJS), and
// bench/activationBreakdown.mjs builds it again with a metafile to weigh what activation loads.
import fs from "node:fs";
import path from "node:path";

/**
 * The names of VS Code's API the extension reads: each `vscode.<Name>` in src/ that @types/vscode
 * declares at the top of `declare module 'vscode'` as a value (a namespace, class, enum or
 * constant, one tab in; interfaces and types have no value). Only those are bound, so the module
 * standing for `vscode` stays small.
 */
function vscodeApiNames() {
    const typings = fs.readFileSync(path.resolve("node_modules/@types/vscode/index.d.ts"), "utf8");
    const values = new Set(
        [...typings.matchAll(/^\texport (?:const|let|function|class|enum|namespace) (\w+)/gm)].map(
            (m) => m[1],
        ),
    );
    const used = new Set();
    for (const file of fs.readdirSync("src", { recursive: true, encoding: "utf8" }))
        if (file.endsWith(".ts"))
            for (const m of fs
                .readFileSync(path.join("src", file), "utf8")
                .matchAll(/\bvscode\.([A-Za-z_]\w*)/g))
                if (values.has(m[1])) used.add(m[1]);
    return [...used].sort();
}

/**
 * `import * as vscode from "vscode"` in each of the extension's modules would become its own
 * `__toESM(require("vscode"))`, which copies every property of VS Code's API object onto a fresh
 * namespace, once per module, at load. One ES module in the bundle stands for `vscode` instead:
 * it requires the API once and exports each name the extension reads as a binding, so `vscode.window` in a
 * module reads that binding and no namespace object is built or copied (an `export *` of the API
 * still copied it twice: the CommonJS interop's `__toESM`, then the re-export; docs/performance.md,
 * "Activation").
 */
export const vscodeOnce = {
    name: "vscode-once",
    setup(build) {
        build.onResolve({ filter: /^vscode$/ }, (args) =>
            // The module's own `require("vscode")` is VS Code's; every other import is the module.
            args.namespace === "vscode-once"
                ? { path: "vscode", external: true }
                : { path: "vscode", namespace: "vscode-once" },
        );
        build.onLoad({ filter: /.*/, namespace: "vscode-once" }, () => ({
            // `require`, not `import`: the CommonJS step would turn an import back into `__toESM`.
            contents: [
                'const api = require("vscode");',
                ...vscodeApiNames().map((name) => `export const ${name} = api.${name};`),
            ].join("\n"),
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
    // @vscode/l10n's Node build requires `fs/promises` at load, for bundles read from a path or
    // URL; VS Code hands the extension its bundle's contents (l10nSetup.ts), so its ES module
    // build for browsers serves, and activation loads no built-in module for it (a path: the
    // package lists no `exports`, and only its `browser` field names the file).
    "@vscode/l10n": path.resolve("node_modules/@vscode/l10n/dist/browser.js"),
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
