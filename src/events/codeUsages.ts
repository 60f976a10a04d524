// Where the Event Definitions and Experiments views reach the workspace index (issue 45): its
// bundle, dist/codeUsages.js, is required on first use, so activation loads neither the index
// nor the finder. Find Usages in Code and the view's used/unused filter go through here.
import { join } from "node:path";
import * as vscode from "vscode";
import type * as Index from "../codeCalls/workspace";
import type { SharedFinder } from "../codeInsight/sharedFinder";
import type { LogDep } from "../deps";

export type CodeUsageIndex = Index.CodeUsageIndex;

/** The workspace index, loaded and created on first use; `loaded` says whether it is yet. */
export class CodeUsages implements vscode.Disposable {
    private created: CodeUsageIndex | undefined;
    private readonly loadedEmitter = new vscode.EventEmitter<CodeUsageIndex>();
    /** When the index is first created (the views then follow its changes). */
    readonly onDidLoad = this.loadedEmitter.event;

    constructor(
        private readonly deps: LogDep & {
            /** Owns the finder's one client, which the index shares (read on first use). */
            readonly codeInsight: { readonly finder: SharedFinder };
        },
    ) {}

    /** The index if something has asked for it already, without creating it. */
    get loaded(): CodeUsageIndex | undefined {
        return this.created;
    }

    /** The index (not built: call `ensureBuilt`), created on the first call. */
    index(): CodeUsageIndex {
        if (!this.created) {
            // A computed path keeps esbuild from inlining the bundle into extension.js; in both
            // builds the bundles sit together in dist/.
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const bundle = require(join(__dirname, "codeUsages.js")) as typeof Index;
            this.created = bundle.createCodeUsageIndex(this.deps.log, this.deps.codeInsight.finder);
            this.loadedEmitter.fire(this.created);
        }
        return this.created;
    }

    dispose(): void {
        this.created?.dispose();
        this.loadedEmitter.dispose();
    }
}

/** What Find Usages and the usage filter are given. */
export interface CodeUsagesDep {
    readonly codeUsages: CodeUsages;
}
