// How activation wires the extension, apart from VS Code so a unit test can run it: build every
// piece, then register the pieces with VS Code one step at a time, all under one `try`, so a
// failure anywhere (building included) is reported and what was built is disposed.

/** One step of activation: registers pieces the context already built. */
export interface ActivationStep<C> {
    /** Named in the log when the step fails. */
    readonly name: string;
    register(ctx: C): void;
}

/** The step name reported when building the context itself fails. */
export const BUILD_STEP = "building the extension's pieces";

/**
 * Builds the context with `build`, then runs `steps` in order. On a failure it calls `report`
 * with the step's name and the error, disposes the context if it was built, and rethrows.
 */
export function activateSteps<C extends { dispose(): void }>(
    build: () => C,
    steps: readonly ActivationStep<C>[],
    report: (step: string, error: unknown) => void,
): C {
    let step = BUILD_STEP;
    let ctx: C | undefined;
    try {
        ctx = build();
        for (const next of steps) {
            step = next.name;
            next.register(ctx);
        }
        return ctx;
    } catch (error) {
        report(step, error);
        ctx?.dispose();
        throw error;
    }
}
