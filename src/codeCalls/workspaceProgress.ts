// Progress only for a long index: a notification that flashes up for a quick scan is noise.
// Imports nothing from vscode (the caller passes how to show progress), so a unit test runs it.

/**
 * Waits for `work`; if it is still running after `delayMs`, calls `show` with a promise that
 * settles when the work does (VS Code's withProgress keeps its notification up until then).
 */
export function withDelayedProgress<T>(
    work: Promise<T>,
    delayMs: number,
    show: (finished: Promise<unknown>) => void,
): Promise<T> {
    let settled = false;
    const finished = work.then(
        () => undefined,
        () => undefined,
    );
    void finished.then(() => {
        settled = true;
        clearTimeout(timer);
    });
    const timer = setTimeout(() => {
        if (!settled) show(finished);
    }, delayMs);
    return work;
}
