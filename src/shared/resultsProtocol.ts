// Messages between the extension and the results webview. Both sides import this file, so it must
// stay free of `vscode` and DOM types.
import type { ColumnLayout } from "./columnLayout";

/** What the service said about a HogQL result, without the rows (those travel as bytes). */
export interface ResultMeta {
    /** Column names, in order, as the service returned them in `columns`. */
    columns: string[];
    /** ClickHouse type of each column (from `types`), e.g. `"Nullable(String)"`; "" when unknown. */
    types: string[];
    /** Number of rows in `results`. */
    rowCount: number;
    /** `hasMore` from the service: true when HogQL's default LIMIT cut the result. */
    hasMore: boolean;
    /** `limit` from the service when it applied one (no LIMIT in the query), else null. */
    limit: number | null;
    /** `is_cached`: whether the service answered from its cache. */
    isCached: boolean;
    /** `last_refresh` (ISO time) of the cached or fresh result, or null. */
    lastRefresh: string | null;
    /** True when the service returned the HogQL it ran (`hogql`), so the view button can show. */
    hasHogql: boolean;
    /** True when the service returned the ClickHouse SQL it ran (`clickhouse`). */
    hasClickhouse: boolean;
}

/** The SQL the service ran for a result, as it returned it (`hogql`, `clickhouse`). */
export interface ResultSql {
    /** The HogQL the service printed back, or null. */
    hogql: string | null;
    /** The ClickHouse SQL the service generated, or null. */
    clickhouse: string | null;
}

/**
 * One result (one statement's response): the one type a result has from the query runner to the
 * page. The runner makes it, the panel and the reload store keep it, the exporter reads it, and a
 * load message carries it ({@link PageResult}). Copies name each field (resultSet.ts
 * `EveryField`), so a field added here fails to compile until every copy carries it.
 */
export interface QueryResult {
    /** Tab and panel title, e.g. "query.hogql #2". */
    title: string;
    /** The query text that ran (tooltip, title of exported files, key of the chart choice). */
    queryText: string;
    /** Wall time of the run in milliseconds. */
    durationMs: number;
    /** The service's query id, if known. */
    queryId?: string;
    /** Bytes the run read, when the service said (`X-PostHog-Query-Bytes-Read`). */
    bytesRead?: number;
    /**
     * The project's query budget left after the run, when the service said
     * (`X-PostHog-Query-Budget-Remaining-Bytes`).
     */
    budgetRemainingBytes?: number;
    /** Columns, types and the service's flags. */
    meta: ResultMeta;
    /**
     * JSON text of an array of the first rows (a screenful or so), cut from the response as
     * received, so the grid can paint before the bytes are parsed. Text, not values: posting
     * serialises messages as JSON, which would round wide numbers.
     */
    firstRowsJson: string;
    /**
     * UTF-8 bytes of the whole response JSON text, as received; the page parses these off its
     * main thread. In a load message: empty when `bytesFollow` (they come in
     * {@link BytesMessage}s).
     */
    bytes: Uint8Array;
    /**
     * The SQL texts, kept on the host: the page is never sent them, it asks (`showSql`) and the
     * host opens them. Absent where nothing held them (a notebook output, an older stored copy).
     */
    sql?: ResultSql;
}

/** What only a load message carries for each result: its id and how its bytes come. */
export interface ResultDelivery {
    /** Stable id of this result within its panel; used in replies such as `export`. */
    id: string;
    /**
     * The bytes follow in {@link BytesMessage}s: the first screen (`firstRowsJson`) paints
     * without waiting for megabytes to cross from the extension host to the page.
     */
    bytesFollow?: boolean;
    /** "gzip" when `bytes` are gzip-compressed (the parts came so: BytesMessage.encoding). */
    encoding?: "gzip";
}

/**
 * One result as a load message carries it: the {@link QueryResult} without its SQL texts, how
 * it is delivered, and the one part of the page's view state the host keeps per query (the
 * chart). The rest of the page's view state is {@link WebviewState}.
 */
export interface PageResult extends QueryResult, ResultDelivery {
    /** Never sent: the SQL texts stay on the host. */
    sql?: never;
    /** How the user last looked at this query (grid or chart, and which chart); absent: the grid. */
    chart?: ChartPrefs | null;
}

/** Chart types the Chart view draws ("number": one big number; "heatmap": a shaded table). */
export type ChartType = "line" | "bar" | "stackedBar" | "area" | "scatter" | "number" | "heatmap";

/** What a chart draws. */
export interface ChartSpec {
    /** How it is drawn. */
    type: ChartType;
    /** Column on the x axis, or -1 for the row number. */
    x: number;
    /** Numeric columns drawn as series. */
    ys: number[];
    /** Text column whose values become one series each, or -1. */
    split: number;
    /** Logarithmic y axis. */
    log: boolean;
}

/** Grid or chart, remembered per query text. */
export interface ChartPrefs {
    /** Which view the result opens in. */
    view: "grid" | "chart";
    /** The chart the user chose, or null for the one picked from the columns. */
    spec: ChartSpec | null;
}

/** Extension → webview: show these results (replaces whatever the panel showed). */
export interface LoadMessage {
    /** Discriminator. */
    type: "load";
    /** One entry per statement; several become tabs. */
    results: PageResult[];
    /** Index into `results` of the tab to show first. */
    active: number;
    /** Key under which the extension stored these results for a window reload; kept in state. */
    storeKey: string | null;
    /**
     * Number of this load, when bytes follow: the page asks for them with it (a
     * {@link BytesWantedMessage}) once its first screen is painted.
     */
    seq?: number;
    /**
     * Whether CSV and TSV copies make text cells that would start a spreadsheet formula inert
     * (the `export.neutraliseFormulas` setting); absent: they do.
     */
    neutraliseFormulas?: boolean;
    /**
     * The page's view state the extension carries for these results (a result moved between the
     * bottom panel and a tab, or an editor's result shown again in the panel): the page restores
     * it instead of its own saved state. Absent: the page's own (`getState`).
     */
    state?: WebviewState;
}

/** Where results open: an editor tab, or the view in VS Code's bottom panel. */
export type ResultsLocation = "editor" | "panel";

/**
 * Part of the bytes of a result the last {@link LoadMessage} announced with `bytesFollow`, sent
 * when the page asks for them ({@link BytesWantedMessage}). A large
 * result comes in parts of a megabyte, in order: the workbench handles each message in one task
 * (in code-server it reassembles the message, copies it and posts it on to the page), and a
 * large result in one message held its renderer in one long task (see docs/performance.md,
 * "Bytes to the page").
 */
export interface BytesMessage {
    /** Discriminator. */
    type: "bytes";
    /** `PageResult.id` of the result. */
    id: string;
    /** Where `part` starts in the result's bytes. */
    offset: number;
    /** Length of the result's bytes (all parts together). */
    total: number;
    /** The response's bytes from `offset`, as received (or gzip-compressed: `encoding`). */
    part: Uint8Array;
    /**
     * "gzip" when the parts are of the bytes gzip-compressed (`offset` and `total` then count
     * compressed bytes): the extension compresses a large result that crosses a network to the
     * workbench (code-server, a remote window). The page inflates it off its main thread.
     */
    encoding?: "gzip";
}

/**
 * Extension → webview: a setting the page applies changed (a load carries the settings too, so a
 * page that starts later needs none of these).
 */
export interface SettingsMessage {
    /** Discriminator. */
    type: "settings";
    /** As {@link LoadMessage.neutraliseFormulas}. */
    neutraliseFormulas: boolean;
}

/** Every message the extension sends to the results webview. */
export type ToWebview = LoadMessage | BytesMessage | SettingsMessage;

/** The clipboard formats the grid can produce. */
export type CopyFormat = "tsv" | "tsvWithHeaders" | "csv" | "json" | "markdown";

/** The export formats the extension writes. */
export type ExportFormat = "csv" | "json" | "ndjson";

/**
 * Webview → extension: the first screen of load `seq` is painted (or the page gets no frames):
 * send the bytes that follow now. Sent with the load, in code-server a large result's bytes
 * crossed the websocket in many short tasks of the workbench's renderer while it drew that first
 * screen, and the load itself waited behind their posting on the extension host.
 */
export interface BytesWantedMessage {
    /** Discriminator. */
    type: "bytesWanted";
    /** `LoadMessage.seq` of the load whose bytes the page waits for. */
    seq: number;
}

/** Webview → extension: the page has loaded and listens; send (or re-send) the results now. */
export interface ReadyMessage {
    /** Discriminator. */
    type: "ready";
}

/**
 * Webview → extension: put this text on the clipboard (webviews cannot always do it themselves),
 * or, without `text`, report a copy the page already put there (large copies, clipboardWrite.ts).
 */
export interface CopyMessage {
    /** Discriminator. */
    type: "copy";
    /** The text to copy; absent when the page wrote the clipboard itself. */
    text?: string;
    /** How `text` was produced; used for the status message only. */
    format: CopyFormat;
    /** Number of rows copied, for the status message. */
    rows: number;
}

/** Webview → extension: export the whole result (all rows, not just the view) through a save dialog. */
export interface ExportMessage {
    /** Discriminator. */
    type: "export";
    /** `PageResult.id` of the result to export. */
    resultId: string;
    /** File format to write. */
    format: ExportFormat;
    /**
     * The columns to write, as column indices in the order to write them (the grid's visible
     * layout); absent: every column in the service's order.
     */
    columns?: number[];
}

/** Webview → extension: open the whole result as JSON in an editor. */
export interface OpenJsonMessage {
    /** Discriminator. */
    type: "openJson";
    /** `PageResult.id` of the result to open. */
    resultId: string;
}

/** Webview → extension: show the SQL the service ran for a result. */
export interface ShowSqlMessage {
    /** Discriminator. */
    type: "showSql";
    /** `PageResult.id` of the result. */
    resultId: string;
    /** Which text: the HogQL the service printed back, or the ClickHouse SQL it generated. */
    dialect: "hogql" | "clickhouse";
}

/** Webview → extension: a line for the extension's log (the webview has no console in src). */
export interface LogMessage {
    /** Discriminator. */
    type: "log";
    /** Log level in the extension's `LogOutputChannel`. */
    level: "trace" | "debug" | "info" | "warn" | "error";
    /** The text to log. */
    message: string;
}

/** Webview → extension: timings of the last load, for the log and for tests. */
export interface RenderedMessage {
    /** Discriminator. */
    type: "rendered";
    /** `PageResult.id` that was shown. */
    resultId: string;
    /** Milliseconds from receiving `load` to the first painted screen of rows. */
    firstPaintMs: number;
    /** Milliseconds from receiving `load` to every row being parsed and usable; null if pending. */
    fullyLoadedMs: number | null;
    /** Whether the bytes were parsed in a worker (false: main-thread fallback). */
    worker: boolean;
}

/** Webview → extension: remember how this query's result was looked at (grid/chart). */
export interface ChartPrefsMessage {
    /** Discriminator. */
    type: "chartPrefs";
    /** The query text the preference belongs to. */
    queryText: string;
    /** The view and chart. */
    prefs: ChartPrefs;
}

/** Webview → extension: save the chart image through a save dialog. */
export interface SaveChartMessage {
    /** Discriminator. */
    type: "saveChart";
    /** Image format. */
    format: "png" | "svg";
    /** PNG bytes as base64, or SVG text. */
    data: string;
    /** Suggested file name (without extension). */
    title: string;
}

/** Webview → extension: the page could not put an image on the clipboard; copy this SVG text. */
export interface CopyChartMessage {
    /** Discriminator. */
    type: "copyChart";
    /** The chart as SVG text. */
    svg: string;
}

/**
 * Webview → extension: the page saved its view state (sort, filter, selection, scroll...). The
 * extension keeps it so a result moved to the other place, or shown again, looks as it was left.
 */
export interface ViewStateMessage {
    /** Discriminator. */
    type: "viewState";
    /** What the page passed to `setState`. */
    state: WebviewState;
}

/** Webview → extension: move this page's result to the other place (panel ↔ editor tab). */
export interface MoveMessage {
    /** Discriminator. */
    type: "move";
}

/** Every message the results webview sends to the extension. */
export type FromWebview =
    | ViewStateMessage
    | MoveMessage
    | ChartPrefsMessage
    | SaveChartMessage
    | CopyChartMessage
    | ReadyMessage
    | BytesWantedMessage
    | CopyMessage
    | ExportMessage
    | OpenJsonMessage
    | ShowSqlMessage
    | LogMessage
    | RenderedMessage;

/** What the webview keeps in `vscode.setState` (small: view state only, never the rows). */
export interface WebviewState {
    /** Key the extension uses to find the stored result after a window reload. */
    storeKey: string | null;
    /** Index of the active tab. */
    active: number;
    /** Per result id: how the user left the grid. */
    views: Record<string, ViewState>;
    /**
     * Column layouts by query (columnLayout.ts `queryKey` of the query text): a new result of the
     * same query opens with the columns as the user left them. Absent in state saved before.
     */
    layouts?: Record<string, ColumnLayout>;
}

/** How the user left one result's grid. */
export interface ViewState {
    /** Sorted column index, or -1 for the service's order. */
    sortColumn: number;
    /** Sort direction when `sortColumn` >= 0. */
    sortDir: "asc" | "desc";
    /** Text of the filter box. */
    filter: string;
    /** Column widths in CSS pixels, by column index (the service's order, hidden ones too). */
    widths: number[];
    /** Which columns are shown, their order and how many are frozen (absent: all, in order). */
    layout?: ColumnLayout;
    /** Vertical scroll offset in pixels. */
    scrollTop: number;
    /** Horizontal scroll offset in pixels. */
    scrollLeft: number;
    /** Grid or chart, and the chart chosen (absent: the grid). */
    chart?: ChartPrefs;
    /** The grid's selection, when the user selected something (absent: none). */
    selection?: SelectionState;
}

/** The grid's selection, in view coordinates (after sort and filter); see selection.ts. */
export interface SelectionState {
    /** Row where the selection started. */
    anchorRow: number;
    /** Column where the selection started. */
    anchorCol: number;
    /** Row of the active cell. */
    focusRow: number;
    /** Column of the active cell. */
    focusCol: number;
    /** Cells, whole rows or whole columns. */
    mode: "cells" | "rows" | "columns";
}
