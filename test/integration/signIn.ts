import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import type { Sandbox } from "../sandbox";
import { ScriptedUi } from "./scriptedUi";

/** Sign In's second question, how: the answer that takes the personal API key path. */
export const KEY_PATH = "Use a personal API key";

/** Signs in to the sandbox through the Sign In command, answering its questions. */
export async function signInToSandbox(
    api: ExtensionApi,
    sandbox: Sandbox,
    options: { key?: string; project?: string } = {},
): Promise<ScriptedUi> {
    const ui = new ScriptedUi().answer(
        "Self-hosted...",
        sandbox.url,
        KEY_PATH,
        options.key ?? sandbox.keys.full,
        options.project ??
            ((choices) =>
                choices.find((c) => c.description?.startsWith(`id ${sandbox.projectId}`))?.value),
    );
    api.ctx.ui = ui;
    await vscode.commands.executeCommand("posthog-workbench.signIn");
    return ui;
}

/** Removes every workspace-level PostHog setting a test may have left behind. */
export async function clearWorkspaceSettings(): Promise<void> {
    const section = vscode.workspace.getConfiguration("posthog-workbench");
    await section.update("host", undefined, vscode.ConfigurationTarget.Workspace);
    await section.update("projectId", undefined, vscode.ConfigurationTarget.Workspace);
}
