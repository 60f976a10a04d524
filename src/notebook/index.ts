// HogQL notebooks (`*.hogqlnb`): the serializer and the controller (the commands are in
// ./commands.ts, loaded with the command table). Activation registers the serializer (VS Code
// needs it to open a .hogqlnb) as a stub that loads the file format when a notebook is first
// read or saved; the controller is created when a notebook of ours is first open.
import * as vscode from "vscode";
import type { ConfigDep, DisposablesDep } from "../deps";
import { lazily } from "../lazily";
import type { NotebookControllerDeps } from "./controller";
import { NOTEBOOK_TYPE } from "./notebookType";
import type { RendererMessagesDeps } from "./rendererMessages";

/** What the notebooks use. */
export type NotebookDeps = DisposablesDep &
    ConfigDep<"notebookSaveOutputs"> &
    NotebookControllerDeps &
    RendererMessagesDeps;

export function registerNotebooks(deps: NotebookDeps): void {
    const runtime = lazily(() => import("./runtime"));
    const serializer = lazily(async () => (await runtime()).notebookSerializer(deps));
    let started = false;
    let disposed = false;
    /** Creates the controller once the runtime is loaded (it is, once a notebook was read). */
    const startWith = (m: Awaited<ReturnType<typeof runtime>>) => {
        if (started || disposed) return;
        started = true;
        deps.push(m.startNotebooks(deps));
    };
    const start = (notebook: vscode.NotebookDocument) => {
        if (started || notebook.notebookType !== NOTEBOOK_TYPE) return;
        void runtime().then(startWith, (error: unknown) => {
            deps.log.error(`notebooks: the controller failed to load: ${String(error)}`);
        });
    };
    deps.push(
        vscode.workspace.registerNotebookSerializer(
            NOTEBOOK_TYPE,
            {
                // The controller is created before the notebook's data is handed back: created
                // only once the notebook was open, a Run All pressed at once found no kernel.
                deserializeNotebook: async (content) => {
                    const read = await serializer();
                    startWith(await runtime());
                    return read.deserializeNotebook(content);
                },
                serializeNotebook: async (data) => (await serializer()).serializeNotebook(data),
            },
            // Nothing transient: outputs, execution summaries and metadata all go in the file
            // (unless the setting leaves outputs out, which the serializer does itself).
            {},
        ),
    );
    deps.push(vscode.workspace.onDidOpenNotebookDocument(start));
    deps.push({ dispose: () => (disposed = true) });
    vscode.workspace.notebookDocuments.forEach(start);
}
