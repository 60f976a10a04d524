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
            // Every scheme, a virtual workspace's too; the provider leaves notebook cells out.
            [{ language: "json" }, { language: "jsonc" }],
            ctx.push(new SavedQueryCodeLensProvider(ctx)),
        ),
    );
}
