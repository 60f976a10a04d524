// "Find Usages in Code" (issue 45): every call site of an event (Event Definitions view) or of
// an experiment's flag key (Experiments view) in VS Code's references view, from the workspace
// index (built on this first use, with progress when it takes a while).
import * as vscode from "vscode";
import type { CodeCallKind } from "../codeCalls/types";
import type { UiDep } from "../deps";
import { quotedInMessage } from "../shared/plainText";
import type { CodeUsagesDep } from "./codeUsages";

export type FindUsagesDeps = CodeUsagesDep & UiDep;

/**
 * Shows the call sites of `key` (an event name, or a flag key) and returns them (tests read
 * them). The references view needs a position to anchor on: the first call site.
 */
export async function findUsages(
    deps: FindUsagesDeps,
    kind: CodeCallKind,
    key: string,
): Promise<vscode.Location[]> {
    if (!vscode.workspace.workspaceFolders?.length) {
        void deps.ui.info(
            vscode.l10n.t(
                "Open a folder with your application's code to find where it uses PostHog.",
            ),
        );
        return [];
    }
    const index = deps.codeUsages.index();
    if ((await index.ensureBuilt()) === "cancelled") {
        void deps.ui.info(
            vscode.l10n.t("Finding PostHog calls was cancelled. Run the command again to finish."),
        );
        return [];
    }
    const locations = index.locations(kind, key);
    if (locations.length === 0) {
        void deps.ui.info(
            kind === "capture"
                ? vscode.l10n.t(
                      "No capture of the event {0} was found in this workspace's code.",
                      quotedInMessage(key),
                  )
                : vscode.l10n.t(
                      "No read of the feature flag {0} was found in this workspace's code.",
                      quotedInMessage(key),
                  ),
        );
        return [];
    }
    const first = locations[0];
    await vscode.commands.executeCommand(
        "editor.action.showReferences",
        first.uri,
        first.range.start,
        locations,
    );
    return locations;
}
