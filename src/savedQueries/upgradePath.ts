// Which way a saved query is upgraded: PostHog's `/query/upgrade/` when the key may use it, else
// the same migrations run locally (src/savedQueries/migrations/). Pure: no `vscode`, so unit
// tests drive it against the sandbox.
import type { CallOptions, PostHogClient, QueryNode } from "../api";
import type { Json } from "./migrations/base";
import { upgradeLocally } from "./migrations/upgrade";

/** Where an upgrade came from. */
export type UpgradePath = "service" | "local-refused" | "local-offline";

/** The API's error tests, passed in because the API bundle is loaded apart from this code. */
export interface UpgradeErrorTests {
    isScopedKeyRefusal(err: unknown): boolean;
    isUnreachable(err: unknown): boolean;
}

// Keys the service refused, per client (a client belongs to one key): later upgrades with the
// same key go local at once instead of asking again.
const refusedClients = new WeakSet<PostHogClient>();

/** Upgrades nodes one by one and remembers which path produced them. */
export class Upgrader {
    /** The path of the last upgrade; "local-*" once any node had to be upgraded locally. */
    path: UpgradePath = "service";

    constructor(
        private readonly client: PostHogClient,
        private readonly errors: UpgradeErrorTests,
    ) {
        if (refusedClients.has(client)) this.path = "local-refused";
    }

    async upgrade(node: QueryNode, opts?: CallOptions): Promise<QueryNode> {
        if (this.path === "service") {
            try {
                return (await this.client.upgradeQuery(node, opts)).query;
            } catch (error) {
                if (opts?.signal?.aborted) throw error;
                // PostHog refuses this endpoint to every personal API key (the contract gives it
                // no PersonalAPIKeyAuth), and the client says so without asking.
                if (this.errors.isScopedKeyRefusal(error)) {
                    refusedClients.add(this.client);
                    this.path = "local-refused";
                } else if (this.errors.isUnreachable(error)) {
                    // The migrations are deterministic and nothing is written before the user
                    // has seen the diff, whose title says it was computed locally.
                    this.path = "local-offline";
                } else throw error;
            }
        }
        return upgradeLocally(node as unknown as Json) as unknown as QueryNode;
    }
}

/** The diff title's words for a path. */
export function describeUpgradePath(path: UpgradePath): string {
    if (path === "service") return "upgraded by PostHog";
    if (path === "local-refused")
        return "upgraded locally with PostHog's migrations (PostHog's upgrade endpoint refuses personal API keys)";
    return "upgraded locally with PostHog's migrations (PostHog could not be reached)";
}
