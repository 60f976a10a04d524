// Runs the integration tests inside a real VS Code. `@vscode/test-electron` would download desktop
// VS Code; here `vscodeExecutablePath` points at a shim that runs the same tests in code-server's
// extension host driven by headless Chromium (see test/harness/). On a machine that can download
// VS Code, dropping that option runs them in Electron unchanged.
import * as fs from "node:fs";
import * as path from "node:path";
import { runTests } from "@vscode/test-electron";

async function main(): Promise<void> {
    const root = path.resolve(__dirname, "../../..");
    const harness = path.join(root, ".vscode-test", "harness");
    // Tests write settings into the workspace: give each run a fresh copy of the fixture.
    const workspace = fs.mkdtempSync(path.join(root, ".vscode-test", "ws-"));
    fs.cpSync(path.join(root, "test", "fixtures", "workspace"), workspace, { recursive: true });
    process.env.HARNESS_DIR = harness;
    try {
        await runTests({
            vscodeExecutablePath: path.join(root, "test", "harness", "code-shim.sh"),
            // Beside ours, a fixture extension that provides a scripted language model: VS Code
            // accepts a model provider only from an extension that declares its vendor.
            extensionDevelopmentPath: [root, path.join(root, "test", "fixtures", "lm-test-model")],
            extensionTestsPath: path.join(root, "out", "test", "integration", "index.js"),
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
