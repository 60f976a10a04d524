import type * as vscode from "vscode";

/**
 * Runs `work` with an AbortSignal that aborts when `token` is cancelled (or already was), and
 * removes the token's listener when the work ends, so no listener outlives its call.
 */
export async function withAbortSignal<T>(
    token: vscode.CancellationToken,
    work: (signal: AbortSignal) => Promise<T> | T,
): Promise<T> {
    const controller = new AbortController();
    if (token.isCancellationRequested) controller.abort();
    const listener = token.onCancellationRequested(() => controller.abort());
    try {
        return await work(controller.signal);
    } finally {
        listener.dispose();
    }
}
