// The bundle dist/codeUsages.js: the workspace index and the finder's client, required the first
// time something needs the index (src/events/codeUsages.ts), so activation loads none of it.
import * as path from "node:path";
import type * as vscode from "vscode";
import { CodeCallsClient } from "../client";
import { CodeUsageIndex } from "./codeUsageIndex";

export { CodeUsageIndex } from "./codeUsageIndex";

/** What holds the finder's one client (the editor's insight, src/codeInsight/sharedFinder.ts). */
export interface FinderHolder {
    client(make: () => CodeCallsClient): CodeCallsClient;
}

/**
 * The index, reading files with the shared finder client; made here (the worker's bundle sits
 * beside this one in dist/) when the index is the first to need it.
 */
export function createCodeUsageIndex(
    log: vscode.LogOutputChannel,
    holder: FinderHolder,
): CodeUsageIndex {
    const make = () => new CodeCallsClient(path.join(__dirname, "codeCalls.js"));
    return new CodeUsageIndex({ log, finder: () => holder.client(make) });
}
