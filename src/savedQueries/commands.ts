import * as vscode from "vscode";
import type { CommandSpec } from "../commands";
import type { DisposablesDep } from "../deps";
import { copyAsCurl, openInPostHog, runSavedQuery, type SavedQueryActionDeps } from "./actions";
import {
    UPGRADE_SCHEME,
    UpgradePreviews,
    upgradeAll,
    upgradeQuery,
    type UpgradeDeps,
} from "./upgrade";

/** What the saved-query commands use. */
export type SavedQueryCommandDeps = DisposablesDep & SavedQueryActionDeps & UpgradeDeps;

const P = "posthog-workbench";

const previews = new WeakMap<object, UpgradePreviews>();

/** The diff previews of this context, registered on first use and disposed with the context. */
function previewsOf(deps: SavedQueryCommandDeps): UpgradePreviews {
    let found = previews.get(deps);
    if (!found) {
        found = deps.push(new UpgradePreviews());
        deps.push(vscode.workspace.registerTextDocumentContentProvider(UPGRADE_SCHEME, found));
        previews.set(deps, found);
    }
    return found;
}

/**
 * Saved query commands. The lenses pass `(document URI, offset of the node or statement)`;
 * from the palette they act on the node or statement under the cursor.
 */
export const savedQueryCommands: CommandSpec<SavedQueryCommandDeps>[] = [
    {
        id: `${P}.runSavedQuery`,
        title: vscode.l10n.t("Run Saved Query"),
        run: (deps, uri, offset) => runSavedQuery(deps, uri, offset),
    },
    {
        id: `${P}.upgradeQuery`,
        returnsValue: true,
        title: vscode.l10n.t("Upgrade Query"),
        run: (deps, uri, offset) => upgradeQuery(deps, previewsOf(deps), uri, offset),
    },
    {
        id: `${P}.upgradeAllSavedQueries`,
        returnsValue: true,
        title: vscode.l10n.t("Upgrade All Saved Queries"),
        run: (deps) => upgradeAll(deps, previewsOf(deps)),
    },
    {
        id: `${P}.copyQueryAsCurl`,
        returnsValue: true,
        title: vscode.l10n.t("Copy as cURL"),
        run: (deps, uri, offset) => copyAsCurl(deps, uri, offset),
    },
    {
        id: `${P}.openQueryInPostHog`,
        title: vscode.l10n.t("Open Query in PostHog"),
        run: (deps, uri, offset) => openInPostHog(deps, uri, offset),
    },
];
