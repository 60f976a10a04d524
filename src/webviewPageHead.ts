// What every webview page of ours shares in its <head>: the attribute escaping and the base
// Content-Security-Policy (our script by nonce, nothing fetched unless a page adds it). Pure (no
// `vscode` import) so the webview tests serve exactly the pages the extension serves.

/** Escapes text for an HTML attribute (URIs we build ourselves, but be exact anyway). */
export function htmlAttr(text: string): string {
    return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The base policy, plus the page's own `extra` directives. */
export function pageCsp(cspSource: string, nonce: string, extra: string[] = []): string {
    return [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        // Constructable stylesheets (our sheets, the toolkit's, uPlot's); the nonce covers Lit's
        // inline fallback and nothing else.
        `style-src ${cspSource} 'nonce-${nonce}'`,
        `font-src ${cspSource}`,
        `img-src ${cspSource} data:`,
        ...extra,
    ].join("; ");
}
