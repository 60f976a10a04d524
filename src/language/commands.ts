import type { CommandSpec } from "../commands";

export const languageCommands: CommandSpec[] = [
    {
        id: "posthog-workbench.refreshSchema",
        title: "Refresh HogQL Schema",
        run: async (ctx) => {
            const schema = ctx.language.schema;
            // Fails with "not signed in" like any other command when there is no session.
            await ctx.auth.session.client();
            const counts = await schema.refresh();
            void ctx.ui.info(
                `HogQL completion knows ${counts.tables} tables, ${counts.events} events and ${counts.properties} properties.`,
            );
        },
    },
];
