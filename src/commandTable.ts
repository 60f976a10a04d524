import * as l10n from "@vscode/l10n";
import type { Auth } from "./auth/auth";
import { codeInsightCommands, type CodeInsightCommandDeps } from "./codeInsight/commands";
import type { CommandSpec } from "./commands";
import type { LogDep } from "./deps";
import { eventDefinitionCommands, type EventCommandDeps } from "./events/commands";
import type { ExperimentActionDeps } from "./experiments/actions";
import { experimentCommands } from "./experiments/commands";
import { experimentUsagesCommand } from "./experiments/findUsages";
import { languageCommands, type LanguageCommandDeps } from "./language/commands";
import { lmCommands, type LmCommandDeps } from "./lm/commands";
import { notebookCommands } from "./notebook/commands";
import type { FullResultDeps } from "./notebook/fullResult";
import { queryCommands, type QueryCommandDeps } from "./query/commands";
import { resultsCommands, type ResultsCommandDeps } from "./resultsPanel/commands";
import { savedQueryCommands, type SavedQueryCommandDeps } from "./savedQueries/commands";
import { walkthroughCommands, type WalkthroughCommandDeps } from "./walkthrough/commands";

/** What the sign-in commands of this table use. */
interface AuthDep {
    readonly auth: Auth;
}

/** What all the commands use together: activation hands over its context, which has it all. */
export type CommandDeps = LogDep &
    AuthDep &
    ExperimentActionDeps &
    EventCommandDeps &
    QueryCommandDeps &
    LanguageCommandDeps &
    SavedQueryCommandDeps &
    WalkthroughCommandDeps &
    FullResultDeps &
    ResultsCommandDeps &
    LmCommandDeps &
    CodeInsightCommandDeps;

const P = "posthog-workbench";

/**
 * Every command of the extension. A test checks this table against `contributes.commands`, both
 * ways, so a command cannot be contributed without a handler or registered without a title.
 */
export const commandTable: readonly CommandSpec<CommandDeps>[] = [
    { id: `${P}.signIn`, title: l10n.t("Sign In"), run: (deps) => deps.auth.signIn() },
    { id: `${P}.signOut`, title: l10n.t("Sign Out"), run: (deps) => deps.auth.signOut() },
    {
        id: `${P}.switchProject`,
        title: l10n.t("Switch Project"),
        run: (deps) => deps.auth.switchProject(),
    },
    { id: `${P}.switchHost`, title: l10n.t("Switch Host"), run: (deps) => deps.auth.switchHost() },
    { id: `${P}.showLog`, title: l10n.t("Show Log"), run: (deps) => deps.log.show(true) },
    ...experimentCommands,
    experimentUsagesCommand,
    ...eventDefinitionCommands,
    ...queryCommands,
    ...languageCommands,
    ...savedQueryCommands,
    ...walkthroughCommands,
    ...notebookCommands,
    ...resultsCommands,
    ...lmCommands,
    ...codeInsightCommands,
];
