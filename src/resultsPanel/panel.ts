// A results page in an editor tab: the page (page.ts) in a `WebviewPanel`, which it closes when
// disposed.
import type * as vscode from "vscode";
import { ResultsPage, type PageSurface, type PanelDeps } from "./page";

export { webviewOptions } from "./page";
export type { PanelDeps, PanelPrompts } from "./page";

/** A tab's panel as the page's surface. */
function tabSurface(panel: vscode.WebviewPanel): PageSurface {
    return {
        webview: panel.webview,
        get visible() {
            return panel.visible;
        },
        location: "editor",
        onDidChangeVisibility: panel.onDidChangeViewState,
        onDidDispose: panel.onDidDispose,
        setTitle: (title) => (panel.title = title),
        close: () => panel.dispose(),
    };
}

export class ResultsPanel extends ResultsPage {
    /**
     * @param waiting what the page says while its script loads (a panel opened as a run starts:
     * manager.ts `prepare`).
     */
    constructor(
        readonly panel: vscode.WebviewPanel,
        deps: PanelDeps,
        waiting?: string,
    ) {
        super(tabSurface(panel), deps, waiting);
    }
}
