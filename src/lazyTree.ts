import * as vscode from "vscode";
import type { LogDep } from "./deps";

/** What a tree loaded behind a {@link LazyTree} offers it. */
export interface LoadedTree<N>
    extends
        vscode.TreeDataProvider<N>,
        Partial<Pick<vscode.TreeDragAndDropController<N>, "handleDrag">>,
        vscode.Disposable {
    /** Takes the view the stand-in created: the tree reads its selection and sets its title. */
    attach(view: vscode.TreeView<N>): void;
    /** Drops what it loaded; it reloads when the view next asks. */
    refresh(): void;
}

/** How the view is created, fixed before the tree's code has loaded. */
export interface LazyTreeOptions {
    readonly showCollapseAll: boolean;
    /** The tree's rows can be dragged, as these types (its `handleDrag` fills them). */
    readonly dragMimeTypes?: readonly string[];
}

/**
 * A sidebar view registered at activation whose tree (its provider, nodes and their imports)
 * loads when the view first asks for rows, or when `load` is called (the commands that work on
 * the tree call it first). Until then it costs activation a TreeView and this class. Every call
 * VS Code makes goes to the loaded tree, and its change events come back through here: VS Code
 * asks for a row's item, parent or drag only after `getChildren` returned it, so only
 * `getChildren` waits for the load.
 */
export class LazyTree<N, T extends LoadedTree<N>>
    implements vscode.TreeDataProvider<N>, vscode.TreeDragAndDropController<N>, vscode.Disposable
{
    private readonly changed = new vscode.EventEmitter<N | N[] | undefined | null | void>();
    readonly onDidChangeTreeData = this.changed.event;
    readonly dragMimeTypes: readonly string[];
    readonly dropMimeTypes: readonly string[] = [];
    private view: vscode.TreeView<N> | undefined;
    private loading: Promise<T> | undefined;
    private tree: T | undefined;
    private readonly owned: vscode.Disposable[] = [this.changed];
    private disposed = false;

    constructor(
        private readonly deps: LogDep,
        private readonly viewId: string,
        private readonly create: () => Promise<T>,
        private readonly options: LazyTreeOptions,
    ) {
        this.dragMimeTypes = options.dragMimeTypes ?? [];
    }

    /** Creates the view; called once from activation. */
    register(): vscode.Disposable {
        this.view = vscode.window.createTreeView(this.viewId, {
            treeDataProvider: this,
            showCollapseAll: this.options.showCollapseAll,
            dragAndDropController: this.options.dragMimeTypes ? this : undefined,
        });
        return this.view;
    }

    /** The tree, if its code has loaded. */
    get loaded(): T | undefined {
        return this.tree;
    }

    /** Loads the tree (once) and hands it the view. A failed load is tried again next time. */
    load(): Promise<T> {
        this.loading ??= this.create().then(
            (tree) => {
                if (this.disposed) {
                    tree.dispose();
                    throw new Error(`${this.viewId}: disposed while loading`);
                }
                this.tree = tree;
                this.owned.push(tree);
                const changes = tree.onDidChangeTreeData?.((change) => this.changed.fire(change));
                if (changes) this.owned.push(changes);
                if (this.view) tree.attach(this.view);
                return tree;
            },
            (error: unknown) => {
                this.loading = undefined;
                this.deps.log.error(`loading the view ${this.viewId} failed: ${String(error)}`);
                throw error;
            },
        );
        return this.loading;
    }

    /** Drops what the tree loaded; nothing to drop before it has loaded. */
    refresh(): void {
        this.tree?.refresh();
    }

    async getChildren(node?: N): Promise<N[]> {
        return (await (await this.load()).getChildren(node)) ?? [];
    }

    getTreeItem(node: N): vscode.TreeItem | Thenable<vscode.TreeItem> {
        return this.required().getTreeItem(node);
    }

    getParent(node: N): vscode.ProviderResult<N> {
        return this.required().getParent?.(node);
    }

    resolveTreeItem(
        item: vscode.TreeItem,
        node: N,
        token: vscode.CancellationToken,
    ): vscode.ProviderResult<vscode.TreeItem> {
        const tree = this.required();
        return tree.resolveTreeItem ? tree.resolveTreeItem(item, node, token) : item;
    }

    handleDrag(
        source: readonly N[],
        data: vscode.DataTransfer,
        token: vscode.CancellationToken,
    ): void | Thenable<void> {
        return this.required().handleDrag?.(source, data, token);
    }

    /** The loaded tree: VS Code holds a row only after `getChildren`, which loaded it. */
    private required(): T {
        if (!this.tree) throw new Error(`${this.viewId}: asked for a row before its tree loaded`);
        return this.tree;
    }

    dispose(): void {
        this.disposed = true;
        for (const d of this.owned.splice(0).reverse()) d.dispose();
    }
}
