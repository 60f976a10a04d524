import * as vscode from "vscode";
import type { Ctx } from "../ctx";
import { experimentMarkdown } from "./markdown";

export const EXPERIMENT_SCHEME = "posthog-experiment";

/**
 * Read-only Markdown documents for experiment details and timeseries results, served from
 * memory: `posthog-experiment:/<kind>/<id>/<title>.md`.
 */
export class ExperimentDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
    private readonly changed = new vscode.EventEmitter<vscode.Uri>();
    readonly onDidChange = this.changed.event;
    private readonly contents = new Map<string, string>();

    constructor(private readonly ctx: Ctx) {}

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

    /** Fetches the experiment and shows its details. */
    async showDetails(id: number): Promise<vscode.TextEditor> {
        const client = await this.ctx.auth.session.client();
        const experiment = await client.getExperiment(id);
        const state = this.ctx.auth.session.state;
        const markdown = experimentMarkdown(
            experiment,
            client.host,
            state.signedIn ? state.projectId : "",
        );
        return this.show(`details/${id}/${safeName(experiment.name)}.md`, markdown);
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
        this.changed.dispose();
    }
}

function safeName(name: string): string {
    return name.replace(/[^\w.-]+/g, "-").slice(0, 60) || "experiment";
}
