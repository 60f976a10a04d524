import * as vscode from "vscode";
import { registerOnFirstDocument } from "../activationOnFirstDocument";
import type { DisposablesDep, LogDep } from "../deps";
import type { SavedQueryCodeLensDeps } from "./codeLens";

/** What registering the saved-query lenses uses. */
export type SavedQueriesDeps = DisposablesDep & LogDep & SavedQueryCodeLensDeps;

/** The languages a saved query is written in. */
const SAVED_QUERY_LANGUAGES = ["json", "jsonc"];

/**
 * Lenses on JSON saved queries. Registered for every JSON document because a saved query is
 * recognised by its content (a query `kind`), not its name; documents without `"kind"` cost a
 * substring search. Their code loads with the first JSON document, not at activation.
 */
export function registerSavedQueries(deps: SavedQueriesDeps): void {
    registerOnFirstDocument(
        deps,
        "the saved-query lenses",
        (document) => SAVED_QUERY_LANGUAGES.includes(document.languageId),
        () => import("./codeLens"),
        (m) => {
            const provider = new m.SavedQueryCodeLensProvider(deps);
            return vscode.Disposable.from(
                vscode.languages.registerCodeLensProvider(
                    // Every scheme, a virtual workspace's too; the provider leaves notebook cells out.
                    SAVED_QUERY_LANGUAGES.map((language) => ({ language })),
                    provider,
                ),
                provider,
            );
        },
    );
}
