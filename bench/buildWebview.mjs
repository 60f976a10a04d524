// Builds only the results webview bundles (the same options as esbuild.mjs's webview part), so the
// webview tests and the bench work while the extension bundle is mid-edit elsewhere.
import * as esbuild from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function buildWebview() {
    await esbuild.build({
        absWorkingDir: root,
        entryPoints: {
            results: "src/webview/results/main.ts",
            "results.parse.worker": "src/webview/results/parse.worker.ts",
        },
        bundle: true,
        outdir: "dist/webview",
        platform: "browser",
        format: "esm",
        target: "chrome120",
        loader: { ".css": "text", ".ttf": "file" },
        sourcemap: "linked",
        legalComments: "none",
        logLevel: "warning",
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    await buildWebview();
}
