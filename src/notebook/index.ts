// HogQL notebooks (`*.hogqlnb`): the serializer, the controller and the commands' table.
import * as vscode from "vscode";
import type { ConfigDep, DisposablesDep } from "../deps";
import { HogqlNotebookController, type NotebookControllerDeps } from "./controller";
import {
    RendererMessages,
    setRendererMessages,
    type RendererMessagesDeps,
} from "./rendererMessages";
import {
    droppedLogLines,
    droppedOutputsMessage,
    HogqlNotebookSerializer,
    NOTEBOOK_TYPE,
} from "./serializer";

/** What the notebooks use. */
export type NotebookDeps = DisposablesDep &
    ConfigDep<"notebookSaveOutputs"> &
    NotebookControllerDeps &
    RendererMessagesDeps;

export { notebookCommands } from "./commands";

export function registerNotebooks(ctx: NotebookDeps): void {
    ctx.push(
        vscode.workspace.registerNotebookSerializer(
            NOTEBOOK_TYPE,
            new HogqlNotebookSerializer(
                () => ctx.config.notebookSaveOutputs,
                (dropped) => {
                    for (const line of droppedLogLines(dropped)) ctx.log.warn(line);
                    const message = droppedOutputsMessage(dropped);
                    if (message) void ctx.ui.warn(message);
                },
            ),
            // Nothing transient: outputs, execution summaries and metadata all go in the file
            // (unless the setting leaves outputs out, which the serializer does itself).
            {},
        ),
    );
    ctx.push(new HogqlNotebookController(ctx));
    setRendererMessages(ctx.push(new RendererMessages(ctx)));
}
