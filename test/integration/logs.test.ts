// After everything the suites did (signing in, running queries, hitting errors), the extension's
// log must hold no key and no Authorization value. The runner (index.ts) runs this file last so it
// reads what every other suite left; it also signs in and fails a query itself, so it means
// something when it runs alone.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { recordResults, restoreResults, signedIn } from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";

function filesUnder(dir: string): string[] {
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : [full];
    });
}

describe("logs", () => {
    it("never contain a key or an Authorization value", async () => {
        const { api } = await signedIn();
        api.ctx.ui = new ScriptedUi();
        recordResults(api);
        try {
            const document = await vscode.workspace.openTextDocument({
                language: "hogql",
                content: "SELECT no_such_column FROM events",
            });
            await vscode.window.showTextDocument(document);
            await vscode.commands.executeCommand("posthog-workbench.runQuery");
            const [last] = api.ctx.history.entries();
            assert.equal(last.text, "SELECT no_such_column FROM events");
            assert.equal(last.status, "error", "the query failed on the service");
        } finally {
            restoreResults(api);
        }
        // The channel writes its file in the background: wait until a line written last is there.
        const marker = `log check ${Date.now()}`;
        api.ctx.log.info(marker);
        const logDir = api.ctx.extension.logUri.fsPath;
        const read = () => filesUnder(logDir).map((file) => fs.readFileSync(file, "utf8"));
        const text = await waitFor(
            `the log line "${marker}" in ${logDir}`,
            () => {
                const all = read().join("\n");
                return all.includes(marker) && all;
            },
            20_000,
        );
        assert.match(text, /session:/, "the log saw the sign-in activity");
        assert.match(text, /HogQL error/, "the log saw the failed query");
        assert.doesNotMatch(text, /phx_[A-Za-z0-9]{6,}/, "no personal API key");
        assert.doesNotMatch(text, /phc_[A-Za-z0-9]{6,}/, "no project token");
        assert.doesNotMatch(text, /ph[ar]_[A-Za-z0-9]{6,}/, "no OAuth access or refresh token");
        assert.doesNotMatch(text, /Bearer\s+\S/i, "no Authorization value");
    });
});
