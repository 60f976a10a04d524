import * as vscode from "vscode";
import type { ConfigDep, LogDep, SessionDep } from "../deps";
import { DocumentTimers } from "./documentTimers";
import { statementAt } from "../hogql/statementSplitter";
import type { HogQLError } from "../api";
import { readResponse } from "../readResponse";
import type { HogQLDiagnostics } from "./diagnostics";
import { mayUseText } from "../trust";

/** What live validation uses. */
export type LiveValidationDeps = LogDep & SessionDep & ConfigDep<"onDidChange" | "liveValidation">;

const DEBOUNCE_MS = 800;
export const LIVE_SOURCE = "HogQL (live)";

/**
 * Optional validation while typing (setting `hogql.liveValidation`, off by default, because it
 * sends the text to the PostHog host): after a pause, the statement under edit goes to the
 * service's `HogQLMetadata` kind, which checks it without running it, and its errors become
 * diagnostics. A newer edit cancels the older check. Only signed in, and in Restricted Mode only
 * for untitled documents (src/trust.ts).
 */
export class LiveValidation implements vscode.Disposable {
    /** Pending checks by document URI. */
    private readonly timers = new DocumentTimers();
    /** Checks under way by document URI. */
    private readonly inFlight = new Map<string, AbortController>();
    private readonly subscriptions: vscode.Disposable[];

    constructor(
        private readonly deps: LiveValidationDeps,
        private readonly diagnostics: HogQLDiagnostics,
    ) {
        this.subscriptions = [
            vscode.workspace.onDidChangeTextDocument((event) => {
                const change = event.contentChanges[0];
                if (event.document.languageId !== "hogql" || !change) return;
                this.schedule(event.document, change.rangeOffset + change.text.length);
            }),
            vscode.workspace.onDidCloseTextDocument((document) =>
                this.cancel(document.uri.toString()),
            ),
            deps.config.onDidChange((event) => {
                if (
                    event.affectsConfiguration("posthog-workbench.hogql.liveValidation") &&
                    !deps.config.liveValidation
                ) {
                    for (const key of [...this.timers.keys(), ...this.inFlight.keys()])
                        this.cancel(key);
                    diagnostics.clearSource(LIVE_SOURCE);
                }
            }),
        ];
    }

    private schedule(document: vscode.TextDocument, editOffset: number): void {
        if (!this.enabled(document)) return;
        // What is under way checks text that is gone.
        const key = document.uri.toString();
        this.cancel(key);
        this.timers.schedule(
            key,
            DEBOUNCE_MS,
            () => void this.validate(document, this.offsetToCheck(document, editOffset)),
        );
    }

    private enabled(document: vscode.TextDocument): boolean {
        return (
            this.deps.config.liveValidation &&
            mayUseText(document) &&
            this.deps.auth.session.state.signedIn
        );
    }

    /** The cursor when the document is in the active editor, else where the last edit was. */
    private offsetToCheck(document: vscode.TextDocument, editOffset: number): number {
        const editor = vscode.window.activeTextEditor;
        return editor?.document === document
            ? document.offsetAt(editor.selection.active)
            : Math.min(editOffset, document.getText().length);
    }

    /** Checks the statement at `offset` of `document` now. */
    async validate(document: vscode.TextDocument, offset: number): Promise<void> {
        if (!this.enabled(document) || document.isClosed) return;
        const version = document.version;
        const statement = statementAt(document.getText(), offset);
        if (!statement) return;
        const key = document.uri.toString();
        this.inFlight.get(key)?.abort();
        const controller = new AbortController();
        this.inFlight.set(key, controller);
        try {
            const client = await this.deps.auth.session.client();
            const response = await readResponse<{ isValid?: boolean; errors?: HogQLError[] }>(
                await client.runQuery(
                    { kind: "HogQLMetadata", language: "hogQL", query: statement.text },
                    { signal: controller.signal, name: "PostHog Workbench: live validation" },
                ),
            );
            // The text moved on while the service checked it: those offsets no longer fit.
            if (document.version !== version || controller.signal.aborted) return;
            const errors = response.errors ?? [];
            if (errors.length > 0)
                this.diagnostics.report(document, statement.start, errors, LIVE_SOURCE);
            else this.diagnostics.clear(document);
        } catch (error) {
            // A check is a hint: failures go to the log, never into a message per keystroke.
            if (!controller.signal.aborted)
                this.deps.log.debug(
                    `live validation: ${error instanceof Error ? error.message : String(error)}`,
                );
        } finally {
            if (this.inFlight.get(key) === controller) this.inFlight.delete(key);
        }
    }

    private cancel(key: string): void {
        this.timers.cancel(key);
        this.inFlight.get(key)?.abort();
        this.inFlight.delete(key);
    }

    dispose(): void {
        this.timers.clear();
        for (const controller of this.inFlight.values()) controller.abort();
        this.inFlight.clear();
        for (const subscription of this.subscriptions) subscription.dispose();
    }
}
