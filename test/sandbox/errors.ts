// Error bodies in the shape the real service uses: {type, code, detail, attr} (+ extra).
import type { JsonObject } from "./types";

export type ErrorType =
    | "validation_error"
    | "authentication_error"
    | "invalid_request"
    | "throttled_error"
    | "server_error";

/** A handler throws this to answer with an error; the router turns it into a response. */
export class ApiError extends Error {
    constructor(
        readonly status: number,
        readonly body: JsonObject | null,
        readonly headers: Record<string, string> = {},
    ) {
        super(typeof body?.detail === "string" ? body.detail : `HTTP ${status}`);
    }
}

export function errorBody(
    type: ErrorType,
    code: string,
    detail: string,
    attr: string | null = null,
    extra?: JsonObject,
): JsonObject {
    const body: JsonObject = { type, code, detail, attr };
    if (extra) body.extra = extra;
    return body;
}

export function notFound(): ApiError {
    return new ApiError(404, errorBody("invalid_request", "not_found", "Not found."));
}

export function validation(detail: string, attr: string | null = null, code = "invalid_input") {
    return new ApiError(400, errorBody("validation_error", code, detail, attr));
}

export function permissionDenied(detail: string): ApiError {
    return new ApiError(403, errorBody("authentication_error", "permission_denied", detail));
}

export function notAuthenticated(): ApiError {
    return new ApiError(
        401,
        errorBody(
            "authentication_error",
            "not_authenticated",
            "Authentication credentials were not provided.",
        ),
    );
}

export function authenticationFailed(): ApiError {
    return new ApiError(
        401,
        errorBody(
            "authentication_error",
            "authentication_failed",
            "Personal API key found in request Authorization header is invalid.",
        ),
    );
}

/** DRF's 429 (rest_framework throttling), with `Retry-After` in whole seconds. */
export function throttled(seconds: number): ApiError {
    return new ApiError(
        429,
        errorBody(
            "throttled_error",
            "throttled",
            `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? "" : "s"}.`,
        ),
        { "Retry-After": String(seconds) },
    );
}

export function methodNotAllowed(method: string): ApiError {
    return new ApiError(
        405,
        errorBody("invalid_request", "method_not_allowed", `Method "${method}" not allowed.`),
    );
}
