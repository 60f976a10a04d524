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
function previewsOf(ctx: SavedQueryCommandDeps): UpgradePreviews {
    let found = previews.get(ctx);
    if (!found) {
        found = ctx.push(new UpgradePreviews());
        ctx.push(vscode.workspace.registerTextDocumentContentProvider(UPGRADE_SCHEME, found));
        previews.set(ctx, found);
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
        run: (ctx, uri, offset) => runSavedQuery(ctx, uri, offset),
    },
    {
        id: `${P}.upgradeQuery`,
        returnsValue: true,
        title: vscode.l10n.t("Upgrade Query"),
        run: (ctx, uri, offset) => upgradeQuery(ctx, previewsOf(ctx), uri, offset),
    },
    {
        id: `${P}.upgradeAllSavedQueries`,
        returnsValue: true,
        title: vscode.l10n.t("Upgrade All Saved Queries"),
        run: (ctx) => upgradeAll(ctx, previewsOf(ctx)),
    },
    {
        id: `${P}.copyQueryAsCurl`,
        returnsValue: true,
        title: vscode.l10n.t("Copy as cURL"),
        run: (ctx, uri, offset) => copyAsCurl(ctx, uri, offset),
    },
    {
        id: `${P}.openQueryInPostHog`,
        title: vscode.l10n.t("Open Query in PostHog"),
        run: (ctx, uri, offset) => openInPostHog(ctx, uri, offset),
    },
];
