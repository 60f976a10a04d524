// Sign Out offers to delete what the workspace keeps from the host signed out of: its query
// history and the results stored for a window reload; another host's stay.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { startSandbox, type Sandbox } from "../sandbox";
import { signedIn } from "./fixture";
import { activateExtension, waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";
import { signInToSandbox } from "./signIn";

const P = "posthog-workbench";

describe("sign out and what the workspace kept from the host", function () {
    let api: ExtensionApi;
    let mine: Sandbox;
    let other: Sandbox;

    /** The host each stored result's meta file names, one per stored result. */
    async function storedHosts(): Promise<string[]> {
        const storage = api.ctx.extension.storageUri ?? api.ctx.extension.globalStorageUri;
        const dir = vscode.Uri.joinPath(storage, "results");
        const entries = await vscode.workspace.fs.readDirectory(dir).then(undefined, () => []);
        const hosts: string[] = [];
        for (const [name] of entries.filter(([n]) => n.endsWith(".meta.json"))) {
            const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(dir, name));
            hosts.push(
                String((JSON.parse(new TextDecoder().decode(bytes)) as { host?: string }).host),
            );
        }
        return hosts;
    }

    const runsOn = (sandbox: Sandbox) =>
        api.ctx.history.entries().filter((entry) => entry.host === sandbox.url);

    /** Signs in to `sandbox` and runs a query there, its result shown in the real panel. */
    async function signInAndRun(sandbox: Sandbox): Promise<void> {
        await signInToSandbox(api, sandbox);
        await waitFor(`signed in to ${sandbox.url}`, () => {
            const state = api.ctx.auth.session.state;
            return state.signedIn && state.host === sandbox.url;
        });
        api.ctx.ui = new ScriptedUi();
        const stored = (await storedHosts()).filter((h) => h === sandbox.url).length;
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: "SELECT 1 AS one",
        });
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand(`${P}.runQuery`);
        await waitFor(
            "the result stored for a reload",
            async () => (await storedHosts()).filter((h) => h === sandbox.url).length > stored,
        );
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    }

    before(async () => {
        api = await activateExtension();
        // Results go to the real panel, which stores them (a suite before may have left a recorder).
        api.ctx.results = api.ctx.panels;
        mine = await startSandbox();
        other = await startSandbox();
    });

    after(async () => {
        for (const sandbox of [mine, other]) {
            await api.ctx.auth.keys.delete(sandbox.url);
            await sandbox.close();
        }
        await signedIn();
    });

    it("deletes this host's history and stored results when the user chooses, and only its", async () => {
        await signInAndRun(other);
        await signInAndRun(mine);
        assert.equal(runsOn(mine).length, 1);
        assert.ok(runsOn(other).length > 0);
        const ui = new ScriptedUi().press("Delete History and Results");
        api.ctx.ui = ui;
        await vscode.commands.executeCommand(`${P}.signOut`);
        assert.equal(ui.pendingPresses, 0, "the offer was made");
        assert.deepEqual(
            ui.messages.map((m) => m.text),
            [
                `Signed out of ${mine.url}; its key was removed from this machine. This workspace still keeps query history and stored results from ${mine.url} (history entries: 1, stored results: 1). Delete them too?`,
                `Deleted the query history and stored results from ${mine.url} (history entries: 1, stored results: 1).`,
            ],
        );
        assert.equal(await api.ctx.auth.keys.get(mine.url), undefined);
        assert.deepEqual(runsOn(mine), []);
        const hosts = await storedHosts();
        assert.ok(!hosts.includes(mine.url), "this host's stored results are gone");
        assert.ok(runsOn(other).length > 0, "another host's history stays");
        assert.ok(hosts.includes(other.url), "another host's stored results stay");
    });

    it("keeps them when the user chooses so", async () => {
        await signInAndRun(mine);
        const ui = new ScriptedUi().press("Keep Them");
        api.ctx.ui = ui;
        await vscode.commands.executeCommand(`${P}.signOut`);
        assert.equal(ui.pendingPresses, 0, "the offer was made");
        assert.equal(ui.messages.length, 1);
        assert.equal(await api.ctx.auth.keys.get(mine.url), undefined);
        assert.equal(runsOn(mine).length, 1);
        assert.ok((await storedHosts()).includes(mine.url));
    });
});
