import type * as Crypto from "node:crypto";

let loaded: typeof Crypto | undefined;

/**
 * Node's `crypto`, required on first use: loading it took a cold extension host about 4-5 ms of
 * CPU, a third of activation's budget (docs/performance.md, "Activation"), and activation itself
 * hashes and draws no ids.
 */
export function nodeCrypto(): typeof Crypto {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded ??= require("node:crypto") as typeof Crypto;
    return loaded;
}
