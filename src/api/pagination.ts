import type { ApiCore, CallOptions } from "./core";
import { localError } from "./errors";
import type { Page } from "./types/common";

/**
 * Checks a `next` link before anything is sent: it may be absolute (as the real service sends
 * it) or relative, but must resolve to the configured origin, otherwise the key would go to
 * another host. Returns the resolved URL; throws a PostHogApiError with code
 * `cross_origin_next` otherwise.
 */
export function checkNextUrl(next: string, origin: string): URL {
    let url: URL;
    try {
        url = new URL(next, origin);
    } catch {
        throw localError(
            { method: "GET", path: "(next page)" },
            {
                code: "invalid_next",
                message: "The server sent a next-page link that is not a URL.",
                userMessage: "The server sent an invalid next-page link; refresh and try again.",
            },
        );
    }
    if (url.origin !== origin) {
        throw localError(
            { method: "GET", path: url.pathname },
            {
                code: "cross_origin_next",
                message: `Refused to follow a next-page link to ${url.origin}: it is not the configured host ${origin}.`,
                userMessage: `The server's next-page link points to another host (${url.origin}); check the host setting (it must match the server's own address).`,
            },
        );
    }
    return url;
}

/**
 * An async iterator over the pages of a list, following `next`. Iterate it for pages, or use
 * {@link PageIterator.items} for the records one by one.
 */
export class PageIterator<T> implements AsyncIterable<Page<T>> {
    constructor(
        private readonly core: ApiCore,
        private readonly first: () => Promise<Page<T>>,
        private readonly opts?: CallOptions,
    ) {}

    async *[Symbol.asyncIterator](): AsyncGenerator<Page<T>, void, undefined> {
        let page = await this.first();
        yield page;
        while (page.next) {
            page = await fetchPage<T>(this.core, page.next, this.opts);
            yield page;
        }
    }

    /** The records of every page, in order. */
    async *items(): AsyncGenerator<T, void, undefined> {
        for await (const page of this) yield* page.results;
    }

    /** Collects records until the list ends or `max` records are collected. */
    async all(max = Number.POSITIVE_INFINITY): Promise<T[]> {
        const out: T[] = [];
        for await (const item of this.items()) {
            if (out.length >= max) break;
            out.push(item);
        }
        return out;
    }
}

/** Fetches the page a `next` link names, after checking its origin. */
export async function fetchPage<T>(
    core: ApiCore,
    next: string,
    opts?: CallOptions,
): Promise<Page<T>> {
    const url = checkNextUrl(next, core.http.origin);
    const res = await core.call<Page<T>>({ method: "GET", url: url.href }, opts);
    return normalizePage(res.data);
}

/** Fills in missing envelope fields so that callers can rely on them. */
export function normalizePage<T>(data: unknown): Page<T> {
    const page = (typeof data === "object" && data !== null ? data : {}) as Partial<Page<T>>;
    const results = Array.isArray(page.results) ? page.results : [];
    return {
        ...page,
        count: typeof page.count === "number" ? page.count : results.length,
        next: typeof page.next === "string" && page.next !== "" ? page.next : null,
        previous: typeof page.previous === "string" && page.previous !== "" ? page.previous : null,
        results,
    };
}
