// The results page's translations: the extension writes VS Code's bundle for the display language
// into the page (<script type="application/json" id="l10n-bundle">; not executed, so the CSP is
// not involved). Imported first by main.ts, before any module builds its strings; in English
// there is no bundle and `l10n.t` formats the English.
import * as l10n from "@vscode/l10n";

const bundle = document.getElementById("l10n-bundle")?.textContent;
if (bundle) {
    try {
        l10n.config({ contents: JSON.parse(bundle) as Record<string, string> });
    } catch {
        // A bundle that does not parse: the page stays in English.
    }
}
