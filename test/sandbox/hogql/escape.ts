// Identifier and string escaping for printed ClickHouse SQL (posthog/hogql/escape_sql.py).
import { queryError } from "./errors";

const SAFE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function escapeIdentifier(name: string): string {
    if (SAFE_IDENTIFIER.test(name)) return name;
    // escape_sql.py escape_clickhouse_identifier: "%" would clash with the query's parameters.
    if (name.includes("%"))
        throw queryError(
            `The HogQL identifier "${name}" is not permitted as it contains the "%" character`,
        );
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
