import * as vscode from "vscode";
import { commandTable } from "./commandTable";
import { registerCommands } from "./commands";
import { Ctx } from "./ctx";

/** What `activate` returns: used by the integration tests to reach the running extension. */
export interface ExtensionApi {
    ctx: Ctx;
}

let current: Ctx | undefined;

/**
 * Builds the context and registers everything. Nothing heavy happens here: the HTTP client and
 * the webview code are loaded on first use.
 */
export function activate(context: vscode.ExtensionContext): ExtensionApi {
    const started = performance.now();
    const ctx = new Ctx(context);
    current = ctx;
    context.subscriptions.push(ctx);
    try {
        registerCommands(ctx, commandTable);
        ctx.push(
            vscode.window.registerTreeDataProvider(
                "posthog-workbench.experiments",
                ctx.views.experiments,
            ),
        );
        ctx.push(
            vscode.window.registerTreeDataProvider(
                "posthog-workbench.eventDefinitions",
                ctx.views.eventDefinitions,
            ),
        );
        void vscode.commands.executeCommand("setContext", "posthog-workbench.signedIn", false);
        ctx.log.info(`activated in ${(performance.now() - started).toFixed(1)} ms`);
    } catch (error) {
        // Report activation failures ourselves: VS Code's own notice does not say what to do.
        ctx.log.error(`activation failed: ${error instanceof Error ? error.stack : String(error)}`);
        void vscode.window
            .showErrorMessage("PostHog Workbench failed to start.", "Show Log")
            .then((choice) => choice && ctx.log.show());
        throw error;
    }
    return { ctx };
}

export function deactivate(): void {
    current?.dispose();
    current = undefined;
}
