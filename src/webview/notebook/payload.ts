// A stored notebook result as a results page's entry (PageResult), so the grid and chart read it
// as they read a run's result.
import * as l10n from "@vscode/l10n";
import type { StoredResult } from "../../shared/storedNotebook";
import type { ChartPrefs, PageResult } from "../../shared/resultsProtocol";

/**
 * A notebook output's result as the file holds it (the one definition, storedNotebook.ts; pure,
 * no `vscode`), its chart read as the preference the output was written with.
 */
export type StoredResultLike = Omit<StoredResult, "chart"> & { chart?: ChartPrefs };

/** A stored result without its rows (read from the bytes' other fields), and how many it kept. */
export type StoredHead = Omit<StoredResultLike, "results"> & { kept: number };

function typeName(t: unknown): string {
    if (typeof t === "string") return t;
    if (Array.isArray(t)) return String(t[1] ?? "");
    return "";
}

export function payloadOf(id: string, result: StoredHead): PageResult {
    return {
        id,
        title: "",
        queryText: "",
        durationMs: 0,
        meta: {
            columns: result.columns,
            types: result.columns.map((_, i) => typeName(result.types?.[i])),
            // The rows the output kept: the grid shows those; the summary says how many ran.
            rowCount: result.kept,
            hasMore: result.hasMore === true,
            limit: result.limit ?? null,
            isCached: false,
            lastRefresh: null,
            hasHogql: false,
            hasClickhouse: false,
        },
        // Rows are parsed from the bytes (lossless); nothing is painted from a lossy copy.
        firstRowsJson: "[]",
        bytes: new Uint8Array(0),
    };
}

/** "3 rows", or "500 of 12,000 rows kept (an output keeps at most 500 ...)". */
export function summaryText(result: StoredHead): string {
    const shown = result.kept;
    const total = result.rowCount;
    let text =
        shown >= total
            ? total === 1
                ? l10n.t("1 row")
                : l10n.t("{0} rows", total.toLocaleString())
            : l10n.t(
                  "{0} of {1} rows kept (an output keeps at most {2}; setting posthog-workbench.notebook.outputRows)",
                  shown.toLocaleString(),
                  total.toLocaleString(),
                  result.cap.toLocaleString(),
              );
    if (result.hasMore && result.limit)
        text += ` · ${l10n.t("HogQL added LIMIT {0}: add a LIMIT to get more", result.limit)}`;
    return text;
}
