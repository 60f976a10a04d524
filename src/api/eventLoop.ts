// Node-side pacing of long work in the API layer: the extension host's one thread is shared by
// every extension, so a long copy or scan gives it back between slices.

/** One turn of the event loop, so other extensions' work runs between slices of work. */
export function yieldToEventLoop(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
}
