import * as vscode from "vscode";
import type { ExperimentPage, ExperimentPageDeps } from "./page";

/**
 * The open experiment pages, one per experiment. The page's code (its data, actions and HTML)
 * loads when the first page opens, not at activation.
 */
export class ExperimentPages implements vscode.Disposable {
    private readonly pages = new Map<number, ExperimentPage>();

    constructor(private readonly deps: ExperimentPageDeps) {}

    /** Opens (or reveals and reloads) the page of an experiment, scrolled to `focusMetric`. */
    async show(id: number, focusMetric: string | null = null): Promise<ExperimentPage> {
        // Loaded before the page is looked up, so two calls cannot both open a panel for `id`.
        const { ExperimentPage } = await import("./page");
        let page = this.pages.get(id);
        if (page) page.panel.reveal(undefined, false);
        else {
            const panel = vscode.window.createWebviewPanel(
                "posthog-workbench.experiment",
                "Experiment",
                { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
                { enableScripts: true, retainContextWhenHidden: false, enableFindWidget: true },
            );
            page = new ExperimentPage(this.deps, id, panel, () => this.pages.delete(id));
            this.pages.set(id, page);
        }
        try {
            await page.load(focusMetric);
        } catch (error) {
            // Nothing to show: close the empty page, and let the command report the failure.
            if (!page.data) page.dispose();
            throw error;
        }
        return page;
    }

    /** The open page of an experiment, if any (tests). */
    get(id: number): ExperimentPage | undefined {
        return this.pages.get(id);
    }

    dispose(): void {
        for (const page of [...this.pages.values()]) page.dispose();
    }
}
