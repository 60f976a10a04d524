// Why PostHog refused a request with 403, read from the detail of the answer, and the one
// sentence that tells the user what would help. The wording the service uses comes from
// posthog/permissions.py (APIScopePermission and _check_organization_personal_api_key_restrictions).
// Which scopes an operation needs, and which operations no personal API key may call, come from
// the contract's table (operationScopes.ts), so some refusals are known before asking.
import { OPERATION_SCOPES, type OperationId } from "./operationScopes";

/**
 * PostHog's words when an action declares no required scopes: it refuses every personal API key,
 * whatever its scopes, `*` and none included (posthog/permissions.py@001027ced
 * APIScopePermission.has_permission: `get_authenticator_scopes` gives a key without scopes `[]`,
 * so it is checked like any scoped key).
 */
export const NO_PERSONAL_KEY_ACCESS = "This action does not support personal API key access";

/** An operation of the table with its template turned into a pattern. */
interface Matcher {
    id: OperationId;
    method: string;
    pattern: RegExp;
    /** Placeholders in the template: the fewer, the more specific the match. */
    params: number;
}

function matcher(id: OperationId, method: string, template: string): Matcher {
    const parts = template.split(/(\{[^}]+\})/);
    const source = parts
        .map((part) =>
            /^\{[^}]+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"),
        )
        .join("");
    const params = parts.filter((part) => /^\{[^}]+\}$/.test(part)).length;
    return { id, method, pattern: new RegExp(`^${source}$`), params };
}

const MATCHERS: readonly Matcher[] = Object.entries(OPERATION_SCOPES)
    .map(([id, op]) =>
        matcher(id as OperationId, op.method, "calledAs" in op ? op.calledAs : op.path),
    )
    .sort((a, b) => a.params - b.params);

/**
 * The operation of the contract a request makes, from its method and path (without query
 * string); undefined for a request the table does not describe.
 */
export function operationOf(method: string, path: string): OperationId | undefined {
    const withSlash = path.endsWith("/") ? path : `${path}/`;
    const upper = method.toUpperCase();
    return MATCHERS.find((m) => m.method === upper && m.pattern.test(withSlash))?.id;
}

/** The scopes a request needs; null when no personal API key may make it, undefined unknown. */
export function requiredScopes(method: string, path: string): readonly string[] | null | undefined {
    const id = operationOf(method, path);
    return id === undefined ? undefined : OPERATION_SCOPES[id].scopes;
}

/** Whether PostHog refuses the request to every personal API key (its operation has no scope). */
export function closedToPersonalKeys(method: string, path: string): boolean {
    return requiredScopes(method, path) === null;
}

/** The causes of a 403 that call for different advice. */
export type ForbiddenCause =
    /** The key lacks one scope; a key with that scope would work. */
    | { kind: "missing_scope"; scope: string }
    /** The action declares no scope: no personal API key may use it. */
    | { kind: "no_personal_key_access" }
    /** The organisation forbids personal API keys for members. */
    | { kind: "organization_forbids_keys"; organization?: string }
    /** The key is limited to other projects. */
    | { kind: "project_not_in_key"; projectId?: string }
    /** The key is limited to other organisations. */
    | { kind: "organization_not_in_key" }
    /** Anything else (project membership, access control): the key is not the problem. */
    | { kind: "other"; detail?: string };

/** Reads the cause from the 403's detail. */
export function forbiddenCause(detail: string | undefined): ForbiddenCause {
    const text = detail ?? "";
    const scope = /missing required scope '([^']+)'/i.exec(text)?.[1];
    if (scope) return { kind: "missing_scope", scope };
    // "Personal API Key access" (older wording) and "personal API key access" (newer).
    if (/does not support personal api key access/i.test(text)) {
        return { kind: "no_personal_key_access" };
    }
    const org = /Organization '(.*)' does not allow using personal API keys/i.exec(text);
    if (org || /does not allow using personal api keys/i.test(text)) {
        return { kind: "organization_forbids_keys", organization: org?.[1] };
    }
    if (/access to the requested project/i.test(text)) {
        const id = /requested project(?::\s*ID\s*|\s*')(\d+)/i.exec(text)?.[1];
        return { kind: "project_not_in_key", projectId: id };
    }
    if (/access to the requested organization/i.test(text)) {
        return { kind: "organization_not_in_key" };
    }
    return { kind: "other", detail: detail?.trim() || undefined };
}

function sentence(text: string): string {
    const line = text.replace(/\s+/g, " ").trim();
    const cut = line.length > 240 ? `${line.slice(0, 239)}…` : line;
    return /[.!?…]$/.test(cut) ? cut : `${cut}.`;
}

/**
 * One sentence for the user. Only causes that a different key would fix suggest one: a key with
 * more scopes cannot help an action that refuses every personal API key, nor an organisation that
 * forbids them.
 */
export function forbiddenMessage(cause: ForbiddenCause): string {
    switch (cause.kind) {
        case "missing_scope":
            return `The API key is missing the '${cause.scope}' scope; add it to the key in PostHog (Settings > Personal API keys) or use a key that has it.`;
        case "no_personal_key_access":
            return "PostHog does not let personal API keys do this, however much access they have; do it in the PostHog app instead.";
        case "organization_forbids_keys":
            return `${cause.organization ? `The organization '${cause.organization}'` : "Your organization"} does not allow personal API keys; an organization admin can enable them in the organization's settings.`;
        case "project_not_in_key":
            return `The API key is limited to other projects${cause.projectId ? ` than project ${cause.projectId}` : ""}; switch to a project the key covers, or add this project to the key in PostHog.`;
        case "organization_not_in_key":
            return "The API key is limited to other organizations; use a key created for this organization.";
        case "other":
            return cause.detail
                ? `PostHog refused this: ${sentence(cause.detail)}`
                : "PostHog refused this request (permission denied).";
    }
}
