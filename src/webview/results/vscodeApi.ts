// The one handle on the webview host. `acquireVsCodeApi` may be called only once per page.
import type { FromWebview, WebviewState } from "../../shared/resultsProtocol";

interface VsCodeApi {
    postMessage(message: FromWebview): void;
    getState(): WebviewState | undefined;
    setState(state: WebviewState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export const vscode: VsCodeApi = acquireVsCodeApi();

/** Sends a line to the extension's log (src has no console). */
export function log(level: "debug" | "info" | "warn" | "error", message: string): void {
    vscode.postMessage({ type: "log", level, message });
}
