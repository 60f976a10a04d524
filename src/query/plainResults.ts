import * as vscode from "vscode";
import type { RunOutcome } from "./queryRunner";

/** Where results go; the results panel implements it. */
export interface ResultsPresenter {
    show(outcomes: RunOutcome[]): Promise<void>;
}

/** Interim presenter: each result as pretty JSON in a read-only untitled editor. */
export class PlainResults implements ResultsPresenter {
    async show(outcomes: RunOutcome[]): Promise<void> {
        for (const outcome of outcomes) {
            const response = outcome.result?.response;
            const document = await vscode.workspace.openTextDocument({
                language: "json",
                content: JSON.stringify(
                    { columns: response?.columns, results: response?.results },
                    null,
                    2,
                ),
            });
            await vscode.window.showTextDocument(document, {
                preview: false,
                viewColumn: vscode.ViewColumn.Beside,
            });
        }
    }
}
