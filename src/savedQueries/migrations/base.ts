// The shape of one PostHog schema migration and how it is applied, ported from
// posthog/schema_migrations/base.py (PostHog, MIT). Kept separate from the migrations so each
// migration file holds only its own version map and transform.

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
    [key: string]: Json;
}

/** One migration: bumps the listed kinds by one version each. */
export interface SchemaMigration {
    /** PostHog's module name, e.g. `0001_retention_query_show_mean`. */
    readonly name: string;
    /** Node kind -> the version the node must have for this migration to run. */
    readonly targets: Readonly<Record<string, number>>;
    /** Converts a node of a target kind at its target version; may mutate and return `query`. */
    transform(query: JsonObject): JsonObject;
}

/** Declares one of PostHog's migrations: its module name, the versions it converts, its transform. */
export function schemaMigration(
    name: string,
    targets: Readonly<Record<string, number>>,
    transform: (query: JsonObject) => JsonObject,
): SchemaMigration {
    return { name, targets, transform };
}

export function isObject(value: unknown): value is JsonObject {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A node's version: a missing, null (or other falsy) `version` means 1, as `or 1` does. */
export function versionOf(query: JsonObject): Json {
    return query.version || 1;
}

/** `should_run`: the node's kind is a target and its version is the target version. */
export function shouldRun(migration: SchemaMigration, query: JsonObject): boolean {
    const kind = query.kind;
    return (
        typeof kind === "string" &&
        Object.prototype.hasOwnProperty.call(migration.targets, kind) &&
        versionOf(query) === migration.targets[kind]
    );
}

/** `SchemaMigration.__call__`: transform, then stamp `version` = target + 1. */
export function applyMigration(migration: SchemaMigration, query: JsonObject): JsonObject {
    if (!shouldRun(migration, query)) return query;
    const out = migration.transform(query);
    out.version = migration.targets[String(out.kind)] + 1;
    return out;
}

/**
 * Python truthiness of a JSON value (`if not x:`): null, false, 0, "", [] and {} are false.
 * The migrations test fields this way, so the port must too.
 */
export function truthy(value: Json | undefined): boolean {
    if (value === undefined || value === null) return false;
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === "object") return Object.keys(value).length > 0;
    return Boolean(value);
}

/**
 * `x.get(key)` on a value Python treats as a dict. On anything else Python raises
 * (AttributeError), and the service answers with an error; so does the port.
 */
export function pyGet(value: Json | undefined, key: string): Json | undefined {
    if (!isObject(value))
        throw new TypeError(`PostHog's migration expects an object where it found ${typeof value}`);
    return value[key];
}

/** Python `==` on JSON values: deep, and key order does not matter. */
export function pyEqual(a: Json | undefined, b: Json | undefined): boolean {
    if (a === b) return true;
    if (Array.isArray(a) && Array.isArray(b))
        return a.length === b.length && a.every((v, i) => pyEqual(v, b[i]));
    if (isObject(a) && isObject(b)) {
        const keys = Object.keys(a);
        return (
            keys.length === Object.keys(b).length &&
            keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && pyEqual(a[k], b[k]))
        );
    }
    // Python: True == 1 and False == 0.
    if (typeof a === "boolean" && typeof b === "number") return Number(a) === b;
    if (typeof a === "number" && typeof b === "boolean") return a === Number(b);
    return false;
}

/** Shallow copy of a dict, as Python's `dict(d)` / `{**d}`. */
export function copyOf(value: JsonObject): JsonObject {
    return { ...value };
}
