// The commands of the editor's PostHog insight: the hovers' links, and Refresh.
import * as l10n from "@vscode/l10n";
import * as vscode from "vscode";
import type { CommandSpec } from "../commands";
import type { SessionDep } from "../deps";
import type { EventDefinitionsTree } from "../events/eventDefinitionsTree";
import { eventQuery } from "../events/format";
import { eventDefinitionUrl } from "./appUrls";
import type { CodeInsight } from "./index";

/** What the commands use. */
export interface CodeInsightCommandDeps extends SessionDep {
    readonly codeInsight: CodeInsight;
    readonly views: { readonly eventDefinitions: EventDefinitionsTree };
    readonly documents: { showDetails(id: number): Promise<unknown> };
}

const P = "posthog-workbench";

/** The one argument a hover's link passes; anything else is refused with what to do. */
function argument<T extends "string" | "number">(
    args: unknown[],
    type: T,
): T extends "string" ? string : number {
    const value = args[0];
    if (typeof value !== type || (type === "string" && value === ""))
        throw new Error(
            l10n.t(
                "This command is run from the hover on an event or flag in your code; hover over one and use its link.",
            ),
        );
    return value as T extends "string" ? string : number;
}

export const codeInsightCommands: readonly CommandSpec<CodeInsightCommandDeps>[] = [
    {
        id: `${P}.refreshCodeInsight`,
        title: l10n.t("Refresh PostHog Data in the Editor"),
        run: async (deps) => (await deps.codeInsight.data()).refresh(),
    },
    {
        id: `${P}.queryEventFromCode`,
        title: l10n.t("Query This Event"),
        returnsValue: true,
        run: async (_deps, ...args) => {
            const name = argument(args, "string");
            const document = await vscode.workspace.openTextDocument({
                language: "hogql",
                content: eventQuery(name),
            });
            return vscode.window.showTextDocument(document);
        },
    },
    {
        id: `${P}.revealEventDefinition`,
        title: l10n.t("Reveal in Event Definitions"),
        run: async (deps, ...args) => {
            const name = argument(args, "string");
            // The view's own search, with hidden and PostHog's events included so the name shows.
            deps.views.eventDefinitions.setFilter({
                search: name,
                includeHidden: true,
                includePostHog: true,
            });
            await vscode.commands.executeCommand(`${P}.eventDefinitions.focus`);
        },
    },
    {
        id: `${P}.openEventInPostHog`,
        title: l10n.t("Open Event in PostHog"),
        run: async (deps, ...args) => {
            const id = argument(args, "string");
            const state = deps.auth.session.state;
            if (!state.signedIn)
                throw new Error(l10n.t('Not signed in. Run "PostHog: Sign In" first.'));
            const link = eventDefinitionUrl(state.host, state.projectId, id);
            await vscode.env.openExternal(vscode.Uri.parse(link, true));
        },
    },
    {
        id: `${P}.openExperimentFromCode`,
        title: l10n.t("Open Experiment"),
        run: (deps, ...args) => deps.documents.showDetails(argument(args, "number")),
    },
];
