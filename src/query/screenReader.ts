import * as vscode from "vscode";

/**
 * Whether VS Code is set to work with a screen reader (`editor.accessibilitySupport: "on"`).
 * Extensions cannot read VS Code's own screen reader detection (`auto`), only this setting.
 * Screen readers read notifications as they appear (VS Code announces each one), but not status
 * bar messages or underlines: a failure shown only there is also shown as a notification.
 */
export function screenReaderOptimized(): boolean {
    return vscode.workspace.getConfiguration("editor").get<string>("accessibilitySupport") === "on";
}
