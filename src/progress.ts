import * as vscode from "vscode";
import type { RetryInfo } from "./api";
import { withAbortSignal } from "./cancellation";
import { withoutLinks } from "./shared/plainText";

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
            // A progress title and message make `[label](target)` a live link, as a message
            // does; callers make the names in them plain (plainText.ts), and this is the last guard.
            {
                location: vscode.ProgressLocation.Notification,
                title: withoutLinks(title),
                cancellable: true,
            },
            (progress, token) =>
                withAbortSignal(token, (signal) =>
                    work({
                        signal,
                        report: (message) => progress.report({ message: withoutLinks(message) }),
                        onRetry: (info) =>
                            progress.report({
                                message: withoutLinks(
                                    `${info.reason}; retrying in ${Math.ceil(info.delayMs / 1000)} s (attempt ${info.attempt})`,
                                ),
                            }),
                    }),
                ),
        ),
    );
}
