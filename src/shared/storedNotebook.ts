// A notebook as the `.hogqlnb` file keeps it (fileFormat.ts reads and writes it). Types only, so
// the notebook renderer (src/webview/notebook) reads them without the file's reader, which runs
// in the extension host alone.

/** What a cell is: a HogQL query, prose, or the notebook's variables (`name = value` lines). */
export type CellKind = "hogql" | "markdown" | "variables";

/** A HogQL result as an output keeps it: the response's fields with at most `cap` rows. */
export interface StoredResult {
    columns: string[];
    types: unknown[];
    /** The rows kept (at most the cap), exactly as the service sent them (wide numbers kept). */
    results: unknown[][];
    /** How many rows the service returned; more than `results.length` when the cap cut them. */
    rowCount: number;
    /** The most rows an output keeps (the setting when it ran). */
    cap: number;
    hasMore?: boolean;
    limit?: number | null;
    /** Grid or chart, and the chart chosen. */
    chart?: unknown;
}

/** One output of a cell: a result (with its Markdown preview) or an error. */
export interface StoredOutput {
    result?: StoredResult;
    /** The Markdown fallback, one line per entry, so the file reads well on a code host. */
    markdown?: string[];
    error?: { name: string; message: string };
    /** Plain text (variables, notes). */
    text?: string[];
}

export interface StoredCell {
    kind: CellKind;
    source: string;
    outputs?: StoredOutput[];
    /** Execution order, success and time of the last run, when outputs are kept. */
    execution?: { order?: number; success?: boolean; durationMs?: number; endedAt?: string };
    /** Other cell metadata (kept as is). */
    metadata?: Record<string, unknown>;
}

export interface StoredNotebook {
    cells: StoredCell[];
    /** Notebook-wide `{variables.x}` values set from the toolbar. */
    variables?: Record<string, string>;
}
