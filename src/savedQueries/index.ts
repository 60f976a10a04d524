import * as vscode from "vscode";
import type { DisposablesDep } from "../deps";
import { SavedQueryCodeLensProvider, type SavedQueryCodeLensDeps } from "./codeLens";

/** What registering the saved-query lenses uses. */
export type SavedQueriesDeps = DisposablesDep & SavedQueryCodeLensDeps;

/**
 * Lenses on JSON saved queries. Registered for every JSON document because a saved query is
 * recognised by its content (a query `kind`), not its name; documents without `"kind"` cost a
 * substring search.
 */
export function registerSavedQueries(deps: SavedQueriesDeps): void {
    deps.push(
        vscode.languages.registerCodeLensProvider(
            // Every scheme, a virtual workspace's too; the provider leaves notebook cells out.
            [{ language: "json" }, { language: "jsonc" }],
            deps.push(new SavedQueryCodeLensProvider(deps)),
        ),
    );
}
