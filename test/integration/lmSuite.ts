// What the suites that talk to the editor's language model start from: the extension signed in
// to the shared sandbox, a direct client of the sandbox to compute the expected answers, the
// fixture extension's scripted model offered to VS Code (test/fixtures/lm-test-model), and VS
// Code's AI features on (the harness turns them off: no chat view, and Draft sends nothing to a
// model).
import * as vscode from "vscode";
import type { PostHogClient } from "../../src/api";
import type { ExtensionApi } from "../../src/extension";
import type { Sandbox } from "../sandbox";
import { directClient, signedIn } from "./fixture";
import { testModel, type TestModel } from "./testModel";

export interface EditorModelSuite {
    api: ExtensionApi;
    sandbox: Sandbox;
    /** The scripted model, registered. */
    model: TestModel;
    /** The sandbox without the extension in between (full key). */
    direct: PostHogClient;
    /** Undoes the start (call it in `after`): the model goes, the AI setting is put back. */
    end(): Promise<void>;
}

const chat = () => vscode.workspace.getConfiguration("chat");

/** Call in `before`: signs in and offers the test model to VS Code. */
export async function startEditorModelSuite(): Promise<EditorModelSuite> {
    const { api, sandbox } = await signedIn();
    const direct = directClient(sandbox);
    const model = await testModel();
    model.register();
    const aiFeaturesOff = chat().inspect<boolean>("disableAIFeatures")?.globalValue;
    await chat().update("disableAIFeatures", false, vscode.ConfigurationTarget.Global);
    return {
        api,
        sandbox,
        model,
        direct,
        async end() {
            model.unregister();
            await chat().update(
                "disableAIFeatures",
                aiFeaturesOff,
                vscode.ConfigurationTarget.Global,
            );
            await direct.close();
        },
    };
}
