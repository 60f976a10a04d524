import * as l10n from "@vscode/l10n";
import type { CommandSpec } from "../commands";
import type { SessionDep, UiDep } from "../deps";
import type { SchemaCache } from "./dataSource";

/** What the language's commands use. */
export interface LanguageCommandDeps extends UiDep, SessionDep {
    readonly language: { readonly schema: () => Promise<SchemaCache> };
}

export const languageCommands: readonly CommandSpec<LanguageCommandDeps>[] = [
    {
        id: "posthog-workbench.refreshSchema",
        title: l10n.t("Refresh HogQL Schema"),
        run: async (deps) => {
            // Fails with "not signed in" like any other command when there is no session.
            await deps.auth.session.client();
            const schema = await deps.language.schema();
            const counts = await schema.refresh();
            void deps.ui.info(
                l10n.t(
                    "HogQL completion knows {0} tables, {1} events and {2} properties.",
                    counts.tables,
                    counts.events,
                    counts.properties,
                ),
            );
        },
    },
];
