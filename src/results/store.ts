// Keeps the last results on disk (under the extension's storage folder, not in a memento: a
// result can be megabytes) so that a window reload shows them again without re-running.
import * as vscode from "vscode";
import { ResultSet, ResultSummary, summaryOf } from "./resultSet";

interface StoredMeta {
    version: 1;
    savedAt: number;
    sets: {
        title: string;
        queryText: string;
        durationMs: number;
        queryId?: string;
        summary: ResultSummary;
    }[];
}

/** How many stored results to keep; older ones are deleted. */
const keep = 8;

export class ResultStore {
    private readonly dir: vscode.Uri;

    constructor(storageUri: vscode.Uri) {
        this.dir = vscode.Uri.joinPath(storageUri, "results");
    }

    /** Writes the result sets under `key` and prunes old keys. */
    async save(key: string, sets: ResultSet[]): Promise<void> {
        await vscode.workspace.fs.createDirectory(this.dir);
        const encoder = new TextEncoder();
        for (let i = 0; i < sets.length; i++) {
            await vscode.workspace.fs.writeFile(this.file(key, i), encoder.encode(sets[i].rawText));
        }
        const meta: StoredMeta = {
            version: 1,
            savedAt: Date.now(),
            sets: sets.map((s) => ({
                title: s.title,
                queryText: s.queryText,
                durationMs: s.durationMs,
                queryId: s.queryId,
                // So a reload paints without parsing the stored text on the extension host.
                summary: summaryOf(s),
            })),
        };
        await vscode.workspace.fs.writeFile(
            this.metaFile(key),
            encoder.encode(JSON.stringify(meta)),
        );
        await this.prune();
    }

    /** Reads what `save` wrote, or undefined when it is gone. */
    async load(key: string): Promise<ResultSet[] | undefined> {
        try {
            const decoder = new TextDecoder();
            const meta = JSON.parse(
                decoder.decode(await vscode.workspace.fs.readFile(this.metaFile(key))),
            ) as StoredMeta;
            const sets: ResultSet[] = [];
            for (let i = 0; i < meta.sets.length; i++) {
                const rawText = decoder.decode(
                    await vscode.workspace.fs.readFile(this.file(key, i)),
                );
                sets.push({ ...meta.sets[i], rawText });
            }
            return sets;
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

    private async prune(): Promise<void> {
        const entries = await vscode.workspace.fs.readDirectory(this.dir);
        const metas: { key: string; mtime: number }[] = [];
        for (const [name] of entries) {
            const m = /^(.+)\.meta\.json$/.exec(name);
            if (!m) continue;
            const stat = await vscode.workspace.fs.stat(vscode.Uri.joinPath(this.dir, name));
            metas.push({ key: m[1], mtime: stat.mtime });
        }
        metas.sort((a, b) => b.mtime - a.mtime);
        const stale = new Set(metas.slice(keep).map((m) => m.key));
        for (const [name] of entries) {
            const key = name.replace(/\.(meta|\d+)\.json$/, "");
            if (stale.has(key)) {
                await vscode.workspace.fs
                    .delete(vscode.Uri.joinPath(this.dir, name))
                    .then(undefined, () => undefined);
            }
        }
    }
}
