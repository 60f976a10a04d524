import * as vscode from "vscode";
import { SessionStatusBar } from "./auth/statusBar";
import { commandTable } from "./commandTable";
import { registerCommands } from "./commands";
import { Ctx } from "./ctx";
import { registerLanguage } from "./language";
import { registerLanguageModelFeatures } from "./lm";
import { registerNotebooks } from "./notebook";
import { RunCodeLensProvider } from "./query/codeLens";
import { registerSavedQueries } from "./savedQueries";
import { publishForTests, unpublishForTests, type TestApi } from "./testHook";

/** How the integration tests reach the running extension (test mode only; see testHook.ts). */
export type ExtensionApi = TestApi;

let current: Ctx | undefined;

/**
 * Builds the context and registers everything. Nothing heavy happens here: the HTTP client and
 * the webview code are loaded on first use.
 */
export function activate(context: vscode.ExtensionContext): void {
    const started = performance.now();
    const ctx = new Ctx(context);
    current = ctx;
    context.subscriptions.push(ctx);
    try {
        registerCommands(ctx, commandTable);
        registerLanguage(ctx);
        // A tree view rather than a bare provider: the view shows its filter and supports drag.
        ctx.push(ctx.views.eventDefinitions.register());
        ctx.push(
            vscode.languages.registerCodeLensProvider(
                { language: "hogql" },
                ctx.push(new RunCodeLensProvider(ctx)),
            ),
        );
        registerSavedQueries(ctx);
        registerLanguageModelFeatures(ctx);
        registerNotebooks(ctx);
        const statusBar = ctx.push(
            new SessionStatusBar(ctx.auth.session, (id) => ctx.auth.projectName(id)),
        );
        ctx.push(
            ctx.auth.session.onDidChange((state) => {
                ctx.views.experiments.refresh();
                ctx.views.eventDefinitions.refresh();
                if (state.signedIn && !ctx.auth.projectName(state.projectId))
                    void ctx.auth
                        .learnProjectNames()
                        .then(() => statusBar.render(ctx.auth.session.state));
            }),
        );
        void ctx.auth
            .adoptDemoKey()
            .then(() => ctx.auth.session.reload())
            .catch((error: unknown) => ctx.log.error(`session start failed: ${String(error)}`));
        ctx.log.info(`activated in ${(performance.now() - started).toFixed(1)} ms`);
    } catch (error) {
        // Report activation failures ourselves: VS Code's own notice does not say what to do.
        ctx.log.error(`activation failed: ${error instanceof Error ? error.stack : String(error)}`);
        void vscode.window
            .showErrorMessage("PostHog Workbench failed to start.", "Show Log")
            .then((choice) => choice && ctx.log.show());
        throw error;
    }
    // Nothing is exported: other extensions could read it, and the context reaches the key.
    publishForTests(context, ctx);
}

export function deactivate(): void {
    unpublishForTests();
    current?.dispose();
    current = undefined;
}
