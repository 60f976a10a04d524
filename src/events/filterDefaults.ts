// The Event Definitions view's first filter, on its own: activation sets the view's context keys
// from it (src/lazyViews.ts) before the tree's code, which format.ts belongs to, has loaded.
import type { EventDefinitionsFilter } from "./format";

/** What the list shows first: what PostHog's own list shows first. */
export const DEFAULT_FILTER: EventDefinitionsFilter = {
    search: "",
    ordering: "name",
    includeHidden: false,
    includePostHog: true,
    usage: "all",
};
