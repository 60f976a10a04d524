// The finder off the extension host's thread: dist/codeCalls.js as a worker, started on the
// first request, restarted when it does not answer in time; and activation's bundle leaves it out.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { CodeCallsClient } from "../../src/codeCalls";
import { SharedFinder } from "../../src/codeInsight/sharedFinder";

const root = path.resolve(__dirname, "../../..");
const workerPath = path.join(root, "dist", "codeCalls.js");

describe("codeCalls: the worker", function () {
    this.timeout(60_000);

    it("is not started until asked, then finds calls with the bundle's grammars", async () => {
        const client = new CodeCallsClient(workerPath);
        try {
            assert.equal(client.started, false);
            const result = await client.find(
                'import posthog\nposthog.capture("signed_up")\n',
                "python",
            );
            assert.equal(client.started, true);
            assert.deepEqual(
                result.calls.map((c) => [
                    c.kind,
                    c.key,
                    c.range.start.line,
                    c.range.start.character,
                ]),
                [["capture", "signed_up", 1, 17]],
            );
            const swift = await client.find(
                'PostHogSDK.shared.isFeatureEnabled("beta")\n',
                "swift",
            );
            assert.deepEqual(
                swift.calls.map((c) => [c.kind, c.key]),
                [["flag", "beta"]],
            );
        } finally {
            client.dispose();
        }
    });

    it("ends a worker that does not answer in time and starts a new one for the next file", async () => {
        // A budget so far below zero that the watchdog fires before the worker has even started.
        const client = new CodeCallsClient(workerPath, { parseBudgetMs: -10_000 });
        try {
            await assert.rejects(
                client.find("posthog.capture('a')", "javascript"),
                /took too long/,
            );
            assert.equal(client.started, false);
        } finally {
            client.dispose();
        }
        const fresh = new CodeCallsClient(workerPath);
        try {
            const result = await fresh.find(
                'import posthog from "posthog-js"; posthog.capture("a")',
                "javascript",
            );
            assert.equal(result.calls.length, 1);
        } finally {
            fresh.dispose();
        }
    });

    it("is shared: the editor and the workspace index get one client and one worker thread", async () => {
        const shared = new SharedFinder();
        try {
            const editor = shared.client(() => new CodeCallsClient(workerPath));
            const index = shared.client(() => new CodeCallsClient(workerPath));
            assert.equal(index, editor);
            await Promise.all([
                editor.find('posthog.capture("a")', "javascript"),
                index.find('posthog.capture("b")', "typescript"),
            ]);
            assert.deepEqual(shared.counts, { clients: 1, workers: 1 });
        } finally {
            shared.dispose();
        }
        assert.equal(shared.started, false, "disposing the holder stops the worker");
    });

    it("is not in the bundle activation loads", () => {
        const extension = fs.readFileSync(path.join(root, "dist", "extension.js"), "utf8");
        assert.ok(!extension.includes("tree-sitter"), "dist/extension.js holds tree-sitter");
        assert.ok(!extension.includes("codeCalls"), "dist/extension.js names codeCalls");
    });
});
