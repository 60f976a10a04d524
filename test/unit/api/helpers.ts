// Shared setup of the API client tests: a sandbox, a client with a captured log, key checks.
import assert from "node:assert/strict";
import { startSandbox } from "../../sandbox";
import {
    PostHogApiError,
    PostHogClient,
    type LogLevel,
    type PostHogClientOptions,
} from "../../../src/api";

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export { startSandbox };

/** A log line the client wrote. */
export interface LogLine {
    level: LogLevel;
    message: string;
}

/** A client on the sandbox with fast retry settings and a captured log. */
export function makeClient(
    sb: Sandbox,
    overrides: Partial<PostHogClientOptions> = {},
): { client: PostHogClient; logs: LogLine[] } {
    const logs: LogLine[] = [];
    const client = new PostHogClient({
        host: sb.url,
        apiKey: sb.keys.full,
        projectId: sb.projectId,
        log: (level, message) => logs.push({ level, message }),
        retry: { baseDelayMs: 20, maxDelayMs: 100, maxWaitMs: 3000 },
        ...overrides,
    });
    return { client, logs };
}

/** Awaits a promise that must reject with a PostHogApiError and returns the error. */
export async function apiError(promise: Promise<unknown>): Promise<PostHogApiError> {
    try {
        await promise;
    } catch (err) {
        if (err instanceof PostHogApiError) return err;
        throw err;
    }
    assert.fail("expected a PostHogApiError");
}

/** Every key of the sandbox (and any phx_ key or pha_/phr_ OAuth token) is absent from `text`. */
export function assertNoSecrets(sb: Sandbox, text: string): void {
    for (const key of Object.values(sb.keys)) {
        assert.ok(!text.includes(key), `a key leaked: ${text.slice(0, 200)}`);
    }
    assert.ok(
        !/ph[xar]_[A-Za-z0-9]{6,}/.test(text),
        `a key or token leaked: ${text.slice(0, 200)}`,
    );
}

/** Everything an error exposes, as text. */
export function errorText(err: PostHogApiError): string {
    return [
        err.message,
        err.userMessage,
        err.detail ?? "",
        err.stack ?? "",
        JSON.stringify(err),
    ].join("\n");
}

/** Requests the sandbox recorded for a method and a path substring. */
export function requestsTo(sb: Sandbox, method: string, pathPart: string | RegExp) {
    return sb.requests.filter(
        (r) =>
            r.method === method &&
            (typeof pathPart === "string" ? r.path.includes(pathPart) : pathPart.test(r.path)),
    );
}
