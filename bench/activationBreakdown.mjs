// What activation loads, module by module: builds the extension as esbuild.mjs does (ES modules,
// split; nothing is written) with a metafile, follows the static imports from dist/extension.js
// (a chunk reached only through `import()` loads on first use), and prints the bytes each folder
// and each module adds. The shipped files are these outputs turned into CommonJS, a little larger.
// Usage: node bench/activationBreakdown.mjs [--production] [--modules N] [--why src/x.ts,...]
import * as esbuild from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { extensionBuildOptions } from "../scripts/extensionBuildOptions.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const args = process.argv.slice(2);
const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
};
const production = args.includes("--production");
const { metafile } = await esbuild.build({
    ...extensionBuildOptions({ production }),
    sourcemap: false,
    write: false,
    metafile: true,
});

/** The outputs activation loads: dist/extension.js and, transitively, its static imports. */
const loaded = new Set();
for (const stack = ["dist/extension.js"]; stack.length;) {
    const out = stack.pop();
    if (loaded.has(out)) continue;
    loaded.add(out);
    for (const i of metafile.outputs[out].imports)
        if (i.kind === "import-statement" && metafile.outputs[i.path]) stack.push(i.path);
}
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);
const modules = [...loaded].flatMap((out) =>
    Object.entries(metafile.outputs[out].inputs).map(([input, v]) => ({
        input,
        out,
        bytes: v.bytesInOutput,
    })),
);
const total = [...loaded].reduce((sum, out) => sum + metafile.outputs[out].bytes, 0);
console.log(
    `${production ? "production" : "development"} build: activation loads ${loaded.size} ES module ` +
        `outputs, ${kb(total).trim()} KB (before the CommonJS step, which bundles them into ` +
        `dist/extension.js: scripts/activationBundle.mjs)\n`,
);
const byFolder = new Map();
for (const m of modules) {
    const folder = path.dirname(m.input);
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + m.bytes);
}
console.log("KB by folder:");
for (const [folder, bytes] of [...byFolder].sort((a, b) => b[1] - a[1]))
    if (bytes >= 512) console.log(`${kb(bytes)}  ${folder}`);
const top = Number(option("--modules", 30));
console.log(`\nThe ${top} largest modules:`);
for (const m of modules.sort((a, b) => b.bytes - a.bytes).slice(0, top))
    console.log(`${kb(m.bytes)}  ${m.input}  (${path.basename(m.out)})`);

/** The shortest chain of static imports from src/extension.ts to `target`. */
function why(target) {
    const from = new Map([["src/extension.ts", null]]);
    for (const queue = ["src/extension.ts"]; queue.length;) {
        const current = queue.shift();
        if (current === target) break;
        for (const i of metafile.inputs[current]?.imports ?? [])
            if (i.kind === "import-statement" && !from.has(i.path)) {
                from.set(i.path, current);
                queue.push(i.path);
            }
    }
    if (!from.has(target)) return `${target}: not loaded at activation`;
    const chain = [];
    for (let at = target; at; at = from.get(at)) chain.unshift(at);
    return chain.join(" -> ");
}
for (const target of (option("--why", "") ?? "").split(",").filter(Boolean))
    console.log(`\n${why(target)}`);

// Node's built-in modules activation requires: each costs its own load unless the host has it.
const builtins = new Set();
for (const out of loaded)
    for (const i of metafile.outputs[out].imports)
        if (i.external && i.kind === "import-statement" && i.path !== "vscode")
            builtins.add(i.path);
console.log(`\nBuilt-in modules required at activation: ${[...builtins].join(", ") || "none"}`);
for (const name of builtins) {
    const importers = modules
        .map((m) => m.input)
        .filter((input) =>
            metafile.inputs[input]?.imports.some(
                (i) => i.path === name && i.kind === "import-statement",
            ),
        );
    console.log(`  ${name}: ${importers.join(", ")}`);
}
