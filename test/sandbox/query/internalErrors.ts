// The 500 posthog/api/query.py answers for a ClickHouse error that stays internal
// (InternalCHQueryError): fixed copy chosen by the error's code, never ClickHouse's own text,
// which can hold stored values (posthog/errors.py @00cc6947: wrap_clickhouse_query_error makes
// UNKNOWN_IDENTIFIER, code 47, internal; TOO_MANY_ROWS, code 158, has no user_safe flag; the
// copy is INTERNAL_CH_ERROR_USER_MESSAGES, read through internal_ch_error_user_message, with
// "ClickHouse error while executing query." for a code it has no copy for).
import { errorBody } from "../errors";
import type { JsonObject } from "../types";

const TOO_MUCH_DATA =
    "This query reads or returns more data than the limit allows. Use a shorter date range, add filters, or add a LIMIT clause. Then run the query again.";

const USER_MESSAGES: Record<number, string> = {
    // TOO_MANY_ROWS: ClickHouse's max_rows_to_read and max_result_rows.
    158: TOO_MUCH_DATA,
    // TOO_MANY_ROWS_OR_BYTES
    396: TOO_MUCH_DATA,
    // SET_SIZE_LIMIT_EXCEEDED
    191: TOO_MUCH_DATA,
    // UNKNOWN_IDENTIFIER
    47: "A column in this query doesn't exist in the data. Check the column names. If the query uses a view, check that the view still matches its source table.",
};

/** The body of the 500 for an internal ClickHouse error of `code`. */
export function internalErrorBody(code: number): JsonObject {
    return errorBody(
        "server_error",
        "error",
        USER_MESSAGES[code] ?? "ClickHouse error while executing query.",
    );
}
