// "Copy as cURL": the request that runs a query, for a terminal. The key is never part of it:
// the command reads it from the `POSTHOG_API_KEY` environment variable. Pure: no `vscode`.
import type { QueryNode } from "../api";

/** What the command line needs: where, which project, the query. Deliberately no key. */
export interface CurlRequest {
    host: string;
    /** The project id; a placeholder variable when nobody is signed in. */
    projectId: string | undefined;
    query: QueryNode;
    /** Query-log name (at most 128 characters on the service). */
    name?: string;
}

/** Quotes `text` for a POSIX shell: single quotes, with `'` written as `'\''`. */
export function shellQuote(text: string): string {
    return `'${text.replace(/'/g, "'\\''")}'`;
}

/** A `curl` command line for `POST /api/projects/{id}/query/`, split over lines with `\`. */
export function buildCurl(request: CurlRequest): string {
    const host = request.host.replace(/\/+$/, "");
    const project = request.projectId
        ? encodeURIComponent(request.projectId)
        : "${POSTHOG_PROJECT_ID}";
    const body: Record<string, unknown> = { query: request.query };
    if (request.name) body.name = request.name.slice(0, 128);
    // The URL is double-quoted only when it holds the project placeholder, so the shell fills it.
    const url = `${host}/api/projects/${project}/query/`;
    return [
        `curl -sS -X POST ${request.projectId ? shellQuote(url) : `"${url}"`}`,
        `  -H "Authorization: Bearer $POSTHOG_API_KEY"`,
        `  -H 'Content-Type: application/json'`,
        `  --data-raw ${shellQuote(JSON.stringify(body))}`,
    ].join(" \\\n");
}
