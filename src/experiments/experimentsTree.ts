import * as vscode from "vscode";

/**
 * The Experiments view. Until the user signs in it has no rows, so VS Code shows the view's
 * welcome content (Sign In).
 */
export class ExperimentsTree
    implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable
{
    private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
    readonly onDidChangeTreeData = this.changed.event;

    refresh(): void {
        this.changed.fire(undefined);
    }

    getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
        return element;
    }

    getChildren(): vscode.TreeItem[] {
        return [];
    }

    dispose(): void {
        this.changed.dispose();
    }
}
