/**
 * Scheme of the read-only event definition details: `posthog-event-definition:/<name>.md?<id>`.
 * On its own so activation registers the scheme (src/lazyViews.ts) without the documents' code.
 */
export const DETAILS_SCHEME = "posthog-event-definition";
