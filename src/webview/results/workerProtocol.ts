// Messages between the results page and its parse worker (internal to the webview).
import type { ColumnKind } from "./format";
import type { ViewQuery } from "./view";

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
          /** Forget a result's rows. */
          type: "drop";
          /** Result to forget. */
          resultId: string;
      };

/** Worker → page. */
export type FromWorker =
    | {
          /** A slice of rows, in the service's order. */
          type: "rows";
          /** Result they belong to. */
          resultId: string;
          /** Index of the first row of the slice. */
          start: number;
          /** The rows. */
          rows: unknown[][];
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
          /** Something failed; the page falls back to parsing on its own thread. */
          type: "error";
          /** Result it concerns. */
          resultId: string;
          /** What went wrong. */
          message: string;
      };
