import type { CommandSpec } from "./commands";
import { eventDefinitionCommands } from "./events/commands";
import { experimentCommands } from "./experiments/commands";
import { languageCommands } from "./language/commands";
import { notebookCommands } from "./notebook";
import { queryCommands } from "./query/commands";
import { savedQueryCommands } from "./savedQueries/commands";

const P = "posthog-workbench";

/**
 * Every command of the extension. A test checks this table against `contributes.commands`, both
 * ways, so a command cannot be contributed without a handler or registered without a title.
 */
export const commandTable: readonly CommandSpec[] = [
    { id: `${P}.signIn`, title: "Sign In", run: (ctx) => ctx.auth.signIn() },
    { id: `${P}.signOut`, title: "Sign Out", run: (ctx) => ctx.auth.signOut() },
    { id: `${P}.switchProject`, title: "Switch Project", run: (ctx) => ctx.auth.switchProject() },
    { id: `${P}.switchHost`, title: "Switch Host", run: (ctx) => ctx.auth.switchHost() },
    { id: `${P}.showLog`, title: "Show Log", run: (ctx) => ctx.log.show(true) },
    ...experimentCommands,
    ...eventDefinitionCommands,
    ...queryCommands,
    ...languageCommands,
    ...savedQueryCommands,
    ...notebookCommands,
];
