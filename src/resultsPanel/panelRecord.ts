// Remembers, in the workspace's memento, which stored result (store.ts) each editor's result in
// the bottom panel is, and whose the view shows, so that after a window reload the view shows the
// active editor's last result again. The results themselves are on disk; a memento value is
// written at once, where the view's own webview state is saved by the workbench only now and then.
import type * as vscode from "vscode";

/** What is recorded: `[owner, storeKey]` pairs, the most recently shown last, and the shown one. */
interface Recorded {
    results: [owner: string, storeKey: string][];
    current?: string;
}

const mementoKey = "posthog-workbench.results.panelView";
/** As many as the store keeps; older results are deleted from disk anyway. */
const keep = 8;

function isRecorded(value: unknown): value is Recorded {
    if (typeof value !== "object" || value === null) return false;
    const { results, current } = value as Partial<Recorded>;
    return (
        Array.isArray(results) &&
        results.every(
            (r) =>
                Array.isArray(r) &&
                r.length === 2 &&
                typeof r[0] === "string" &&
                typeof r[1] === "string",
        ) &&
        (current === undefined || typeof current === "string")
    );
}

export class PanelRecord {
    constructor(private readonly memento: vscode.Memento) {}

    private read(): Recorded {
        const value = this.memento.get<unknown>(mementoKey);
        return isRecorded(value) ? value : { results: [] };
    }

    /** Records that the view shows `owner`'s result, stored under `storeKey`. */
    shown(owner: string, storeKey: string): Thenable<void> {
        const { results } = this.read();
        const rest = results.filter(([o]) => o !== owner);
        const next: Recorded = {
            results: [...rest, [owner, storeKey] as [string, string]].slice(-keep),
            current: owner,
        };
        return this.memento.update(mementoKey, next);
    }

    /** Records that the view switched to `owner`'s result (already recorded). */
    switched(owner: string): Thenable<void> {
        const recorded = this.read();
        if (recorded.current === owner) return Promise.resolve();
        return this.memento.update(mementoKey, { ...recorded, current: owner });
    }

    /** Forgets `owner`'s result (it moved to an editor tab). */
    removed(owner: string): Thenable<void> {
        const { results, current } = this.read();
        const next: Recorded = {
            results: results.filter(([o]) => o !== owner),
            current: current === owner ? undefined : current,
        };
        return this.memento.update(mementoKey, next);
    }

    /** The stored result recorded for `owner`, if any. */
    keyOf(owner: string): string | undefined {
        return this.read().results.find(([o]) => o === owner)?.[1];
    }

    /** Whose result the view showed last, if it is still recorded. */
    get current(): string | undefined {
        const { results, current } = this.read();
        return results.some(([o]) => o === current) ? current : undefined;
    }
}
