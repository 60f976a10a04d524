// Copying the grid's selection: small selections are turned into text on the page, large ones in
// the worker (where every row is already parsed), and copies from VS Code's Edit menu or the
// host's Ctrl+C handling arrive as the document's copy event.
import type { CopyFormat } from "../../shared/resultsProtocol";
import { copyText } from "./clipboard";
import { writeLargeCopy } from "./clipboardWrite";
import type { Grid } from "./grid/grid";
import type { ResultModel } from "./resultModel";
import type { RowSource } from "./rowSource";
import { log, vscode } from "./vscodeApi";

/** Selections up to this many rows are copied on the page; larger ones in the worker. */
const syncCopyRows = 2000;

export class SelectionCopy {
    /** Whether CSV and TSV copies make formula-like text inert (loads and `settings` say). */
    neutraliseFormulas = true;

    /**
     * @param dataColumns the result's columns (indices in the service's order) that the grid's
     *   columns `c0` to `c1` show, in the grid's order: copies follow the visible layout.
     */
    constructor(
        private readonly grid: Grid,
        private readonly source: RowSource,
        private readonly current: () => ResultModel | undefined,
        private readonly dataColumns: (c0: number, c1: number) => number[],
    ) {
        document.addEventListener("copy", (e) => this.onCopyEvent(e));
    }

    /**
     * Copies the selection in `format` through the extension (or the Clipboard API, if large):
     * its columns as the grid shows them, or with `allColumns` the selected rows' every column.
     */
    copy(format: CopyFormat, allColumns = false): void {
        const model = this.current();
        const range = this.grid.selection.range();
        if (!model || !range) return;
        const rows = range.r1 - range.r0 + 1;
        const cols = allColumns
            ? model.columns.map((_, c) => c)
            : this.dataColumns(range.c0, range.c1);
        if (rows <= syncCopyRows) {
            const text = copyText(model, range, format, this.neutraliseFormulas, cols);
            vscode.postMessage({ type: "copy", text, format, rows });
            return;
        }
        // Thousands of rows: built where every row is already parsed (the worker), so the page
        // neither parses them nor holds its thread for the whole text.
        void this.source
            .copy(
                model.payload.id,
                model.viewOrder(),
                range,
                format,
                model.columns,
                this.neutraliseFormulas,
                cols,
            )
            .then((blob) =>
                blob === null
                    ? log("error", `could not copy ${rows} rows`)
                    : writeLargeCopy(blob, format, rows),
            );
    }

    /** Copy from VS Code's Edit menu (or the host's Ctrl+C handling) while the grid has focus. */
    private onCopyEvent(e: ClipboardEvent): void {
        if (document.activeElement !== this.grid.element) return;
        const model = this.current();
        const range = this.grid.selection.range();
        if (!range) return;
        e.preventDefault();
        // A large selection is built in the worker and goes through the extension.
        if (range.r1 - range.r0 + 1 > syncCopyRows) return this.copy("tsv");
        if (!model) return;
        e.clipboardData?.setData(
            "text/plain",
            copyText(
                model,
                range,
                "tsv",
                this.neutraliseFormulas,
                this.dataColumns(range.c0, range.c1),
            ),
        );
    }
}
