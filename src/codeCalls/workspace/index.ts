// The bundle dist/codeUsages.js: the workspace index and the finder's client, required the first
// time something needs the index (src/events/codeUsages.ts), so activation loads none of it.
import * as path from "node:path";
import type * as vscode from "vscode";
import { CodeUsageIndex } from "./codeUsageIndex";

export { CodeUsageIndex } from "./codeUsageIndex";

/** The index, with the finder's worker bundle beside this one in dist/. */
export function createCodeUsageIndex(log: vscode.LogOutputChannel): CodeUsageIndex {
    return new CodeUsageIndex({ log, workerPath: path.join(__dirname, "codeCalls.js") });
}
