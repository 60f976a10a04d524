import * as vscode from "vscode";

/**
 * Context keys the walkthrough's steps complete on (package.json `completionEvents`
 * `onContext:`). VS Code remembers a step once it is checked off, so a key only has to be set
 * once per session, when the user has done the thing for real.
 */
export const WALKTHROUGH_DONE = {
    /** A query returned a result (not only started). */
    queryRan: "posthog-workbench.walkthrough.queryRan",
    /** A result was looked at as a chart. */
    chartShown: "posthog-workbench.walkthrough.chartShown",
} as const;

const marked = new Set<string>();

/** Sets a walkthrough context key (once per session). */
export function markWalkthroughDone(
    key: (typeof WALKTHROUGH_DONE)[keyof typeof WALKTHROUGH_DONE],
): void {
    if (marked.has(key)) return;
    marked.add(key);
    void vscode.commands.executeCommand("setContext", key, true);
}
