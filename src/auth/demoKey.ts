// The sandbox's key, handed over through the environment by `npm run demo` and the UI tests. No
// `vscode` here, so the unit tests check the decision in Node.
import { checkHost, isLoopbackHostname } from "../api/host";

export const DEMO_HOST_ENV = "POSTHOG_WORKBENCH_DEMO_HOST";
export const DEMO_KEY_ENV = "POSTHOG_WORKBENCH_DEMO_KEY";

/** A key to store, and the host (an origin) it is for. */
export interface DemoKey {
    host: string;
    key: string;
}

/**
 * The key to store from `env`, or undefined. Only while the extension runs from its sources
 * (development or test mode, never `production`, an installed extension: there the environment
 * is anyone's who starts the editor, and must not plant a key) and only for a loopback host.
 */
export function demoKeyFrom(
    env: Record<string, string | undefined>,
    production: boolean,
): DemoKey | undefined {
    if (production) return undefined;
    const host = env[DEMO_HOST_ENV];
    const key = env[DEMO_KEY_ENV];
    if (!host || !key) return undefined;
    const check = checkHost(host);
    if (!check.ok || !isLoopbackHostname(new URL(check.origin).hostname)) return undefined;
    return { host: check.origin, key };
}
