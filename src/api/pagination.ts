import type { ApiCore, CallOptions } from "./core";
import { localError } from "./errors";
import { hasDotSegment } from "./paths";
import type { Page } from "./types/common";

/** Marks a page whose server sent no `count` (the filled-in one says nothing about the list). */
const COUNT_ABSENT = Symbol("countAbsent");

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
    // Checked on the link as sent: the URL parser has already collapsed `..` in `url`.
    if (hasDotSegment(next.split(/[?#]/)[0].replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ""))) {
        throw localError(
            { method: "GET", path: url.pathname },
            {
                code: "invalid_next",
                message: `Refused a next-page link with a "." or ".." segment: ${url.pathname}`,
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

/** Most pages one iteration follows unless told otherwise (20 000 records at 100 a page). */
export const DEFAULT_MAX_PAGES = 200;

/** Options of a {@link PageIterator}. */
export interface PageOptions extends CallOptions {
    /** Most pages followed; past it the iteration fails with code `too_many_pages`. */
    maxPages?: number;
}

/**
 * An async iterator over the pages of a list, following `next`. Iterate it for pages, or use
 * {@link PageIterator.items} for the records one by one. It always ends by itself: a `next` that
 * repeats an earlier page fails with code `pagination_loop`, a list longer than `maxPages` pages
 * with `too_many_pages`, and a list that keeps going after the `count` it announced ends there.
 */
export class PageIterator<T> implements AsyncIterable<Page<T>> {
    constructor(
        private readonly core: ApiCore,
        private readonly first: () => Promise<Page<T>>,
        private readonly opts?: PageOptions,
    ) {}

    async *[Symbol.asyncIterator](): AsyncGenerator<Page<T>, void, undefined> {
        const maxPages = this.opts?.maxPages ?? DEFAULT_MAX_PAGES;
        let page: Page<T> & { [COUNT_ABSENT]?: true } = await this.first();
        const seen = new Set<string>();
        let records = page.results.length;
        let pages = 1;
        yield page;
        while (page.next) {
            const url = checkNextUrl(page.next, this.core.http.origin);
            if (seen.has(url.href)) throw loopError(url, "pagination_loop", pages);
            // Past the announced count a next link can only be a server that never runs out;
            // a capped count is only a lower bound, so there the next link is believed.
            const countIsTotal = page[COUNT_ABSENT] !== true && page.count_is_capped !== true;
            if (countIsTotal && page.count > 0 && records >= page.count) return;
            if (pages >= maxPages) throw loopError(url, "too_many_pages", pages);
            seen.add(url.href);
            page = await fetchPage<T>(this.core, url.href, this.opts);
            records += page.results.length;
            pages += 1;
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

function loopError(url: URL, code: "pagination_loop" | "too_many_pages", pages: number) {
    return localError(
        { method: "GET", path: url.pathname },
        code === "pagination_loop"
            ? {
                  code,
                  message: `The server's next-page link repeats a page already read (after ${pages} pages); stopped.`,
                  userMessage:
                      "The server kept sending the same page of the list; stopped reading it. Refresh to try again.",
              }
            : {
                  code,
                  message: `The list has more than ${pages} pages; stopped.`,
                  userMessage: `The list has more than ${pages} pages; stopped reading it. Narrow it with a search or filter.`,
              },
    );
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
export function normalizePage<T>(data: unknown): Page<T> & { [COUNT_ABSENT]?: true } {
    const page = (typeof data === "object" && data !== null ? data : {}) as Partial<Page<T>>;
    const results = Array.isArray(page.results) ? page.results : [];
    return {
        ...page,
        count: typeof page.count === "number" ? page.count : results.length,
        next: typeof page.next === "string" && page.next !== "" ? page.next : null,
        previous: typeof page.previous === "string" && page.previous !== "" ? page.previous : null,
        results,
        ...(typeof page.count === "number" ? {} : { [COUNT_ABSENT]: true as const }),
    };
}
