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

/** What differs between our pages' documents; the rest of the document is the same for each. */
export interface PageDocument {
    /** The page's `lang` (BCP 47). */
    language: string;
    /** The page's full Content-Security-Policy. */
    csp: string;
    /**
     * The HTML document's own `<title>`, a fixed name as the pages always had: VS Code shows the
     * panel's title (localised where the panel is made), never this one.
     */
    documentTitle: string;
    /** Attributes of `<body>`, already escaped, with a leading space; "" for none. */
    bodyAttrs: string;
    /** VS Code's translations, embedded as JSON for the page's script to read before it starts. */
    l10nBundle?: Record<string, string>;
    /** The element the script renders into, already escaped. */
    root: string;
    nonce: string;
    scriptUri: string;
}

/** The whole HTML document of a page: the head, the translations, the root and the script. */
export function pageDocument(d: PageDocument): string {
    // `<` is escaped so no string in the bundle can close the script element.
    const bundle = d.l10nBundle
        ? `<script type="application/json" id="l10n-bundle">${JSON.stringify(d.l10nBundle).replace(/</g, "\\u003c")}</script>\n`
        : "";
    return `<!DOCTYPE html>
<html lang="${htmlAttr(d.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${htmlAttr(d.csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${d.documentTitle}</title>
</head>
<body${d.bodyAttrs}>
${bundle}${d.root}
<script type="module" nonce="${htmlAttr(d.nonce)}" src="${htmlAttr(d.scriptUri)}"></script>
</body>
</html>`;
}
