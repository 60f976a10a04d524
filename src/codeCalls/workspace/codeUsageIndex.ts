// The workspace index in VS Code: built the first time something asks (Find Usages, the Event
// Definitions view's usage filter, the editor features' referenced events), never at activation;
// kept current by a file watcher and by edits of open documents; cancellable from a command and
// from its progress notification, which shows only when the build takes over a second.
// Scanning sends nothing anywhere, so it runs in Restricted Mode too.
import * as vscode from "vscode";
import type { CodeCallsClient } from "../client";
import type { CodeCallKind } from "../types";
import { CODE_FILES_GLOB, languageOfPath } from "../workspaceFiles";
import type { GitIgnoreRules } from "../workspaceIgnore";
import { type BuildOutcome, WorkspaceIndex } from "../workspaceIndex";
import { withDelayedProgress } from "../workspaceProgress";
import { isIndexed, listWorkspace, readText } from "./workspaceSource";

/** Builds shorter than this show no progress. */
const PROGRESS_DELAY_MS = 1_000;
/** Typing re-reads a document once it pauses for this long, not at every keystroke. */
const EDIT_DELAY_MS = 300;

/** What the index uses: the log, and the finder's client (shared with the editor's insight). */
export interface CodeUsageIndexDeps {
    readonly log: vscode.LogOutputChannel;
    /** The finder's client; the index does not own it (it is not stopped with the index). */
    readonly finder: () => CodeCallsClient;
}

export class CodeUsageIndex implements vscode.Disposable {
    private readonly index: WorkspaceIndex;
    private building: Promise<BuildOutcome> | undefined;
    private built = false;
    /** Bumped when the rules that pick files change: a build begun before is not kept as built. */
    private generation = 0;
    private abort: AbortController | undefined;
    private ignores: ReadonlyMap<string, GitIgnoreRules> = new Map();
    private watching: vscode.Disposable[] | undefined;
    private readonly pendingEdits = new Map<string, NodeJS.Timeout>();
    private readonly changed = new vscode.EventEmitter<void>();
    /** After a build, and after every file whose calls changed what is on record. */
    readonly onDidChange = this.changed.event;

    constructor(private readonly deps: CodeUsageIndexDeps) {
        this.index = new WorkspaceIndex({
            find: (text, language) => deps.finder().find(text, language),
        });
        this.index.onDidChange(() => this.changed.fire());
    }

    /** Whether a build has completed (a cancelled one has not). */
    get ready(): boolean {
        return this.built;
    }

    /** Whether a build is running now. */
    get isBuilding(): boolean {
        return this.building !== undefined;
    }

    /**
     * Builds the index unless it is built (or being built), and waits for it. "cancelled" when
     * the user stopped it; the next call starts again.
     */
    ensureBuilt(): Promise<BuildOutcome> {
        if (this.built) return Promise.resolve("done");
        this.building ??= this.build().finally(() => {
            this.building = undefined;
        });
        return this.building;
    }

    /** Reads the whole workspace again on the next `ensureBuilt` (rules that pick files changed). */
    invalidate(): void {
        this.built = false;
        this.generation++;
    }

    /** Stops a running build (the command and the notification's Cancel). */
    cancel(): boolean {
        if (!this.abort) return false;
        this.abort.abort();
        return true;
    }

    /** Every call site of an event (`capture`) or flag key (`flag`), in file order. */
    locations(kind: CodeCallKind, key: string): vscode.Location[] {
        return this.index
            .locations(kind, key)
            .map(
                ({ file, call }) =>
                    new vscode.Location(
                        vscode.Uri.parse(file),
                        new vscode.Range(
                            call.range.start.line,
                            call.range.start.character,
                            call.range.end.line,
                            call.range.end.character,
                        ),
                    ),
            );
    }

    /** The event names the workspace captures, sorted (empty until built). */
    referencedEvents(): string[] {
        return this.index.referencedEvents();
    }

    /** The flag keys the workspace reads, sorted (empty until built). */
    referencedFlags(): string[] {
        return this.index.referencedFlags();
    }

    private async build(): Promise<BuildOutcome> {
        const generation = this.generation;
        const abort = new AbortController();
        this.abort = abort;
        const source = new vscode.CancellationTokenSource();
        abort.signal.addEventListener("abort", () => source.cancel());
        this.watch();
        let total = 0;
        let done = 0;
        const listeners = new Set<(done: number, total: number) => void>();
        const work = (async (): Promise<BuildOutcome> => {
            const started = performance.now();
            const listing = await listWorkspace(source.token);
            this.ignores = listing.ignores;
            if (abort.signal.aborted) return "cancelled";
            const outcome = await this.index.build(listing.files, (id) => readText(parse(id)), {
                signal: abort.signal,
                progress: (d, t) => {
                    done = d;
                    total = t;
                    for (const listener of listeners) listener(d, t);
                },
            });
            const stats = this.index.stats();
            this.deps.log.info(
                `code index ${outcome}: ${stats.files} files (${JSON.stringify(stats.skipped)} skipped) in ${Math.round(performance.now() - started)} ms`,
            );
            return outcome;
        })();
        try {
            const outcome = await withDelayedProgress(work, PROGRESS_DELAY_MS, (finished) => {
                void vscode.window.withProgress(
                    {
                        location: vscode.ProgressLocation.Notification,
                        title: vscode.l10n.t("Finding PostHog calls in the workspace"),
                        cancellable: true,
                    },
                    (progress, token) => {
                        token.onCancellationRequested(() => abort.abort());
                        let reported = 0;
                        const report = (d: number, t: number): void => {
                            const percent = t ? Math.floor((d / t) * 100) : 0;
                            if (percent <= reported) return;
                            progress.report({
                                increment: percent - reported,
                                message: vscode.l10n.t("{0} of {1} files", d, t),
                            });
                            reported = percent;
                        };
                        report(done, total);
                        listeners.add(report);
                        return finished;
                    },
                );
            });
            this.built = outcome === "done" && generation === this.generation;
            return outcome;
        } finally {
            listeners.clear();
            source.dispose();
            if (this.abort === abort) this.abort = undefined;
        }
    }

    /** Follows the workspace from the first build on: files on disk, and open documents' edits. */
    private watch(): void {
        if (this.watching) return;
        const files = vscode.workspace.createFileSystemWatcher(CODE_FILES_GLOB);
        // A folder's deletion arrives as the folder alone.
        const deletions = vscode.workspace.createFileSystemWatcher("**", true, true, false);
        const ignoreFiles = vscode.workspace.createFileSystemWatcher("**/.gitignore");
        const reread = (uri: vscode.Uri): void => void this.reread(uri);
        const rebuild = (): void => {
            // New .gitignore rules or exclude settings change which files belong: read the
            // workspace again, after a build under way (unless the user cancelled it).
            this.invalidate();
            void (this.building ?? Promise.resolve("done")).then((outcome) => {
                if (outcome === "done") void this.ensureBuilt();
            });
        };
        this.watching = [
            files,
            deletions,
            ignoreFiles,
            files.onDidCreate(reread),
            files.onDidChange(reread),
            files.onDidDelete((uri) => this.index.remove(uri.toString())),
            deletions.onDidDelete((uri) => this.index.remove(`${uri.toString()}/`)),
            ignoreFiles.onDidCreate(rebuild),
            ignoreFiles.onDidChange(rebuild),
            ignoreFiles.onDidDelete(rebuild),
            vscode.workspace.onDidChangeConfiguration((event) => {
                if (event.affectsConfiguration("files.exclude")) rebuild();
                else if (event.affectsConfiguration("search.exclude")) rebuild();
            }),
            vscode.workspace.onDidChangeTextDocument((event) => {
                if (event.contentChanges.length) this.edited(event.document);
            }),
            // Closing a document with unsaved edits leaves the file's own text.
            vscode.workspace.onDidCloseTextDocument((document) => reread(document.uri)),
        ];
    }

    private edited(document: vscode.TextDocument): void {
        if (!languageOfPath(document.uri.path)) return;
        const id = document.uri.toString();
        clearTimeout(this.pendingEdits.get(id));
        const timer = setTimeout(() => {
            this.pendingEdits.delete(id);
            void this.reread(document.uri);
        }, EDIT_DELAY_MS);
        this.pendingEdits.set(id, timer);
    }

    /** Reads one file again (a change on disk, an edit, a new file), if it belongs. */
    private async reread(uri: vscode.Uri): Promise<void> {
        const language = languageOfPath(uri.path);
        if (!language) return;
        const id = uri.toString();
        if (!(await isIndexed(uri, this.ignores))) {
            this.index.remove(id);
            return;
        }
        const text = await readText(uri);
        if (text === undefined) this.index.remove(id);
        else await this.index.update({ id, language }, text);
    }

    dispose(): void {
        this.abort?.abort();
        for (const timer of this.pendingEdits.values()) clearTimeout(timer);
        for (const disposable of this.watching?.splice(0) ?? []) disposable.dispose();
        this.changed.dispose();
    }
}

function parse(id: string): vscode.Uri {
    return vscode.Uri.parse(id);
}
