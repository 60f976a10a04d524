// One sandbox for a mocha suite: started before the suite's tests, closed after them, with a
// client on it; the opening that the unit suites talking to the sandbox share.
import type { PostHogClient } from "../../src/api";
import type { SandboxOptions } from "../sandbox/types";
import { makeClient, startSandbox, type Sandbox } from "./api/helpers";

/** What a suite gets once its sandbox is up. */
export interface SuiteSandbox {
    /** The sandbox. */
    sb: Sandbox;
    /** A client on it with the full key and fast retries (`makeClient`). */
    client: PostHogClient;
}

/**
 * Starts a sandbox (with `options`) in the suite's `before` and hands it to `use`, which keeps
 * what the tests need; the client and the sandbox are closed in the suite's `after`.
 */
export function useSandbox(use: (suite: SuiteSandbox) => void, options: SandboxOptions = {}): void {
    let suite: SuiteSandbox | undefined;
    before(async () => {
        const sb = await startSandbox(options);
        suite = { sb, client: makeClient(sb).client };
        use(suite);
    });
    after(async () => {
        await suite?.client.close();
        await suite?.sb.close();
    });
}
