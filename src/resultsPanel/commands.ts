// Commands that move a result between an editor tab and the bottom panel (editor title and view
// title buttons, the palette); the page's own Move button does the same.
import * as l10n from "@vscode/l10n";
import type { CommandSpec } from "../commands";
import type { ResultsPanelManager } from "./manager";

/** What the results commands use. */
export interface ResultsCommandDeps {
    readonly panels: Pick<ResultsPanelManager, "moveToPanel" | "moveToEditor">;
}

const P = "posthog-workbench";

export const resultsCommands: readonly CommandSpec<ResultsCommandDeps>[] = [
    {
        id: `${P}.results.moveToPanel`,
        title: l10n.t("Move Results to the Panel"),
        run: (deps) => deps.panels.moveToPanel(),
    },
    {
        id: `${P}.results.moveToEditor`,
        title: l10n.t("Move Results to an Editor Tab"),
        run: (deps) => deps.panels.moveToEditor(),
    },
];
