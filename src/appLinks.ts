// Links into the PostHog app (Open in PostHog, a created cohort, the Markdown of an experiment).
// Each is built from the host's checked origin, never from the setting as written: a workspace
// can set the host, and a link goes to `openExternal` and into Markdown. Pure: no `vscode`.
import { normalizeHost } from "./api/host";

/** A path segment with every character outside RFC 3986's unreserved set percent-encoded. */
function segment(value: string | number): string {
    return encodeURIComponent(String(value)).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
}

/**
 * `https://host/a/b/c`: the checked origin of `host`, then `segments`, each encoded (ids from the
 * server cannot add a path, a query or a Markdown bracket). Throws when the host is not usable.
 */
export function appLink(host: string, ...segments: (string | number)[]): string {
    return [normalizeHost(host), ...segments.map(segment)].join("/");
}
