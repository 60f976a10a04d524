import * as vscode from "vscode";
import type { Ctx } from "../ctx";
import { statementAt } from "../query/statementSplitter";
import type { HogQLDiagnostics, HogQLErrorRange } from "./diagnostics";

const DEBOUNCE_MS = 800;

/**
 * Optional validation while typing (setting `hogql.liveValidation`, off by default): after a
 * pause, the statement under the cursor goes to the service's `HogQLMetadata` kind, which checks
 * it without running it; its errors become diagnostics. A newer edit cancels the older check.
 */
export class LiveValidation implements vscode.Disposable {
    private timer: NodeJS.Timeout | undefined;
    private inFlight: AbortController | undefined;
    private readonly subscriptions: vscode.Disposable[];

    constructor(
        private readonly ctx: Ctx,
        private readonly diagnostics: HogQLDiagnostics,
    ) {
        this.subscriptions = [
            vscode.workspace.onDidChangeTextDocument((event) => {
                if (event.document.languageId === "hogql" && event.contentChanges.length > 0)
                    this.schedule(event.document);
            }),
        ];
    }

    private schedule(document: vscode.TextDocument): void {
        if (!this.ctx.config.liveValidation) return;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.validate(document), DEBOUNCE_MS);
    }

    /** Checks the statement under the cursor of `document` now. */
    async validate(document: vscode.TextDocument): Promise<void> {
        if (!this.ctx.config.liveValidation || !vscode.workspace.isTrusted) return;
        if (!this.ctx.auth.session.state.signedIn) return;
        const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
        const offset = editor ? document.offsetAt(editor.selection.active) : 0;
        const version = document.version;
        const statement = statementAt(document.getText(), offset);
        if (!statement) return;
        this.inFlight?.abort();
        const controller = new AbortController();
        this.inFlight = controller;
        try {
            const client = await this.ctx.auth.session.client();
            const { response } = await client.runQuery<{
                isValid?: boolean;
                errors?: HogQLErrorRange[];
            }>(
                { kind: "HogQLMetadata", language: "hogQL", query: statement.text },
                { signal: controller.signal, name: "PostHog Workbench: live validation" },
            );
            // The text moved on while the service checked it: those offsets no longer fit.
            if (document.version !== version || controller.signal.aborted) return;
            const errors = response.errors ?? [];
            if (errors.length > 0)
                this.diagnostics.report(document, statement.start, errors, "HogQL (live)");
            else this.diagnostics.clear(document);
        } catch (error) {
            if (!controller.signal.aborted)
                this.ctx.log.debug(
                    `live validation: ${error instanceof Error ? error.message : String(error)}`,
                );
        } finally {
            if (this.inFlight === controller) this.inFlight = undefined;
        }
    }

    dispose(): void {
        clearTimeout(this.timer);
        this.inFlight?.abort();
        for (const subscription of this.subscriptions) subscription.dispose();
    }
}
