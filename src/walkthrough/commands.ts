import * as vscode from "vscode";
import { checkHost } from "../api/host";
import type { CommandSpec } from "../commands";
import type { ConfigDep, UiDep } from "../deps";
import { keySettingsUrl } from "./keySettings";
import { chartQuery, firstQuery } from "./samples";

/** What the walkthrough's commands use. */
export type WalkthroughCommandDeps = UiDep & ConfigDep<"host">;

const P = "posthog-workbench";

/** Opens the personal API key page of the configured host (US, EU or self-hosted). */
async function openApiKeySettings(deps: WalkthroughCommandDeps): Promise<void> {
    const check = checkHost(deps.config.host);
    if (!check.ok) {
        // The reason, not the setting: a workspace may have written anything there.
        void deps.ui.warn(
            vscode.l10n.t(
                "The PostHog host setting (posthog-workbench.host) is not usable: {0}",
                check.reason,
            ),
        );
        return;
    }
    const url = keySettingsUrl(check.origin);
    if (url) await vscode.env.openExternal(vscode.Uri.parse(url));
}

/** Opens an untitled HogQL document with a sample query, cursor inside it, ready to run. */
async function openSampleQuery(kind: unknown): Promise<vscode.TextEditor> {
    const chart = kind === "chart";
    const content = chart
        ? chartQuery(
              "Page views per day over the last week",
              "Run with Ctrl+Enter (Cmd+Enter on macOS), then choose Chart in the results.",
          )
        : firstQuery(
              "The most frequent events of the last week",
              "Run with Ctrl+Enter (Cmd+Enter on macOS) or the Run lens above the query.",
          );
    const document = await vscode.workspace.openTextDocument({ language: "hogql", content });
    const editor = await vscode.window.showTextDocument(document);
    const line = document.lineAt(2).range.end;
    editor.selection = new vscode.Selection(line, line);
    return editor;
}

export const walkthroughCommands: readonly CommandSpec<WalkthroughCommandDeps>[] = [
    {
        id: `${P}.openApiKeySettings`,
        title: vscode.l10n.t("Open Personal API Key Settings"),
        run: (deps) => openApiKeySettings(deps),
    },
    {
        id: `${P}.openSampleQuery`,
        title: vscode.l10n.t("Open a Sample Query"),
        run: (_ctx, kind) => openSampleQuery(kind),
    },
];
