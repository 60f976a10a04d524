// Where the VS Code test harness lives (.vscode-test/harness, git-ignored) and how to install it
// when it is missing: shared by `npm test` (test/runAll.mjs) and `npm run demo` (scripts/demo.mjs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
export const harnessDir = path.join(root, ".vscode-test", "harness");

/**
 * The editors setup.sh installs: `current` (code-server 4.139, run by Node 24) for every test run,
 * `min` (code-server 4.106, VS Code 1.106, the oldest `engines.vscode` allows; Node 22) on request.
 */
const editors = {
    current: { node: "node24", codeServer: "cs", setupArgs: [] },
    min: { node: "node22", codeServer: "cs-min", setupArgs: ["--min-vscode"] },
};

/** The Node binary and code-server entry point of one editor, as test/harness/run-tests.mjs reads them. */
export function editorEnv(which = "current") {
    const editor = editors[which];
    const codeServer = path.join(harnessDir, editor.codeServer, "node_modules", "code-server");
    return {
        HARNESS_DIR: harnessDir,
        NODE24: path.join(harnessDir, editor.node, "bin", "node"),
        CODE_SERVER: path.join(codeServer, "out", "node", "entry.js"),
    };
}

/** The VS Code version inside that editor's code-server (its lib/vscode/package.json). */
export function vscodeVersion(which = "current") {
    const codeServer = path.dirname(path.dirname(path.dirname(editorEnv(which).CODE_SERVER)));
    const file = path.join(codeServer, "lib", "vscode", "package.json");
    return JSON.parse(fs.readFileSync(file, "utf8")).version;
}

export function harnessReady(which = "current") {
    const env = editorEnv(which);
    return (
        fs.existsSync(env.NODE24) &&
        fs.existsSync(env.CODE_SERVER) &&
        fs.existsSync("/usr/bin/chromium")
    );
}

/**
 * Installs the harness when it is missing (test/harness/setup.sh, which clears the npm variables
 * this process inherited from `npm test` before its own nested installs). Returns true when ready.
 */
export function ensureHarness(which = "current") {
    if (harnessReady(which)) return true;
    console.log("Setting up the VS Code test harness (first run only, a few minutes)...");
    const result = spawnSync(
        "bash",
        [path.join(root, "test", "harness", "setup.sh"), ...editors[which].setupArgs],
        { cwd: root, stdio: "inherit", env: { ...process.env, HARNESS_DIR: harnessDir } },
    );
    return result.status === 0 && harnessReady(which);
}
