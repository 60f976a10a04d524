// Two kinds of bundle (style habit 8):
// - node/cjs for the extension host, `vscode` external: dist/extension.js with the chunks its
//   features load on first use (extensionBuild). The API client (undici) is its own bundle,
//   dist/api.js, and the validator (ajv) dist/validator.js, both required on first use so that
//   activation stays light.
// - browser/esm for webviews: every src/webview/<name>/main.ts becomes dist/webview/<name>.js and
//   every src/webview/<name>/*.worker.ts becomes dist/webview/<name>.<file>.js; the results page's
//   lazily loaded code becomes dist/webview/results.chunk.<name>-<hash>.js.
// Usage: node esbuild.mjs [--watch] [--production]
import * as esbuild from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { activationChunks, bundleActivation } from "./scripts/activationBundle.mjs";
import { alias, extensionBuildOptions, vscodeOnce } from "./scripts/extensionBuildOptions.mjs";
import { removeOldChunks, webviewBuilds } from "./scripts/webviewBuildOptions.mjs";

const watch = process.argv.includes("--watch");
const production = process.argv.includes("--production");

/** @type {import("esbuild").BuildOptions} */
const common = {
    bundle: true,
    minify: production,
    sourcemap: production ? false : "linked",
    logLevel: "warning",
    legalComments: "none",
};

/** The bundles required on first use, each whole (they share nothing with extension.js). */
const nodeBuild = {
    ...common,
    entryPoints: {
        ...(fs.existsSync("src/api/index.ts") ? { api: "src/api/index.ts" } : {}),
        // PostHog's HogQL parser (WebAssembly inside) in a worker thread, started on first use.
        hogqlParser: "src/hogql/parser/parserWorker.ts",
        // ajv and the checks of webview messages and notebook outputs, required on first use.
        validator: "src/validator.ts",
        // Finding PostHog calls in application code (tree-sitter): a worker thread started on first use.
        codeCalls: "src/codeCalls/worker.ts",
        // The workspace index (issue 45) and the finder's client: required on first use.
        codeUsages: "src/codeCalls/workspace/index.ts",
    },
    outdir: "dist",
    platform: "node",
    format: "cjs",
    target: "node20",
    external: ["vscode"],
    alias,
};

/**
 * dist/extension.js holds what activation runs; what a feature needs only when first used is
 * reached through `import()` and lands in dist/extension.chunk.<name>-<hash>.js, with the modules
 * both sides use in shared chunks, so each module (and its state) exists once. esbuild splits only
 * ES modules: the chunks are built as ES modules and each is then turned into CommonJS, its
 * `import()` into `require` (VS Code loads extensions as CommonJS). Chunks sit beside
 * extension.js: `__dirname` (apiLoader.ts, validatorLoader.ts) is dist/ in every one. extension.js
 * and the shared chunks it imports at once are bundled from their ES modules into one CommonJS
 * file, their modules in one scope (scripts/activationBundle.mjs).
 */
const extensionBuild = {
    ...extensionBuildOptions({ production }),
    write: false,
    // Tells bundleActivation which chunks extension.js requires at once.
    metafile: true,
    plugins: [vscodeOnce, toCommonJs()],
};

/** Writes each ES module output of the build as CommonJS (see extensionBuild). */
function toCommonJs() {
    return {
        name: "to-commonjs",
        setup(build) {
            build.onEnd(async (result) => {
                if (result.errors.length) return;
                removeOldExtensionChunks();
                // extension.js and the chunks it imports at once are bundled from these ES
                // modules into one file (scripts/activationBundle.mjs); the rest become CommonJS.
                const bundled = new Set(["extension.js", ...activationChunks(result.metafile)]);
                for (const file of result.outputFiles ?? []) {
                    if (!file.path.endsWith(".js") || bundled.has(path.basename(file.path)))
                        continue;
                    const { code, map } = await esbuild.transform(file.text, {
                        format: "cjs",
                        // `import()` becomes `Promise.resolve().then(() => require(...))`.
                        supported: { "dynamic-import": false },
                        target: "node20",
                        minify: production,
                        legalComments: "none",
                        sourcemap: production ? false : "external",
                        sourcefile: path.basename(file.path),
                    });
                    fs.writeFileSync(
                        file.path,
                        map
                            ? `${code}//# sourceMappingURL=${path.basename(file.path)}.map\n`
                            : code,
                    );
                    if (map) fs.writeFileSync(`${file.path}.map`, map);
                    else fs.rmSync(`${file.path}.map`, { force: true });
                }
                await bundleActivation({
                    metafile: result.metafile,
                    outputFiles: result.outputFiles ?? [],
                    dist: "dist",
                    production,
                });
            });
        },
    };
}

/** Chunks of an earlier build (their names carry a hash, so a new build does not replace them). */
function removeOldExtensionChunks() {
    if (!fs.existsSync("dist")) return;
    for (const file of fs.readdirSync("dist"))
        if (file.startsWith("extension.chunk.")) fs.rmSync(path.join("dist", file));
}

function webviewEntries() {
    const root = "src/webview";
    const entries = {};
    if (!fs.existsSync(root)) return entries;
    for (const dir of fs.readdirSync(root, { withFileTypes: true })) {
        if (!dir.isDirectory()) continue;
        const folder = path.join(root, dir.name);
        for (const file of fs.readdirSync(folder)) {
            if (file === "main.ts") entries[dir.name] = path.join(folder, file);
            else if (file.endsWith(".worker.ts"))
                entries[`${dir.name}.${file.replace(/\.ts$/, "")}`] = path.join(folder, file);
        }
    }
    return entries;
}

const builds = [extensionBuild, nodeBuild, ...webviewBuilds(webviewEntries(), { production })];
removeOldChunks();

// PostHog's function and table catalogues, read by the extension on first use
// (src/language/functionCatalogue.ts, src/language/tableCatalogue.ts).
fs.mkdirSync("dist", { recursive: true });
fs.copyFileSync("src/language/hogqlFunctions.json", "dist/hogqlFunctions.json");
fs.copyFileSync("src/language/hogqlTables.json", "dist/hogqlTables.json");
// The tree-sitter runtime and grammars dist/codeCalls.js loads on first use (src/codeCalls/).
fs.mkdirSync("dist/grammars", { recursive: true });
for (const [file, inPackage] of Object.entries(
    JSON.parse(fs.readFileSync("src/codeCalls/grammarFiles.json", "utf8")),
)) {
    fs.copyFileSync(path.join("node_modules", inPackage), path.join("dist/grammars", file));
}

if (watch) {
    for (const options of builds) await (await esbuild.context(options)).watch();
} else {
    await Promise.all(builds.map((options) => esbuild.build(options)));
}
