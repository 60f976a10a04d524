// Whether and how a result's bytes are compressed on their way to the results page.
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";

/** Results smaller than this go as they are: compressing them saves too little to matter. */
export const compressFromBytes = 64 * 1024;

const gzipAsync = promisify(gzip);

/**
 * Each result's bytes are compressed once: the page of a panel that was hidden is discarded,
 * and the new page asks for the same bytes again (each time the user comes back to the tab).
 * Kept while the bytes are.
 */
const compressed = new WeakMap<Uint8Array, Promise<Uint8Array | null>>();

/**
 * The bytes gzip-compressed at the fastest level, on libuv's thread pool (the extension host's
 * thread only collects the output, 1 MB chunks): a result's JSON shrinks to about a quarter. In
 * code-server everything posted to a webview crosses the workbench's websocket and is copied on
 * the browser's main thread. A large result sent plain often made V8 collect the workbench's
 * whole heap while it arrived; compressed, that was rare and every row was sortable sooner (see
 * docs/performance.md, "Results across a network"). Null if compressing fails: the bytes then go
 * plain.
 */
export function gzipped(bytes: Uint8Array): Promise<Uint8Array | null> {
    let packed = compressed.get(bytes);
    if (!packed) {
        packed = gzipAsync(bytes, { level: constants.Z_BEST_SPEED, chunkSize: 1 << 20 }).catch(
            () => null,
        );
        compressed.set(bytes, packed);
    }
    return packed;
}
