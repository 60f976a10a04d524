/** Messages about keys, kept apart so their wording is tested and consistent. */
import { userMessageOf } from "../errorText";

/** Returns a message when the text cannot be a personal API key, else undefined. */
export function checkKeyShape(key: string): string | undefined {
    if (key === "") return undefined; // empty = cancel, not an error
    if (key.startsWith("phc_"))
        return "That is a project token (phc_...), which only sends events. Create a personal API key in PostHog (Settings > Personal API keys) and paste that.";
    if (/\s/.test(key)) return "A personal API key has no spaces; paste the key alone.";
    if (key.length < 20) return "That is too short for a personal API key (phx_...).";
    return undefined;
}

/** One sentence for a failed key check, naming the host and what to do. */
export function explainKeyProblem(error: unknown, host: string): string {
    const status = (error as { status?: unknown } | null | undefined)?.status;
    const message = userMessageOf(error);
    const otherRegion = host.includes("us.posthog.com")
        ? " If your project is in the EU cloud, sign in to https://eu.posthog.com instead."
        : host.includes("eu.posthog.com")
          ? " If your project is in the US cloud, sign in to https://us.posthog.com instead."
          : "";
    if (status === 401)
        return `${host} did not accept this key: it is invalid, revoked, or from another host.${otherRegion}`;
    // The 403's own message names its cause (src/api/forbidden.ts): a missing scope, an
    // organisation that forbids personal keys, ... and only suggests another key when one helps.
    if (status === 403) return `${host} refused the key: ${message}`;
    if (status === 0) return `Could not reach ${host}: ${message}. Check the URL and your network.`;
    return `Could not check the key with ${host}: ${message}`;
}
