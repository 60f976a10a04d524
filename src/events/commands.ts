import * as vscode from "vscode";
import type { EventDefinition, EventDefinitionPatch } from "../api";
import type { CommandSpec } from "../commands";
import type { LogDep, SessionDep, UiDep } from "../deps";
import type { EventDefinitionsTree } from "./eventDefinitionsTree";
import { redact } from "../log";
import { inLabel, oneLine, quotedInLabel, quotedInMessage } from "../shared/plainText";
import type { CodeUsagesDep } from "./codeUsages";
import { findUsages } from "./findUsages";
import {
    eventQuery,
    parseTags,
    type EventDefinitionsOrdering,
    type EventUsageFilter,
} from "./format";
import { EventDefinitionNode } from "./nodes";

/** What the event definition commands use. */
export interface EventCommandDeps extends LogDep, UiDep, SessionDep, CodeUsagesDep {
    readonly views: { readonly eventDefinitions: EventDefinitionsTree };
}

const P = "posthog-workbench";

/**
 * The definition a command acts on: the row it was invoked on, or, from the Command Palette, one
 * the user picks from the rows loaded so far. Undefined when the user cancels the pick.
 */
async function target(deps: EventCommandDeps, arg: unknown): Promise<EventDefinition | undefined> {
    if (arg instanceof EventDefinitionNode) return arg.definition;
    const defs = await deps.views.eventDefinitions.definitions();
    if (defs.length === 0) throw new Error("No event definitions are loaded; check the filter.");
    return deps.ui.pick(
        defs.map((def) => ({
            label: inLabel(def.name),
            description: def.tags?.length ? inLabel(def.tags.join(", ")) : undefined,
            detail: def.description ? inLabel(def.description) : undefined,
            value: def,
        })),
        {
            title: vscode.l10n.t("Event definition"),
            placeHolder: vscode.l10n.t("Pick an event (search in the view for others)"),
        },
    );
}

/** What editing event definitions needs (posthog/api/event_definition.py answers 402 without). */
export const TAXONOMY_REQUIRED =
    "Editing event definitions needs the taxonomy feature (ingestion taxonomy) in your organization's PostHog plan; an organization admin can add it in Billing.";

/**
 * Sends one edit (#21), as ee/api/ee_event_definition.py applies it: hiding a verified event
 * removes its verified mark and verifying a hidden one unhides it, so those ask once first. Only
 * hidden and verified both true in one request is refused, here before anything is sent.
 */
async function edit(
    deps: EventCommandDeps,
    def: EventDefinition,
    patch: EventDefinitionPatch,
): Promise<void> {
    if (patch.hidden === true && patch.verified === true) {
        await deps.ui.warn(
            vscode.l10n.t(
                "{0} can't be hidden and verified at once; choose one.",
                quotedInMessage(def.name),
            ),
        );
        return;
    }
    if (patch.hidden === true && def.verified && patch.verified === undefined) {
        const go = await deps.ui.confirm(
            vscode.l10n.t(
                "Hide {0}? This also removes its verified mark.",
                quotedInMessage(def.name),
            ),
            vscode.l10n.t(
                "PostHog doesn't keep hidden events verified: hiding it clears the verified mark.",
            ),
            vscode.l10n.t("Hide"),
        );
        if (!go) return;
    } else if (patch.verified === true && def.hidden && patch.hidden === undefined) {
        const go = await deps.ui.confirm(
            vscode.l10n.t("Verify {0}? This also unhides it.", quotedInMessage(def.name)),
            vscode.l10n.t(
                "PostHog doesn't keep verified events hidden: verifying it shows it again.",
            ),
            vscode.l10n.t("Verify"),
        );
        if (!go) return;
    }
    const client = await deps.auth.session.client();
    let updated: EventDefinition;
    try {
        updated = await client.updateEventDefinition(def.id, patch);
    } catch (error) {
        if ((error as { status?: number }).status === 402) {
            await deps.ui.error(TAXONOMY_REQUIRED);
            return;
        }
        throw error;
    }
    deps.views.eventDefinitions.updated({ ...def, ...updated });
}

function itemCommand(
    name: string,
    title: string,
    run: (deps: EventCommandDeps, def: EventDefinition) => unknown,
): CommandSpec<EventCommandDeps> {
    return {
        id: `${P}.${name}`,
        title,
        run: async (deps, arg) => {
            const def = await target(deps, arg);
            return def && run(deps, def);
        },
    };
}

/** Commands of the Event Definitions view. */
export const eventDefinitionCommands: readonly CommandSpec<EventCommandDeps>[] = [
    {
        id: `${P}.refreshEventDefinitions`,
        title: vscode.l10n.t("Refresh Event Definitions"),
        run: (deps) => deps.views.eventDefinitions.refresh(),
    },
    {
        id: `${P}.loadMoreEventDefinitions`,
        title: vscode.l10n.t("Load More Event Definitions"),
        run: (deps) => deps.views.eventDefinitions.loadMore(),
    },
    {
        id: `${P}.searchEventDefinitions`,
        title: vscode.l10n.t("Search Event Definitions"),
        run: async (deps) => {
            const tree = deps.views.eventDefinitions;
            const search = await deps.ui.input({
                title: vscode.l10n.t("Search event definitions"),
                prompt: vscode.l10n.t(
                    "Every word must appear in the event name. Leave empty to show all.",
                ),
                value: tree.filter.search,
                placeHolder: vscode.l10n.t("e.g. checkout completed"),
            });
            if (search !== undefined) tree.setFilter({ search: search.trim() });
        },
    },
    {
        id: `${P}.clearEventDefinitionsSearch`,
        title: vscode.l10n.t("Clear Event Definitions Search"),
        run: (deps) => deps.views.eventDefinitions.setFilter({ search: "" }),
    },
    {
        id: `${P}.sortEventDefinitions`,
        title: vscode.l10n.t("Sort Event Definitions"),
        run: async (deps) => {
            const tree = deps.views.eventDefinitions;
            const current = tree.filter.ordering;
            const mark = (ordering: EventDefinitionsOrdering): string | undefined =>
                ordering === current ? "current" : undefined;
            const ordering = await deps.ui.pick<EventDefinitionsOrdering>(
                [
                    { label: vscode.l10n.t("Name"), description: mark("name"), value: "name" },
                    {
                        label: vscode.l10n.t("Last seen"),
                        detail: vscode.l10n.t("Most recently seen first"),
                        description: mark("-last_seen_at"),
                        value: "-last_seen_at",
                    },
                ],
                { title: vscode.l10n.t("Sort event definitions by") },
            );
            if (ordering) tree.setFilter({ ordering });
        },
    },
    {
        id: `${P}.includeHiddenEventDefinitions`,
        title: vscode.l10n.t("Include Hidden Events"),
        run: (deps) => deps.views.eventDefinitions.setFilter({ includeHidden: true }),
    },
    {
        id: `${P}.excludeHiddenEventDefinitions`,
        title: vscode.l10n.t("Exclude Hidden Events"),
        run: (deps) => deps.views.eventDefinitions.setFilter({ includeHidden: false }),
    },
    {
        id: `${P}.includePostHogEventDefinitions`,
        title: vscode.l10n.t("Include PostHog Events ($…)"),
        run: (deps) => deps.views.eventDefinitions.setFilter({ includePostHog: true }),
    },
    {
        id: `${P}.excludePostHogEventDefinitions`,
        title: vscode.l10n.t("Exclude PostHog Events ($…)"),
        run: (deps) => deps.views.eventDefinitions.setFilter({ includePostHog: false }),
    },
    {
        id: `${P}.filterEventDefinitionsByUsage`,
        title: vscode.l10n.t("Filter Event Definitions by Use in Code"),
        run: async (deps, arg) => {
            const tree = deps.views.eventDefinitions;
            const current = tree.filter.usage;
            const mark = (usage: EventUsageFilter): string | undefined =>
                usage === current ? vscode.l10n.t("current") : undefined;
            // Tests pass the choice; the palette and the view's menu ask.
            const usage = isUsage(arg)
                ? arg
                : await deps.ui.pick<EventUsageFilter>(
                      [
                          {
                              label: vscode.l10n.t("All events"),
                              description: mark("all"),
                              value: "all",
                          },
                          {
                              label: vscode.l10n.t("Used in code"),
                              detail: vscode.l10n.t("Events this workspace's code captures"),
                              description: mark("used"),
                              value: "used",
                          },
                          {
                              label: vscode.l10n.t("Not used in code"),
                              detail: vscode.l10n.t("Events no code in this workspace captures"),
                              description: mark("unused"),
                              value: "unused",
                          },
                      ],
                      { title: vscode.l10n.t("Show event definitions") },
                  );
            if (!usage) return;
            if (usage !== "all" && (await deps.codeUsages.index().ensureBuilt()) === "cancelled")
                return;
            tree.setFilter({ usage });
        },
    },
    {
        id: `${P}.cancelCodeIndex`,
        title: vscode.l10n.t("Stop Finding PostHog Calls in the Workspace"),
        run: (deps) => {
            if (!deps.codeUsages.loaded?.cancel())
                void deps.ui.info(vscode.l10n.t("PostHog calls are not being searched for now."));
        },
    },
    {
        // The locations go back to a programmatic caller (tests).
        ...itemCommand("findEventUsages", vscode.l10n.t("Find Usages in Code"), (deps, def) =>
            findUsages(deps, "capture", def.name),
        ),
        returnsValue: true,
    },
    {
        id: `${P}.showEventDefinition`,
        returnsValue: true,
        title: vscode.l10n.t("Show Event Definition Details"),
        run: async (deps, arg, how) => {
            const def = await target(deps, arg);
            if (!def) return undefined;
            const document = await deps.views.eventDefinitions.details.open(def);
            // A click on a row: the preview took focus; give it back so arrowing through rows
            // keeps working (as the text document did with preserveFocus).
            if ((how as { fromTree?: boolean } | undefined)?.fromTree)
                await vscode.commands.executeCommand(`${P}.eventDefinitions.focus`);
            return document;
        },
    },
    {
        // The editor goes back to a programmatic caller (tests); see CommandSpec.returnsValue.
        ...itemCommand(
            "newQueryForEvent",
            vscode.l10n.t("New Query for Event"),
            async (_c, def) => {
                const document = await vscode.workspace.openTextDocument({
                    language: "hogql",
                    content: eventQuery(def.name),
                });
                return vscode.window.showTextDocument(document);
            },
        ),
        returnsValue: true,
    },
    itemCommand("copyEventName", vscode.l10n.t("Copy Event Name"), async (_ctx, def) => {
        await vscode.env.clipboard.writeText(def.name);
        vscode.window.setStatusBarMessage(
            vscode.l10n.t("Copied {0}", quotedInLabel(def.name)),
            3000,
        );
    }),
    itemCommand(
        "editEventDefinitionDescription",
        vscode.l10n.t("Edit Description"),
        async (deps, def) => {
            const description = await deps.ui.input({
                title: vscode.l10n.t("Description of {0}", oneLine(def.name)),
                prompt: vscode.l10n.t("Leave empty to remove the description."),
                value: def.description ?? "",
            });
            if (description === undefined || description === (def.description ?? "")) return;
            await edit(deps, def, { description });
        },
    ),
    itemCommand("editEventDefinitionTags", vscode.l10n.t("Edit Tags"), async (deps, def) => {
        const text = await deps.ui.input({
            title: vscode.l10n.t("Tags of {0}", oneLine(def.name)),
            prompt: vscode.l10n.t(
                "Comma-separated, e.g. growth, activation. Leave empty to remove every tag.",
            ),
            value: (def.tags ?? []).join(", "),
        });
        if (text === undefined) return;
        const tags = parseTags(text);
        if (tags.join("\n") === (def.tags ?? []).join("\n")) return;
        await edit(deps, def, { tags });
    }),
    itemCommand("verifyEventDefinition", vscode.l10n.t("Mark as Verified"), (deps, def) =>
        edit(deps, def, { verified: true }),
    ),
    itemCommand("unverifyEventDefinition", vscode.l10n.t("Remove Verified Mark"), (deps, def) =>
        edit(deps, def, { verified: false }),
    ),
    itemCommand("hideEventDefinition", vscode.l10n.t("Hide Event"), (deps, def) =>
        edit(deps, def, { hidden: true }),
    ),
    itemCommand("unhideEventDefinition", vscode.l10n.t("Unhide Event"), (deps, def) =>
        edit(deps, def, { hidden: false }),
    ),
    itemCommand(
        "deleteEventDefinition",
        vscode.l10n.t("Delete Event Definition"),
        async (deps, def) => {
            const state = deps.auth.session.state;
            const detail = state.signedIn
                ? vscode.l10n.t(
                      "This permanently deletes {0} with its description, tags and verification from project {1}. It cannot be undone. Events already captured are not deleted.",
                      quotedInMessage(def.name),
                      state.projectId,
                  )
                : vscode.l10n.t(
                      "This permanently deletes {0} with its description, tags and verification. It cannot be undone. Events already captured are not deleted.",
                      quotedInMessage(def.name),
                  );
            const confirmed = await deps.ui.confirm(
                vscode.l10n.t("Delete the event definition {0}?", quotedInMessage(def.name)),
                detail,
                vscode.l10n.t("Delete"),
            );
            if (!confirmed) return;
            const client = await deps.auth.session.client();
            await client.deleteEventDefinition(def.id);
            // Anyone can name an event: a name shaped like a key is redacted like one.
            deps.log.info(`deleted event definition ${redact(def.name)} (${def.id})`);
            deps.views.eventDefinitions.refresh();
            deps.views.eventDefinitions.details.reload(def.id);
            void deps.ui.info(
                vscode.l10n.t("Deleted the event definition {0}.", quotedInMessage(def.name)),
            );
        },
    ),
];

function isUsage(value: unknown): value is EventUsageFilter {
    return value === "all" || value === "used" || value === "unused";
}
