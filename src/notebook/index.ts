// HogQL notebooks (`*.hogqlnb`): the serializer and the controller (the commands are in
// ./commands.ts, loaded with the command table).
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

export function registerNotebooks(deps: NotebookDeps): void {
    deps.push(
        vscode.workspace.registerNotebookSerializer(
            NOTEBOOK_TYPE,
            new HogqlNotebookSerializer(
                () => deps.config.notebookSaveOutputs,
                (dropped) => {
                    for (const line of droppedLogLines(dropped)) deps.log.warn(line);
                    const message = droppedOutputsMessage(dropped);
                    if (message) void deps.ui.warn(message);
                },
            ),
            // Nothing transient: outputs, execution summaries and metadata all go in the file
            // (unless the setting leaves outputs out, which the serializer does itself).
            {},
        ),
    );
    deps.push(new HogqlNotebookController(deps));
    setRendererMessages(deps.push(new RendererMessages(deps)));
}
