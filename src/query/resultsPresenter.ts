import type * as vscode from "vscode";
import { ResultsPanelManager } from "../results";
import type { RunOutcome } from "./queryRunner";

/** Where results go. Tests may put a recorder here; the extension uses the results panel. */
export interface ResultsPresenter {
    show(outcomes: RunOutcome[]): Promise<void>;
}

/** Shows run outcomes in the results panel (several statements become tabs). */
export class ResultsPanelPresenter implements ResultsPresenter, vscode.Disposable {
    constructor(private readonly panels: ResultsPanelManager) {}

    async show(outcomes: RunOutcome[]): Promise<void> {
        const sets = outcomes
            .filter((o) => o.result)
            .map((o) => ({
                title: o.title,
                queryText: o.statement,
                rawText: o.result?.rawText ?? "",
                durationMs: o.durationMs,
                response: o.result?.response,
                queryId: o.queryId,
            }));
        if (sets.length > 0) await this.panels.show(sets);
    }

    dispose(): void {
        this.panels.dispose();
    }
}
