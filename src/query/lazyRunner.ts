import type * as vscode from "vscode";
import { lazily } from "../lazily";
import type { QueryRunner, QueryRunnerDeps } from "./queryRunner";

/**
 * The query runner as the context holds it: its code (./queryRunner.ts, with the run status item,
 * variables and result presentation) loads with the first run, not at activation. Until then
 * nothing runs, so nothing is running or to cancel.
 */
export class LazyQueryRunner
    implements
        Pick<QueryRunner, "isRunning" | "cancelAll" | "run" | "runStatement">,
        vscode.Disposable
{
    private runner: QueryRunner | undefined;
    private disposed = false;
    private readonly load = lazily(async () => {
        const { QueryRunner } = await import("./queryRunner");
        // Deactivated while loading: a run in flight ends as cancelled, which nobody is told of.
        if (this.disposed) throw new DOMException("deactivated", "AbortError");
        this.runner ??= new QueryRunner(this.deps);
        return this.runner;
    });

    constructor(private readonly deps: QueryRunnerDeps) {}

    get isRunning(): boolean {
        return this.runner?.isRunning ?? false;
    }

    cancelAll(): number {
        return this.runner?.cancelAll() ?? 0;
    }

    async run(...args: Parameters<QueryRunner["run"]>): ReturnType<QueryRunner["run"]> {
        return (await this.load()).run(...args);
    }

    async runStatement(
        ...args: Parameters<QueryRunner["runStatement"]>
    ): ReturnType<QueryRunner["runStatement"]> {
        return (await this.load()).runStatement(...args);
    }

    dispose(): void {
        this.disposed = true;
        this.runner?.dispose();
    }
}
