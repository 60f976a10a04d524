// Messages between the extension host (client.ts) and the finder's worker thread (worker.ts).
import type { CodeLanguage, FindLimits, FindResult } from "./types";

/** Find the calls in one file's text. */
export interface FindRequest {
    /** Matches the response to the request. */
    id: number;
    /** The file's text. */
    text: string;
    /** The language to read it as. */
    language: CodeLanguage;
    /** Limits other than the defaults. */
    limits?: Partial<FindLimits>;
}

/** The calls found, or why finding them failed (a grammar that would not load, say). */
export interface FindResponse {
    /** The request's id. */
    id: number;
    /** The result, when the finder ran. */
    result?: FindResult;
    /** The error's message, when it did not. */
    failure?: string;
}
