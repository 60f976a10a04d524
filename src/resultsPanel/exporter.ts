// Writes a whole result to a file the user picks, streaming slice by slice from the extension side,
// with its progress in a notification whose Cancel stops it and removes the partial file.
import * as vscode from "vscode";
import type { ExportFormat } from "../shared/resultsProtocol";
import { withAbortSignal } from "../cancellation";
import type { Ui } from "../userPrompts";
import { exportText, exportToFile, type ExportOptions } from "./exportWriter";
import { layoutOf, nextTurn, type QueryResult } from "./resultSet";
import { displayLanguage } from "../locale";

const filters: Record<ExportFormat, Record<string, string[]>> = {
    csv: { CSV: ["csv"] },
    json: { JSON: ["json"] },
    ndjson: { "Newline-delimited JSON": ["ndjson", "jsonl"] },
};

/**
 * Asks where to save, then writes. Returns the file, or undefined when the user cancelled (the
 * dialog or the export).
 */
export async function exportResult(
    ui: Ui,
    result: QueryResult,
    format: ExportFormat,
    baseName: string,
    how: Pick<ExportOptions, "neutraliseFormulas" | "columns"> = {},
): Promise<vscode.Uri | undefined> {
    const fileName = `${baseName.replace(/[^\w.-]+/g, "_").slice(0, 60) || "result"}.${format}`;
    const target = await ui.saveFile({
        fileName,
        filters: filters[format],
        saveLabel: vscode.l10n.t("Export"),
        title: vscode.l10n.t("Export result as {0}", format.toUpperCase()),
    });
    if (!target) return undefined;
    const total = (await layoutOf(result, nextTurn)).rowStarts.length;
    const written = await vscode.window.withProgress(
        {
            location: vscode.ProgressLocation.Notification,
            title: vscode.l10n.t("Exporting {0}", fileName),
            cancellable: true,
        },
        (progress, token) =>
            withAbortSignal(token, (signal) => {
                let reported = 0;
                const options: ExportOptions = {
                    ...how,
                    signal,
                    onRows: (done) => {
                        // Notifications take increments in percent.
                        const percent = total ? (100 * done) / total : 100;
                        progress.report({
                            increment: percent - reported,
                            message: vscode.l10n.t(
                                "{0} of {1} rows",
                                done.toLocaleString(displayLanguage()),
                                total.toLocaleString(displayLanguage()),
                            ),
                        });
                        reported = percent;
                    },
                };
                return writeExport(target, result, format, options);
            }),
    );
    return written ? target : undefined;
}

/** Writes the export; false when cancelled (no file is left behind). */
async function writeExport(
    target: vscode.Uri,
    result: QueryResult,
    format: ExportFormat,
    options: ExportOptions,
): Promise<boolean> {
    if (target.scheme === "file") return exportToFile(result, format, target.fsPath, options);
    // Remote or virtual file systems offer no streams through the API: gather, then write once
    // (nothing is written when cancelled meanwhile).
    const parts: string[] = [];
    for await (const slice of exportText(result, format, options)) parts.push(slice);
    if (options.signal?.aborted) return false;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(parts.join("")));
    return true;
}
