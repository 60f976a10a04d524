// The one finder client (one worker thread) that the editor's code insight and the workspace
// index share. The client's class lives in the bundles loaded on first use (the insight's chunk,
// dist/codeUsages.js), never in what activation loads, so this holder only keeps the instance:
// whichever side asks first makes it with its copy of the class, and the other side reuses it.
import type * as vscode from "vscode";
import type { CodeCallsClient } from "../codeCalls/client";

export class SharedFinder implements vscode.Disposable {
    private instance: CodeCallsClient | undefined;
    private clients = 0;
    private disposed = false;

    /**
     * The shared client, made by `make` the first time (the caller's bundle knows the class and
     * the worker's path); it is not started until its first find.
     */
    client(make: () => CodeCallsClient): CodeCallsClient {
        if (!this.instance) {
            this.instance = make();
            this.clients++;
            // After dispose a new client is stopped at once, so its requests fail, not leak a worker.
            if (this.disposed) this.instance.dispose();
        }
        return this.instance;
    }

    /** How many clients were made (one for the session), and how many worker threads they started. */
    get counts(): { clients: number; workers: number } {
        return { clients: this.clients, workers: this.instance?.workersStarted ?? 0 };
    }

    /** Whether the worker thread runs. */
    get started(): boolean {
        return this.instance?.started === true;
    }

    dispose(): void {
        this.disposed = true;
        this.instance?.dispose();
    }
}
