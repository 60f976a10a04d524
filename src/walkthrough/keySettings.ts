// Where a personal API key is created. PostHog's settings scene names the section
// `user-api-keys` (frontend/src/scenes/settings/SettingsMap.tsx), the same path on US, EU and
// self-hosted instances. Imports nothing from vscode so the unit tests can check it.
import { checkHost } from "../api/host";
import type { Scope } from "../api/operationScopes";

/** The personal API key settings page of a host, or undefined for a host that is not usable. */
export function keySettingsUrl(host: string): string | undefined {
    const check = checkHost(host);
    return check.ok ? `${check.origin}/settings/user-api-keys` : undefined;
}

/** What the extension does with a scope; optional: everything else works without it. */
interface ScopeUse {
    /** What the extension does with it, as the walkthrough's table says. */
    why: string;
    /** Without it everything else still works; the actions that need it name it. */
    optional?: boolean;
}

/**
 * Why the extension asks for each scope. Keyed by the contract's scopes (src/api/operationScopes.ts):
 * a scope an operation starts or stops needing fails the build here until it is explained or
 * dropped. The order is the order the walkthrough lists them in.
 */
const SCOPE_USES: Record<Scope, ScopeUse> = {
    "project:read": { why: "list your projects at sign-in and Switch Project" },
    "query:read": {
        why: "run HogQL, the schema, completion of events and properties, the query log",
    },
    "experiment:read": { why: "the Experiments view, details and timeseries" },
    "event_definition:read": { why: "the Event Definitions view and its details" },
    "experiment:write": {
        why: "create, edit, archive, delete and duplicate experiments; launch, pause, resume, end, ship and reset them; exposure cohorts, recalculation",
        optional: true,
    },
    "feature_flag:read": { why: "pick an eligible flag for a new experiment", optional: true },
    "event_definition:write": {
        why: "edit descriptions, tags, verified and hidden, delete definitions",
        optional: true,
    },
    "insight_variable:read": {
        why: "fill `{variables.x}` from saved SQL variables",
        optional: true,
    },
    "user:read": { why: "a quicker key check at sign-in", optional: true },
};

/** One scope a key for the extension should have. */
export interface KeyScope extends ScopeUse {
    /** The scope, as PostHog names it. */
    scope: Scope;
}

/**
 * The scopes the extension uses, each with why: every PersonalAPIKeyAuth scope of the operations
 * it calls. The walkthrough's key step (walkthrough/apiKey.md) and the README list the same;
 * test/unit/keyScopes.test.ts keeps them in step.
 */
export const KEY_SCOPES: readonly KeyScope[] = (Object.keys(SCOPE_USES) as Scope[]).map(
    (scope) => ({ scope, ...SCOPE_USES[scope] }),
);
