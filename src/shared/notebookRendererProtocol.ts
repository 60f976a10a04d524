// Messages between the notebook renderer (src/webview/notebook) and the extension. Both sides
// import this file: no `vscode`, no DOM types.
import type { ChartSpec } from "./resultsProtocol";

/** Renderer → extension. `outputId` names the cell output the message is about. */
export type FromRenderer =
    | { type: "chart"; outputId: string; view: "grid" | "chart"; spec: ChartSpec | null }
    | { type: "copy"; text: string; rows: number }
    | { type: "saveChart"; format: "png" | "svg"; data: string; title: string }
    | { type: "chartImage"; outputId: string; png: string }
    /** "Open in Results Panel" on a capped output: run its query for the whole result. */
    | { type: "openFull"; outputId: string }
    /** The renderer started: it asks for VS Code's translations. */
    | { type: "l10n" };

/**
 * Extension → renderer: draw the chart of these outputs as PNG (for the Markdown export); the
 * translations for VS Code's display language (null in English); whether TSV copies make text
 * values that would start a spreadsheet formula inert (the `export.neutraliseFormulas` setting,
 * sent when the renderer starts and when it changes; until then they do).
 */
export type ToRenderer =
    | { type: "chartImages"; outputIds: string[] }
    | { type: "l10n"; bundle: Record<string, string> | null }
    | { type: "settings"; neutraliseFormulas: boolean };
