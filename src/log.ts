import * as vscode from "vscode";

/**
 * The extension's one log channel. Everything that would be `console.*` goes here, and the
 * redaction below is a last line of defence: callers never pass keys, but an error text from a
 * server or a library might echo one.
 */
export function createLog(): vscode.LogOutputChannel {
    return vscode.window.createOutputChannel("PostHog Workbench", { log: true });
}

const KEY_PATTERN = /\b(ph[xc]_[A-Za-z0-9]{8,})\b/g;
const BEARER_PATTERN = /(Bearer\s+)[^\s"',]+/gi;

/** Replaces anything shaped like a PostHog key or a bearer token with a marker. */
export function redact(text: string): string {
    return text.replace(KEY_PATTERN, "[redacted key]").replace(BEARER_PATTERN, "$1[redacted]");
}
