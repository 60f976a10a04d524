// `npm run sandbox` (test/sandbox/main.ts) prints only keys PostHog would honour today, and the
// operations it refuses to every personal API key, from the contract's table.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { OPERATION_SCOPES, type OperationScope } from "../../src/api/operationScopes";
import { KEYS } from "../sandbox/auth";

const main = path.join(__dirname, "..", "sandbox", "main.js");

/** Everything the sandbox prints up to its last line of instructions. */
function startupText(child: ChildProcess): Promise<string> {
    return new Promise((resolve, reject) => {
        let out = "";
        child.stdout?.on("data", (chunk: Buffer) => {
            out += chunk.toString("utf8");
            if (out.includes("Press Ctrl+C to stop.")) resolve(out);
        });
        child.on("error", reject);
        child.on("exit", (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
}

describe("npm run sandbox", function () {
    this.timeout(60_000);
    let child: ChildProcess | undefined;
    afterEach(() => {
        if (child?.exitCode === null) child.kill("SIGTERM");
    });

    it("prints no key without scopes, and the operations refused to every key", async () => {
        child = spawn(process.execPath, [main, "--port", "0"], {
            stdio: ["ignore", "pipe", "pipe"],
        });
        const text = await startupText(child);
        const printed = new Set(text.match(/\bphx_\w+/g));
        assert.deepEqual([...printed].sort(), [KEYS.full, KEYS.readOnly].sort());
        assert.doesNotMatch(text, /legacy|no scopes/i);
        const closed = Object.values(OPERATION_SCOPES as Record<string, OperationScope>)
            .filter((op) => op.scopes === null)
            .map((op) => `  ${op.method} ${op.path}`);
        assert.ok(closed.length > 0);
        for (const line of closed) assert.ok(text.split("\n").includes(line), line);
    });
});
