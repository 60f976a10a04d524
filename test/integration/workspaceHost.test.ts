// A host chosen by the workspace's settings rather than the user's: the user is asked once before
// a key is typed for it, and a hostile one never becomes a cURL command or a link.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import type { Choice } from "../../src/userPrompts";
import { startSandbox, type Sandbox } from "../sandbox";
import { signedIn } from "./fixture";
import { waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";
import { KEY_PATH, clearWorkspaceSettings } from "./signIn";

const P = "posthog-workbench";

describe("hosts set by the workspace", function () {
    let api: ExtensionApi;
    let chosen: Sandbox;
    let own: Sandbox;
    const section = () => vscode.workspace.getConfiguration(P);
    const question = (host: string) => `confirm: This workspace chose the PostHog host ${host}.`;
    const projectOf = (sandbox: Sandbox) => (choices: Choice<unknown>[]) =>
        choices.find((c) => c.description?.startsWith(`id ${sandbox.projectId}`))?.value;

    async function setHost(host: string, target: vscode.ConfigurationTarget): Promise<void> {
        await section().update("host", host, target);
        await waitFor("the host in force", () => api.ctx.auth.session.state.host === host);
    }

    before(async () => {
        ({ api } = await signedIn());
        chosen = await startSandbox();
        own = await startSandbox();
    });

    after(async () => {
        await clearWorkspaceSettings();
        for (const sandbox of [chosen, own]) {
            await api.ctx.auth.keys.delete(sandbox.url);
            await sandbox.close();
        }
        // Leave the shared sandbox signed in (in user settings) for the suites that follow.
        await signedIn();
    });

    it("asks before the first sign-in, naming the host; declined, no key is asked for, kept or sent", async () => {
        await setHost(chosen.url, vscode.ConfigurationTarget.Workspace);
        let offered: Choice<unknown>[] = [];
        const ui = new ScriptedUi().answer((choices) => {
            offered = choices;
            return choices.find((c) => c.description === chosen.url)?.value;
        }, false);
        api.ctx.ui = ui;
        const before = chosen.requests.length;
        await vscode.commands.executeCommand(`${P}.signIn`);
        assert.equal(
            offered.find((c) => c.description === chosen.url)?.label,
            "Host set by this workspace",
        );
        assert.deepEqual(ui.asked, ["pick: Sign in to PostHog (1/3): host", question(chosen.url)]);
        assert.equal(chosen.requests.length, before, "nothing went to the workspace's host");
        assert.equal(await api.ctx.auth.keys.get(chosen.url), undefined);
        assert.ok(!api.ctx.auth.keys.hosts().includes(chosen.url));
        assert.equal(api.ctx.auth.session.state.signedIn, false);
    });

    it("signs in once the user agrees, and asks only once for that host", async () => {
        const ui = new ScriptedUi().answer(
            chosen.url,
            true,
            KEY_PATH,
            chosen.keys.full,
            projectOf(chosen),
        );
        api.ctx.ui = ui;
        await vscode.commands.executeCommand(`${P}.signIn`);
        assert.equal(ui.pending, 0, "every scripted answer was used");
        assert.deepEqual(ui.asked.slice(0, 4), [
            "pick: Sign in to PostHog (1/3): host",
            question(chosen.url),
            "pick: Sign in to PostHog: how",
            "input: Sign in to PostHog (2/3): personal API key",
        ]);
        await waitFor("signed in to the workspace's host", () => {
            const state = api.ctx.auth.session.state;
            return state.signedIn && state.host === chosen.url;
        });
        assert.equal(await api.ctx.auth.keys.get(chosen.url), chosen.keys.full);
        assert.ok(
            chosen.requests.some((r) => r.headers.authorization === `Bearer ${chosen.keys.full}`),
        );
        // Without its key again (as after Sign Out), a new sign-in does not ask a second time.
        await api.ctx.auth.keys.delete(chosen.url);
        await waitFor("signed out", () => !api.ctx.auth.session.state.signedIn);
        const again = new ScriptedUi().answer(
            chosen.url,
            KEY_PATH,
            chosen.keys.full,
            projectOf(chosen),
        );
        api.ctx.ui = again;
        await vscode.commands.executeCommand(`${P}.signIn`);
        assert.equal(again.pending, 0);
        assert.ok(!again.asked.some((q) => q.startsWith("confirm:")), again.asked.join("\n"));
        await waitFor("signed in again", () => api.ctx.auth.session.state.signedIn);
    });

    it("does not ask when the host comes from the user's own settings", async () => {
        await clearWorkspaceSettings();
        await setHost(own.url, vscode.ConfigurationTarget.Global);
        const ui = new ScriptedUi().answer(
            "Configured host",
            KEY_PATH,
            own.keys.full,
            projectOf(own),
        );
        api.ctx.ui = ui;
        await vscode.commands.executeCommand(`${P}.signIn`);
        assert.equal(ui.pending, 0);
        assert.ok(!ui.asked.some((q) => q.startsWith("confirm:")), ui.asked.join("\n"));
        await waitFor("signed in to the user's host", () => {
            const state = api.ctx.auth.session.state;
            return state.signedIn && state.host === own.url;
        });
    });

    it("builds no cURL command or link from a hostile workspace host, and repeats none of it", async () => {
        const hostile = "https://a$(pwned)`pwned`.example.com";
        await setHost(hostile, vscode.ConfigurationTarget.Workspace);
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: "SELECT 1",
        });
        await vscode.window.showTextDocument(document);
        try {
            const ui = new ScriptedUi();
            api.ctx.ui = ui;
            const curl = await vscode.commands.executeCommand(`${P}.copyQueryAsCurl`);
            const link = await vscode.commands.executeCommand(`${P}.openQueryInPostHog`);
            await vscode.commands.executeCommand(`${P}.openApiKeySettings`);
            assert.equal(curl, undefined, "no cURL command");
            assert.equal(link, undefined, "no link");
            const warnings = ui.messages.filter((m) => m.level === "warn").map((m) => m.text);
            assert.equal(warnings.length, 3, JSON.stringify(ui.messages));
            for (const text of warnings) {
                assert.match(text, /posthog-workbench\.host\) is not usable: .*"\$" \(U\+0024\)/);
                assert.ok(!text.includes("pwned"), text);
            }
        } finally {
            await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
            await clearWorkspaceSettings();
        }
    });
});
