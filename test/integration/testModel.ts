// The scripted language model of test/fixtures/lm-test-model, an extension the integration run
// loads beside ours (test/integration/runTest.ts): VS Code takes a model provider only from an
// extension whose manifest declares its vendor.
import * as vscode from "vscode";

export const TEST_MODEL_EXTENSION = "posthog-workbench-tests.lm-test-model";

export interface TestModel {
    /** The vendor its model is offered under (`posthog-test`). */
    vendor: string;
    /** Offers the model to VS Code / takes it away (other suites expect no model at all). */
    register(): void;
    unregister(): void;
    /** The next requests get these answers, one each; forgets earlier requests. */
    script(...answers: string[]): void;
    /** Scripted answers not asked for yet. */
    readonly unused: number;
    /** Each request since the last script(): the text of its messages. */
    readonly requests: string[][];
}

export async function testModel(): Promise<TestModel> {
    const extension = vscode.extensions.getExtension<TestModel>(TEST_MODEL_EXTENSION);
    if (!extension)
        throw new Error(`${TEST_MODEL_EXTENSION} is not loaded: see test/integration/runTest.ts`);
    return extension.activate();
}
