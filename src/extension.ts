import "./l10nSetup";
import * as vscode from "vscode";
import { activateSteps, type ActivationStep } from "./activation";
import { registerOnFirstDocument } from "./activationOnFirstDocument";
import { SessionStatusBar } from "./auth/statusBar";
import { contributedCommands, registerLazyCommands } from "./commands";
import { Ctx } from "./ctx";
import { registerLanguage } from "./language";
import { registerLanguageModelFeatures } from "./lm";
import { createLog } from "./log";
import { registerNotebooks } from "./notebook";
import { registerSavedQueries } from "./savedQueries";
import { publishForTests, unpublishForTests, withForcedFailure, type TestApi } from "./testHook";

/** How the integration tests reach the running extension (test mode only; see testHook.ts). */
export type ExtensionApi = TestApi<Ctx>;

let current: Ctx | undefined;

/**
 * Every piece the context built, registered with VS Code in one list: each step registers and
 * hands what it registered to the context, which disposes it.
 */
const steps: readonly ActivationStep<Ctx>[] = [
    {
        name: "commands",
        // Stubs: the table and the features behind it load when a command first runs.
        // The commands that work on the sidebar's trees need them loaded: the first run loads both.
        register: (ctx) =>
            registerLazyCommands(ctx, contributedCommands(ctx.extension), () =>
                Promise.all([import("./commandTable"), ctx.trees.load()]).then(
                    ([m]) => m.commandTable,
                ),
            ),
    },
    // The browser sign-in's URI handler and the Accounts menu's PostHog account.
    { name: "accounts", register: (ctx) => ctx.auth.register().forEach((d) => ctx.push(d)) },
    {
        name: "views",
        register: (ctx) => {
            // Tree views rather than bare providers: they show their filter and support drag.
            ctx.push(ctx.trees.register());
            ctx.push(ctx.documents.register());
            ctx.push(ctx.panels.register());
        },
    },
    { name: "HogQL language", register: registerLanguage },
    {
        name: "run lenses",
        // With the first HogQL document, as the language's features.
        register: (ctx) =>
            registerOnFirstDocument(
                ctx,
                "the run lenses",
                (document) => document.languageId === "hogql",
                () => import("./query/codeLens"),
                (m) => {
                    const provider = new m.RunCodeLensProvider(ctx);
                    return vscode.Disposable.from(
                        vscode.languages.registerCodeLensProvider(
                            // Every scheme, a virtual workspace's too; the provider leaves
                            // notebook cells out.
                            { language: "hogql" },
                            provider,
                        ),
                        provider,
                    );
                },
            ),
    },
    { name: "saved queries", register: registerSavedQueries },
    { name: "language model tools", register: registerLanguageModelFeatures },
    { name: "HogQL notebooks", register: registerNotebooks },
    // Waits for the first supported source file before it registers or loads anything.
    { name: "code insight", register: (ctx) => ctx.codeInsight.register(ctx) },
    { name: "session", register: startSession },
];

/**
 * Builds the context and registers everything, reporting any failure (building included).
 * Nothing heavy happens here: the HTTP client and the webview code are loaded on first use.
 */
export function activate(context: vscode.ExtensionContext): void {
    const started = performance.now();
    // Activation's own: it must outlive a failed build to show what failed.
    const log = createLog();
    context.subscriptions.push(log);
    const ctx = activateSteps(
        () => new Ctx(context, log),
        withForcedFailure(context, steps),
        (step, error) => {
            // Report activation failures ourselves: VS Code's own notice does not say what to do.
            log.error(
                `activation failed (${step}): ${error instanceof Error ? error.stack : String(error)}`,
            );
            void vscode.window
                .showErrorMessage(
                    "PostHog Workbench failed to start. The log says why.",
                    "Show Log",
                )
                .then((choice) => choice && log.show());
        },
    );
    current = ctx;
    context.subscriptions.push(ctx);
    ctx.log.info(`activated in ${(performance.now() - started).toFixed(1)} ms`);
    // Nothing is exported: other extensions could read it, and the context reaches the key.
    publishForTests(context, ctx);
}

/** The status bar, refreshes on sign-in changes, and the stored session's first load. */
function startSession(ctx: Ctx): void {
    const statusBar = ctx.push(
        new SessionStatusBar(ctx.auth.session, (id) => ctx.auth.projectName(id)),
    );
    ctx.push(
        ctx.auth.session.onDidChange((state) => {
            ctx.trees.refresh();
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
}

export function deactivate(): void {
    unpublishForTests();
    current?.dispose();
    current = undefined;
}
