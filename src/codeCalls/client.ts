// The extension host's side of the finder's worker: starts the worker on the first request
// (never at activation) and answers each request with the calls of one file. A worker that does
// not answer in time (a parse the time budget did not stop) is ended and started afresh, so a
// bad file never stalls the rest. No vscode import: unit tests and the bench drive it in Node.
import { Worker } from "node:worker_threads";
import type { FindRequest, FindResponse } from "./protocol";
import { type CodeLanguage, DEFAULT_LIMITS, type FindLimits, type FindResult } from "./types";

interface Pending {
    resolve(result: FindResult): void;
    reject(error: Error): void;
    timer: NodeJS.Timeout;
}

/** How long past the parse budget a worker may take before it is ended (loading a grammar included). */
const GRACE_MS = 10_000;

export class CodeCallsClient {
    private worker: Worker | undefined;
    private nextId = 1;
    private readonly pending = new Map<number, Pending>();
    private disposed = false;
    private starts = 0;

    /** `workerPath`: the bundled dist/codeCalls.js. */
    constructor(
        private readonly workerPath: string,
        private readonly limits: Partial<FindLimits> = {},
    ) {}

    /** True once the worker has been started (activation must not start it). */
    get started(): boolean {
        return this.worker !== undefined;
    }

    /** The PostHog calls in one file's text, found off this thread. */
    find(text: string, language: CodeLanguage): Promise<FindResult> {
        if (this.disposed) return Promise.reject(new Error("The PostHog call finder was stopped."));
        const worker = this.ensureWorker();
        const id = this.nextId++;
        const budget = this.limits.parseBudgetMs ?? DEFAULT_LIMITS.parseBudgetMs;
        return new Promise<FindResult>((resolve, reject) => {
            const timer = setTimeout(() => this.restart(worker), budget + GRACE_MS);
            timer.unref();
            this.pending.set(id, { resolve, reject, timer });
            worker.postMessage({ id, text, language, limits: this.limits } satisfies FindRequest);
        });
    }

    /** How many worker threads this client has started (a restart after a stuck parse counts). */
    get workersStarted(): number {
        return this.starts;
    }

    private ensureWorker(): Worker {
        if (this.worker) return this.worker;
        const worker = new Worker(this.workerPath);
        this.starts++;
        // The worker must not keep a test process (or a closing host) alive.
        worker.unref();
        worker.on("message", (response: FindResponse) => this.answer(response));
        worker.on("error", (error) => this.failAll(error));
        worker.on("exit", (code) => {
            if (this.worker === worker) this.worker = undefined;
            this.failAll(new Error(`The PostHog call finder stopped (exit code ${code}).`));
        });
        this.worker = worker;
        return worker;
    }

    private answer(response: FindResponse): void {
        const pending = this.pending.get(response.id);
        if (!pending) return;
        this.pending.delete(response.id);
        clearTimeout(pending.timer);
        if (response.result) pending.resolve(response.result);
        else pending.reject(new Error(response.failure ?? "The PostHog call finder failed."));
    }

    /** Ends a worker that did not answer in time; the next request starts a new one. */
    private restart(worker: Worker): void {
        if (this.worker !== worker) return;
        this.worker = undefined;
        this.failAll(new Error("The PostHog call finder took too long and was restarted."));
        void worker.terminate();
    }

    private failAll(error: Error): void {
        for (const pending of this.pending.values()) {
            clearTimeout(pending.timer);
            pending.reject(error);
        }
        this.pending.clear();
    }

    dispose(): void {
        this.disposed = true;
        const worker = this.worker;
        this.worker = undefined;
        this.failAll(new Error("The PostHog call finder was stopped."));
        void worker?.terminate();
    }
}
