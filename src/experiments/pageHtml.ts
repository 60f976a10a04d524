// The experiment page's HTML. Pure (no `vscode` import) so the webview tests serve exactly this
// page. The data never enters the HTML: it is posted after `ready` and rendered as text.

import { htmlAttr as attr, pageCsp } from "../webviewPageHead";

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
    return `<!DOCTYPE html>
<html lang="${attr(o.language ?? "en")}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(experimentCsp(o.cspSource, o.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>PostHog Experiment</title>
</head>
<body>
${o.l10nBundle ? `<script type="application/json" id="l10n-bundle">${JSON.stringify(o.l10nBundle).replace(/</g, "\\u003c")}</script>\n` : ""}<main id="app" aria-busy="true"></main>
<script type="module" nonce="${attr(o.nonce)}" src="${attr(o.scriptUri)}"></script>
</body>
</html>`;
}
