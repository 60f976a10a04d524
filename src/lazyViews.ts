import * as vscode from "vscode";
import type { DisposablesDep, LogDep } from "./deps";
import type { EventDefinitionsTree, EventDefinitionsTreeDeps } from "./events/eventDefinitionsTree";
import type { EventDefinitionsElement } from "./events/nodes";
import { DETAILS_SCHEME } from "./events/detailsScheme";
import { showFilterContext } from "./events/filterContext";
import { DEFAULT_FILTER } from "./events/filterDefaults";
import type { ExperimentsTree, ExperimentsTreeDeps } from "./experiments/experimentsTree";
import type { ExperimentTreeNode } from "./experiments/nodes";
import { LazyTree } from "./lazyTree";

/** The sidebar's trees, once loaded: what the commands that work on them are given. */
export interface Views {
    readonly experiments: ExperimentsTree;
    readonly eventDefinitions: EventDefinitionsTree;
}

/** What the trees use: the context has it all. */
export type LazyViewsDeps = ExperimentsTreeDeps &
    EventDefinitionsTreeDeps &
    DisposablesDep &
    LogDep;

/**
 * The Experiments and Event Definitions views, registered at activation as stand-ins
 * (src/lazyTree.ts): each tree's code (its nodes, the experiment model and lifecycle, the event
 * formats) loads when its view first asks for rows, or when a command first needs the trees,
 * never at activation (docs/performance.md, "Activation").
 */
export class LazyViews implements vscode.Disposable {
    readonly experiments: LazyTree<ExperimentTreeNode, ExperimentsTree>;
    readonly eventDefinitions: LazyTree<EventDefinitionsElement, EventDefinitionsTree>;
    private readonly detailsChanged = new vscode.EventEmitter<vscode.Uri>();

    constructor(deps: LazyViewsDeps) {
        this.experiments = new LazyTree(
            deps,
            "posthog-workbench.experiments",
            () => import("./experiments/experimentsTree").then((m) => new m.ExperimentsTree(deps)),
            { showCollapseAll: true },
        );
        this.eventDefinitions = new LazyTree(
            deps,
            "posthog-workbench.eventDefinitions",
            () =>
                import("./events/eventDefinitionsTree").then((m) => {
                    const tree = new m.EventDefinitionsTree(deps);
                    // The details documents' own reloads reach VS Code through the scheme's
                    // provider, registered at activation.
                    deps.push(tree.details.onDidChange((uri) => this.detailsChanged.fire(uri)));
                    return tree;
                }),
            // Dragging rows into an editor inserts their names (VS Code's text drop handles this).
            { showCollapseAll: false, dragMimeTypes: ["text/plain"] },
        );
    }

    /** The trees, if their code has loaded (a command's first run loads it: see `load`). */
    get loaded(): Views | undefined {
        const experiments = this.experiments.loaded;
        const eventDefinitions = this.eventDefinitions.loaded;
        return experiments && eventDefinitions ? { experiments, eventDefinitions } : undefined;
    }

    /** Loads both trees (once). */
    async load(): Promise<Views> {
        const [experiments, eventDefinitions] = await Promise.all([
            this.experiments.load(),
            this.eventDefinitions.load(),
        ]);
        return { experiments, eventDefinitions };
    }

    /** Creates both views and serves the event details' scheme; called once from activation. */
    register(): vscode.Disposable {
        // The menus read the filter's keys from the start, before the tree has loaded.
        showFilterContext(DEFAULT_FILTER);
        const details: vscode.TextDocumentContentProvider = {
            onDidChange: this.detailsChanged.event,
            // A details document restored with the window loads the tree it reads volumes from.
            provideTextDocumentContent: async (uri, token) =>
                (await this.eventDefinitions.load()).details.provideTextDocumentContent(uri, token),
        };
        return vscode.Disposable.from(
            this.experiments.register(),
            this.eventDefinitions.register(),
            vscode.workspace.registerTextDocumentContentProvider(DETAILS_SCHEME, details),
        );
    }

    /** Drops what the loaded trees hold (sign-in changes); a tree not loaded has nothing. */
    refresh(): void {
        this.experiments.refresh();
        this.eventDefinitions.refresh();
    }

    dispose(): void {
        this.experiments.dispose();
        this.eventDefinitions.dispose();
        this.detailsChanged.dispose();
    }
}
