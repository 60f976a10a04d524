import type * as vscode from "vscode";
import {
    nextTurn,
    resultSetFromText,
    resultSetOf,
    ResultsPanelManager,
    type ResultSet,
} from "../resultsPanel";
import type { RunOutcome } from "./queryRunner";

/** Where results go. Tests may put a recorder here; the extension uses the results panel. */
export interface ResultsPresenter {
    show(outcomes: RunOutcome[]): Promise<void>;
    /** A run starts: get ready to show its result (the panel loads while the query runs). */
    prepare?(title: string): void;
    /** The run that called `prepare` has nothing to show. */
    discard?(): void;
}

/** Shows run outcomes in the results panel (several statements become tabs). */
export class ResultsPanelPresenter implements ResultsPresenter, vscode.Disposable {
    constructor(private readonly panels: ResultsPanelManager) {}

    prepare(title: string): void {
        this.panels.prepare(title);
    }

    discard(): void {
        this.panels.discard();
    }

    async show(outcomes: RunOutcome[]): Promise<void> {
        const sets: ResultSet[] = [];
        for (const o of outcomes) {
            const info = {
                title: o.title,
                queryText: o.statement,
                durationMs: o.durationMs,
                queryId: o.queryId,
            };
            // A run's bytes go on as received; other producers (saved-query tables, the query
            // log) hand over small texts.
            if (o.raw) sets.push(resultSetOf(o.raw.bytes, o.raw, info));
            else if (o.result) sets.push(await resultSetFromText(o.result.rawText, info, nextTurn));
        }
        if (sets.length > 0) await this.panels.show(sets);
    }

    dispose(): void {
        this.panels.dispose();
    }
}
