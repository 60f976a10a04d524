import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import type { SessionState } from "../../src/auth/session";
import type { ExtensionApi } from "../../src/extension";
import { DRAFT_REFUSED } from "../../src/query/draftCommand";
import { startSandbox, type Sandbox } from "../sandbox";
import { activateExtension, waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";
import { KEY_PATH, clearWorkspaceSettings, signInToSandbox } from "./signIn";

/** Advice that only a different or broader key would follow. */
const KEY_ADVICE =
    /scope|full access|another key|a key (that|with)|create a (personal )?(api )?key/i;

describe("sign in", function () {
    let api: ExtensionApi;
    let sandbox: Sandbox;
    let elsewhere: Sandbox;

    before(async () => {
        api = await activateExtension();
        sandbox = await startSandbox();
        elsewhere = await startSandbox();
    });

    after(async () => {
        await clearWorkspaceSettings();
        await sandbox?.close();
        await elsewhere?.close();
    });

    it("refuses a bad key with a message and stores nothing", async () => {
        const ui = await signInToSandbox(api, sandbox, {
            key: sandbox.keys.invalid,
            project: undefined,
        });
        assert.match(
            ui.messages.find((m) => m.level === "error")?.text ?? "",
            /did not accept this key/,
        );
        assert.equal(await api.ctx.auth.keys.get(sandbox.url), undefined);
        assert.ok(!api.ctx.auth.keys.hosts().includes(sandbox.url));
        assert.equal(api.ctx.auth.session.state.signedIn, false);
    });

    it("explains a project token pasted by mistake and sends nothing", async () => {
        const before = sandbox.requests.length;
        const ui = new ScriptedUi().answer(
            "Self-hosted...",
            sandbox.url,
            KEY_PATH,
            sandbox.keys.projectToken,
        );
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.signIn");
        assert.match(ui.validationMessages.join("\n"), /project token \(phc_/);
        assert.equal(sandbox.requests.length, before);
        assert.equal(await api.ctx.auth.keys.get(sandbox.url), undefined);
    });

    it("refuses plain http to a non-loopback host", async () => {
        const ui = new ScriptedUi().answer("Self-hosted...", "http://posthog.example.com");
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.signIn");
        assert.match(ui.validationMessages.join("\n"), /https/);
    });

    it("says when the host cannot be reached, and stores nothing", async () => {
        const unreachable = "http://127.0.0.1:9";
        const ui = new ScriptedUi().answer(
            "Self-hosted...",
            unreachable,
            KEY_PATH,
            sandbox.keys.full,
        );
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.signIn");
        assert.match(
            ui.messages.find((m) => m.level === "error")?.text ?? "",
            /Could not reach http:\/\/127\.0\.0\.1:9/,
        );
        assert.equal(await api.ctx.auth.keys.get(unreachable), undefined);
    });

    it("accepts a key without user:read through the project list", async () => {
        const ui = await signInToSandbox(api, sandbox, { key: sandbox.keys.noUserRead });
        assert.deepEqual(
            ui.messages.filter((m) => m.level === "error"),
            [],
        );
        await waitFor("signed in", () => api.ctx.auth.session.state.signedIn);
        assert.ok(
            sandbox.requests.some(
                (r) =>
                    r.path === "/api/projects/" &&
                    r.headers.authorization === `Bearer ${sandbox.keys.noUserRead}`,
            ),
        );
    });

    it("names an organisation that forbids personal API keys at sign-in, and stores nothing", async () => {
        sandbox.state.organization.members_can_use_personal_api_keys = false;
        sandbox.state.organization.membership_level = 1;
        try {
            await api.ctx.auth.keys.delete(sandbox.url);
            const ui = await signInToSandbox(api, sandbox, { project: undefined });
            const errors = ui.messages.filter((m) => m.level === "error").map((m) => m.text);
            assert.deepEqual(errors, [
                `${sandbox.url} refused the key: The organization 'Hogflix' does not allow personal API keys; an organization admin can enable them in the organization's settings.`,
            ]);
            assert.doesNotMatch(errors[0], KEY_ADVICE);
            assert.equal(await api.ctx.auth.keys.get(sandbox.url), undefined);
        } finally {
            sandbox.state.organization.members_can_use_personal_api_keys = true;
            sandbox.state.organization.membership_level = 15;
        }
    });

    it("says an action is closed to every personal API key (scoped *), without advising another key", async () => {
        await signInToSandbox(api, sandbox, { key: sandbox.keys.full });
        await waitFor("signed in", () => api.ctx.auth.session.state.signedIn);
        const document = await vscode.workspace.openTextDocument({
            language: "hogql",
            content: "",
        });
        await vscode.window.showTextDocument(document);
        const ui = new ScriptedUi().answer("weekly active users");
        api.ctx.ui = ui;
        try {
            await vscode.commands.executeCommand("posthog-workbench.draftSql");
            // Draft explains its own refusal (src/query/draftCommand.ts): the only key that helps
            // is a legacy one without scopes, so no broader or new key is suggested.
            assert.deepEqual(ui.messages, [{ level: "info", text: DRAFT_REFUSED }]);
            assert.doesNotMatch(
                DRAFT_REFUSED,
                /full access|another key|a key (that|with)|create a (personal )?(api )?key/i,
            );
            assert.equal(document.getText(), "", "nothing was inserted");
        } finally {
            await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
        }
    });

    it("names the missing scope when a read-only key tries to write", async () => {
        await signInToSandbox(api, sandbox, { key: sandbox.keys.readOnly });
        await waitFor("signed in", () => api.ctx.auth.session.state.signedIn);
        // An ended experiment: PostHog archives only those, so the write reaches the scope check.
        const ended = (choices: { value: unknown }[]) =>
            choices.find((c) => {
                const e = c.value as { end_date?: string | null; archived?: boolean };
                return Boolean(e.end_date) && !e.archived;
            });
        const ui = new ScriptedUi().answer((choices) => {
            const choice = ended(choices);
            assert.ok(choice, "the seed holds an ended, unarchived experiment");
            return choice.value;
        });
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.archiveExperiment");
        assert.match(ui.messages.find((m) => m.level === "error")?.text ?? "", /experiment:write/);
    });

    it("takes the signed-in key out of a reported error, even a key without the phx_ prefix", async () => {
        // Legacy keys may lack the prefix the redaction's patterns look for.
        const key = sandbox.keys.unprefixed;
        await signInToSandbox(api, sandbox, { key });
        await waitFor("signed in", () => api.ctx.auth.session.state.signedIn);
        await api.ctx.auth.session.client();
        const ui = new ScriptedUi();
        api.ctx.ui = ui;
        const marker = `key check ${Date.now()}`;
        await api.ctx.reportError(marker, new Error(`the proxy refused the key ${key}`));
        assert.deepEqual(
            ui.messages.map((m) => m.text),
            [`${marker} failed: the proxy refused the key [REDACTED]`],
        );
        // The channel writes its file in the background: wait for the report's line.
        const logDir = api.ctx.extension.logUri.fsPath;
        const line = await waitFor(
            `the report's line in ${logDir}`,
            () =>
                fs
                    .readdirSync(logDir, { recursive: true, encoding: "utf8" })
                    .map((file) => path.join(logDir, file))
                    .filter((file) => fs.statSync(file).isFile())
                    .flatMap((file) => fs.readFileSync(file, "utf8").split("\n"))
                    .find((l) => l.includes(`${marker} failed`)),
            20_000,
        );
        assert.match(line, /the proxy refused the key \[REDACTED\]/);
        assert.ok(!line.includes(key), line);
    });

    it("signs in with a valid key, stores it for its host only, and picks the project", async () => {
        const ui = await signInToSandbox(api, sandbox);
        assert.equal(ui.pending, 0, "every scripted answer was used");
        assert.deepEqual(
            ui.messages.filter((m) => m.level === "error"),
            [],
        );
        const state = await waitFor(
            "signed in",
            () => api.ctx.auth.session.state.signedIn && api.ctx.auth.session.state,
        );
        assert.equal(state.host, sandbox.url);
        assert.equal(state.signedIn && state.projectId, String(sandbox.projectId));
        assert.equal(await api.ctx.auth.keys.get(sandbox.url), sandbox.keys.full);
        const config = vscode.workspace.getConfiguration("posthog-workbench");
        assert.equal(config.get("host"), sandbox.url);
        assert.equal(
            JSON.stringify(config).includes(sandbox.keys.full),
            false,
            "the key is not in settings",
        );
        const authorized = sandbox.requests.filter(
            (r) => r.headers.authorization === `Bearer ${sandbox.keys.full}`,
        );
        assert.ok(authorized.some((r) => r.path.startsWith("/api/users/@me")));
    });

    it("switching project refreshes the views", async () => {
        let refreshed = 0;
        const listener = api.ctx.auth.session.onDidChange(() => refreshed++);
        const treeListener = api.ctx.views.experiments.onDidChangeTreeData(() => refreshed++);
        try {
            const ui = new ScriptedUi().answer(
                (choices) => choices.find((c) => c.description?.startsWith("id 2"))?.value,
            );
            api.ctx.ui = ui;
            await vscode.commands.executeCommand("posthog-workbench.switchProject");
            await waitFor("project 2", () => {
                const state = api.ctx.auth.session.state;
                return state.signedIn && state.projectId === "2";
            });
            assert.ok(refreshed >= 2, "session and tree both announced the change");
        } finally {
            listener.dispose();
            treeListener.dispose();
        }
        api.ctx.ui = new ScriptedUi().answer(
            (choices) =>
                choices.find((c) => c.description?.startsWith(`id ${sandbox.projectId}`))?.value,
        );
        await vscode.commands.executeCommand("posthog-workbench.switchProject");
        await waitFor("back on project 1", () => {
            const state = api.ctx.auth.session.state;
            return state.signedIn && state.projectId === String(sandbox.projectId);
        });
    });

    it("does not give the key to a host set by workspace settings", async () => {
        assert.ok(api.ctx.auth.session.state.signedIn);
        await vscode.workspace
            .getConfiguration("posthog-workbench")
            .update("host", elsewhere.url, vscode.ConfigurationTarget.Workspace);
        await waitFor(
            "signed out for the workspace host",
            () => !api.ctx.auth.session.state.signedIn,
        );
        // Widen again: the assertion above narrowed this property path to "signed in".
        const state: SessionState = api.ctx.auth.session.state as SessionState;
        if (state.signedIn) assert.fail("signed out for the workspace host");
        assert.match(state.reason, /no key of its own/);
        // Everything that would talk to PostHog now, with the workspace host in force:
        await vscode.commands.executeCommand("posthog-workbench.refreshExperiments");
        await vscode.commands.executeCommand("posthog-workbench.refreshEventDefinitions");
        await assert.rejects(api.ctx.auth.session.client(), /Sign In/);
        // The refreshes only mark the views stale; what VS Code then asks of them is below, and
        // each answer resolves only after any request it would make has finished.
        const experiments = api.ctx.views.experiments;
        for (const group of await experiments.getChildren())
            assert.deepEqual(await experiments.getChildren(group), [], "no rows without a key");
        assert.deepEqual(await api.ctx.views.eventDefinitions.getChildren(), []);
        assert.deepEqual(await api.ctx.views.eventDefinitions.definitions(), []);
        assert.deepEqual(
            elsewhere.requests.filter((r) => r.headers.authorization !== undefined),
            [],
            "the other host saw no Authorization header",
        );
        await clearWorkspaceSettings();
        await waitFor("signed in again", () => api.ctx.auth.session.state.signedIn);
    });

    it("switches between hosts that each have their own key", async () => {
        await signInToSandbox(api, elsewhere);
        await waitFor("on the other host", () => api.ctx.auth.session.state.host === elsewhere.url);
        const ui = new ScriptedUi().answer(sandbox.url);
        api.ctx.ui = ui;
        await vscode.commands.executeCommand("posthog-workbench.switchHost");
        await waitFor("back on the first host", () => {
            const state = api.ctx.auth.session.state;
            return state.signedIn && state.host === sandbox.url;
        });
        assert.equal(await api.ctx.auth.keys.get(elsewhere.url), elsewhere.keys.full);
        assert.equal(await api.ctx.auth.keys.get(sandbox.url), sandbox.keys.full);
    });

    it("signs out and removes the key", async () => {
        api.ctx.ui = new ScriptedUi();
        await vscode.commands.executeCommand("posthog-workbench.signOut");
        assert.equal(await api.ctx.auth.keys.get(sandbox.url), undefined);
        assert.equal(api.ctx.auth.session.state.signedIn, false);
        // Leave the session signed in for the suites that follow.
        await signInToSandbox(api, sandbox);
        await waitFor("signed in", () => api.ctx.auth.session.state.signedIn);
    });
});
