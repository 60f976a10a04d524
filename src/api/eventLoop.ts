// Node-side pacing of long work in the API layer: the extension host's one thread is shared by
// every extension, so a long copy or scan gives it back between slices.

/** One turn of the event loop, so other extensions' work runs between slices of work. */
export function yieldToEventLoop(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A pacer for work done in small slices: awaiting it gives the event loop a turn once the current
 * turn has run for `budgetMs`, and returns at once otherwise. Pacing by time rather than by a
 * fixed count of slices keeps every turn short whatever a slice costs on this machine (a cold
 * JIT, a wide row, a garbage collection), without paying a turn for every small slice.
 */
export function turnPacer(budgetMs: number, now: () => number = () => performance.now()): Pacer {
    let turnStart = now();
    return {
        async pace() {
            if (now() - turnStart < budgetMs) return false;
            await yieldToEventLoop();
            turnStart = now();
            return true;
        },
    };
}

/** What long work asks between slices for a turn of the event loop. */
export interface Pacer {
    /** Resolves true when it gave the event loop a turn. */
    pace(): Promise<boolean>;
}
