// The workspace's PostHog calls, file by file (issue 45, "from the sidebar back to the code"):
// what Find Usages lists, which events the Event Definitions view marks as used, and the events
// the editor features ask volumes for. The finder reads each file in its worker thread; this side
// only keeps a few requests in flight and files the answers, so the host's thread is never held
// for long. Imports nothing from vscode: unit tests and the bench drive it in Node with the
// finder's client, and workspace/ feeds it from VS Code (files, watchers, open documents).
import type { CodeCall, CodeCallKind, CodeLanguage, FindResult, SkipReason } from "./types";

/** One file to index: an id the caller can read it by (VS Code's URI string) and its language. */
export interface IndexedFile {
    /** The file's id (a URI string); locations name it. */
    id: string;
    /** The language to read it as. */
    language: CodeLanguage;
}

/** Finds the calls in one file's text (the finder's client, CodeCallsClient). */
export interface CallFinder {
    find(text: string, language: CodeLanguage): Promise<FindResult>;
}

/** Reads one file's text; undefined when it is gone or was not read (too big to read at all). */
export type ReadFile = (id: string) => Promise<string | undefined>;

/** One call site: the file and the call. */
export interface UsageLocation {
    /** The file's id. */
    file: string;
    /** The call, with the range of its key. */
    call: CodeCall;
}

/** How a build ended: every file read, or stopped by its signal (what was read is kept). */
export type BuildOutcome = "done" | "cancelled";

/** What a build reports as it goes. */
export interface BuildOptions {
    /** Stops the build between files. */
    signal?: AbortSignal;
    /** Files read so far, of how many. */
    progress?(done: number, total: number): void;
}

/** Why a file has no calls on record: the finder skipped it, or it could not be read. */
export type IndexSkip = SkipReason | "unreadable" | "failed";

interface Entry {
    calls: readonly CodeCall[];
    skipped?: IndexSkip;
}

/** A listener's handle, shaped like VS Code's Disposable. */
export interface Unsubscribe {
    dispose(): void;
}

/** Requests kept in flight: enough that the worker never waits for the host, few enough to stop fast. */
const IN_FLIGHT = 4;

export class WorkspaceIndex {
    private readonly entries = new Map<string, Entry>();
    /** Bumped by every update or removal of a file, so an older build's answer is dropped. */
    private readonly versions = new Map<string, number>();
    private readonly listeners = new Set<() => void>();

    constructor(private readonly finder: CallFinder) {}

    /**
     * Reads every file in `files`, IN_FLIGHT at a time, and forgets files it knew that are not
     * listed (when the build is not cancelled). Listeners hear once, at the end.
     */
    async build(
        files: readonly IndexedFile[],
        read: ReadFile,
        options: BuildOptions = {},
    ): Promise<BuildOutcome> {
        const { signal, progress } = options;
        let next = 0;
        let done = 0;
        progress?.(0, files.length);
        const lane = async (): Promise<void> => {
            while (next < files.length && !signal?.aborted) {
                const file = files[next++];
                const version = this.versions.get(file.id) ?? 0;
                const entry = await this.read(file, read);
                // An edit or removal meanwhile has the newer text on record.
                if ((this.versions.get(file.id) ?? 0) === version) this.entries.set(file.id, entry);
                progress?.(++done, files.length);
            }
        };
        await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, files.length) }, lane));
        const cancelled = signal?.aborted === true;
        if (!cancelled) {
            const listed = new Set(files.map((f) => f.id));
            for (const id of [...this.entries.keys()]) if (!listed.has(id)) this.entries.delete(id);
        }
        this.fire();
        return cancelled ? "cancelled" : "done";
    }

    /** Reads one file again from `text` (an edit, a save, a new file). */
    async update(file: IndexedFile, text: string): Promise<void> {
        const version = this.bump(file.id);
        const entry = await this.findIn(text, file.language);
        if (this.versions.get(file.id) !== version) return;
        this.entries.set(file.id, entry);
        this.fire();
    }

    /** Forgets a file, or every file under a folder (`id` ending in "/"). */
    remove(id: string): void {
        let removed = false;
        for (const known of [...this.entries.keys()]) {
            if (known === id || (id.endsWith("/") && known.startsWith(id))) {
                this.bump(known);
                this.entries.delete(known);
                removed = true;
            }
        }
        if (removed) this.fire();
    }

    /** Whether the file is on record. */
    has(id: string): boolean {
        return this.entries.has(id);
    }

    /** Every call site of an event (`capture`) or a flag (`flag`), by file, then in source order. */
    locations(kind: CodeCallKind, key: string): UsageLocation[] {
        const found: UsageLocation[] = [];
        const files = [...this.entries.keys()].sort();
        for (const file of files) {
            for (const call of this.entries.get(file)?.calls ?? []) {
                if (call.kind === kind && call.key === key) found.push({ file, call });
            }
        }
        return found;
    }

    /** The event names the workspace's code captures, sorted. */
    referencedEvents(): string[] {
        return this.keys("capture");
    }

    /** The flag keys the workspace's code reads, sorted. */
    referencedFlags(): string[] {
        return this.keys("flag");
    }

    /** How many files are on record, and how many of them were skipped (and why). */
    stats(): { files: number; skipped: Partial<Record<IndexSkip, number>> } {
        const skipped: Partial<Record<IndexSkip, number>> = {};
        for (const entry of this.entries.values()) {
            if (entry.skipped) skipped[entry.skipped] = (skipped[entry.skipped] ?? 0) + 1;
        }
        return { files: this.entries.size, skipped };
    }

    /** Called after a build, and after each file that changed what is on record. */
    onDidChange(listener: () => void): Unsubscribe {
        this.listeners.add(listener);
        return { dispose: () => this.listeners.delete(listener) };
    }

    private keys(kind: CodeCallKind): string[] {
        const keys = new Set<string>();
        for (const entry of this.entries.values()) {
            for (const call of entry.calls) if (call.kind === kind) keys.add(call.key);
        }
        return [...keys].sort();
    }

    private async read(file: IndexedFile, read: ReadFile): Promise<Entry> {
        let text: string | undefined;
        try {
            text = await read(file.id);
        } catch {
            text = undefined;
        }
        if (text === undefined) return { calls: [], skipped: "unreadable" };
        return this.findIn(text, file.language);
    }

    /** A file the finder fails on (a worker restarted after a stuck parse) is skipped, not fatal. */
    private async findIn(text: string, language: CodeLanguage): Promise<Entry> {
        try {
            const result = await this.finder.find(text, language);
            return result.skipped
                ? { calls: [], skipped: result.skipped }
                : { calls: result.calls };
        } catch {
            return { calls: [], skipped: "failed" };
        }
    }

    private bump(id: string): number {
        const version = (this.versions.get(id) ?? 0) + 1;
        this.versions.set(id, version);
        return version;
    }

    private fire(): void {
        for (const listener of [...this.listeners]) listener();
    }
}
