// Hands VS Code's translation bundle to `@vscode/l10n`, which the modules without a `vscode`
// import (they run in plain Node tests too) translate with. Imported first by extension.ts, so
// it runs before any module builds its strings; VS Code loads the bundle (l10n/bundle.l10n.<lang>
// .json) before the extension starts. Without a bundle (English) `l10n.t` formats the English.
import * as l10n from "@vscode/l10n";
import * as vscode from "vscode";
import { setDisplayLanguage } from "./locale";

if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
setDisplayLanguage(vscode.env.language);
