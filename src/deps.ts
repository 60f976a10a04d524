import type * as vscode from "vscode";
import type { Session } from "./auth/session";
import type { Config } from "./config";
import type { ResultsPresenter } from "./resultsPanel";
import type { Ui } from "./userPrompts";

// The pieces a feature may be given, one small interface each. A feature names the few it uses
// (its `...Deps`) and never sees the rest; only activation (src/extension.ts) knows the context
// that has them all, and hands it over. `ui` is read at each use, never kept: integration tests
// replace it on the running extension.

/** The extension's one log. */
export interface LogDep {
    readonly log: vscode.LogOutputChannel;
}

/** The prompts: VS Code's, or the answers a test gives. */
export interface UiDep {
    readonly ui: Ui;
}

/** Logs an error and shows the user one sentence with a "Show Log" button. */
export interface ErrorReportDep {
    reportError(action: string, error: unknown): Promise<void>;
}

/** The session: who is signed in where, its client and its redaction. */
export interface SessionDep {
    readonly auth: { readonly session: Session };
}

/** The settings a feature reads, by name. */
export interface ConfigDep<K extends keyof Config> {
    readonly config: Pick<Config, K>;
}

/** Takes ownership of a disposable (disposed on deactivation) and returns it. */
export interface DisposablesDep {
    push<T extends vscode.Disposable>(disposable: T): T;
}

/** Where results are shown: the results panels, or a test's recorder (read at each use). */
export interface ResultsDep {
    readonly results: ResultsPresenter;
}
