// The PostHog calls of each open document, found in the finder's worker (off the extension host's
// thread) once per document version: hovers and completion await the current version's calls, and
// edits are re-read after a pause in typing for the diagnostics and hints. A file the finder skips
// (too large, minified, binary, over its time budget) has no calls and says nothing.
import * as vscode from "vscode";
import type { CodeCallsClient } from "../codeCalls/client";
import { DEFAULT_LIMITS, type CodeCall } from "../codeCalls/types";
import { codeLanguageOf } from "./languages";

/** Pause in typing before an edited document is read again. */
const DEBOUNCE_MS = 300;

interface Entry {
    version: number;
    calls: Promise<CodeCall[]>;
    /** Set once the promise settles. */
    settled?: CodeCall[];
}

export class DocumentCalls implements vscode.Disposable {
    private readonly changed = new vscode.EventEmitter<vscode.TextDocument>();
    /** Fires when a document's calls have been found (again). */
    readonly onDidChange = this.changed.event;
    private readonly entries = new Map<string, Entry>();
    private readonly timers = new Map<string, NodeJS.Timeout>();
    /** Reads sent to the finder and not answered yet. */
    private reading = 0;
    private readonly subscriptions: vscode.Disposable[];

    constructor(
        private readonly finder: () => CodeCallsClient,
        private readonly log: vscode.LogOutputChannel,
    ) {
        this.subscriptions = [
            vscode.workspace.onDidChangeTextDocument((event) => this.schedule(event.document)),
            vscode.workspace.onDidOpenTextDocument((document) => void this.calls(document)),
            vscode.workspace.onDidCloseTextDocument((document) => this.forget(document)),
        ];
    }

    /** The calls of the document's current version (found now when not yet). */
    calls(document: vscode.TextDocument): Promise<CodeCall[]> {
        const language = codeLanguageOf(document);
        if (!language) return Promise.resolve([]);
        const key = document.uri.toString();
        const entry = this.entries.get(key);
        if (entry?.version === document.version) return entry.calls;
        const version = document.version;
        // A file past the finder's size limit is skipped before its text is copied to the worker.
        if (lengthOf(document) > DEFAULT_LIMITS.maxLength) {
            const none: Entry = { version, calls: Promise.resolve([]), settled: [] };
            this.entries.set(key, none);
            return none.calls;
        }
        this.log.debug(`code insight: reading a ${language} document`);
        const next: Entry = {
            version,
            calls: this.finder()
                .find(document.getText(), language)
                .then(
                    (result) => result.calls,
                    (error: unknown) => {
                        this.log.warn(
                            `code insight: reading ${document.uri.scheme} document failed: ${String(error)}`,
                        );
                        return [];
                    },
                ),
        };
        this.entries.set(key, next);
        this.reading++;
        void next.calls.then((calls) => {
            this.reading--;
            if (this.entries.get(key) !== next) return;
            next.settled = calls;
            this.log.debug(`code insight: ${calls.length} calls found`);
            this.changed.fire(document);
        });
        return next.calls;
    }

    /**
     * Whether no read is outstanding: files opened together (a restored session) are then all
     * read, and what they reference can go out in one request.
     */
    get idle(): boolean {
        return this.reading === 0;
    }

    /** The calls found for the document's current version, without waiting; undefined if none yet. */
    current(document: vscode.TextDocument): CodeCall[] | undefined {
        const entry = this.entries.get(document.uri.toString());
        return entry?.version === document.version ? entry.settled : undefined;
    }

    /** The calls last found for the document, of whichever version (diagnostics while typing). */
    latest(document: vscode.TextDocument): CodeCall[] | undefined {
        return this.entries.get(document.uri.toString())?.settled;
    }

    private schedule(document: vscode.TextDocument): void {
        if (!codeLanguageOf(document)) return;
        const key = document.uri.toString();
        clearTimeout(this.timers.get(key));
        this.timers.set(
            key,
            setTimeout(() => {
                this.timers.delete(key);
                void this.calls(document);
            }, DEBOUNCE_MS),
        );
    }

    private forget(document: vscode.TextDocument): void {
        const key = document.uri.toString();
        clearTimeout(this.timers.get(key));
        this.timers.delete(key);
        this.entries.delete(key);
    }

    dispose(): void {
        for (const timer of this.timers.values()) clearTimeout(timer);
        this.timers.clear();
        this.subscriptions.forEach((s) => s.dispose());
        this.changed.dispose();
    }
}

/** The document's length in UTF-16 code units, without copying its text. */
function lengthOf(document: vscode.TextDocument): number {
    return document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
}

/** The call whose string holds the position (its quotes' insides, ends included). */
export function callAt(
    calls: readonly CodeCall[],
    position: vscode.Position,
): CodeCall | undefined {
    return calls.find((call) => {
        const start = new vscode.Position(call.range.start.line, call.range.start.character);
        const end = new vscode.Position(call.range.end.line, call.range.end.character);
        return position.isAfterOrEqual(start) && position.isBeforeOrEqual(end);
    });
}

export function rangeOf(call: CodeCall): vscode.Range {
    return new vscode.Range(
        call.range.start.line,
        call.range.start.character,
        call.range.end.line,
        call.range.end.character,
    );
}
