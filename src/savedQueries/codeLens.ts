import * as vscode from "vscode";
import type { ConfigDep, SessionDep } from "../deps";
import { commandLens, isNotebookCell } from "../query/codeLens";
import { mayUseText } from "../trust";
import { findSavedQueries, isRunnableKind, type SavedQuery } from "./detect";
import { UPGRADE_SCHEME } from "./upgrade";

/** What the saved-query lenses read. */
export type SavedQueryCodeLensDeps = SessionDep & ConfigDep<"onDidChange" | "codeLensEnabled">;

const P = "posthog-workbench";

/**
 * Run, Upgrade, Copy as cURL and Open in PostHog above each saved query of a JSON file. Files
 * without a `"kind"` cost one substring search; parses are cached per document version because
 * VS Code asks again on every scroll and keystroke.
 */
export class SavedQueryCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
    private readonly changed = new vscode.EventEmitter<void>();
    readonly onDidChangeCodeLenses = this.changed.event;
    private readonly subscriptions: vscode.Disposable[];
    private cache = new Map<string, { version: number; queries: SavedQuery[] }>();

    constructor(private readonly ctx: SavedQueryCodeLensDeps) {
        // Lenses depend on the setting, the sign-in state and trust, not only on the text.
        this.subscriptions = [
            ctx.config.onDidChange(() => this.changed.fire()),
            ctx.auth.session.onDidChange(() => this.changed.fire()),
            vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
            vscode.workspace.onDidCloseTextDocument((d) => this.cache.delete(d.uri.toString())),
        ];
    }

    /** The saved queries of a document (cached per version). */
    queriesOf(document: vscode.TextDocument): SavedQuery[] {
        const key = document.uri.toString();
        const cached = this.cache.get(key);
        if (cached?.version === document.version) return cached.queries;
        const queries = findSavedQueries(document.getText());
        this.cache.set(key, { version: document.version, queries });
        return queries;
    }

    provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
        // Not in notebook cells, nor in our own upgrade previews (the right side of a diff).
        if (isNotebookCell(document) || document.uri.scheme === UPGRADE_SCHEME) return [];
        if (!this.ctx.config.codeLensEnabled(document)) return [];
        const lenses: vscode.CodeLens[] = [];
        const signedIn = this.ctx.auth.session.state.signedIn;
        // No Run where Restricted Mode would refuse it.
        const runnable = mayUseText(document);
        for (const query of this.queriesOf(document)) {
            const at = document.positionAt(query.start);
            // Above the line the node starts on, like lenses above a function.
            const range = new vscode.Range(at.line, 0, at.line, 0);
            const args = [document.uri.toString(), query.start];
            const kind = query.node.kind;
            if (runnable && isRunnableKind(kind))
                lenses.push(
                    commandLens(
                        range,
                        vscode.l10n.t("$(play) Run {0}", kind),
                        signedIn
                            ? vscode.l10n.t("Run this query in PostHog and show the results")
                            : vscode.l10n.t("Run this query (sign in to PostHog first)"),
                        `${P}.runSavedQuery`,
                        args,
                    ),
                );
            lenses.push(
                commandLens(
                    range,
                    vscode.l10n.t("Upgrade"),
                    vscode.l10n.t(
                        "Migrate this query's nodes to their latest versions (shows a diff first)",
                    ),
                    `${P}.upgradeQuery`,
                    args,
                ),
                commandLens(
                    range,
                    vscode.l10n.t("Copy as cURL"),
                    vscode.l10n.t(
                        "Copy a curl command that runs this query; the key is read from $POSTHOG_API_KEY",
                    ),
                    `${P}.copyQueryAsCurl`,
                    args,
                ),
                commandLens(
                    range,
                    vscode.l10n.t("Open in PostHog"),
                    vscode.l10n.t("Open this query as a new insight in PostHog"),
                    `${P}.openQueryInPostHog`,
                    args,
                ),
            );
        }
        return lenses;
    }

    dispose(): void {
        for (const s of this.subscriptions) s.dispose();
        this.changed.dispose();
        this.cache.clear();
    }
}
