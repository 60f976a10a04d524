import * as vscode from "vscode";
import type { ExperimentPage, ExperimentPageDeps } from "./page";
import { ExperimentPages } from "./pages";

export const EXPERIMENT_SCHEME = "posthog-experiment";

/**
 * Experiment details and results: the experiment page (a webview with charts, `pages`), and the
 * same content as read-only Markdown documents served from memory
 * (`posthog-experiment:/<kind>/<id>/<title>.md`) for "Open as Markdown".
 */
export class ExperimentDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
    private readonly changed = new vscode.EventEmitter<vscode.Uri>();
    readonly onDidChange = this.changed.event;
    private readonly contents = new Map<string, string>();
    /** The open experiment pages. */
    readonly pages: ExperimentPages;

    constructor(private readonly deps: ExperimentPageDeps) {
        this.pages = new ExperimentPages(deps);
    }

    /** Serves the documents; called once from activation. */
    register(): vscode.Disposable {
        return vscode.workspace.registerTextDocumentContentProvider(EXPERIMENT_SCHEME, this);
    }

    provideTextDocumentContent(uri: vscode.Uri): string {
        return (
            this.contents.get(uri.toString()) ??
            "This document is no longer available; open it again from the Experiments view."
        );
    }

    /** Fetches the experiment and its results and shows them on its page. */
    showDetails(id: number, focusMetric: string | null = null): Promise<ExperimentPage> {
        return this.pages.show(id, focusMetric);
    }

    /**
     * Reads an open page of the experiment again (after its state changed); none, nothing. The
     * change itself succeeded and was reported: a failed read is logged, the page keeps what it
     * showed, and its Refresh button tries again.
     */
    async refreshDetails(id: number): Promise<void> {
        const page = this.pages.get(id);
        if (!page) return;
        try {
            await page.load(page.data?.focusMetric ?? null);
        } catch (error) {
            this.deps.log.warn(
                `experiment page ${id}: reading it again failed: ${this.deps.auth.session.redact(String(error))}`,
            );
        }
    }

    /** Shows (or updates in place) a Markdown document. */
    async show(path: string, markdown: string): Promise<vscode.TextEditor> {
        const uri = vscode.Uri.from({ scheme: EXPERIMENT_SCHEME, path: `/${path}` });
        this.contents.set(uri.toString(), markdown);
        this.changed.fire(uri);
        const document = await vscode.workspace.openTextDocument(uri);
        await vscode.languages.setTextDocumentLanguage(document, "markdown");
        return vscode.window.showTextDocument(document, { preview: true });
    }

    dispose(): void {
        this.pages.dispose();
        this.changed.dispose();
    }
}
