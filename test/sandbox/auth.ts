// Personal API keys of the sandbox and the scope checks the real service applies.
import { authenticationFailed, notAuthenticated, permissionDenied } from "./errors";

export interface KeyInfo {
    key: string;
    /** "*" means every scope */
    scopes: string[];
    /** projects the key may use; null = all */
    projects: number[] | null;
}

export interface SandboxKeys {
    full: string;
    readOnly: string;
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
    readOnly: "phx_sandboxReadOnly00000000000000000000000000",
    noUserRead: "phx_sandboxNoUserRead000000000000000000000000",
    projectTwoOnly: "phx_sandboxProjectTwo000000000000000000000000",
    invalid: "phx_thisIsNotAKeyThisIsNotAKeyThisIsNotAKey00",
    projectToken: "phc_sandboxProjectToken00000000000000000000000",
};

const KEY_INFOS: KeyInfo[] = [
    { key: KEYS.full, scopes: ["*"], projects: null },
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

export function hasScope(info: KeyInfo, scope: string): boolean {
    if (info.scopes.includes("*") || info.scopes.includes(scope)) return true;
    // A :write scope implies :read of the same object.
    const [object, action] = scope.split(":");
    return action === "read" && info.scopes.includes(`${object}:write`);
}

/**
 * scope = null marks actions that declare no scope (upgrade, log, draft_sql, check_auth): the
 * real service refuses scoped personal keys there. The sandbox refuses only the read-only key,
 * so the full-access keys keep working everywhere.
 */
export function requireScope(info: KeyInfo, scope: string | null | undefined): void {
    if (scope === undefined) return;
    if (scope === null) {
        if (info.key === KEYS.readOnly) {
            throw permissionDenied("This action does not support Personal API Key access");
        }
        return;
    }
    if (!hasScope(info, scope)) throw permissionDenied(`API key missing required scope '${scope}'`);
}

export function requireProject(info: KeyInfo, projectId: number): void {
    if (info.projects && !info.projects.includes(projectId)) {
        throw permissionDenied(
            `API key does not have access to the requested project: ID ${projectId}.`,
        );
    }
}
