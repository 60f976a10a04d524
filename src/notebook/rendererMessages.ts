// The extension's side of the notebook renderer's messages: a grid/chart choice is kept in the
// cell's metadata (so in the file), copies go to the clipboard, chart images are saved where the
// user picks, the Markdown export asks for the charts as PNG, and a capped output's "Open in
// Results Panel" runs its query for the whole result.
import * as vscode from "vscode";
import type { ConfigDep, LogDep } from "../deps";
import { saveChartImage } from "../resultsPanel/chartExport";
import { messageGate } from "../webviewMessages";
import { findOutput, openFullResult, type FullResultDeps } from "./fullResult";
import { fromRendererSchema } from "./rendererMessageSchema";
import type { FromRenderer, ToRenderer } from "../shared/notebookRendererProtocol";

/** What answering the notebook renderer uses. */
export type RendererMessagesDeps = LogDep &
    ConfigDep<"onDidChange" | "neutraliseFormulas"> &
    FullResultDeps;

export const RENDERER_ID = "posthog-workbench.hogql-result";

/** The one instance, set when notebooks are registered (the export command asks it for charts). */
export let rendererMessages: RendererMessages | undefined;

export function setRendererMessages(messages: RendererMessages | undefined): void {
    rendererMessages = messages;
}

export class RendererMessages implements vscode.Disposable {
    private readonly messaging = vscode.notebooks.createRendererMessaging(RENDERER_ID);
    private readonly subscription: vscode.Disposable;
    private readonly images = new Map<string, (png: string) => void>();

    constructor(private readonly deps: RendererMessagesDeps) {
        const fromRenderer = messageGate("notebook renderer", fromRendererSchema, deps.log);
        this.subscription = vscode.Disposable.from(
            this.messaging.onDidReceiveMessage(({ editor, message: raw }) => {
                const message = fromRenderer(raw);
                if (!message) return;
                void this.receive(editor, message).catch((error: unknown) =>
                    this.deps.reportError(vscode.l10n.t("Notebook output"), error),
                );
            }),
            // Every renderer shown anywhere hears of a change at once.
            deps.config.onDidChange((event) => {
                if (event.affectsConfiguration("posthog-workbench.export.neutraliseFormulas"))
                    void this.messaging.postMessage(this.settings());
            }),
        );
    }

    private settings(): ToRenderer {
        return { type: "settings", neutraliseFormulas: this.deps.config.neutraliseFormulas };
    }

    private async receive(editor: vscode.NotebookEditor, message: FromRenderer): Promise<void> {
        this.deps.log.debug(`notebook renderer: ${message.type}`);
        switch (message.type) {
            case "chart": {
                const cell = findOutput(editor.notebook, message.outputId)?.cell;
                if (!cell) {
                    this.deps.log.warn(`notebook renderer: no cell has output ${message.outputId}`);
                    return;
                }
                const edit = new vscode.WorkspaceEdit();
                edit.set(editor.notebook.uri, [
                    vscode.NotebookEdit.updateCellMetadata(cell.index, {
                        ...cell.metadata,
                        chart: { view: message.view, spec: message.spec },
                    }),
                ]);
                await vscode.workspace.applyEdit(edit);
                return;
            }
            case "copy":
                await vscode.env.clipboard.writeText(message.text);
                return;
            case "saveChart":
                await saveChartImage(this.deps.ui, { ...message, type: "saveChart" });
                return;
            case "chartImage":
                this.images.get(message.outputId)?.(message.png);
                return;
            case "l10n":
                await this.messaging.postMessage(
                    { type: "l10n", bundle: vscode.l10n.bundle ?? null } satisfies ToRenderer,
                    editor,
                );
                await this.messaging.postMessage(this.settings(), editor);
                return;
            case "openFull": {
                const found = findOutput(editor.notebook, message.outputId);
                if (!found) {
                    this.deps.log.warn(`notebook renderer: no cell has output ${message.outputId}`);
                    return;
                }
                await openFullResult(this.deps, found.cell, found.index);
                return;
            }
        }
    }

    /**
     * The charts of these outputs as PNG data URLs, from the renderer that shows them. Outputs
     * the renderer has not drawn (or shows as a grid) send nothing: after `timeoutMs` the export
     * goes on with what came.
     */
    async chartImages(
        editor: vscode.NotebookEditor,
        outputIds: string[],
        timeoutMs = 3000,
    ): Promise<Map<string, string>> {
        const found = new Map<string, string>();
        if (outputIds.length === 0) return found;
        let finish = () => undefined as void;
        const all = new Promise<void>((resolve) => (finish = resolve));
        for (const id of outputIds)
            this.images.set(id, (png) => {
                found.set(id, png);
                if (found.size === outputIds.length) finish();
            });
        const timer = setTimeout(finish, timeoutMs);
        try {
            const sent = await this.messaging.postMessage(
                { type: "chartImages", outputIds } satisfies ToRenderer,
                editor,
            );
            if (sent) await all;
        } finally {
            clearTimeout(timer);
            for (const id of outputIds) this.images.delete(id);
        }
        return found;
    }

    dispose(): void {
        if (rendererMessages === this) setRendererMessages(undefined);
        this.subscription.dispose();
    }
}
