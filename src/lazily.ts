/**
 * `load` run once, on the first call, its promise shared by every later call: how a feature's
 * code is loaded on first use (`() => import("./feature")`) rather than at activation. A failed
 * load is not kept, so the next call tries again.
 */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
    let loaded: Promise<T> | undefined;
    return () =>
        (loaded ??= load().catch((error: unknown) => {
            loaded = undefined;
            throw error;
        }));
}
