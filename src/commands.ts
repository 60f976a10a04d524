import * as vscode from "vscode";
import type { Ctx } from "./ctx";

/** A command of the extension: its id (as contributed in package.json) and what it does. */
export interface CommandSpec {
    /** Full command id, `posthog-workbench.<name>`. */
    id: string;
    /** Shown in the error message when the command throws: "<title> failed: ...". */
    title: string;
    run(ctx: Ctx, ...args: unknown[]): unknown;
}

/**
 * Registers every command in one loop. Errors are reported uniformly (log + one sentence with
 * "Show Log"), so a command's body only has to throw.
 */
export function registerCommands(ctx: Ctx, specs: readonly CommandSpec[]): void {
    for (const spec of specs) {
        ctx.push(
            vscode.commands.registerCommand(spec.id, async (...args: unknown[]) => {
                try {
                    return await spec.run(ctx, ...args);
                } catch (error) {
                    if (isCancellation(error)) return undefined;
                    await ctx.reportError(spec.title, error);
                    return undefined;
                }
            }),
        );
    }
}

function isCancellation(error: unknown): boolean {
    return (
        error instanceof vscode.CancellationError ||
        (error instanceof Error && (error.name === "AbortError" || error.name === "Canceled"))
    );
}
