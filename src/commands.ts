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
 * Registers the commands `ids` (package.json's `contributes.commands`) in one loop, as stubs: the
 * first one run loads the table with `load` (and with it the features' code), so activation does
 * not pay for code no command has needed yet. The activation test checks that the table and
 * package.json list the same commands.
 */
export function registerLazyCommands<D extends DisposablesDep & ErrorReportDep>(
    deps: D,
    ids: readonly string[],
    load: () => Promise<readonly CommandSpec<D>[]>,
): void {
    let table: Promise<Map<string, CommandSpec<D>>> | undefined;
    for (const id of ids)
        deps.push(
            vscode.commands.registerCommand(id, async (...args: unknown[]) => {
                table ??= load().then((specs) => new Map(specs.map((s) => [s.id, s])));
                let spec: CommandSpec<D> | undefined;
                try {
                    spec = (await table).get(id);
                } catch (error) {
                    // The code did not load (a damaged install): say so; the next run retries.
                    table = undefined;
                    await deps.reportError(id, error);
                    return undefined;
                }
                if (!spec) throw new Error(`command ${id} is contributed but has no handler`);
                return runCommand(deps, spec, args);
            }),
        );
}

/** The ids of the commands package.json contributes. */
export function contributedCommands(extension: vscode.ExtensionContext): string[] {
    const json = extension.extension.packageJSON as {
        contributes?: { commands?: { command: string }[] };
    };
    return (json.contributes?.commands ?? []).map((c) => c.command);
}

/**
 * Runs one command. Errors are reported uniformly (log + one sentence with "Show Log"), so a
 * command's body only has to throw.
 */
async function runCommand<D extends ErrorReportDep>(
    deps: D,
    spec: CommandSpec<D>,
    args: unknown[],
): Promise<unknown> {
    try {
        const value = await spec.run(deps, ...args);
        return spec.returnsValue ? value : undefined;
    } catch (error) {
        if (isCancellation(error)) return undefined;
        await deps.reportError(spec.title, error);
        return undefined;
    }
}

function isCancellation(error: unknown): boolean {
    return (
        error instanceof vscode.CancellationError ||
        (error instanceof Error && (error.name === "AbortError" || error.name === "Canceled"))
    );
}
