import type { CommandSpec } from "./commands";

const P = "posthog-workbench";

/**
 * Every command of the extension. A test checks this table against `contributes.commands`, both
 * ways, so a command cannot be contributed without a handler or registered without a title.
 */
export const commandTable: readonly CommandSpec[] = [
    { id: `${P}.signIn`, title: "Sign In", run: (ctx) => ctx.auth.signIn() },
    { id: `${P}.showLog`, title: "Show Log", run: (ctx) => ctx.log.show(true) },
    {
        id: `${P}.refreshExperiments`,
        title: "Refresh Experiments",
        run: (ctx) => ctx.views.experiments.refresh(),
    },
    {
        id: `${P}.refreshEventDefinitions`,
        title: "Refresh Event Definitions",
        run: (ctx) => ctx.views.eventDefinitions.refresh(),
    },
];
