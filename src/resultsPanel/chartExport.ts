// Saves a chart image the results page produced (PNG bytes or SVG text) where the user picks.
import * as vscode from "vscode";
import type { SaveChartMessage } from "../shared/resultsProtocol";
import type { Ui } from "../userPrompts";

/** Asks where to save, then writes. Returns the file, or undefined when the user cancelled. */
export async function saveChartImage(
    ui: Ui,
    msg: SaveChartMessage,
): Promise<vscode.Uri | undefined> {
    const fileName = `${msg.title.replace(/[^\w.-]+/g, "_").slice(0, 60) || "chart"}.${msg.format}`;
    const target = await ui.saveFile({
        fileName,
        filters: msg.format === "png" ? { "PNG image": ["png"] } : { "SVG image": ["svg"] },
        saveLabel: vscode.l10n.t("Save Chart"),
        title: vscode.l10n.t("Save chart as {0}", msg.format.toUpperCase()),
    });
    if (!target) return undefined;
    const bytes =
        msg.format === "png" ? Buffer.from(msg.data, "base64") : new TextEncoder().encode(msg.data);
    await vscode.workspace.fs.writeFile(target, bytes);
    return target;
}
