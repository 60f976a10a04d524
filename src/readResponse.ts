import type { QueryResponse } from "./api";
import type { ResultLayout } from "./api/queryBytes";
import { lazily } from "./lazily";

/** The reader and the scan and lossless parse under it, loaded on the first read. */
const reader = lazily(() => import("./api/queryBytes"));

/**
 * A run's response read from its bytes (../api/queryBytes.ts readResponse), for the features
 * that activation registers: they take the reader from here, so activation does not load it.
 */
export async function readResponse<T = QueryResponse>(run: {
    bytes: Uint8Array;
    layout: ResultLayout;
}): Promise<T> {
    return (await reader()).readResponse<T>(run);
}
