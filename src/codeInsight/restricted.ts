// Restricted Mode: the workspace's files may be read for calls, but nothing goes to a host the
// workspace's settings chose. VS Code already leaves the workspace's `posthog-workbench.host` out
// in Restricted Mode (package.json's restrictedConfigurations); this checks again where the data
// is fetched, so that a change there cannot start sending workspace text to such a host.
import * as vscode from "vscode";
import type { ConfigDep } from "../deps";

/** Whether the editor's data may be fetched from the configured host now. */
export function mayFetch(deps: ConfigDep<"hostSource">): boolean {
    if (vscode.workspace.isTrusted) return true;
    return deps.config.hostSource !== "workspace";
}
