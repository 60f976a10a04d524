// Runs the integration tests inside a real VS Code. `@vscode/test-electron` would download desktop
// VS Code; here `vscodeExecutablePath` points at a shim that runs the same tests in code-server's
// extension host driven by headless Chromium (see test/harness/). On a machine that can download
// VS Code, dropping that option runs them in Electron unchanged.
// With `--restricted` it runs the Restricted Mode tests (test/integration/restricted/) instead, in
// a workbench with workspace trust on and the folder untrusted. Electron would not do that:
// @vscode/test-electron always passes --disable-workspace-trust, and those tests fail at once
// when the workspace is trusted.
import * as fs from "node:fs";
import * as path from "node:path";
import { runTests } from "@vscode/test-electron";

async function main(): Promise<void> {
    const root = path.resolve(__dirname, "../../..");
    const restricted = process.argv.includes("--restricted");
    const harness = path.join(root, ".vscode-test", "harness");
    // Tests write settings into the workspace: give each run a fresh copy of the fixture.
    const workspace = fs.mkdtempSync(path.join(root, ".vscode-test", "ws-"));
    fs.cpSync(path.join(root, "test", "fixtures", "workspace"), workspace, { recursive: true });
    process.env.HARNESS_DIR = harness;
    const tests = path.join(root, "out", "test", "integration");
    try {
        await runTests({
            vscodeExecutablePath: path.join(root, "test", "harness", "code-shim.sh"),
            // Beside ours, a fixture extension that provides a scripted language model: VS Code
            // accepts a model provider only from an extension that declares its vendor.
            extensionDevelopmentPath: [root, path.join(root, "test", "fixtures", "lm-test-model")],
            extensionTestsPath: path.join(tests, ...(restricted ? ["restricted"] : []), "index.js"),
            // The harness (test/harness/run-tests.mjs) leaves the folder untrusted.
            extensionTestsEnv: restricted ? { HARNESS_UNTRUSTED: "1" } : undefined,
            launchArgs: [workspace],
        });
    } finally {
        fs.rmSync(workspace, { recursive: true, force: true });
    }
}

main().catch((error: unknown) => {
    process.stderr.write(
        `integration tests failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
});
