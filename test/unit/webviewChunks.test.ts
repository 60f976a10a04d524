// scripts/webviewBuildOptions.mjs removeOldChunks: building one page's bundles again (the webview
// tests and the bench build the notebook renderer alone) must leave the other pages' chunks, or
// those pages can no longer load them (the results page then stayed at "Running...").
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const script = path.resolve(__dirname, "../../../scripts/webviewBuildOptions.mjs");

/** Runs removeOldChunks over a dist/webview holding `files`; returns what is left. */
function removeOldChunks(files: string[], pages?: string[]): string[] {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "chunks-"));
    try {
        const dir = path.join(root, "dist", "webview");
        fs.mkdirSync(dir, { recursive: true });
        for (const f of files) fs.writeFileSync(path.join(dir, f), "");
        const call = `removeOldChunks(${JSON.stringify(root)}, ${JSON.stringify(pages)})`;
        execFileSync(process.execPath, [
            "--input-type=module",
            "-e",
            `import { removeOldChunks } from ${JSON.stringify(pathToFileURL(script).href)}; ${call};`,
        ]);
        return fs.readdirSync(dir).sort();
    } finally {
        fs.rmSync(root, { recursive: true, force: true });
    }
}

describe("removing old webview chunks", () => {
    const files = [
        "notebook.chunk.a-1.js",
        "notebook.js",
        "results.chunk.chartView-2.js",
        "results.chunk.chunk-3.js",
        "results.js",
    ];

    it("removes every page's chunks when every page is built", () => {
        assert.deepEqual(removeOldChunks(files), ["notebook.js", "results.js"]);
    });

    it("keeps the other pages' chunks when one page is built alone", () => {
        assert.deepEqual(removeOldChunks(files, ["notebook"]), [
            "notebook.js",
            "results.chunk.chartView-2.js",
            "results.chunk.chunk-3.js",
            "results.js",
        ]);
    });
});
