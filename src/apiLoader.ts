import { join } from "node:path";
import type * as Api from "./api";

let loaded: typeof Api | undefined;

/**
 * The API client (and undici under it) is a bundle of its own, dist/api.js, required the first
 * time something talks to PostHog, so activation does not pay for the HTTP stack.
 */
export function loadApi(): typeof Api {
    // A computed path keeps esbuild from inlining the bundle into extension.js.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded ??= require(join(__dirname, "api.js")) as typeof Api;
    return loaded;
}
