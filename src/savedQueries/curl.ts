// "Copy as cURL": the request that runs a query, for a terminal. The key is never part of it:
// the command reads it from the `POSTHOG_API_KEY` environment variable. Pure: no `vscode`.
//
// The host can come from a workspace's settings and the query, its name and the project id from
// files anyone may have written, so every one of them is single-quoted, where a POSIX shell reads
// nothing. Only the two variables stand outside the single quotes, each alone in double quotes
// (`'https://host/api/projects/'"$POSTHOG_PROJECT_ID"'/query/'`), where the shell expands the
// variable and nothing else: no word splitting, no globbing, no command substitution.
import type { QueryNode } from "../api";
import { normalizeHost } from "../api/host";

/** What the command line needs: where, which project, the query. Deliberately no key. */
export interface CurlRequest {
    /** The PostHog host; checked with `checkHost`, and refused (thrown) when not usable. */
    host: string;
    /** The project id; a placeholder variable when nobody is signed in. */
    projectId: string | undefined;
    query: QueryNode;
    /** Query-log name (at most 128 characters on the service). */
    name?: string;
}

/**
 * Quotes `text` for a POSIX shell: single quotes, with `'` written as `'"'"'` (close, a quote
 * inside double quotes, reopen), so that no backslash escape stands outside the quotes.
 */
export function shellQuote(text: string): string {
    return `'${text.replace(/'/g, `'"'"'`)}'`;
}

/**
 * A `curl` command line for `POST /api/projects/{id}/query/`, split over lines with `\`.
 * Throws when the host is not usable (its reason says why).
 */
export function buildCurl(request: CurlRequest): string {
    const origin = normalizeHost(request.host);
    const body: Record<string, unknown> = { query: request.query };
    if (request.name) body.name = request.name.slice(0, 128);
    // `$NAME` rather than `${NAME}`: fish reads the first form too.
    const url = request.projectId
        ? shellQuote(`${origin}/api/projects/${encodeURIComponent(request.projectId)}/query/`)
        : `${shellQuote(`${origin}/api/projects/`)}"$POSTHOG_PROJECT_ID"${shellQuote("/query/")}`;
    return [
        `curl -sS -X POST ${url}`,
        `  -H ${shellQuote("Authorization: Bearer ")}"$POSTHOG_API_KEY"`,
        `  -H ${shellQuote("Content-Type: application/json")}`,
        `  --data-raw ${shellQuote(JSON.stringify(body))}`,
    ].join(" \\\n");
}
