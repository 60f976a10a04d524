// Remembers, per query text, whether its result was last looked at as a grid or a chart and which
// chart, so running the same query again opens the way the user left it. Kept in one small JSON
// file under the extension's storage folder (read once, written a moment after each change).
import { createHash } from "node:crypto";
import * as vscode from "vscode";
import type { ChartPrefs } from "../shared/resultsProtocol";

/** Most queries remembered; the least recently set are forgotten first. */
const keep = 500;

function keyOf(queryText: string): string {
    return createHash("sha256").update(queryText.trim()).digest("hex").slice(0, 32);
}

export class ChartPrefsStore {
    private readonly file: vscode.Uri;
    private prefs = new Map<string, ChartPrefs>();
    private readonly loaded: Promise<void>;
    private writeTimer: NodeJS.Timeout | undefined;

    constructor(
        storageUri: vscode.Uri,
        private readonly log: vscode.LogOutputChannel,
    ) {
        this.file = vscode.Uri.joinPath(storageUri, "chart-prefs.json");
        this.loaded = this.load();
    }

    private async load(): Promise<void> {
        try {
            const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(this.file));
            const entries = JSON.parse(text) as [string, ChartPrefs][];
            if (Array.isArray(entries)) this.prefs = new Map(entries);
        } catch {
            // No file yet (or an unreadable one): start empty.
        }
    }

    /** The preference for this query, once the file has been read. */
    async get(queryText: string): Promise<ChartPrefs | null> {
        await this.loaded;
        return this.prefs.get(keyOf(queryText)) ?? null;
    }

    set(queryText: string, prefs: ChartPrefs): void {
        const key = keyOf(queryText);
        this.prefs.delete(key);
        this.prefs.set(key, prefs);
        while (this.prefs.size > keep) this.prefs.delete(this.prefs.keys().next().value as string);
        clearTimeout(this.writeTimer);
        this.writeTimer = setTimeout(() => void this.write(), 500);
    }

    private async write(): Promise<void> {
        try {
            await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(this.file, ".."));
            await vscode.workspace.fs.writeFile(
                this.file,
                new TextEncoder().encode(JSON.stringify([...this.prefs])),
            );
        } catch (err) {
            this.log.warn(`results: could not store chart preferences: ${String(err)}`);
        }
    }
}
