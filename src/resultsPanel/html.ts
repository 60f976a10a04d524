// The results page's HTML. Pure (no `vscode` import) so the webview tests serve exactly this page.

import type { ResultsLocation } from "../shared/resultsProtocol";
import { htmlAttr as attr, pageCsp, pageDocument } from "../webviewPageHead";

/** Where the page's resources are and what the CSP allows. */
export interface ResultsHtmlOptions {
    /** `webview.cspSource`: the origin of resources the webview may load. */
    cspSource: string;
    /** A fresh random nonce for this load; only scripts carrying it run. */
    nonce: string;
    /** URI of dist/webview/results.js as the webview sees it. */
    scriptUri: string;
    /** URI of dist/webview/results.parse.worker.js; fetched and started from a blob URL. */
    workerUri: string;
    /** VS Code's display language (BCP 47): the page's dates and numbers follow it. */
    language?: string;
    /** VS Code's translations for that language (`vscode.l10n.bundle`), absent in English. */
    l10nBundle?: Record<string, string>;
    /**
     * What the page says while its script loads, in a panel opened as its run starts (a first
     * webview of a window can take seconds): the page then says it waits for the result itself.
     */
    waiting?: string;
    /** Where the page is shown (its Move button names the other place); absent: an editor tab. */
    location?: ResultsLocation;
}

/** The Content-Security-Policy of the results page. */
export function resultsCsp(cspSource: string, nonce: string): string {
    return pageCsp(cspSource, nonce, [
        // The worker script is fetched from the bundle and started from a blob URL.
        `connect-src ${cspSource}`,
        "worker-src blob:",
    ]);
}

/** Builds the page. */
export function resultsHtml(o: ResultsHtmlOptions): string {
    const waiting = o.waiting ? `<p class="waiting" role="status">${attr(o.waiting)}</p>` : "";
    return pageDocument({
        language: o.language ?? "en",
        csp: resultsCsp(o.cspSource, o.nonce),
        documentTitle: "PostHog Results",
        bodyAttrs: ` data-worker="${attr(o.workerUri)}" data-location="${o.location ?? "editor"}"`,
        l10nBundle: o.l10nBundle,
        root: `<div id="app">${waiting}</div>`,
        nonce: o.nonce,
        scriptUri: o.scriptUri,
    });
}
