import * as vscode from "vscode";
import type { EventDefinition } from "../api";
import { withAbortSignal } from "../cancellation";
import type { LogDep, SessionDep } from "../deps";
import { DETAILS_SCHEME } from "./detailsScheme";
import { userMessageOf } from "../errorText";
import { redact } from "../log";
import { inMarkdown, oneLine } from "../shared/plainText";
import { detailsMarkdown } from "./format";

/** What the event definition documents use. */
export type EventDetailsDeps = LogDep & SessionDep;

/**
 * The details of one event definition (#20) as a read-only markdown document. It is virtual, so
 * there is nothing to save and nothing to go stale on disk; it is re-read from the service each
 * time VS Code asks (opening, and after an edit through this extension).
 */
export class EventDefinitionDocuments
    implements vscode.TextDocumentContentProvider, vscode.Disposable
{
    private readonly changed = new vscode.EventEmitter<vscode.Uri>();
    readonly onDidChange = this.changed.event;

    constructor(
        private readonly deps: EventDetailsDeps,
        /** The definition's 30-day volume (the tree's, so a hover and the details share one query). */
        private readonly volume: (def: EventDefinition) => Promise<number | null>,
    ) {}

    /** The scheme is registered at activation, which forwards here (src/lazyViews.ts). */
    dispose(): void {
        this.changed.dispose();
    }

    static uriFor(def: EventDefinition): vscode.Uri {
        // The name only titles the tab: one line, and slashes would turn it into folders.
        const title = oneLine(def.name).replace(/[/\\]/g, "_") || "event";
        return vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${title}.md`, query: def.id });
    }

    /**
     * Shows the details rendered, in VS Code's Markdown preview (its own themed webview: tables,
     * headings and the query block read as a page, not as source). The preview is the unlocked
     * one, so clicking through rows reuses one tab. Resolves with the document it renders.
     */
    async open(def: EventDefinition): Promise<vscode.TextDocument> {
        const uri = EventDefinitionDocuments.uriFor(def);
        // Already open: re-read it, since the definition may have changed on the service.
        if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) {
            this.changed.fire(uri);
        }
        const document = await vscode.workspace.openTextDocument(uri);
        await vscode.commands.executeCommand("markdown.showPreview", uri);
        return document;
    }

    /** Re-reads the open documents of one definition (after an edit or a delete). */
    reload(id: string): void {
        for (const document of vscode.workspace.textDocuments) {
            if (document.uri.scheme === DETAILS_SCHEME && document.uri.query === id) {
                this.changed.fire(document.uri);
            }
        }
    }

    async provideTextDocumentContent(
        uri: vscode.Uri,
        token: vscode.CancellationToken,
    ): Promise<string> {
        const id = uri.query;
        try {
            const client = await this.deps.auth.session.client();
            const def = await withAbortSignal(token, (signal) =>
                client.getEventDefinition(id, { signal }),
            );
            const volume = await this.volume(def).catch(() => undefined);
            return detailsMarkdown(def, volume);
        } catch (error) {
            // A document cannot show a notification; say what happened in the document itself.
            const status = (error as { status?: unknown }).status;
            const message =
                status === 404
                    ? "This event definition no longer exists (it was deleted)."
                    : `Could not load this event definition: ${redact(userMessageOf(error))}`;
            this.deps.log.warn(`event definition ${id}: ${redact(String(error))}`);
            // The title is the event's name (from the URI) and the message can be the server's.
            const title = uri.path.replace(/^\//, "").replace(/\.md$/, "");
            return `# ${inMarkdown(title, { oneLine: true })}\n\n${inMarkdown(message)}\n`;
        }
    }
}
