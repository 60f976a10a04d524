// Where the transport's Authorization header comes from when it is not a personal API key: an
// OAuth access token that changes when it is refreshed (src/auth/oauth/tokenSource.ts).

/** The current bearer token of one host, and a way to a new one. */
export interface BearerSource {
    /** The origin whose server issued the token; the transport refuses any other. */
    readonly origin: string;
    /**
     * The token to send now, refreshed first when it is about to expire, and its generation (which
     * changes with every refresh). Rejects with a PostHogApiError when the session has ended.
     */
    current(signal?: AbortSignal): Promise<{ token: string; generation: number }>;
    /**
     * Called once when the server answered 401 to the token of `generation`. Resolves when a newer
     * token is at hand (refreshed now, or by a concurrent request already) or when the server
     * refused the refresh (the sign-in is over and `current` rejects); rejects, like `current`,
     * when the refresh got no usable answer.
     */
    renew(generation: number, signal?: AbortSignal): Promise<void>;
}
