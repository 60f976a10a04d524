// One pending timer per document, for checks that wait for typing to pause (syntax errors, live
// validation): scheduling again for the same document replaces the pending one.

export class DocumentTimers {
    private readonly timers = new Map<string, NodeJS.Timeout>();

    /** Runs `run` after `delayMs` unless `key` is scheduled again or cancelled first. */
    schedule(key: string, delayMs: number, run: () => void): void {
        this.cancel(key);
        this.timers.set(
            key,
            setTimeout(() => {
                this.timers.delete(key);
                run();
            }, delayMs),
        );
    }

    cancel(key: string): void {
        clearTimeout(this.timers.get(key));
        this.timers.delete(key);
    }

    /** The documents with a pending timer. */
    keys(): string[] {
        return [...this.timers.keys()];
    }

    /** Cancels every pending timer. */
    clear(): void {
        for (const timer of this.timers.values()) clearTimeout(timer);
        this.timers.clear();
    }
}
