/** Version sent in the User-Agent; keep in step with package.json (src/api can't import it). */
export const CLIENT_VERSION = "0.1.0";

/** Default `User-Agent` header value. */
export const USER_AGENT = `posthog-workbench/${CLIENT_VERSION}`;
