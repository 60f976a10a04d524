/**
 * The HogQL parser's home: a worker thread (bundled as dist/hogqlParser.js) that loads PostHog's
 * own parser, `@posthog/hogql-parser` (PostHog's ANTLR grammar compiled to WebAssembly, the same
 * grammar the server parses with), and answers parse requests. Loading it and parsing a long
 * query each take long enough to be felt (see docs/performance.md, "HogQL parser worker"), so
 * neither runs on the extension host's main thread.
 */
import { parentPort } from "node:worker_threads";
import type { ParseRequest, ParseResponse } from "./protocol";
// `require`, so the bundle takes the package's CommonJS build (its ES build needs import.meta).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import hogqlParser = require("@posthog/hogql-parser");

const port = parentPort;
if (!port) throw new Error("hogqlParser.js runs only as a worker thread");

const parser = hogqlParser.default();

port.on("message", (request: ParseRequest) => {
    parser.then(
        (p) => {
            const json = p.parseSelect(request.text);
            port.postMessage({ id: request.id, json } satisfies ParseResponse);
        },
        (error: unknown) =>
            port.postMessage({
                id: request.id,
                failure: error instanceof Error ? error.message : String(error),
            } satisfies ParseResponse),
    );
});
