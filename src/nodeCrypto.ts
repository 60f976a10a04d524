import type * as Crypto from "node:crypto";

let loaded: typeof Crypto | undefined;

/**
 * Node's `crypto`, required on first use: loading it is a large part of a cold activation's CPU
 * (docs/performance.md, "Activation"), and activation itself hashes and draws no ids.
 */
export function nodeCrypto(): typeof Crypto {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded ??= require("node:crypto") as typeof Crypto;
    return loaded;
}
