// esbuild's options for the webview bundles (browser/esm), in one place: esbuild.mjs builds every
// webview with them, and bench/buildWebview.mjs builds just the pages the bench and the webview
// tests load, so those bundles are the ones the extension ships.
import fs from "node:fs";
import path from "node:path";

/**
 * @param {Record<string, string>} entryPoints bundle name -> source file
 * @param {{ production?: boolean }} [options]
 * @returns {import("esbuild").BuildOptions}
 */
export function webviewBuildOptions(entryPoints, { production = false } = {}) {
    return {
        bundle: true,
        minify: production,
        sourcemap: production ? false : "linked",
        logLevel: "warning",
        legalComments: "none",
        entryPoints,
        outdir: "dist/webview",
        platform: "browser",
        format: "esm",
        target: "chrome120",
        loader: { ".css": "text", ".ttf": "file" },
    };
}

/** Pages whose code a dynamic `import()` splits into chunks (src/webview/results/chart/lazyChart.ts). */
const SPLIT_PAGES = new Set(["results"]);

/**
 * The builds for `entryPoints`: one per page that splits (its chunks are named after it,
 * `results.chunk.<name>-<hash>.js`, beside it in dist/webview), and one for everything else.
 * Workers never share a build with a page that splits: a worker is started from a blob URL
 * (src/webview/results/rowSource.ts), where a chunk's relative import could not resolve.
 * @param {Record<string, string>} entryPoints bundle name -> source file
 * @param {{ production?: boolean }} [options]
 * @returns {import("esbuild").BuildOptions[]}
 */
export function webviewBuilds(entryPoints, options = {}) {
    const rest = {};
    const builds = [];
    for (const [name, file] of Object.entries(entryPoints)) {
        if (SPLIT_PAGES.has(name))
            builds.push({
                ...webviewBuildOptions({ [name]: file }, options),
                splitting: true,
                chunkNames: `${name}.chunk.[name]-[hash]`,
            });
        else rest[name] = file;
    }
    if (Object.keys(rest).length > 0) builds.push(webviewBuildOptions(rest, options));
    return builds;
}

/**
 * Removes the chunks of earlier builds (their names change with their content): of every page, or
 * of the `pages` named only, when only those are built again (another page's chunks stay, or its
 * page could no longer load them).
 */
export function removeOldChunks(root = ".", pages = undefined) {
    const dir = path.join(root, "dist", "webview");
    if (!fs.existsSync(dir)) return;
    for (const file of fs.readdirSync(dir)) {
        const page = /^([a-z]+)\.chunk\./.exec(file)?.[1];
        if (page && (!pages || pages.includes(page))) fs.rmSync(path.join(dir, file));
    }
}
