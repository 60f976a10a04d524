import * as vscode from "vscode";
import type { DisposablesDep, ErrorReportDep } from "./deps";

/**
 * A command of the extension: its id (as contributed in package.json) and what it does with the
 * pieces `D` it is given.
 */
export interface CommandSpec<D> {
    /** Full command id, `posthog-workbench.<name>`. */
    id: string;
    /** Shown in the error message when the command throws: "<title> failed: ...". */
    title: string;
    /** A property, not a method, so a spec that needs more than it is given does not compile. */
    run: (deps: D, ...args: unknown[]) => unknown;
    /**
     * The command's value goes back to its caller (tests and other extensions use it). Off by
     * default: when a key, menu or the palette runs a command, the workbench receives its value
     * serialized as JSON. A run's outcomes carry the result's bytes: for a large result that was
     * a long serialization on the extension host and a long parse on the workbench's thread after
     * every Ctrl+Enter (see docs/performance.md, "Command return values").
     */
    returnsValue?: boolean;
}

/**
 * Registers every command in one loop. Errors are reported uniformly (log + one sentence with
 * "Show Log"), so a command's body only has to throw.
 */
export function registerCommands<D extends DisposablesDep & ErrorReportDep>(
    deps: D,
    specs: readonly CommandSpec<D>[],
): void {
    for (const spec of specs) {
        deps.push(
            vscode.commands.registerCommand(spec.id, async (...args: unknown[]) => {
                try {
                    const value = await spec.run(deps, ...args);
                    return spec.returnsValue ? value : undefined;
                } catch (error) {
                    if (isCancellation(error)) return undefined;
                    await deps.reportError(spec.title, error);
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
