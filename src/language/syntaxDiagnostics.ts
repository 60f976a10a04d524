/**
 * Syntax errors as you type, offline: every HogQL document is parsed by PostHog's own parser
 * (in a worker thread) and its errors are underlined with PostHog's message at PostHog's
 * position. Calls of functions PostHog renamed are underlined too, with a quick fix to the new
 * name (renamedFunctions.ts). Nothing is sent anywhere; checks that need the schema stay with the
 * opt-in live validation (liveValidation.ts) and with running the query.
 */
import * as vscode from "vscode";
import type { LogDep } from "../deps";
import { registerReplacementFixes } from "../quickFix";
import { DocumentTimers } from "./documentTimers";
import { HOGQL_LANGUAGE_ID } from "./languageFeatures";
import { renamedFunction } from "./functionCatalogue";
import type { ParsedDocuments } from "./parsedDocuments";
import { syntaxErrors } from "../hogql/parser/documentParse";
import { renamedCalls } from "./renamedFunctions";

export const SYNTAX_SOURCE = "HogQL (syntax)";
/** The code of a renamed function's diagnostic, which the quick fix answers. */
export const RENAMED_FUNCTION = "renamed-function";
/** Long enough to skip the keystrokes of a word, short enough to feel immediate. */
const DEBOUNCE_MS = 250;

export class SyntaxDiagnostics implements vscode.Disposable {
    private readonly collection = vscode.languages.createDiagnosticCollection("hogql-syntax");
    private readonly timers = new DocumentTimers();
    private readonly subscriptions: vscode.Disposable[];
    private failureLogged = false;

    constructor(
        private readonly deps: LogDep,
        private readonly parses: ParsedDocuments,
    ) {
        this.subscriptions = [
            vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document, 0)),
            vscode.workspace.onDidChangeTextDocument((event) => {
                if (event.contentChanges.length > 0) this.schedule(event.document, DEBOUNCE_MS);
            }),
            vscode.workspace.onDidCloseTextDocument((document) => {
                this.timers.cancel(document.uri.toString());
                this.collection.delete(document.uri);
            }),
            registerReplacementFixes(
                { language: HOGQL_LANGUAGE_ID },
                (diagnostic) => diagnostic.code === RENAMED_FUNCTION,
                (name) => {
                    const renamedTo = renamedFunction(name);
                    if (!renamedTo) return undefined;
                    return { title: vscode.l10n.t("Rename to {0}", renamedTo), text: renamedTo };
                },
            ),
        ];
        // Documents open before activation (the one that activated us): checked after
        // activation returns, so the parser's start is never part of it.
        for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
    }

    private schedule(document: vscode.TextDocument, delay: number): void {
        if (document.languageId !== HOGQL_LANGUAGE_ID) return;
        this.timers.schedule(document.uri.toString(), delay, () => void this.check(document));
    }

    /** Parses `document` as it is now and shows its syntax errors. */
    async check(document: vscode.TextDocument): Promise<void> {
        if (document.isClosed) return;
        const version = document.version;
        try {
            const parse = await this.parses.parse(document);
            // Offsets describe the text that was parsed: a newer edit has its own check coming.
            if (document.isClosed || document.version !== version) return;
            const diagnostics = syntaxErrors(parse).map((error) => {
                const start = document.positionAt(error.start);
                // PostHog ends a syntax error where the input ends; an empty range at the very
                // end of a statement still needs a character to show.
                const end = document.positionAt(Math.max(error.end, error.start + 1));
                const diagnostic = new vscode.Diagnostic(
                    new vscode.Range(start, end),
                    error.message,
                    vscode.DiagnosticSeverity.Error,
                );
                diagnostic.source = SYNTAX_SOURCE;
                return diagnostic;
            });
            for (const call of renamedCalls(parse)) {
                const diagnostic = new vscode.Diagnostic(
                    new vscode.Range(
                        document.positionAt(call.start),
                        document.positionAt(call.end),
                    ),
                    vscode.l10n.t(
                        "PostHog renamed {0} to {1} and refuses the old name.",
                        call.name,
                        call.renamedTo,
                    ),
                    vscode.DiagnosticSeverity.Error,
                );
                diagnostic.source = SYNTAX_SOURCE;
                diagnostic.code = RENAMED_FUNCTION;
                diagnostics.push(diagnostic);
            }
            this.collection.set(document.uri, diagnostics);
        } catch (error) {
            // A hint, not a task: say it once in the log, never in a message per keystroke.
            if (!this.failureLogged) {
                this.failureLogged = true;
                this.deps.log.warn(
                    `HogQL syntax check failed: ${error instanceof Error ? error.message : String(error)}`,
                );
            }
        }
    }

    dispose(): void {
        this.timers.clear();
        for (const subscription of this.subscriptions) subscription.dispose();
        this.collection.dispose();
    }
}
