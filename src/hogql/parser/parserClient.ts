/**
 * The extension host's side of the parser worker: starts the worker on the first parse (never
 * at activation), sends statements, and caches results by text so that editing one statement of
 * a long file re-parses only that one. No `vscode` import: unit tests drive it in plain Node.
 */
import type { Worker } from "node:worker_threads";
import { readParseResult, type Parsed } from "./parseResult";
import type { ParseRequest, ParseResponse } from "./protocol";

const CACHE_SIZE = 500;

interface Pending {
    text: string;
    resolve(parsed: Parsed): void;
    reject(error: Error): void;
}

export class HogQLParserClient {
    private worker: Worker | undefined;
    private nextId = 1;
    private readonly pending = new Map<number, Pending>();
    /** Parses by statement text, most recently used last. */
    private readonly cache = new Map<string, Parsed>();
    private disposed = false;

    /** `workerPath`: the bundled dist/hogqlParser.js. */
    constructor(private readonly workerPath: string) {}

    /** True once the worker has been started (tests check that activation does not start it). */
    get started(): boolean {
        return this.worker !== undefined;
    }

    parse(text: string): Promise<Parsed> {
        const cached = this.cache.get(text);
        if (cached) {
            this.cache.delete(text);
            this.cache.set(text, cached);
            return Promise.resolve(cached);
        }
        if (this.disposed) return Promise.reject(new Error("The HogQL parser was stopped."));
        const worker = this.ensureWorker();
        const id = this.nextId++;
        return new Promise<Parsed>((resolve, reject) => {
            this.pending.set(id, { text, resolve, reject });
            worker.postMessage({ id, text } satisfies ParseRequest);
        });
    }

    private ensureWorker(): Worker {
        if (this.worker) return this.worker;
        // Required here, with the first parse: activation builds the client but parses nothing,
        // and node:worker_threads is one more module for it to load (docs/performance.md).
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const threads = require("node:worker_threads") as typeof import("node:worker_threads");
        const worker = new threads.Worker(this.workerPath);
        // The worker must not keep a test process (or a closing host) alive.
        worker.unref();
        worker.on("message", (response: ParseResponse) => this.answer(response));
        worker.on("error", (error) => this.failAll(error));
        worker.on("exit", (code) => {
            if (this.worker === worker) this.worker = undefined;
            this.failAll(new Error(`The HogQL parser stopped (exit code ${code}).`));
        });
        this.worker = worker;
        return worker;
    }

    private answer(response: ParseResponse): void {
        const pending = this.pending.get(response.id);
        if (!pending) return;
        this.pending.delete(response.id);
        if (response.failure !== undefined) {
            pending.reject(new Error(response.failure));
            return;
        }
        try {
            const parsed = readParseResult(pending.text, response.json);
            this.remember(pending.text, parsed);
            pending.resolve(parsed);
        } catch (error) {
            pending.reject(error instanceof Error ? error : new Error(String(error)));
        }
    }

    private remember(text: string, parsed: Parsed): void {
        this.cache.set(text, parsed);
        if (this.cache.size > CACHE_SIZE) {
            const oldest = this.cache.keys().next();
            if (!oldest.done) this.cache.delete(oldest.value);
        }
    }

    private failAll(error: Error): void {
        for (const pending of this.pending.values()) pending.reject(error);
        this.pending.clear();
    }

    dispose(): void {
        this.disposed = true;
        const worker = this.worker;
        this.worker = undefined;
        this.failAll(new Error("The HogQL parser was stopped."));
        void worker?.terminate();
    }
}
