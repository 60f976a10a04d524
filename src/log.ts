import * as vscode from "vscode";

/**
 * The extension's one log channel. Everything that would be `console.*` goes here, and the
 * redaction below is a last line of defence: callers never pass keys, but an error text from a
 * server or a library might echo one.
 */
export function createLog(): vscode.LogOutputChannel {
    return vscode.window.createOutputChannel("PostHog Workbench", { log: true });
}

// The one redactor (shared with the API client, which has no `vscode`).
export { redact } from "./api/redact";
