// The text of an error, for the user and for the log. No `vscode` import. Callers redact.

/** The sentence to show the user: the error's `userMessage` (API errors carry one), else its message. */
export function userMessageOf(error: unknown): string {
    const text = (error as { userMessage?: unknown } | null | undefined)?.userMessage;
    if (typeof text === "string" && text) return text;
    return error instanceof Error ? error.message : String(error);
}

/** What the log keeps: the stack when there is one. */
export function errorDetail(error: unknown): string {
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
