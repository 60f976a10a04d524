// The bundle's entry, dist/codeCalls.js: run as a worker thread it answers FindRequests (so that
// parsing a large file never blocks the extension host); required directly it exports the finder.
import { isMainThread, parentPort } from "node:worker_threads";
import { findCalls } from "./bundled";
import type { FindRequest, FindResponse } from "./protocol";

export { findCalls, isCodeLanguage } from "./bundled";

if (!isMainThread && parentPort) {
    const port = parentPort;
    port.on("message", (request: FindRequest) => {
        findCalls(request.text, request.language, request.limits).then(
            (result) => port.postMessage({ id: request.id, result } satisfies FindResponse),
            (error: unknown) =>
                port.postMessage({
                    id: request.id,
                    failure: error instanceof Error ? error.message : String(error),
                } satisfies FindResponse),
        );
    });
}
