// Shared types of the sandbox. index.ts re-exports the public ones (the contract other code uses).

export interface SandboxOptions {
    port?: number;
    /**
     * The loopback address to listen on (default 127.0.0.1). The browser sign-in's UI test uses
     * another one (127.0.0.2): VS Code forwards links to localhost and 127.0.0.1 through its port
     * mapping, which re-encodes their query (see test/ui/browserSignIn.test.ts).
     */
    address?: string;
    /** extra experiments added to project 1 for paging tests */
    extraExperiments?: number;
    /** polls an async query needs before it completes (default 3) */
    asyncPolls?: number;
    /** serve https with this certificate and key (PEM) instead of plain http */
    tls?: { cert: string; key: string };
    /**
     * Called with each exchange once it is answered (or dropped). Without it, the observer of
     * every sandbox (exchanges.ts) is called: how a suite checks all traffic against the contract.
     */
    onExchange?: (exchange: RecordedRequest) => void;
}

export interface RecordedRequest {
    method: string;
    path: string;
    /** path + query string */
    url: string;
    headers: Record<string, string | undefined>;
    body: string;
    at: number;
    /** the answer, once sent (absent when the connection was dropped instead) */
    response?: RecordedResponse;
    /** the fault that shaped the answer, when one did (a "slow" one leaves it as it was) */
    fault?: FaultSpec["kind"];
    /**
     * why the test sent this request against the contract on purpose (deliberate.ts): the
     * contract check leaves out its request side, and still checks the answer
     */
    deliberate?: string;
}

/** Marks the next matching requests as deliberately breaking the contract (deliberate.ts). */
export interface DeliberateSpec {
    /** which requests: method (optional) and a substring or RegExp of the path (optional) */
    method?: string;
    path?: string | RegExp;
    /** what the test wants to see, said in the contract check's report */
    why: string;
    /** how many matching requests (default 1) */
    times?: number;
}

export interface RecordedResponse {
    status: number;
    /** the Content-Type header ("" when there is no body) */
    contentType: string;
    /** the body as text before compression ("" when empty) */
    body: string;
}

export interface FaultSpec {
    /** which requests: method (optional) and a substring or RegExp of the path (optional = all non-admin requests) */
    method?: string;
    path?: string | RegExp;
    kind:
        | "429"
        | "429-no-retry-after"
        | "500-html"
        | "502-html"
        | "503"
        | "504-html"
        | "slow"
        | "reset"
        | "malformed-json"
        | "oversized"
        | "empty-body"
        | "error-key"
        | "detail-only"
        | "redirect";
    /** how many matching requests it applies to (default 1; Infinity = until cleared) */
    times?: number;
    /** for "slow": delay in ms before answering normally; for "429": Retry-After seconds (default 1) */
    delayMs?: number;
    retryAfter?: number;
    /** for "redirect": absolute URL to send a 302 Location to */
    location?: string;
    /** for "reset": whether the request is handled (state changed) before the socket is destroyed (default false) */
    afterHandling?: boolean;
    /** sandbox extra: status for "error-key" (default 400) and "detail-only" (default 500) */
    status?: number;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface UserSummary {
    id: number;
    uuid: string;
    distinct_id: string;
    first_name: string;
    last_name: string;
    email: string;
    is_email_verified: boolean;
    hedgehog_config: JsonObject | null;
    role_at_organization: string | null;
}

export interface Project {
    id: number;
    uuid: string;
    name: string;
    api_token: string;
    organization: string;
    created_at: string;
}

export interface FeatureFlag {
    id: number;
    team_id: number;
    name: string;
    key: string;
    filters: JsonObject;
    deleted: boolean;
    active: boolean;
    /** Hidden from the flag list (an archived experiment may archive its flag); never sent here. */
    archived?: boolean;
    ensure_experience_continuity: boolean;
    has_encrypted_payloads: boolean;
    version: number;
    evaluation_runtime: string;
    evaluation_tags: string[];
    created_at: string;
    created_by: UserSummary;
}

/** Experiments are stored as the JSON the API returns, plus `team_id` (never sent). */
export type Experiment = JsonObject & { id: number; team_id: number; name: string };

export type EventDefinition = JsonObject & { id: string; team_id: number; name: string };

export interface Cohort {
    id: number;
    team_id: number;
    name: string;
    experimentId: number;
    body: JsonObject;
}

export interface Recalculation {
    id: string;
    experiment_id: number;
    metric_uuid: string;
    fingerprint: string;
    status: "pending" | "in_progress" | "completed" | "failed";
    created_at: string;
}

export interface QueryRecord {
    id: string;
    teamId: number;
    kind: string;
    /** HogQL text when there is one */
    sql: string | null;
    async: boolean;
    status: "running" | "complete" | "error" | "cancelled";
    cancelled: boolean;
    /** GET polls received so far */
    polls: number;
    /** polls needed before an async query completes */
    pollsNeeded: number;
    /** the full response once complete */
    response: JsonObject | null;
    errorMessage: string | null;
    errorBody: JsonObject | null;
    startTime: string;
    endTime: string | null;
    createdAt: number;
}

/** The organisation of both projects, with the settings the permission checks read. */
export interface SandboxOrganization {
    id: string;
    name: string;
    /** false: members below admin may not use personal API keys (posthog/permissions.py) */
    members_can_use_personal_api_keys: boolean;
    /** the key owner's membership level: 1 member, 8 admin, 15 owner */
    membership_level: number;
    /** AvailableFeature.INGESTION_TAXONOMY in the plan; without it event definition edits are 402 */
    taxonomy: boolean;
}

/** A saved insight variable (products/product_analytics InsightVariable). */
export interface InsightVariableRecord {
    id: string;
    teamId: number;
    name: string;
    type: "String" | "Number" | "Boolean" | "List" | "Date";
    default_value: unknown;
    code_name: string;
    values: string[] | null;
    is_multi: boolean;
    created_at: string;
}

export interface SandboxState {
    organization: SandboxOrganization;
    projects: Project[];
    users: UserSummary[];
    experiments: Experiment[];
    featureFlags: FeatureFlag[];
    eventDefinitions: EventDefinition[];
    queries: Map<string, QueryRecord>;
    /** every DELETE /query/{id}/ received, in order */
    cancelledQueryIds: string[];
    cohorts: Cohort[];
    recalculations: Recalculation[];
    /** saved insight variables ({variables.code_name} defaults), per team */
    insightVariables: InsightVariableRecord[];
    /** last ids handed out, so new objects get fresh ones */
    nextIds: { experiment: number; flag: number; cohort: number };
    /**
     * tables DatabaseSchemaQuery lists beside the engine's, by id, in its answer's shape (listed
     * only: no query reads them); tests put hostile table and field names here
     */
    extraSchemaTables: JsonObject;
}
