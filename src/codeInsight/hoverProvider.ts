// Hovers on an event name in a capture call and on a flag key that belongs to an experiment. They
// read what the data already holds (fetched in batches for the session); an event's volume and an
// experiment's primary result may still be on their way (asked for when the document was read),
// and the hover waits for them rather than showing without them.
import * as vscode from "vscode";
import { callAt, rangeOf, type DocumentCalls } from "./documentCalls";
import { eventHoverMarkdown, flagHoverMarkdown, HOVER_COMMANDS } from "./hoverText";
import type { InsightData } from "./insightData";

export class CodeHoverProvider implements vscode.HoverProvider {
    constructor(
        private readonly documents: DocumentCalls,
        private readonly data: InsightData,
        private readonly log: vscode.LogOutputChannel,
    ) {}

    async provideHover(
        document: vscode.TextDocument,
        position: vscode.Position,
    ): Promise<vscode.Hover | undefined> {
        // Marks along the hover's path, which `npm run bench` prints (BENCH_MARKS).
        this.log.debug("code insight: hover asked");
        const call = callAt(await this.documents.calls(document), position);
        if (!call || call.key === "") return undefined;
        await this.data.ensureLoaded();
        this.log.debug("code insight: hover has the calls and the data");
        let text: string;
        if (call.kind === "capture") {
            text = eventHoverMarkdown({
                name: call.key,
                definition: this.data.definition(call.key),
                volume: await this.data.volumeNow(call.key),
                stale: this.data.stale,
                loaded: this.data.ready,
            });
        } else {
            const experiment = this.data.experiment(call.key);
            if (!experiment) return undefined;
            text = flagHoverMarkdown({
                flag: call.key,
                experiment,
                result: await this.data.primaryResult(experiment),
                stale: this.data.stale,
            });
        }
        const markdown = new vscode.MarkdownString(text);
        // Our own command links only; the server's text is escaped (hoverText.ts).
        markdown.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
        markdown.supportHtml = false;
        this.log.debug("code insight: hover answered");
        return new vscode.Hover(markdown, rangeOf(call));
    }
}
