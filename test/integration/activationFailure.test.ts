// An activation that fails part-way, in the real editor: the extension's own activate() runs
// again with its real context, and the test-only seam (src/testHook.ts FAIL_STEP_ENV, read only in
// ExtensionMode.Test) makes the "HogQL language" step throw once it has registered its pieces.
// The commands and views steps ran before it. The failure must be reported by step name, what
// was registered so far must be gone (the commands show it: the context disposes every piece at
// once), the editor must keep working, and a clean activation must then succeed.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { FAIL_STEP_ENV, TEST_API } from "../../src/testHook";
import { activateExtension, contributes, EXTENSION_ID, waitFor } from "./helpers";

/** The extension's entry points, as VS Code loaded them (the same module: Node caches it). */
interface ExtensionMain {
    activate(context: vscode.ExtensionContext): void;
    deactivate(): void;
}

const FAILING_STEP = "HogQL language";

/** Our registered commands, without the `<view>.focus`-style ones VS Code adds for each view. */
async function ourCommands(): Promise<string[]> {
    const viewIds = Object.values(contributes().views)
        .flat()
        .map((v) => v.id);
    return (await vscode.commands.getCommands(true))
        .filter((id) => id.startsWith("posthog-workbench."))
        .filter((id) => !viewIds.some((view) => id.startsWith(`${view}.`)))
        .sort();
}

function logText(dir: string): string {
    const files = (d: string): string[] =>
        fs.existsSync(d)
            ? fs
                  .readdirSync(d, { withFileTypes: true })
                  .flatMap((e) =>
                      e.isDirectory() ? files(path.join(d, e.name)) : [path.join(d, e.name)],
                  )
            : [];
    return files(dir)
        .map((f) => fs.readFileSync(f, "utf8"))
        .join("\n");
}

const published = () => (globalThis as Record<symbol, unknown>)[TEST_API];

describe("activation that fails part-way (real editor)", function () {
    let main: ExtensionMain;
    let context: vscode.ExtensionContext;

    before(async () => {
        const api = await activateExtension();
        context = api.ctx.extension;
        const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
        const file = path.join(
            extension.extensionPath,
            (extension.packageJSON as { main: string }).main,
        );
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        main = require(file) as ExtensionMain;
    });

    after(async () => {
        delete process.env[FAIL_STEP_ENV];
        // Whatever happened above, leave an activated extension for the suites after this one.
        if (!published()) main.activate(context);
        await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    });

    it("reports the step, disposes what it registered, and the editor and a clean activation work", async () => {
        const contributed = contributes()
            .commands.map((c) => c.command)
            .sort();
        assert.deepEqual(await ourCommands(), contributed, "activated normally to begin with");
        const before = published();

        // Deactivating the loaded module removes what it published: it is VS Code's copy.
        main.deactivate();
        assert.equal(published(), undefined);
        assert.deepEqual(await ourCommands(), [], "deactivation unregistered every command");

        process.env[FAIL_STEP_ENV] = FAILING_STEP;
        try {
            assert.throws(
                () => main.activate(context),
                new RegExp(`${FAILING_STEP} failed on purpose`),
            );
        } finally {
            delete process.env[FAIL_STEP_ENV];
        }

        // Reported, naming the step (the log channel writes its file in the background).
        const logDir = context.logUri.fsPath;
        const reported = await waitFor(`"activation failed (${FAILING_STEP})" in ${logDir}`, () => {
            const text = logText(logDir);
            return text.includes(`activation failed (${FAILING_STEP})`) && text;
        });
        assert.match(reported, new RegExp(`${FAILING_STEP} failed on purpose`), "with the error");
        // The commands step ran before the failing one: its registrations are gone again.
        assert.deepEqual(await ourCommands(), [], "no command of the failed activation is left");
        assert.equal(published(), undefined, "a failed activation publishes nothing");

        // The editor keeps working: VS Code's own commands run.
        await vscode.commands.executeCommand("workbench.action.files.newUntitledFile");
        await waitFor(
            "an untitled editor from VS Code's own command",
            () => vscode.window.activeTextEditor?.document.isUntitled,
        );

        // A clean activation registers everything again: a command the failed activation had left
        // registered would make it throw ("command ... already exists").
        main.activate(context);
        assert.deepEqual(await ourCommands(), contributed);
        const api = await activateExtension();
        assert.notEqual(api, before, "a new context is published");

        // And the rebuilt extension's commands work: New HogQL Notebook opens one through the
        // notebook serializer the clean activation registered. (No sign-in here: the suites after
        // this one expect the signed-out start they would have had without it.)
        await vscode.commands.executeCommand("posthog-workbench.newNotebook");
        const notebook = await waitFor(
            "the new HogQL notebook",
            () => vscode.window.activeNotebookEditor?.notebook,
        );
        assert.equal(notebook.notebookType, "posthog-workbench.hogqlnb");
        assert.match(notebook.cellAt(1).document.getText(), /-- name: recent/);
        await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    });
});
