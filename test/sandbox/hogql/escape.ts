// Identifier and string escaping for printed ClickHouse SQL (posthog/hogql/escape_sql.py).
import { queryError } from "./errors";

const SAFE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function escapeIdentifier(name: string): string {
    if (SAFE_IDENTIFIER.test(name)) return name;
    return "`" + name.replace(/\\/g, "\\\\").replace(/`/g, "\\`") + "`";
}

export function escapeString(value: string): string {
    return (
        "'" +
        value
            .replace(/\\/g, "\\\\")
            .replace(/'/g, "\\'")
            .replace(/\n/g, "\\n")
            .replace(/\r/g, "\\r")
            .replace(/\t/g, "\\t")
            .replace(/\0/g, "\\0") +
        "'"
    );
}

/**
 * escape_sql.py escape_clickhouse_identifier refuses "%" (it would clash with the query's
 * parameters). Checked where the user names something (an alias): the sandbox prints names of
 * its own that PostHog never prints.
 */
export function checkAlias(name: string, node: { start?: { offset: number } | null }): void {
    if (name.includes("%"))
        throw queryError(
            `The HogQL identifier "${name}" is not permitted as it contains the "%" character`,
            node,
        );
}
