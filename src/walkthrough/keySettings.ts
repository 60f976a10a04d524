// Where a personal API key is created. PostHog's settings scene names the section
// `user-api-keys` (frontend/src/scenes/settings/SettingsMap.tsx), the same path on US, EU and
// self-hosted instances. Imports nothing from vscode so the unit tests can check it.
import { checkHost } from "../api/host";

/** The personal API key settings page of a host, or undefined for a host that is not usable. */
export function keySettingsUrl(host: string): string | undefined {
    const check = checkHost(host);
    return check.ok ? `${check.origin}/settings/user-api-keys` : undefined;
}

/**
 * The scopes the extension uses, each with the calls that need it (docs: api.md section 5, and
 * posthog/api/* `scope_object` for the ones api.md does not list). The walkthrough's key step
 * (walkthrough/apiKey.md) lists the same; a unit test keeps the two in step.
 */
export const KEY_SCOPES: readonly { scope: string; why: string; optional?: boolean }[] = [
    { scope: "project:read", why: "list your projects at sign-in and Switch Project" },
    { scope: "query:read", why: "run HogQL, the schema, completion of events and properties" },
    { scope: "experiment:read", why: "the Experiments view, details and timeseries" },
    {
        scope: "experiment:write",
        why: "create, edit, archive, delete and duplicate experiments, exposure cohorts, recalculation",
        optional: true,
    },
    {
        scope: "feature_flag:read",
        why: "pick an eligible flag for a new experiment",
        optional: true,
    },
    { scope: "event_definition:read", why: "the Event Definitions view and its metrics" },
    {
        scope: "event_definition:write",
        why: "edit descriptions, tags, verified and hidden, delete definitions",
        optional: true,
    },
    {
        scope: "insight_variable:read",
        why: "fill `{variables.x}` from saved SQL variables",
        optional: true,
    },
    { scope: "user:read", why: "a quicker key check at sign-in", optional: true },
];
