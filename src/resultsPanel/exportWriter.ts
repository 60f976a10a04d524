// Writes a whole result to a local file, slice by slice: each slice of rows is parsed, formatted
// and written in its own turn of the event loop, so a 50,000-row export never holds the extension
// host for long. It reports rows done, stops when its signal aborts, and then (or when writing
// fails) removes the partial file: a cancelled export leaves nothing behind. No `vscode` import:
// unit tests drive it in plain Node.
import { once } from "node:events";
import fs from "node:fs";
import type { ExportFormat } from "../shared/resultsProtocol";
import { type Pacer, turnPacer } from "../api/eventLoop";
import { exportSlices } from "./exportFormats";
import { hostTurnMs, layoutOf, nextTurn, type QueryResult, rowSlices } from "./resultSet";

/** What an export run was told. */
export interface ExportOptions {
    /** Aborting stops the export and removes the partial file. */
    signal?: AbortSignal;
    /** Rows written so far, of the total; called after each slice. */
    onRows?: (done: number, total: number) => void;
    /**
     * Make CSV text cells that a spreadsheet would run as formulas inert (default true; the
     * `export.neutraliseFormulas` setting turns it off for raw exports).
     */
    neutraliseFormulas?: boolean;
    /** Gives the event loop its turns between slices (default: a turn once one has run long). */
    pacer?: Pacer;
    /**
     * The columns to write, as column indices in the order to write them (the grid's visible
     * layout, ExportMessage.columns); absent: every column. Indices past the result's columns
     * are dropped (the message comes from the page).
     */
    columns?: readonly number[];
}

/** The result's column names and rows cut to `pick` (column indices), or as they are. */
export function pickColumns(
    names: string[],
    slices: AsyncIterable<unknown[][]>,
    pick: readonly number[] | undefined,
): { names: string[]; slices: AsyncIterable<unknown[][]> } {
    if (!pick) return { names, slices };
    const cols = pick.filter((c) => Number.isInteger(c) && c >= 0 && c < names.length);
    async function* picked(): AsyncGenerator<unknown[][]> {
        for await (const rows of slices) yield rows.map((row) => cols.map((c) => row[c]));
    }
    return { names: cols.map((c) => names[c]), slices: picked() };
}

/** The file's text, slice by slice, counting rows as they are read; stops when aborted. */
export async function* exportText(
    result: QueryResult,
    format: ExportFormat,
    options: ExportOptions = {},
): AsyncGenerator<string> {
    const total = (await layoutOf(result, nextTurn)).rowStarts.length;
    let done = 0;
    // Each slice of rows is parsed, formatted and written before the pacer is asked for a turn,
    // so a turn's time counts all three; progress is reported once per turn (a notification
    // needs no more).
    const pacer = options.pacer ?? turnPacer(hostTurnMs);
    const reporting = {
        async pace() {
            const gave = await pacer.pace();
            if (gave) options.onRows?.(done, total);
            return gave;
        },
    };
    async function* counted(): AsyncGenerator<unknown[][]> {
        for await (const rows of rowSlices(result, reporting)) {
            if (options.signal?.aborted) return;
            done += rows.length;
            yield rows;
        }
        if (done > 0) options.onRows?.(done, total);
    }
    const { names, slices } = pickColumns(result.meta.columns, counted(), options.columns);
    const neutralise = options.neutraliseFormulas ?? true;
    for await (const text of exportSlices(names, slices, format, neutralise)) {
        if (options.signal?.aborted) return;
        yield text;
    }
}

/**
 * Writes the export to `filePath`. Resolves true when the file is complete, false when the signal
 * aborted it (the partial file is removed); a write error removes it too and is thrown.
 */
export async function exportToFile(
    result: QueryResult,
    format: ExportFormat,
    filePath: string,
    options: ExportOptions = {},
): Promise<boolean> {
    const out = fs.createWriteStream(filePath, { encoding: "utf8" });
    // Only a file this export opened (created or truncated) is removed when it does not finish.
    let opened = false;
    out.once("open", () => (opened = true));
    const failed = new Promise<never>((_, reject) => out.once("error", reject));
    // Keep an unobserved failure from becoming an unhandled rejection; the races observe it.
    failed.catch(() => undefined);
    let complete = false;
    try {
        for await (const slice of exportText(result, format, options)) {
            if (!out.write(slice)) await Promise.race([once(out, "drain"), failed]);
        }
        if (options.signal?.aborted) return false;
        out.end();
        await Promise.race([once(out, "finish"), failed]);
        complete = true;
        return true;
    } finally {
        if (!complete) {
            out.destroy();
            // The stream may still be opening the file: remove it once it is closed.
            if (!out.closed) await once(out, "close").catch(() => undefined);
            if (opened) await fs.promises.rm(filePath, { force: true });
        }
    }
}
