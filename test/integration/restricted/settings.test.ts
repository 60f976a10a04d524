// The privacy settings a repository's .vscode/settings.json sets are ignored in Restricted Mode:
// they are `restrictedConfigurations` in package.json, and VS Code then leaves the workspace's
// values out of getConfiguration and inspect. A setting that is not restricted, written in the
// same file, shows the file was read.
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../../src/extension";
import { activateExtension, waitFor } from "../helpers";

const P = "posthog-workbench";

/** What the repository sets: every privacy setting the other way from the user's choice. */
const WORKSPACE_SETTINGS = {
    [`${P}.ai.tools`]: true,
    [`${P}.ai.modelVendor`]: "workspace-vendor",
    [`${P}.ai.draftWith`]: "editorModel",
    [`${P}.notebook.saveOutputs`]: true,
    [`${P}.notebook.outputRows`]: 50_000,
    [`${P}.hogql.liveValidation`]: true,
    // Not restricted: the sign that VS Code has read the file.
    [`${P}.results.reusePanel`]: true,
};

describe("Restricted Mode: privacy settings from the workspace", function () {
    let api: ExtensionApi;
    const section = () => vscode.workspace.getConfiguration(P);
    const settingsFile = () =>
        vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, ".vscode", "settings.json");

    before(async () => {
        assert.equal(vscode.workspace.isTrusted, false, "this run's workspace is untrusted");
        api = await activateExtension();
        // The user turned the tools off; the repository turns them back on.
        await section().update("ai.tools", false, vscode.ConfigurationTarget.Global);
        await vscode.workspace.fs.writeFile(
            settingsFile(),
            new TextEncoder().encode(JSON.stringify(WORKSPACE_SETTINGS, null, 2)),
        );
        await waitFor(
            "VS Code to read the workspace's settings",
            () => section().inspect<boolean>("results.reusePanel")?.workspaceValue === true,
            30_000,
        );
    });

    after(async () => {
        await vscode.workspace.fs.delete(settingsFile());
        await section().update("ai.tools", undefined, vscode.ConfigurationTarget.Global);
    });

    it("reads none of them: the user's values and the defaults apply", () => {
        const config = api.ctx.config;
        assert.equal(config.reuseResultsPanel, true, "the unrestricted setting applies");
        assert.equal(config.aiTools, false, "ai.tools: the user's value");
        assert.equal(config.aiModelVendor, "", "ai.modelVendor: the default");
        assert.equal(config.draftWithEditorModel, false, "ai.draftWith: the default");
        assert.equal(config.notebookSaveOutputs, false, "notebook.saveOutputs: the default");
        assert.equal(config.notebookOutputRows, 500, "notebook.outputRows: the default");
        assert.equal(config.liveValidation, false, "hogql.liveValidation: the default");
    });

    it("VS Code hides the workspace's values from inspect too", () => {
        for (const key of Object.keys(WORKSPACE_SETTINGS)) {
            const name = key.slice(P.length + 1);
            const inspected = section().inspect(name);
            if (name === "results.reusePanel") assert.equal(inspected?.workspaceValue, true);
            else
                assert.deepEqual(
                    [name, inspected?.workspaceValue, inspected?.workspaceFolderValue],
                    [name, undefined, undefined],
                );
        }
    });

    it("the run tool refuses: the workspace could not turn the tools back on", async () => {
        await assert.rejects(
            async () =>
                await vscode.lm.invokeTool("posthog_run_query", {
                    input: { query: "SELECT 1" },
                    toolInvocationToken: undefined,
                }),
            /turned off/,
        );
    });
});
