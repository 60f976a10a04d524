// One file for what activation loads: esbuild.mjs builds the extension as ES modules split into
// chunks; dist/extension.js and the shared chunks it imports at once (not the features' chunks
// reached through `import()`) are then bundled from those ES modules into one CommonJS file, with
// their modules hoisted into one scope, and each bundled chunk's file becomes a one-line forwarder
// to its copy there, for the features' chunks that require it later.
// Node resolves, reads, wraps and compiles each file it requires: with 27 files that was about a
// quarter of a cold activation's CPU time. Bundling the chunks' CommonJS forms instead kept a
// wrapper per chunk that copied every export onto a getter object, then again for each importer
// (`__toCommonJS`, `__toESM`): half of what requiring extension.js cost (docs/performance.md,
// "Activation").
import * as esbuild from "esbuild";
import fs from "node:fs";
import path from "node:path";

/** Where extension.js keeps the chunks bundled into it (VS Code reads `activate`). */
const CHUNKS = "__workbenchChunks";

/**
 * The chunks activation loads: extension.js's static imports, transitively, from esbuild's
 * metafile of the ES module build (an `import()` is a "dynamic-import" and stays a chunk).
 * @param {import("esbuild").Metafile} metafile
 * @returns {string[]} their file names, beside extension.js
 */
export function activationChunks(metafile) {
    const seen = new Set();
    const visit = (output) => {
        if (seen.has(output)) return;
        seen.add(output);
        for (const i of metafile.outputs[output].imports)
            if (i.kind === "import-statement" && metafile.outputs[i.path]) visit(i.path);
    };
    const entry = Object.keys(metafile.outputs).find(
        (o) => path.basename(o) === "extension.js" && metafile.outputs[o].entryPoint,
    );
    visit(entry);
    seen.delete(entry);
    return [...seen].map((o) => path.basename(o));
}

/**
 * Bundles extension.js and activation's chunks, from the ES module build's outputs in memory,
 * into dist/extension.js, and writes the chunks' files as forwarders.
 * @param {{
 *   metafile: import("esbuild").Metafile,
 *   outputFiles: import("esbuild").OutputFile[],
 *   dist: string,
 *   production: boolean,
 * }} options
 */
export async function bundleActivation({ metafile, outputFiles, dist, production }) {
    const merged = activationChunks(metafile);
    const root = path.resolve(dist);
    /** The ES module outputs, by file name. */
    const esm = new Map(
        outputFiles
            .filter((f) => f.path.endsWith(".js"))
            .map((f) => [path.basename(f.path), f.text]),
    );
    const bundled = new Set(["extension.js", ...merged]);
    // Each bundled chunk's namespace, for its forwarder; extension.js's own exports as they are.
    const entry = [
        ...merged.map((f, i) => `import * as chunk${i} from "./${f}";`),
        'export * from "./extension.js";',
        `export const ${CHUNKS} = {`,
        ...merged.map((f, i) => `    ${JSON.stringify(f)}: () => chunk${i},`),
        "};",
    ].join("\n");
    const outfile = path.join(root, "extension.js");
    const fromMemory = {
        name: "esm-outputs",
        setup(build) {
            // The build's outputs, not the files on disk (the features' chunks, already
            // CommonJS, and the forwarders written below): the features' chunks stay external.
            build.onResolve({ filter: /^\.\/extension\.(chunk\..*\.)?js$/ }, (args) => {
                const name = args.path.slice(2);
                return bundled.has(name)
                    ? { path: path.join(root, name) }
                    : { path: args.path, external: true };
            });
            build.onLoad({ filter: /[\\/]extension\.(chunk\..*\.)?js$/ }, (args) => {
                const text = esm.get(path.basename(args.path));
                return text === undefined ? undefined : { contents: text, loader: "js" };
            });
        },
    };
    const result = await esbuild.build({
        // Not named extension.js: its `export * from "./extension.js"` would then be itself.
        stdin: { contents: entry, resolveDir: root, sourcefile: "activationBundle.js" },
        bundle: true,
        format: "cjs",
        platform: "node",
        target: "node20",
        // `import()` of a feature's chunk becomes `Promise.resolve().then(() => require(...))`.
        supported: { "dynamic-import": false },
        minify: production,
        legalComments: "none",
        // The development build's map names the sources (each output's inline map is read).
        sourcemap: production ? false : "external",
        external: ["vscode"],
        plugins: [fromMemory],
        outfile,
        write: false,
        logLevel: "warning",
    });
    for (const file of result.outputFiles) {
        const text =
            file.path === outfile && !production
                ? `${file.text}//# sourceMappingURL=extension.js.map\n`
                : file.text;
        fs.writeFileSync(file.path, text);
    }
    if (production) fs.rmSync(`${outfile}.map`, { force: true });
    for (const f of merged) {
        fs.writeFileSync(
            path.join(root, f),
            `module.exports = require("./extension.js").${CHUNKS}[${JSON.stringify(f)}]();\n`,
        );
        fs.rmSync(path.join(root, `${f}.map`), { force: true });
    }
    return merged;
}
