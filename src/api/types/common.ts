/** A JSON value as the service sends it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The paginated list envelope (api.md 2.6). `next` and `previous` are absolute URLs on the real
 * service; the client follows them only on the configured host's origin.
 */
export interface Page<T> {
    /** Total number of matching records (may be capped on some endpoints). */
    count: number;
    /** Absolute URL of the next page, or null on the last page. */
    next: string | null;
    /** Absolute URL of the previous page, or null on the first page. */
    previous: string | null;
    /** The records on this page. */
    results: T[];
    /**
     * True when `count` stopped at a cap (PostHog's CappedCountLimitOffsetPagination): it is then
     * a lower bound, and `next` goes on past it.
     */
    count_is_capped?: boolean;
    /** Unknown envelope fields are kept. */
    [key: string]: unknown;
}

/** The user summary embedded as `created_by` and similar fields (api.md 2.5). */
export interface UserSummary {
    /** Numeric user id. */
    id: number;
    /** User UUID. */
    uuid: string;
    /** The user's distinct id in PostHog's own analytics. */
    distinct_id: string;
    /** First name. */
    first_name: string;
    /** Last name (may be empty). */
    last_name?: string;
    /** E-mail address. */
    email: string;
    /** Whether the e-mail address has been verified. */
    is_email_verified?: boolean | null;
    /** Hedgehog avatar settings (opaque). */
    hedgehog_config?: Record<string, unknown> | null;
    /** Role in the organization, e.g. `engineering`. */
    role_at_organization?: string | null;
    /** Unknown fields are kept. */
    [key: string]: unknown;
}
