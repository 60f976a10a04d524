import * as vscode from "vscode";
import type { ActivationStep } from "./activation";

/**
 * What the integration tests reach the running extension through. It is never an export: any
 * installed extension can read `getExtension(...).exports`, and the context reaches the key
 * (`ctx.auth.keys`). Only a run with ExtensionMode.Test (VS Code sets it when it runs an
 * extension's tests) publishes it, on a global symbol of the extension host.
 */
export interface TestApi<C> {
    /** The extension's context (src/ctx.ts), which activation passes in. */
    ctx: C;
}

/** The global symbol the test API is published on. */
export const TEST_API = Symbol.for("posthog-workbench.testApi");

/** Publishes the test API when, and only when, the extension runs in test mode. */
export function publishForTests<C>(context: vscode.ExtensionContext, ctx: C): void {
    if (context.extensionMode !== vscode.ExtensionMode.Test) return;
    (globalThis as Record<symbol, unknown>)[TEST_API] = { ctx } satisfies TestApi<C>;
}

/** Removes the test API (deactivation). */
export function unpublishForTests(): void {
    delete (globalThis as Record<symbol, unknown>)[TEST_API];
}

/**
 * Names one activation step that must fail, for the integration test of a failed activation
 * (test/integration/activationFailure.test.ts sets it in the extension host's environment).
 */
export const FAIL_STEP_ENV = "POSTHOG_WORKBENCH_TEST_FAIL_STEP";

/**
 * The activation steps, the one {@link FAIL_STEP_ENV} names made to throw once it has registered
 * its pieces, so a test sees the real report-and-dispose path in a real editor. Inert outside
 * ExtensionMode.Test: an installed extension never reads the variable and gets `steps` as given.
 */
export function withForcedFailure<C>(
    context: vscode.ExtensionContext,
    steps: readonly ActivationStep<C>[],
): readonly ActivationStep<C>[] {
    if (context.extensionMode !== vscode.ExtensionMode.Test) return steps;
    const failing = process.env[FAIL_STEP_ENV];
    if (!failing) return steps;
    return steps.map((step) =>
        step.name !== failing
            ? step
            : {
                  name: step.name,
                  register(ctx: C) {
                      step.register(ctx);
                      throw new Error(`${step.name} failed on purpose (${FAIL_STEP_ENV})`);
                  },
              },
    );
}
