// Writes a whole result to a file the user picks, streaming slice by slice from the extension side.
import { once } from "node:events";
import fs from "node:fs";
import * as vscode from "vscode";
import type { ExportFormat } from "../protocol";
import type { Ui } from "../userPrompts";
import { exportSlices } from "./exportFormats";
import { nextTurn, ResultSet, rowSlices } from "./resultSet";

const filters: Record<ExportFormat, Record<string, string[]>> = {
    csv: { CSV: ["csv"] },
    json: { JSON: ["json"] },
    ndjson: { "Newline-delimited JSON": ["ndjson", "jsonl"] },
};

/** Asks where to save, then writes. Returns the file, or undefined when the user cancelled. */
export async function exportResult(
    ui: Ui,
    set: ResultSet,
    format: ExportFormat,
    baseName: string,
): Promise<vscode.Uri | undefined> {
    const fileName = `${baseName.replace(/[^\w.-]+/g, "_").slice(0, 60) || "result"}.${format}`;
    const target = await ui.saveFile({
        fileName,
        filters: filters[format],
        saveLabel: "Export",
        title: `Export result as ${format.toUpperCase()}`,
    });
    if (!target) return undefined;
    const slices = exportSlices(set.summary.meta.columns, rowSlices(set, nextTurn), format);
    await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Exporting ${fileName}…` },
        () => writeSlices(target, slices),
    );
    return target;
}

async function writeSlices(target: vscode.Uri, slices: AsyncIterable<string>): Promise<void> {
    if (target.scheme === "file") {
        const out = fs.createWriteStream(target.fsPath, { encoding: "utf8" });
        const failed = new Promise<never>((_, reject) => out.once("error", reject));
        try {
            for await (const slice of slices) {
                if (!out.write(slice)) await Promise.race([once(out, "drain"), failed]);
            }
            out.end();
            await Promise.race([once(out, "finish"), failed]);
        } finally {
            out.destroy();
        }
        return;
    }
    // Remote or virtual file systems offer no streams through the API: gather, then write once.
    const parts: string[] = [];
    for await (const slice of slices) parts.push(slice);
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(parts.join("")));
}
