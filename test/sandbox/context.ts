// What every handler gets, and what it returns.
import type { KeyInfo } from "./auth";
import type { HogQLEngine } from "./hogql/engine";
import type { Json, SandboxState } from "./types";

export interface Ctx {
    method: string;
    /** normalised path: no trailing slash, /api/environments/ rewritten to /api/projects/ */
    path: string;
    query: URLSearchParams;
    /** the path as received (keeps the trailing slash and the environments prefix) */
    rawPath: string;
    /** parsed JSON body ({} when empty) */
    body: { [key: string]: unknown };
    /** e.g. http://127.0.0.1:43123 (https:// over TLS), taken from the request's Host header */
    origin: string;
    projectId: number;
    key: KeyInfo;
    state: SandboxState;
    engine: HogQLEngine;
    asyncPolls: number;
    /** regex captures of the matched route */
    params: string[];
    /** set by the "slow" fault for handlers that delay themselves (blocking queries) */
    delayMs: number;
}

export interface Reply {
    status: number;
    /** undefined = empty body */
    body?: Json;
    headers?: Record<string, string>;
}

export function ok(body: Json, status = 200): Reply {
    return { status, body };
}

export function intParam(value: string | null, fallback: number): number | null {
    if (value === null || value === "") return fallback;
    if (!/^\d+$/.test(value)) return null;
    return Number(value);
}

/** Absolute page links built from the request's Host, like DRF's LimitOffsetPagination. */
export function pageLinks(
    ctx: Ctx,
    count: number,
    limit: number,
    offset: number,
): { next: string | null; previous: string | null } {
    const link = (newOffset: number): string => {
        const params = new URLSearchParams(ctx.query);
        params.set("limit", String(limit));
        if (newOffset > 0) params.set("offset", String(newOffset));
        else params.delete("offset");
        return `${ctx.origin}${ctx.rawPath}?${params.toString()}`;
    };
    return {
        next: offset + limit < count ? link(offset + limit) : null,
        previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    };
}
