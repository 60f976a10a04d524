// Where a large copy goes on the clipboard. Thousands of rows make megabytes of text; sent to the
// extension, that text crosses the workbench's own thread twice (webview host frame, then the
// extension host channel), which held the workbench renderer in one long task (issue 17; see
// docs/performance.md, "Clipboard"). The worker builds the text into a Blob, which reaches the
// page by reference, and the page hands the Blob to the Clipboard API (VS Code's webview iframes
// allow `clipboard-write`), so the page's thread never holds the text. Where the page may not
// write the clipboard (no permission, no focus), the text goes to the extension as before, so
// nothing copied is lost.
import type { CopyFormat } from "../../shared/resultsProtocol";
import { log, vscode } from "./vscodeApi";

/** Puts `blob`'s text on the clipboard and tells the extension (which reports it in the status bar). */
export async function writeLargeCopy(blob: Blob, format: CopyFormat, rows: number): Promise<void> {
    try {
        await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
        vscode.postMessage({ type: "copy", format, rows });
    } catch (error) {
        log("debug", `the page may not write the clipboard (${String(error)}): the extension does`);
        vscode.postMessage({ type: "copy", text: await blob.text(), format, rows });
    }
}
