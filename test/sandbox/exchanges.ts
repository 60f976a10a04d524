// The observer every sandbox in this process reports its exchanges to, unless it was started with
// an observer of its own: a suite sets it once to check all of its traffic (test/contract/).
import type { RecordedRequest } from "./types";

let observer: ((exchange: RecordedRequest) => void) | undefined;

/** Sets (or, with undefined, removes) the observer of every sandbox without one of its own. */
export function observeAllSandboxes(fn: ((exchange: RecordedRequest) => void) | undefined): void {
    observer = fn;
}

/** Hands an exchange to the observer of every sandbox, if any. */
export function reportExchange(exchange: RecordedRequest): void {
    observer?.(exchange);
}
