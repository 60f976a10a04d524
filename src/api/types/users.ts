/** The current user (`GET /api/users/@me/`); only the fields the extension reads are typed. */
export interface CurrentUser {
    /** Numeric user id. */
    id?: number;
    /** User UUID. */
    uuid: string;
    /** Distinct id. */
    distinct_id?: string;
    /** First name. */
    first_name: string;
    /** Last name. */
    last_name?: string;
    /** E-mail address. */
    email: string;
    /** The current team (project) summary. */
    team?: { id: number; name?: string; [key: string]: unknown } | null;
    /** The current organization summary. */
    organization?: { id: string; name?: string; [key: string]: unknown } | null;
    /** Organizations the user belongs to. */
    organizations?: { id: string; name?: string; [key: string]: unknown }[];
    /** Unknown fields are kept. */
    [key: string]: unknown;
}
