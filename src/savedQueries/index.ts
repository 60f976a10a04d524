import * as vscode from "vscode";
import type { Ctx } from "../ctx";
import { SavedQueryCodeLensProvider } from "./codeLens";

/**
 * Lenses on JSON saved queries. Registered for every JSON document because a saved query is
 * recognised by its content (a query `kind`), not its name; documents without `"kind"` cost a
 * substring search.
 */
export function registerSavedQueries(ctx: Ctx): void {
    ctx.push(
        vscode.languages.registerCodeLensProvider(
            // Files only, never notebook cells (scheme vscode-notebook-cell).
            [
                { language: "json", scheme: "file" },
                { language: "jsonc", scheme: "file" },
                { language: "json", scheme: "untitled" },
                { language: "jsonc", scheme: "untitled" },
            ],
            ctx.push(new SavedQueryCodeLensProvider(ctx)),
        ),
    );
}
