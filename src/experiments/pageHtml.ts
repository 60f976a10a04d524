// The experiment page's HTML. Pure (no `vscode` import) so the webview tests serve exactly this
// page. The data never enters the HTML: it is posted after `ready` and rendered as text.

import { pageCsp, pageDocument } from "../webviewPageHead";

export interface ExperimentHtmlOptions {
    /** `webview.cspSource`. */
    cspSource: string;
    /** A fresh random nonce for this load; only scripts carrying it run. */
    nonce: string;
    /** URI of dist/webview/experiment.js as the webview sees it. */
    scriptUri: string;
    /** VS Code's display language (BCP 47): the page's `lang`, dates and numbers follow it. */
    language?: string;
    /** VS Code's translations for that language (`vscode.l10n.bundle`), absent in English. */
    l10nBundle?: Record<string, string>;
}

/** The Content-Security-Policy of the page: our script by nonce, nothing fetched. */
export function experimentCsp(cspSource: string, nonce: string): string {
    return pageCsp(cspSource, nonce);
}

export function experimentHtml(o: ExperimentHtmlOptions): string {
    return pageDocument({
        language: o.language ?? "en",
        csp: experimentCsp(o.cspSource, o.nonce),
        documentTitle: "PostHog Experiment",
        bodyAttrs: "",
        l10nBundle: o.l10nBundle,
        root: '<main id="app" aria-busy="true"></main>',
        nonce: o.nonce,
        scriptUri: o.scriptUri,
    });
}
