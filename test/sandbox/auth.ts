// Personal API keys of the sandbox and the permission checks the real service applies, in the
// order of posthog/permissions.py@001027ced3127c76229e5b8c8802924d0ef94cef
// `APIScopePermission.has_permission`. The scopes an action needs come from the contract's table
// (src/api/operationScopes.ts), never from this file.
import { NO_PERSONAL_KEY_ACCESS } from "../../src/api/forbidden";
import { authenticationFailed, notAuthenticated, permissionDenied } from "./errors";
import type { SandboxOrganization } from "./types";

export interface KeyInfo {
    key: string;
    /** "*" means every scope; empty = none (every action is refused, as to any scoped key) */
    scopes: string[];
    /** projects the key may use; null = all */
    projects: number[] | null;
}

export interface SandboxKeys {
    /** scopes `*`: behaves like a key created today (scoped) */
    full: string;
    /**
     * no scopes at all: PostHog once let such (legacy) keys do anything; now it checks them like
     * any scoped key, so every action is refused. Not printed by `npm run sandbox`.
     */
    noScopes: string;
    /** scopes `*`, without the `phx_` prefix of today's keys: no key pattern finds it, only the key itself */
    unprefixed: string;
    readOnly: string;
    /**
     * experiment:write alone: may run an experiment's lifecycle, but not the flag writes some
     * actions add (archive with disable_feature_flag needs feature_flag:write as well)
     */
    experimentsOnly: string;
    noUserRead: string;
    projectTwoOnly: string;
    invalid: string;
    projectToken: string;
}

const ALL_SCOPES = [
    "experiment:write",
    "feature_flag:write",
    "query:read",
    "event_definition:write",
    "project:write",
    "cohort:write",
    "insight:write",
];

export const KEYS: SandboxKeys = {
    full: "phx_sandboxFullAccess0000000000000000000000000",
    noScopes: "phx_sandboxNoScopes00000000000000000000000000",
    unprefixed: "sandboxOldKeyWithoutPrefix000000000000000000",
    readOnly: "phx_sandboxReadOnly00000000000000000000000000",
    experimentsOnly: "phx_sandboxExperimentsOnly00000000000000000000",
    noUserRead: "phx_sandboxNoUserRead000000000000000000000000",
    projectTwoOnly: "phx_sandboxProjectTwo000000000000000000000000",
    invalid: "phx_thisIsNotAKeyThisIsNotAKeyThisIsNotAKey00",
    projectToken: "phc_sandboxProjectToken00000000000000000000000",
};

const KEY_INFOS: KeyInfo[] = [
    { key: KEYS.full, scopes: ["*"], projects: null },
    { key: KEYS.noScopes, scopes: [], projects: null },
    { key: KEYS.unprefixed, scopes: ["*"], projects: null },
    {
        key: KEYS.readOnly,
        scopes: [
            "experiment:read",
            "feature_flag:read",
            "query:read",
            "event_definition:read",
            "user:read",
            "project:read",
        ],
        projects: null,
    },
    { key: KEYS.experimentsOnly, scopes: ["experiment:write"], projects: null },
    { key: KEYS.noUserRead, scopes: ALL_SCOPES, projects: null },
    { key: KEYS.projectTwoOnly, scopes: ["*"], projects: [2] },
];

/** Resolves the Authorization header to a key, or throws the 401 the real service sends. */
export function authenticate(header: string | undefined): KeyInfo {
    if (!header) throw notAuthenticated();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw notAuthenticated();
    const info = KEY_INFOS.find((k) => k.key === match[1]);
    if (!info) throw authenticationFailed();
    return info;
}

/** Whether the key holds the scope; a `:write` scope implies `:read` of the same object. */
export function hasScope(info: KeyInfo, scope: string): boolean {
    if (info.scopes.includes("*") || info.scopes.includes(scope)) return true;
    const [object, action] = scope.split(":");
    return action === "read" && info.scopes.includes(`${object}:write`);
}

/** Organisation members below admin (OrganizationMembership.Level.ADMIN = 8). */
const ADMIN_LEVEL = 8;

/**
 * posthog/permissions.py@001027ced `APIScopePermission.has_permission` for a personal API key,
 * in its order (a key without scopes is no exception: `get_authenticator_scopes` gives it `[]`):
 * 1. an action without required scopes refuses every key, `*` and none included;
 * 2. `check_team_and_org_permissions` (skipped for `user` endpoints): first the organisation's
 *    "members can use personal API keys" setting (`_check_organization_personal_api_key_
 *    restrictions`, admins exempt), then the key's project scoping;
 * 3. `*` passes; otherwise each required scope must be held (`:write` implies `:read`), the
 *    first one missing named.
 *
 * `scopes` null = the action declares no scope (the contract gives it no PersonalAPIKeyAuth).
 * `projectId` 0 = not a project endpoint.
 */
export function authorize(
    info: KeyInfo,
    scopes: readonly string[] | null,
    projectId: number,
    organization: SandboxOrganization,
): void {
    if (scopes === null || scopes.length === 0) throw permissionDenied(NO_PERSONAL_KEY_ACCESS);
    if (!scopes.every((scope) => scope.startsWith("user:"))) {
        if (
            !organization.members_can_use_personal_api_keys &&
            organization.membership_level < ADMIN_LEVEL
        ) {
            throw permissionDenied(
                `Organization '${organization.name}' does not allow using personal API keys. ` +
                    "Contact an admin to enable personal API keys for this organization.",
            );
        }
        if (projectId && info.projects && !info.projects.includes(projectId)) {
            throw permissionDenied(
                `API key does not have access to the requested project: ID ${projectId}.`,
            );
        }
    }
    if (info.scopes.includes("*")) return;
    const missing = scopes.find((scope) => !hasScope(info, scope));
    if (missing) throw permissionDenied(`API key missing required scope '${missing}'`);
}
