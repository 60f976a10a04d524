// A read-only file system of a scheme of its own, as a virtual workspace's (`vscode-vfs`) is: its
// documents are neither `file:` nor untitled. Tests register it to open such documents.
import * as vscode from "vscode";

export const MEMORY_SCHEME = "posthog-test-vfs";

class MemoryFs implements vscode.FileSystemProvider {
    private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
    readonly onDidChangeFile = this.emitter.event;

    constructor(private readonly files: ReadonlyMap<string, string>) {}

    watch(): vscode.Disposable {
        return new vscode.Disposable(() => undefined);
    }

    stat(uri: vscode.Uri): vscode.FileStat {
        const text = this.files.get(uri.path);
        if (text !== undefined)
            return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: text.length };
        const prefix = uri.path.endsWith("/") ? uri.path : `${uri.path}/`;
        if ([...this.files.keys()].some((p) => p.startsWith(prefix)))
            return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
        throw vscode.FileSystemError.FileNotFound(uri);
    }

    readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
        const prefix = uri.path.endsWith("/") ? uri.path : `${uri.path}/`;
        const names = new Map<string, vscode.FileType>();
        for (const p of this.files.keys()) {
            if (!p.startsWith(prefix)) continue;
            const [first, ...rest] = p.slice(prefix.length).split("/");
            names.set(first, rest.length ? vscode.FileType.Directory : vscode.FileType.File);
        }
        return [...names];
    }

    readFile(uri: vscode.Uri): Uint8Array {
        const text = this.files.get(uri.path);
        if (text === undefined) throw vscode.FileSystemError.FileNotFound(uri);
        return new TextEncoder().encode(text);
    }

    createDirectory(uri: vscode.Uri): never {
        throw vscode.FileSystemError.NoPermissions(uri);
    }

    writeFile(uri: vscode.Uri): never {
        throw vscode.FileSystemError.NoPermissions(uri);
    }

    delete(uri: vscode.Uri): never {
        throw vscode.FileSystemError.NoPermissions(uri);
    }

    rename(uri: vscode.Uri): never {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
}

/**
 * Registers a read-only file system holding `files` (path -> text) under {@link MEMORY_SCHEME};
 * dispose to take it away.
 */
export function registerMemoryFs(files: Record<string, string>): vscode.Disposable {
    return vscode.workspace.registerFileSystemProvider(
        MEMORY_SCHEME,
        new MemoryFs(new Map(Object.entries(files))),
        { isReadonly: true, isCaseSensitive: true },
    );
}

/** The URI of `path` in the memory file system. */
export function memoryUri(path: string): vscode.Uri {
    return vscode.Uri.from({ scheme: MEMORY_SCHEME, path });
}
