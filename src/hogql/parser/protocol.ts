/** Messages between the extension host and the parser worker (parserWorker.ts). */

export interface ParseRequest {
    id: number;
    /** One HogQL SELECT statement (with or without a trailing `;`). */
    text: string;
}

export type ParseResponse =
    /** `json` is what PostHog's `parseSelect` returned: an AST or an error object, as JSON. */
    | { id: number; json: string; failure?: undefined }
    /** The parser itself failed to load or threw. */
    | { id: number; failure: string; json?: undefined };
