// Builds only some webview bundles, with esbuild.mjs's webview options, so the webview tests and
// the bench work while the extension bundle is mid-edit elsewhere.
// Usage: node bench/buildWebview.mjs [page ...]   (default: the results page and its worker)
import * as esbuild from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { removeOldChunks, webviewBuilds } from "../scripts/webviewBuildOptions.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The bundles each page needs: its main.ts and its workers. */
const PAGES = {
    results: {
        results: "src/webview/results/main.ts",
        "results.parse.worker": "src/webview/results/parse.worker.ts",
    },
    notebook: { notebook: "src/webview/notebook/main.ts" },
};

/** @param {(keyof typeof PAGES)[]} [pages] */
export async function buildWebview(pages = ["results"]) {
    const entries = Object.assign({}, ...pages.map((p) => PAGES[p]));
    removeOldChunks(root, pages);
    await Promise.all(
        webviewBuilds(entries).map((options) => esbuild.build({ ...options, absWorkingDir: root })),
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    const pages = process.argv.slice(2);
    await buildWebview(pages.length > 0 ? pages : undefined);
}
