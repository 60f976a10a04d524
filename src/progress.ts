import * as vscode from "vscode";
import type { RetryInfo } from "./api";
import { withAbortSignal } from "./cancellation";

/** What a long action gets: the cancellation signal and a way to report waits and steps. */
export interface ProgressScope {
    signal: AbortSignal;
    report(message: string): void;
    /** Pass as the API call's `onRetry`: shows "rate limited, retrying in 12 s". */
    onRetry(info: RetryInfo): void;
}

/**
 * Runs an action under a cancellable progress notification. Cancelling aborts the signal, which
 * aborts the HTTP request and any wait before a retry.
 */
export function withProgress<T>(
    title: string,
    work: (scope: ProgressScope) => Promise<T>,
): Promise<T> {
    return Promise.resolve(
        vscode.window.withProgress(
            { location: vscode.ProgressLocation.Notification, title, cancellable: true },
            (progress, token) =>
                withAbortSignal(token, (signal) =>
                    work({
                        signal,
                        report: (message) => progress.report({ message }),
                        onRetry: (info) =>
                            progress.report({
                                message: `${info.reason}; retrying in ${Math.ceil(info.delayMs / 1000)} s (attempt ${info.attempt})`,
                            }),
                    }),
                ),
        ),
    );
}
