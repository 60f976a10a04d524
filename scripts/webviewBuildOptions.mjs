// esbuild's options for the webview bundles (browser/esm), in one place: esbuild.mjs builds every
// webview with them, and bench/buildWebview.mjs builds just the pages the bench and the webview
// tests load, so those bundles are the ones the extension ships.

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
