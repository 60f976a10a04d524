import * as vscode from "vscode";
import type { ConfigDep, SessionDep } from "../deps";
import { isNotebookCell, lensesOf, type LensRow } from "../query/codeLens";
import { lazily } from "../lazily";
import { mayUseText } from "../trust";
import type { SavedQuery } from "./detect";
import { UPGRADE_SCHEME } from "./upgradeScheme";

/** What the saved-query lenses read. */
export type SavedQueryCodeLensDeps = SessionDep & ConfigDep<"onDidChange" | "codeLensEnabled">;

const P = "posthog-workbench";

/** What decides which lenses a saved query gets. */
interface QueryPlace {
    /** The node's kind (the Run lens names it). */
    kind: string;
    /** Restricted Mode allows running the document. */
    runnable: boolean;
}

/**
 * Finding saved queries in JSON (and jsonc-parser under it): loaded when the first JSON document
 * asks for lenses, not at activation.
 */
const detection = lazily(() => import("./detect"));

/** The lenses above a saved query. */
function savedQueryLenses(
    place: QueryPlace,
    signedIn: boolean,
    isRunnableKind: (kind: string) => boolean,
): LensRow<QueryPlace>[] {
    return [
        {
            command: `${P}.runSavedQuery`,
            title: vscode.l10n.t("$(play) Run {0}", place.kind),
            tooltip: signedIn
                ? vscode.l10n.t("Run this query in PostHog and show the results")
                : vscode.l10n.t("Run this query (sign in to PostHog first)"),
            shows: (p) => p.runnable && isRunnableKind(p.kind),
        },
        {
            command: `${P}.upgradeQuery`,
            title: vscode.l10n.t("Upgrade"),
            tooltip: vscode.l10n.t(
                "Migrate this query's nodes to their latest versions (shows a diff first)",
            ),
        },
        {
            command: `${P}.copyQueryAsCurl`,
            title: vscode.l10n.t("Copy as cURL"),
            tooltip: vscode.l10n.t(
                "Copy a curl command that runs this query; the key is read from $POSTHOG_API_KEY",
            ),
        },
        {
            command: `${P}.openQueryInPostHog`,
            title: vscode.l10n.t("Open in PostHog"),
            tooltip: vscode.l10n.t("Open this query as a new insight in PostHog"),
        },
    ];
}

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

    constructor(private readonly deps: SavedQueryCodeLensDeps) {
        // Lenses depend on the setting, the sign-in state and trust, not only on the text.
        this.subscriptions = [
            deps.config.onDidChange(() => this.changed.fire()),
            deps.auth.session.onDidChange(() => this.changed.fire()),
            vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
            vscode.workspace.onDidCloseTextDocument((d) => this.cache.delete(d.uri.toString())),
        ];
    }

    /** The saved queries of a document (cached per version). */
    private queriesOf(
        document: vscode.TextDocument,
        findSavedQueries: (text: string) => SavedQuery[],
    ): SavedQuery[] {
        const key = document.uri.toString();
        const cached = this.cache.get(key);
        if (cached?.version === document.version) return cached.queries;
        const queries = findSavedQueries(document.getText());
        this.cache.set(key, { version: document.version, queries });
        return queries;
    }

    async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
        // Not in notebook cells, nor in our own upgrade previews (the right side of a diff).
        if (isNotebookCell(document) || document.uri.scheme === UPGRADE_SCHEME) return [];
        if (!this.deps.config.codeLensEnabled(document)) return [];
        const signedIn = this.deps.auth.session.state.signedIn;
        // No Run where Restricted Mode would refuse it.
        const runnable = mayUseText(document);
        const { findSavedQueries, isRunnableKind } = await detection();
        return this.queriesOf(document, findSavedQueries).flatMap((query) => {
            const at = document.positionAt(query.start);
            // Above the line the node starts on, like lenses above a function.
            const range = new vscode.Range(at.line, 0, at.line, 0);
            const place = { kind: query.node.kind, runnable };
            const args = [document.uri.toString(), query.start];
            return lensesOf(savedQueryLenses(place, signedIn, isRunnableKind), place, range, args);
        });
    }

    dispose(): void {
        for (const s of this.subscriptions) s.dispose();
        this.changed.dispose();
        this.cache.clear();
    }
}
