// Keeps the last results on disk (under the extension's storage folder, not in a memento: a
// result can be megabytes) so that a window reload shows them again without re-running.
import { promises as fs } from "node:fs";
import * as vscode from "vscode";
import type { QueryResult } from "./resultSet";
import { resultsFromStored, storedHostOf, storedMetaBytes } from "./storeFormat";

/**
 * Writes a file. A `file:` URI is written with Node's fs, on the extension host's own disk: through
 * `workspace.fs` a remote extension host (code-server, SSH, containers) sends the bytes to the
 * workbench and back, and a large result then queues ahead of the message that shows it.
 */
async function writeBytes(uri: vscode.Uri, bytes: Uint8Array): Promise<void> {
    if (uri.scheme === "file") await fs.writeFile(uri.fsPath, bytes);
    else await vscode.workspace.fs.writeFile(uri, bytes);
}

/** Reads a file, with Node's fs for a `file:` URI (see {@link writeBytes}). */
async function readBytes(uri: vscode.Uri): Promise<Uint8Array> {
    if (uri.scheme === "file") return fs.readFile(uri.fsPath);
    return vscode.workspace.fs.readFile(uri);
}

/** The key a stored file belongs to: `<key>.meta.json` and `<key>.<n>.json`. */
function keyOfFile(name: string): string {
    return name.replace(/\.(meta|\d+)\.json$/, "");
}

/** How many stored results to keep; older ones are deleted. */
const keep = 8;

export class ResultStore {
    private readonly dir: vscode.Uri;

    constructor(storageUri: vscode.Uri) {
        this.dir = vscode.Uri.joinPath(storageUri, "results");
    }

    /** Writes the results under `key`, noting the `host` they came from, and prunes old keys. */
    async save(key: string, sets: QueryResult[], host?: string): Promise<void> {
        await vscode.workspace.fs.createDirectory(this.dir);
        for (let i = 0; i < sets.length; i++) {
            // The bytes as received: nothing to encode, nothing to parse.
            await writeBytes(this.file(key, i), sets[i].bytes);
        }
        await writeBytes(this.metaFile(key), storedMetaBytes(sets, host));
        await this.prune();
    }

    /** Keys of the results stored from `host` (an origin). */
    async keysOf(host: string): Promise<string[]> {
        const keys: string[] = [];
        for (const { key } of await this.keysNewestFirst().catch(() => [])) {
            const from = await readBytes(this.metaFile(key)).then(storedHostOf, () => undefined);
            if (from === host) keys.push(key);
        }
        return keys;
    }

    /** Deletes every result stored from `host`; returns how many were deleted. */
    async deleteHost(host: string): Promise<number> {
        const keys = new Set(await this.keysOf(host));
        if (keys.size === 0) return 0;
        for (const [name] of await vscode.workspace.fs.readDirectory(this.dir)) {
            if (keys.has(keyOfFile(name)))
                await vscode.workspace.fs.delete(vscode.Uri.joinPath(this.dir, name));
        }
        return keys.size;
    }

    /** Reads what `save` wrote, or undefined when it is gone. */
    async load(key: string): Promise<QueryResult[] | undefined> {
        try {
            // Node's fs for a local file: a window reload restores panels while the workbench's
            // file service may still be connecting to a remote host.
            const meta = await readBytes(this.metaFile(key));
            return await resultsFromStored(meta, (i) => readBytes(this.file(key, i)));
        } catch {
            return undefined;
        }
    }

    private metaFile(key: string): vscode.Uri {
        return vscode.Uri.joinPath(this.dir, `${key}.meta.json`);
    }

    private file(key: string, index: number): vscode.Uri {
        return vscode.Uri.joinPath(this.dir, `${key}.${index}.json`);
    }

    private async keysNewestFirst(): Promise<{ key: string; mtime: number }[]> {
        const entries = await vscode.workspace.fs.readDirectory(this.dir);
        const metas: { key: string; mtime: number }[] = [];
        for (const [name] of entries) {
            const m = /^(.+)\.meta\.json$/.exec(name);
            if (!m) continue;
            const stat = await vscode.workspace.fs.stat(vscode.Uri.joinPath(this.dir, name));
            metas.push({ key: m[1], mtime: stat.mtime });
        }
        return metas.sort((a, b) => b.mtime - a.mtime);
    }

    private async prune(): Promise<void> {
        const entries = await vscode.workspace.fs.readDirectory(this.dir);
        const metas = await this.keysNewestFirst();
        const stale = new Set(metas.slice(keep).map((m) => m.key));
        for (const [name] of entries) {
            const key = keyOfFile(name);
            if (stale.has(key)) {
                await vscode.workspace.fs
                    .delete(vscode.Uri.joinPath(this.dir, name))
                    .then(undefined, () => undefined);
            }
        }
    }
}
