import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { PostHogClient } from "../../src/api";
import type { ExtensionApi } from "../../src/extension";
import { parseLossless } from "../../src/shared/json/lossless";
import type { HogQLResponseLike, QueryResult } from "../../src/resultsPanel";
import { startSandbox, type Sandbox } from "../sandbox";
import { activateExtension, waitFor } from "./helpers";
import { ScriptedUi } from "./scriptedUi";
import { signInToSandbox } from "./signIn";

let shared: Promise<Sandbox> | undefined;

/** One sandbox for the suites that only need "a signed-in extension"; closed after all suites. */
export function sharedSandbox(): Promise<Sandbox> {
    shared ??= startSandbox({ asyncPolls: 3 });
    return shared;
}

export async function closeSharedSandbox(): Promise<void> {
    if (shared) await (await shared).close();
    shared = undefined;
}

/** The extension, signed in to the shared sandbox's project 1 (signing in when needed). */
export async function signedIn(): Promise<{ api: ExtensionApi; sandbox: Sandbox }> {
    const api = await activateExtension();
    const sandbox = await sharedSandbox();
    const state = api.ctx.auth.session.state;
    if (
        !state.signedIn ||
        state.host !== sandbox.url ||
        state.projectId !== String(sandbox.projectId)
    ) {
        await signInToSandbox(api, sandbox);
        await waitFor("signed in to the shared sandbox", () => {
            const now = api.ctx.auth.session.state;
            return now.signedIn && now.host === sandbox.url;
        });
    }
    return { api, sandbox };
}

/**
 * A client of the sandbox's project that goes around the extension (full key unless given):
 * what a test compares the extension's answers with, or how it sets the sandbox up.
 */
export function directClient(sandbox: Sandbox, apiKey: string = sandbox.keys.full): PostHogClient {
    return new PostHogClient({ host: sandbox.url, apiKey, projectId: sandbox.projectId });
}

let panel: ExtensionApi["ctx"]["results"] | undefined;

/**
 * Puts a recorder in place of the results panel and returns what it records: one entry per run,
 * each the results that run would have shown. `restoreResults` puts the panel back.
 */
export function recordResults(api: ExtensionApi): QueryResult[][] {
    panel ??= api.ctx.results;
    const shown: QueryResult[][] = [];
    api.ctx.results = { show: async (sets) => void shown.push(sets) };
    return shown;
}

/** The response a result's bytes hold, parsed as the webview's worker parses it. */
export function responseOf(set: QueryResult): HogQLResponseLike {
    return parseLossless(new TextDecoder().decode(set.bytes)) as HogQLResponseLike;
}

export function restoreResults(api: ExtensionApi): void {
    if (panel) api.ctx.results = panel;
    panel = undefined;
}

/**
 * Starts a test that drives commands (call it in `beforeEach`): a fresh scripted Ui, a results
 * recorder in place of the panel, and no sandbox faults left from the test before.
 */
export function startScriptedTest(
    api: ExtensionApi,
    sandbox: Sandbox,
): { ui: ScriptedUi; shown: QueryResult[][] } {
    const ui = new ScriptedUi();
    api.ctx.ui = ui;
    const shown = recordResults(api);
    sandbox.faults.clear();
    return { ui, shown };
}

/** Ends it (in `afterEach`): every scripted answer was asked for; editors close for the next. */
export async function endScriptedTest(ui: ScriptedUi): Promise<void> {
    assert.equal(ui.pending, 0, `unanswered script: ${ui.asked.join(" | ")}`);
    await vscode.commands.executeCommand("workbench.action.closeAllEditors");
}
