import * as vscode from "vscode";
import type { DisposablesDep, LogDep } from "./deps";

/**
 * Registers a feature whose code loads with the first open document it serves, never at
 * activation: `load` (an `import()`) runs once, when a document `serves` is open (at once when
 * one is open already, after activation returns), and `register` then hands what it registered
 * to the context. A feature whose documents never open costs activation a listener. A failed
 * load is logged and retried with the next such document.
 */
export function registerOnFirstDocument<M>(
    deps: DisposablesDep & LogDep,
    feature: string,
    serves: (document: vscode.TextDocument) => boolean,
    load: () => Promise<M>,
    register: (module: M) => vscode.Disposable,
): void {
    let registered: vscode.Disposable | undefined;
    let state: "waiting" | "loading" | "loaded" | "disposed" = "waiting";
    const start = () => {
        if (state !== "waiting") return;
        state = "loading";
        load().then(
            (module) => {
                // Deactivated while loading: nothing is registered.
                if (state !== "loading") return;
                state = "loaded";
                watch.dispose();
                registered = register(module);
            },
            (error: unknown) => {
                if (state === "loading") state = "waiting";
                deps.log.error(`loading ${feature} failed: ${String(error)}`);
            },
        );
    };
    const watch = vscode.workspace.onDidOpenTextDocument((document) => {
        if (serves(document)) start();
    });
    deps.push({
        dispose: () => {
            state = "disposed";
            watch.dispose();
            registered?.dispose();
        },
    });
    if (vscode.workspace.textDocuments.some(serves)) start();
}
