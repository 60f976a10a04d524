// What notebooks need once one is opened or read, loaded then rather than at activation
// (src/notebook/index.ts registers the stubs that load it).
import * as vscode from "vscode";
import { HogqlNotebookController } from "./controller";
import type { NotebookDeps } from "./index";
import { RendererMessages, setRendererMessages } from "./rendererMessages";
import { droppedLogLines, droppedOutputsMessage, HogqlNotebookSerializer } from "./serializer";

/** The serializer of `.hogqlnb` files. */
export function notebookSerializer(deps: NotebookDeps): HogqlNotebookSerializer {
    return new HogqlNotebookSerializer(
        () => deps.config.notebookSaveOutputs,
        (dropped) => {
            for (const line of droppedLogLines(dropped)) deps.log.warn(line);
            const message = droppedOutputsMessage(dropped);
            if (message) void deps.ui.warn(message);
        },
    );
}

/** The controller that runs cells, and the channel to the output renderer. */
export function startNotebooks(deps: NotebookDeps): vscode.Disposable {
    const messages = new RendererMessages(deps);
    setRendererMessages(messages);
    return vscode.Disposable.from(new HogqlNotebookController(deps), messages);
}
