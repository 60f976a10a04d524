import * as l10n from "@vscode/l10n";
import type { CommandSpec } from "./commands";
import { eventDefinitionCommands } from "./events/commands";
import { experimentCommands } from "./experiments/commands";
import { languageCommands } from "./language/commands";
import { lmCommands } from "./lm/commands";
import { notebookCommands } from "./notebook";
import { queryCommands } from "./query/commands";
import { savedQueryCommands } from "./savedQueries/commands";
import { walkthroughCommands } from "./walkthrough/commands";

const P = "posthog-workbench";

/**
 * Every command of the extension. A test checks this table against `contributes.commands`, both
 * ways, so a command cannot be contributed without a handler or registered without a title.
 */
export const commandTable: readonly CommandSpec[] = [
    { id: `${P}.signIn`, title: l10n.t("Sign In"), run: (ctx) => ctx.auth.signIn() },
    { id: `${P}.signOut`, title: l10n.t("Sign Out"), run: (ctx) => ctx.auth.signOut() },
    {
        id: `${P}.switchProject`,
        title: l10n.t("Switch Project"),
        run: (ctx) => ctx.auth.switchProject(),
    },
    { id: `${P}.switchHost`, title: l10n.t("Switch Host"), run: (ctx) => ctx.auth.switchHost() },
    { id: `${P}.showLog`, title: l10n.t("Show Log"), run: (ctx) => ctx.log.show(true) },
    ...experimentCommands,
    ...eventDefinitionCommands,
    ...queryCommands,
    ...languageCommands,
    ...savedQueryCommands,
    ...walkthroughCommands,
    ...notebookCommands,
    ...lmCommands,
];
