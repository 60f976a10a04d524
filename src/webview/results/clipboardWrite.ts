// Where a large copy goes on the clipboard. Thousands of rows make megabytes of text (50,000 x 20
// is about 17 MB); sent to the extension, that text crosses the workbench's own thread twice
// (webview host frame, then the extension host channel), which held the workbench renderer for
// 167 ms in `npm run bench` (issue 17). The page writes it itself with the Clipboard API instead:
// VS Code's webview iframes allow `clipboard-write`. Where the page may not (no permission, no
// focus), the text goes to the extension as before, so nothing copied is lost.
import type { CopyFormat } from "../../protocol";
import { vscode } from "./vscodeApi";

/** Puts `text` on the clipboard and tells the extension (which reports it in the status bar). */
export async function writeLargeCopy(
    text: string,
    format: CopyFormat,
    rows: number,
): Promise<void> {
    try {
        await navigator.clipboard.writeText(text);
        vscode.postMessage({ type: "copy", format, rows });
    } catch {
        vscode.postMessage({ type: "copy", text, format, rows });
    }
}
