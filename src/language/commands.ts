import * as l10n from "@vscode/l10n";
import type { CommandSpec } from "../commands";

export const languageCommands: CommandSpec[] = [
    {
        id: "posthog-workbench.refreshSchema",
        title: l10n.t("Refresh HogQL Schema"),
        run: async (ctx) => {
            const schema = ctx.language.schema;
            // Fails with "not signed in" like any other command when there is no session.
            await ctx.auth.session.client();
            const counts = await schema.refresh();
            void ctx.ui.info(
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
