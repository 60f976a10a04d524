// Messages between the results page and its parse worker (internal to the webview).
import type { CopyFormat } from "../../shared/resultsProtocol";
import type { ColumnKind } from "./format";
import type { LentLayout } from "./lentRows";
import type { Range } from "./selection";
import type { ColumnToRead, ViewQuery } from "./view";

/** A chart's column read from a result's bytes by the parse worker (NaN: read on its own). */
export interface ReadColumn extends ColumnToRead {
    values: Float64Array;
}

/** Page → worker. */
export type ToWorker =
    | {
          /** Parse a response and stream its rows back. */
          type: "parse";
          /** Result this data belongs to. */
          resultId: string;
          /** UTF-8 response JSON, transferred (the page keeps no copy). */
          buffer: ArrayBuffer;
          /** Column kinds, for typed sorting. */
          kinds: ColumnKind[];
          /** "gzip": `buffer` is compressed; the worker inflates it first, and sends that back. */
          encoding?: "gzip";
          /**
           * The columns of the chart this result opens with, read from the bytes before they
           * go back: Alt+C then draws without reading them on the page.
           */
          chartColumns?: ColumnToRead[];
      }
    | {
          /** Compute the row order for a sort/filter. */
          type: "view";
          /** Result to compute it for. */
          resultId: string;
          /** Echoed back so the page can drop stale answers. */
          seq: number;
          /** The sort and filter. */
          query: ViewQuery;
      }
    | {
          /** Clipboard text of a large selection, built from the worker's rows. */
          type: "copy";
          /** Result to copy from. */
          resultId: string;
          /** Echoed back. */
          seq: number;
          /** The page's current row order (sort/filter), or null for the service's order. */
          order: Uint32Array | null;
          /** The selected rectangle, in view positions. */
          range: Range;
          /** Clipboard format. */
          format: CopyFormat;
          /** Column names (headers, JSON keys). */
          columns: string[];
          /** The columns to copy, in order (the grid's visible layout, or all). */
          cols: number[];
          /** Make text cells that would start a spreadsheet formula inert (CSV and TSV). */
          neutralise: boolean;
      }
    | {
          /** A slice of a result's bytes, lent for the request that asked for them. */
          type: "lendPart";
          /** Result they belong to. */
          resultId: string;
          /** Where `part` starts in the result's bytes. */
          offset: number;
          /** Length of the result's bytes. */
          total: number;
          /** The slice (transferred: a copy the page made). */
          part: Uint8Array;
      }
    | {
          /** Where the lent bytes' rows and values are; the loan is complete with it. */
          type: "lendLayout";
          /** Result it belongs to. */
          resultId: string;
          /** Copies of the layout's offsets (transferred). */
          layout: LentLayout;
      }
    | {
          /** Forget a result's rows. */
          type: "drop";
          /** Result to forget. */
          resultId: string;
      };

/** Worker → page. */
export type FromWorker =
    | {
          /**
           * Where each row is in the response's bytes, with the bytes themselves handed back:
           * the page parses only the rows it draws, and keeps no second copy of every row.
           */
          type: "layout";
          /** Result they belong to. */
          resultId: string;
          /** The response's bytes (transferred back). */
          buffer: ArrayBuffer;
          /** Byte offset where each row starts. */
          starts: Uint32Array;
          /** Byte offset where each row ends. */
          ends: Uint32Array;
          /** Some number may be wider than a double: parse rows with `parseLossless`. */
          wide: boolean;
          /** Where each value starts (the grid reads only the values it shows). */
          cellStarts: Uint32Array;
          /** Index into `cellStarts` of each row's first value; empty when rows are not arrays. */
          rowFirstCell: Uint32Array;
          /** The chart's columns asked for with `parse` (transferred). */
          chartColumns: ReadColumn[];
      }
    | {
          /** Every row has been sent. */
          type: "done";
          /** Result that finished. */
          resultId: string;
          /** Total rows. */
          rowCount: number;
          /** Milliseconds spent decoding and parsing in the worker. */
          parseMs: number;
      }
    | {
          /** Answer to a `view` request. */
          type: "view";
          /** Result it belongs to. */
          resultId: string;
          /** The request's `seq`. */
          seq: number;
          /** Row order, or null for the service's order. */
          order: Uint32Array | null;
      }
    | {
          /** Answer to a `copy` request. */
          type: "copy";
          /** Result it belongs to. */
          resultId: string;
          /** The request's `seq`. */
          seq: number;
          /**
           * The clipboard text as a Blob (it crosses to the page by reference: a string of
           * megabytes would be copied on the page's thread), or null when it could not be built.
           */
          blob: Blob | null;
      }
    | {
          /** A request needs the result's rows: lend them, then send the request again. */
          type: "needRows";
          /** Result it concerns. */
          resultId: string;
          /** The request's `seq`. */
          seq: number;
      }
    | {
          /**
           * Something failed. Without `seq`, parsing the result failed and the page marks it
           * failed; with `seq`, that request (a sort or filter) failed and its promise rejects.
           */
          type: "error";
          /** Result it concerns. */
          resultId: string;
          /** The failed request's `seq`, when a request failed. */
          seq?: number;
          /** What went wrong. */
          message: string;
      };
