// One file for what activation loads: after esbuild.mjs has written the extension's chunks as
// CommonJS, the chunks dist/extension.js requires at once (its shared chunks, not the features'
// chunks reached through `import()`) are bundled into dist/extension.js, and each of their files
// becomes a one-line forwarder to that copy, for the features' chunks that require it later.
// Node resolves, reads, wraps and compiles each file it requires: with 27 files that was about a
// quarter of a cold activation's CPU time (docs/performance.md, "Activation").
import * as esbuild from "esbuild";
import fs from "node:fs";
import path from "node:path";

/** Where extension.js keeps the chunks bundled into it (non-enumerable; VS Code reads `activate`). */
const CHUNKS = "__workbenchChunks";

/**
 * The chunks activation loads: extension.js's static imports, transitively, from esbuild's
 * metafile of the ES module build (an `import()` is a "dynamic-import" and stays a chunk).
 * @param {import("esbuild").Metafile} metafile
 * @returns {string[]} their file names, beside extension.js
 */
function activationChunks(metafile) {
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
 * Bundles activation's chunks into dist/extension.js and turns their files into forwarders.
 * @param {{ metafile: import("esbuild").Metafile, dist: string, production: boolean }} options
 */
export async function bundleActivation({ metafile, dist, production }) {
    const merged = activationChunks(metafile);
    if (merged.length === 0) return;
    const others = fs
        .readdirSync(dist)
        .filter((f) => /^extension\.chunk\..*\.js$/.test(f) && !merged.includes(f));
    // extension.js's exports, plus each bundled chunk's module for the forwarders.
    const entry = [
        'module.exports = require("./extension.js");',
        `Object.defineProperty(module.exports, "${CHUNKS}", { value: {`,
        ...merged.map((f) => `    ${JSON.stringify(f)}: () => require("./${f}"),`),
        "} });",
    ].join("\n");
    const outfile = path.join(dist, "extension.js");
    const result = await esbuild.build({
        // Not named extension.js: its `require("./extension.js")` would then be itself.
        stdin: { contents: entry, resolveDir: dist, sourcefile: "activationBundle.js" },
        bundle: true,
        format: "cjs",
        platform: "node",
        target: "node20",
        minify: production,
        legalComments: "none",
        // The development build's map names the sources (each chunk's own map is read).
        sourcemap: production ? false : "external",
        external: ["vscode", ...others.map((f) => `./${f}`)],
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
            path.join(dist, f),
            `module.exports = require("./extension.js").${CHUNKS}[${JSON.stringify(f)}]();\n`,
        );
        fs.rmSync(path.join(dist, `${f}.map`), { force: true });
    }
}
