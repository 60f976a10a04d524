// Public surface of the API client. Bundled alone into dist/api.js; imports nothing from vscode.
export { PostHogClient, type PostHogClientOptions } from "./client";
export type { BearerSource } from "./bearer";
export { clientWithBearer } from "./bearerClient";
export type { CallOptions } from "./core";
export {
    PostHogApiError,
    PostHogCancelledError,
    isCancellation,
    isPostHogApiError,
    isScopedKeyRefusal,
    isUnreachable,
    parseRetryAfter,
    type HogQLError,
} from "./errors";
export {
    TRANSITION_BUSY_CODE,
    transitionExperiment,
    type TransitionAction,
    type TransitionBodies,
    type TransitionBody,
    type TransitionOutcome,
    type TransitionResult,
} from "./experimentTransition";
export { forbiddenCause, forbiddenMessage, type ForbiddenCause } from "./forbidden";
export { checkHost, isLoopbackHostname, normalizeHost, type HostCheck } from "./host";
export type { Timeouts } from "./http";
export type { LogFn, LogLevel } from "./log";
export type { NetworkSettings } from "./network";
export {
    OAuthFailure,
    OAuthHttp,
    type OAuthFailureKind,
    type OAuthHttpOptions,
    type RegisteredClient,
    type ServerMetadata,
    type TokenAnswer,
} from "./oauthHttp";
export { DEFAULT_MAX_PAGES, PageIterator, checkNextUrl, type PageOptions } from "./pagination";
export { BUDGET_EXCEEDED_CODE, type QueryCost } from "./queryBudget";
export { readResponse, type ResultLayout } from "./queryBytes";
export type { PollInterval, QueryRun, RunQueryOptions } from "./queryRun";
export { redact } from "./redact";
export type { RetryInfo, RetryOptions } from "./retry";
export { CLIENT_VERSION, USER_AGENT } from "./version";
export type * from "./types/common";
export type * from "./types/eventDefinitions";
export type * from "./types/experiments";
export type * from "./types/featureFlags";
export type * from "./types/insightVariables";
export type * from "./types/projects";
export type * from "./types/query";
export type * from "./types/users";
