import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { ExtensionApi } from "../../src/extension";
import { TEST_API } from "../../src/testHook";
import { waitFor } from "../waitFor";

export const EXTENSION_ID = "posthog-workbench.posthog-workbench";

interface Contributes {
    commands: { command: string; title: string }[];
    views: Record<string, { id: string; name: string }[]>;
}

export function contributes(): Contributes {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    if (!extension) throw new Error(`extension ${EXTENSION_ID} is not installed`);
    return (extension.packageJSON as { contributes: Contributes }).contributes;
}

/** Activates the extension and returns its test API (published only in test mode). */
export async function activateExtension(): Promise<ExtensionApi> {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    if (!extension) throw new Error(`extension ${EXTENSION_ID} is not installed`);
    await extension.activate();
    const api = (globalThis as Record<symbol, unknown>)[TEST_API] as ExtensionApi | undefined;
    if (!api) throw new Error("the extension published no test API: is it running in test mode?");
    // The sidebar's trees and the sign-in flows load on first use (src/lazyViews.ts,
    // src/auth/auth.ts); the tests reach them directly.
    await Promise.all([api.ctx.trees.load(), api.ctx.auth.flows()]);
    return api;
}

export { waitFor } from "../waitFor";

/**
 * An untitled HogQL document holding `content`, in front. Under load (twice on a fresh clone,
 * once on VS Code 1.106) a command run right after opening went to the previous test's
 * document: this returns only once the new document is the active editor and holds `content`.
 */
export async function openHogql(content: string): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument({ language: "hogql", content });
    assert.equal(document.getText(), content, "the new document holds the test's text");
    const editor = await vscode.window.showTextDocument(document);
    await waitFor(
        "the test's document as the active editor",
        () => vscode.window.activeTextEditor?.document === document,
    );
    return editor;
}
